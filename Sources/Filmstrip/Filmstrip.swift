// The library users import to write their own benches and panels: `import Filmstrip` brings
// every public type of the raster (Canvas, Color, BitmapFont, Spinner), the core (Bench,
// Panel, PanelPainter, BenchClock, BenchDefinition, CapturePlan, RecordedRun, Analysis), the
// PNG codec and the reports (RunReport, ContactSheet, FilmstripImage). docs/ARCHITECTURE.md
// maps the modules.
@_exported import FilmstripCore
@_exported import FilmstripPNG
@_exported import FilmstripRaster
@_exported import FilmstripReports
@_exported import FilmstripOutputs
