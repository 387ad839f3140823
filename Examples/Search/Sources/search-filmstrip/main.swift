// The search screen's own filmstrip tool: filmstrip's command line with both search models
// registered. `swift run search-filmstrip record` writes captures/<plan>/; `check` is the gate.
import FilmstripCLI
import SearchBench

FilmstripCLI.main(benches: [.search, .naiveSearch, .searchLanes], referencePlan: "captures/search-typing.json")
