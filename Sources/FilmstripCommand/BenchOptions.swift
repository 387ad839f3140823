import FilmstripCore

/// The parsed arguments of `bench`.
struct BenchOptions {
    /// `--plan FILE`; nil means the reference plan.
    var plan: String?
    /// `--runs N`: how many times the plan is recorded (1 to 100).
    var runs = 5
    /// `--frames N`: the window is stretched (or shrunk) to hold exactly N frames (1 to 100,000).
    var frames: Int?
    /// `--json`: print one JSON object instead of the table.
    var json = false
    /// `--help` was given.
    var help = false

    /// Parses `arguments` (after `bench`).
    /// - Throws: ``CommandError`` (usage) for an unknown option, a missing value or a count below 1.
    init(_ arguments: [String]) throws(CommandError) {
        var index = 0
        func value(for option: String, inline: String?) throws(CommandError) -> String {
            if let inline { return inline }
            guard index + 1 < arguments.count, !arguments[index + 1].hasPrefix("--") else {
                throw CommandError(.usage("\(option) needs a value"))
            }
            index += 1
            return arguments[index]
        }
        // The same checked limits as plans (PlanLimits): a number that does not fit an Int, or
        // is above the limit, is refused before anything runs.
        func count(for option: String, inline: String?, limit: Int) throws(CommandError) -> Int {
            let text = try value(for: option, inline: inline)
            guard let number = Int(text), (1...limit).contains(number) else {
                throw CommandError(.usage("\(option) expects a whole number from 1 to \(limit), found '\(text)'"))
            }
            return number
        }
        while index < arguments.count {
            let argument = arguments[index]
            let option = OptionArgument(argument)
            let (name, inline) = (option.name, option.inline)
            switch name {
            case "--help", "-h": help = true
            case "--json": json = true
            case "--plan": plan = try value(for: "--plan", inline: inline)
            case "--runs": runs = try count(for: "--runs", inline: inline, limit: PlanLimits.maxBenchRuns)
            case "--frames": frames = try count(for: "--frames", inline: inline, limit: PlanLimits.maxFrames)
            default: throw CommandError(.usage("unknown option or argument '\(argument)'"))
            }
            index += 1
        }
    }
}
