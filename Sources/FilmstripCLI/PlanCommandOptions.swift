import FilmstripCore

/// The options `record` and `check` share: the plans, `--out`, `--clock`, `--font` and `--theme`.
struct PlanCommandOptions {
    /// The options both commands take.
    static let specs: [OptionSpec] = [.value("--out", "DIR"), .value("--clock", "virtual|real"), .value("--font", "FILE.bdf"), .value("--theme", "dark|light")]

    /// Plan files given on the command line; empty means every `captures/*.json`.
    let plans: [String]
    /// `--out DIR`: the output root; nil for `captures`.
    let out: String?
    /// `--clock virtual|real`; nil: each plan's bench's default clock (virtual for most).
    let clock: ClockKind?
    /// `--font FILE.bdf`; nil for the bundled font.
    let font: String?
    /// `--theme dark|light`: overrides every plan's `theme`; nil keeps each plan's (for `check`,
    /// the theme its outputs were recorded in).
    let theme: Theme?

    /// - Throws: ``CommandError`` (usage) for an empty value or an unknown clock.
    init(_ arguments: ParsedArguments) throws(CommandError) {
        plans = arguments.positionals
        out = try arguments.string("--out")
        clock = try arguments.choice("--clock", of: ClockKind.self)
        font = try arguments.string("--font")
        theme = try arguments.choice("--theme", of: Theme.self)
    }

    /// `plan` in the theme it is drawn in: `--theme`, else `recorded` (the theme of the outputs
    /// being checked), else the plan's own.
    func themed(_ plan: CapturePlan, recorded: Theme? = nil) -> CapturePlan {
        guard let chosen = theme ?? recorded, chosen != plan.theme else { return plan }
        return plan.themed(chosen)
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
        if let theme { words += ["--theme", theme.rawValue] }
        return words.joined(separator: " ")
    }
}
