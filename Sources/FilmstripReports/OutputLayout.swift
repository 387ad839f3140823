/// The stable file names of a plan's outputs, relative to its output folder
/// (`captures/<plan>/` by default). Names derive from the plan alone: no dates.
public enum OutputLayout {
    /// `frames/0007.png`: the frame's index, zero-padded to four digits (more when needed).
    public static func framePath(_ index: Int) -> String {
        let digits = String(index)
        return "frames/" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ".png"
    }

    /// `stills/<name>.png`.
    public static func stillPath(_ name: String) -> String { "stills/\(name).png" }

    /// A still's image files with the scale each is written at: `stills/<name>.png` at
    /// `planScale` without `scales`; otherwise one per scale, in order, `stills/<name>.png` for 1
    /// and `stills/<name>@<n>x.png` for n, the names documentation sites use for high-density
    /// images (``FilmstripCore/CapturePlan/Still/scales``).
    public static func stillFiles(name: String, scales: [Int]?, planScale: Int) -> [(path: String, scale: Int)] {
        guard let scales else { return [(stillPath(name), planScale)] }
        return scales.map { ($0 == 1 ? stillPath(name) : "stills/\(name)@\($0)x.png", $0) }
    }

    /// The strip of all frames.
    public static let filmstripPath = "filmstrip.png"
    /// The animated filmstrip: an APNG of every drawn frame at the plan's scale, each shown for
    /// its own delay (``AnimationSchedule``), looping.
    public static let animationPath = "animation.png"
    /// The machine-readable report.
    public static let reportPath = "report.json"
    /// The contact sheet.
    public static let contactSheetPath = "index.html"
    /// The plan's row of the index across plans (``IndexRowFile``).
    public static let indexRowPath = "index-row.json"
    /// The list of files a recording is about to write, one relative path a line; it exists only
    /// while the recording runs, so a recording that was interrupted can be cleaned up after.
    public static let pendingPath = ".filmstrip-writing"
}
