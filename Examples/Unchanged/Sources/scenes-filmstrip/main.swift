// The scenes screen's own filmstrip tool: filmstrip's command line with the scenes benches
// registered. `swift run scenes-filmstrip record` writes captures/<plan>/; `check` is the gate.
import FilmstripCLI
import ScenesBench

FilmstripCLI.main(benches: [.studioScenes, .studioScenesAsyncAfter, .studioScenesTimer], referencePlan: "captures/studioscenes-slow.json")
