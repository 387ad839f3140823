/// The stable file names of a plan's outputs, relative to its output folder
/// (`captures/<plan>/` by default). Names derive from the plan alone: no dates.
package enum OutputLayout {
    /// `frames/0007.png`: the frame's index, zero-padded to four digits (more when needed).
    package static func framePath(_ index: Int) -> String {
        let digits = String(index)
        return "frames/" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ".png"
    }

    /// `stills/<name>.png`.
    package static func stillPath(_ name: String) -> String { "stills/\(name).png" }

    /// A still's image files with the scale each is written at: `stills/<name>.png` at
    /// `planScale` without `scales`; otherwise one per scale, in order, `stills/<name>.png` for 1
    /// and `stills/<name>@<n>x.png` for n, the names documentation sites use for high-density
    /// images (``FilmstripCore/CapturePlan/Still/scales``).
    package static func stillFiles(name: String, scales: [Int]?, planScale: Int) -> [(path: String, scale: Int)] {
        guard let scales else { return [(stillPath(name), planScale)] }
        return scales.map { ($0 == 1 ? stillPath(name) : "stills/\(name)@\($0)x.png", $0) }
    }

    /// The strip of all frames.
    package static let filmstripPath = "filmstrip.png"
    /// The animated filmstrip: an APNG of every drawn frame at the plan's scale, each shown for
    /// its own delay (``AnimationSchedule``), looping.
    package static let animationPath = "animation.png"
    /// The machine-readable report.
    package static let reportPath = "report.json"
    /// The contact sheet.
    package static let contactSheetPath = "index.html"
    /// The plan's row of the index across plans (``IndexRowFile``).
    package static let indexRowPath = "index-row.json"
    /// The list of files a recording is about to write, one relative path a line; it exists only
    /// while the recording runs, so a recording that was interrupted can be cleaned up after.
    package static let pendingPath = ".filmstrip-writing"
}
