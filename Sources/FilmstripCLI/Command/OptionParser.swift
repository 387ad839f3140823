import FilmstripOutputs
/// The one option parser of every command: `--name VALUE` and `--name=VALUE` for options with a
/// value, `--name` for flags, `-h`/`--help` everywhere, `--` ends the options, and anything
/// else is a positional argument (a plan or a samples file).
struct OptionParser {
    let command: String
    let specs: [OptionSpec]

    /// - Throws: ``FilmstripError`` (usage) for an unknown option, a flag given a value, a missing
    ///   value or an option given twice (unless it may repeat: ``OptionSpec/repeats``).
    func parse(_ arguments: [String]) throws(FilmstripError) -> ParsedArguments {
        let parsed = parseReadingOn(arguments)
        if let problem = parsed.problem { throw problem }
        return parsed
    }

    /// ``parse(_:)``, reading on past a problem: the first one is kept in
    /// ``ParsedArguments/problem`` and the argument at fault is passed over, so the options after
    /// it (`--junit FILE`, `--json`) are still read.
    func parseReadingOn(_ arguments: [String]) -> ParsedArguments {
        var parsed = ParsedArguments(command: command)
        func fail(_ message: String) { if parsed.problem == nil { parsed.problem = FilmstripError(.usage(message)) } }
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            if argument == "-h" || argument == "--help" {
                parsed.help = true
                continue
            }
            let (name, inline) = Self.split(argument)
            parsed.typed.insert(name)
            guard let spec = specs.first(where: { $0.name == name }) else {
                fail("\(command): unknown option '\(name)'")
                continue
            }
            guard spec.repeats || (!parsed.values.keys.contains(name) && !parsed.flags.contains(name)) else {
                fail("\(command): \(name) is given twice")
                continue
            }
            guard let placeholder = spec.value else {
                guard inline == nil else {
                    fail("\(command): \(name) takes no value")
                    continue
                }
                parsed.flags.insert(name)
                continue
            }
            let value: String
            if let inline {
                value = inline
            } else {
                guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                    fail("\(command): \(name) needs a value (\(name) \(placeholder))")
                    continue
                }
                value = arguments[index]
                index += 1
            }
            if spec.repeats {
                parsed.lists[name, default: []].append(value)
            } else {
                parsed.values[name] = value
            }
        }
        return parsed
    }

    /// `--out=DIR` → (`--out`, `DIR`); anything else is its own name with no inline value.
    static func split(_ argument: String) -> (name: String, inline: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
