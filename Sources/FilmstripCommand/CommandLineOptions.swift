import FilmstripCore

/// The parsed arguments of `record` and `check`.
struct CommandLineOptions {
    /// Plan files given on the command line; empty means every `captures/*.json`.
    var plans: [String] = []
    /// `--out DIR`: the output root (default `captures`).
    var out: String?
    /// `--clock virtual|real`.
    var clock: ClockKind = .virtual
    /// `--font FILE.bdf`.
    var font: String?
    /// `--help` was given.
    var help = false
    /// `record` waits for another run holding the output root's lock (`--no-wait` stops instead).
    var wait = true
    /// `check` compares recorded outputs with a fresh render (`--no-compare` turns it off).
    var compare = true

    /// Parses `arguments` (after the subcommand). `allowOut`, `allowFont` and `isCheck`
    /// (for `--no-compare`) say which options the subcommand takes.
    /// - Throws: ``CommandError`` (usage) for an unknown option, a missing value or a bad clock.
    init(_ arguments: [String], allowOut: Bool, allowFont: Bool, isCheck: Bool) throws(CommandError) {
        var index = 0
        func value(for option: String) throws(CommandError) -> String {
            guard index + 1 < arguments.count, !arguments[index + 1].hasPrefix("--") else {
                throw CommandError(.usage("\(option) needs a value"))
            }
            index += 1
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            let option = OptionArgument(argument)
            let (name, inline) = (option.name, option.inline)
            switch name {
            case "--help", "-h":
                help = true
            case "--no-compare" where isCheck:
                compare = false
            case "--no-wait" where !isCheck:
                wait = false
            case "--out" where allowOut:
                if let inline { out = inline } else { out = try value(for: "--out") }
                guard out?.isEmpty == false else { throw CommandError(.usage("--out needs a folder")) }
            case "--font" where allowFont:
                if let inline { font = inline } else { font = try value(for: "--font") }
                guard font?.isEmpty == false else { throw CommandError(.usage("--font needs a BDF file")) }
            case "--clock":
                var text = inline ?? ""
                if inline == nil { text = try value(for: "--clock") }
                guard let kind = ClockKind(rawValue: text) else {
                    throw CommandError(.usage("--clock expects 'virtual' or 'real', found '\(text)'"))
                }
                clock = kind
            default:
                if argument.hasPrefix("-") && argument != "-" {
                    throw CommandError(.usage("unknown option '\(argument)'"))
                }
                plans.append(argument)
            }
            index += 1
        }
    }
}
