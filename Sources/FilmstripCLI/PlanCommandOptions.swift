import FilmstripOutputs
import FilmstripCore

/// The options `record` and `check` share: the plans, `--out`, `--clock`, `--font`, `--theme`
/// and `--shard`.
struct PlanCommandOptions {
    /// The options both commands take.
    static let specs: [OptionSpec] = [.value("--out", "DIR"), .value("--clock", "virtual|real"), .value("--font", "FILE.bdf"), .value("--theme", "dark|light"), .value("--shard", "i/n")]

    /// Plan files given on the command line; empty means every `captures/*.json`.
    let plans: [String]
    /// `--out DIR`: the output root; nil for `captures`.
    let out: String?
    /// `--clock virtual|real`; nil: each plan's bench's default clock (virtual for most), or
    /// `--clock both`.
    let clock: ClockKind?
    /// `--clock both` (`check` only): each plan runs on the virtual clock, is judged and compared
    /// there, and runs again on the real clock to be compared with it (``PlanOutputs/crossCheck(virtual:)``).
    let bothClocks: Bool
    /// `--font FILE.bdf`; nil for the bundled font.
    let font: String?
    /// `--theme dark|light`: overrides every plan's `theme`; nil keeps each plan's (for `check`,
    /// the theme its outputs were recorded in).
    let theme: Theme?
    /// `--shard i/n`: run only that share of the plans (``Shard``); nil: all of them.
    let shard: Shard?

    /// - Throws: ``FilmstripError`` (usage) for an empty value, an unknown clock or a bad shard.
    init(_ arguments: ParsedArguments) throws(FilmstripError) {
        plans = arguments.positionals
        out = try arguments.string("--out")
        try OutputOwnership.refuseInsidePlanFolder(out ?? "captures", folder: true, as: "\(arguments.command): --out")
        let clockName = try arguments.string("--clock")
        bothClocks = clockName == "both"
        if bothClocks, arguments.command != "check" {
            throw FilmstripError(.usage("\(arguments.command): --clock both is check's comparison of the two clocks; \(arguments.command) runs on one: virtual or real"))
        }
        if arguments.command == "check", let clockName, !bothClocks, ClockKind(rawValue: clockName) == nil {
            throw FilmstripError(.usage("check: --clock expects 'virtual', 'real' or 'both', found '\(clockName)'"))
        }
        clock = bothClocks ? nil : try arguments.choice("--clock", of: ClockKind.self)
        font = try arguments.string("--font")
        theme = try arguments.choice("--theme", of: Theme.self)
        shard = try arguments.string("--shard").map { text throws(FilmstripError) in try Shard(text, command: arguments.command) }
    }

    /// `plan` in the theme it is drawn in: `--theme`, else the plan's own. (`check` compares in
    /// the recorded theme: ``PlanOutputs/compare(clock:theme:writingFailures:)`` decides that.)
    func themed(_ plan: CapturePlan) -> CapturePlan {
        guard let chosen = theme, chosen != plan.theme else { return plan }
        return plan.themed(chosen)
    }

    /// The clock `plan` runs on: `--clock`, or its bench's default (``BenchDefinition/clocks``).
    /// With `--clock both`, the virtual clock (the real run comes after it).
    func clock(for plan: CapturePlan) -> ClockKind {
        bothClocks ? .virtual : clock ?? plan.bench.clocks[0]
    }

    /// This run's share of `plans`: all of them, or the shard's.
    func share(of plans: [(file: String, plan: CapturePlan)]) -> [(file: String, plan: CapturePlan)] {
        shard.map { $0.select(plans) { $0.plan.name } } ?? plans
    }

    /// The options as they would be typed again (` --out DIR --clock real --font F.bdf --theme light`, with a
    /// leading space; empty when none was given), for re-record hints. Each value is quoted for
    /// a POSIX shell when it holds anything but letters, digits and `-_./=:,+@%`.
    var repeated: String {
        var words: [String] = []
        if let out { words += ["--out", Self.quoted(out)] }
        if let clock { words += ["--clock", clock.rawValue] }  // (`both` records nothing: left out)
        if let font { words += ["--font", Self.quoted(font)] }
        if let theme { words += ["--theme", theme.rawValue] }
        return words.map { " " + $0 }.joined()
    }

    /// `word` as a POSIX shell reads it back, pasted: as it is when it holds only letters,
    /// digits and `-_./=:,+@%`; in single quotes otherwise; in `$'…'` quotes (bash, zsh, ksh
    /// and POSIX 2024 `sh`) when it holds a control character (`\n`, `\t`, `\r`, others as
    /// `\xHH`). A word starting with `-` gets `./` in front, so it is read as a path, not an
    /// option: `-x.json` → `./-x.json`.
    static func quoted(_ word: String) -> String {
        let word = word.hasPrefix("-") ? "./" + word : word
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_./=:,+@%".unicodeScalars.contains($0)) }
        if plain { return word }
        guard word.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
        var text = "$'"
        for scalar in word.unicodeScalars {
            switch scalar {
            case "\\": text += "\\\\"
            case "'": text += "\\'"
            case "\n": text += "\\n"
            case "\t": text += "\\t"
            case "\r": text += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                text += "\\x" + (hex.count == 1 ? "0" : "") + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "'"
    }
}
