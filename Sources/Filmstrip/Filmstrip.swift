// The library users import to write their own benches and panels: `import Filmstrip` brings
// every public type of the raster (Canvas, Color, BitmapFont, Spinner), the core (Bench,
// Panel, PanelPainter, BenchClock, BenchDefinition, CapturePlan, RecordedRun, Analysis), the
// PNG codec, the reports (RunReport, ContactSheet, FilmstripImage), and the seed benches' four
// definitions (`.inbox`, `.scenes`, `.orders`, `.liveInbox`), so a user's suite can register and
// verify them. docs/ARCHITECTURE.md maps the modules.
@_exported import FilmstripCore
@_exported import FilmstripPNG
@_exported import FilmstripRaster
@_exported import FilmstripReports
@_exported import FilmstripSeedBenches
@_exported import FilmstripOutputs
