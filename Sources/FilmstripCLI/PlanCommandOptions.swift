import FilmstripCore

/// The options `record` and `check` share: the plans, `--out`, `--clock` and `--font`.
struct PlanCommandOptions {
    /// The options both commands take.
    static let specs: [OptionSpec] = [.value("--out", "DIR"), .value("--clock", "virtual|real"), .value("--font", "FILE.bdf")]

    /// Plan files given on the command line; empty means every `captures/*.json`.
    let plans: [String]
    /// `--out DIR`: the output root; nil for `captures`.
    let out: String?
    /// `--clock virtual|real`; nil: each plan's bench's default clock (virtual for most).
    let clock: ClockKind?
    /// `--font FILE.bdf`; nil for the bundled font.
    let font: String?

    /// - Throws: ``CommandError`` (usage) for an empty value or an unknown clock.
    init(_ arguments: ParsedArguments) throws(CommandError) {
        plans = arguments.positionals
        out = try arguments.string("--out")
        clock = try arguments.choice("--clock", of: ClockKind.self)
        font = try arguments.string("--font")
    }

    /// The clock `plan` runs on: `--clock`, or its bench's default (``BenchDefinition/clocks``).
    func clock(for plan: CapturePlan) -> ClockKind {
        clock ?? plan.bench.clocks[0]
    }

    /// The options as they would be typed again (`--out DIR --clock real`), for re-record hints.
    var repeated: String {
        var words: [String] = []
        if let out { words += ["--out", out] }
        if let clock { words += ["--clock", clock.rawValue] }
        if let font { words += ["--font", font] }
        return words.joined(separator: " ")
    }
}
