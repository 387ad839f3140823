import FilmstripOutputs
import FilmstripCore

/// One command of the `filmstrip` command line (`record`, `check`, `sweep`, `bench`).
///
/// Every command declares its name, a one-line summary, its help text (kept beside its code),
/// and the options it takes; ``CommandLine`` parses the arguments with one ``OptionParser`` for
/// all of them (`--out DIR` and `--out=DIR` alike), builds the command and calls ``run()``.
protocol Command {
    /// The word typed after `filmstrip`.
    static var name: String { get }
    /// One line for the overview's command list.
    static var summary: String { get }
    /// The usage line(s), e.g. `filmstrip record [PLAN…] [--out DIR]`.
    static var usage: String { get }
    /// The full help text printed by `filmstrip <name> --help`.
    static func help(context: CommandContext) -> String
    /// The options the command takes (`--help` is always accepted).
    static var options: [OptionSpec] { get }
    /// Builds the command from its parsed arguments.
    /// - Throws: ``FilmstripError`` (usage) for a value out of range or a missing argument.
    init(_ arguments: ParsedArguments, context: CommandContext) throws(FilmstripError)
    /// Runs it.
    /// - Returns: ``ExitCode/passed`` or ``ExitCode/checkFailed``.
    /// - Throws: ``FilmstripError`` (exit code 2) for bad input or environment.
    func run() throws(FilmstripError) -> ExitCode
}

/// What every command is given besides its arguments.
struct CommandContext {
    /// The benches plans may name.
    let benches: [BenchDefinition]
    /// The plan `bench` measures when given no `--plan`; nil when the tool has none.
    let referencePlan: String?
    /// Standard output and standard error.
    let terminal: Terminal
}

extension Command {
    /// Parses `arguments` with the one ``OptionParser``, then prints the help or builds the
    /// command and runs it.
    /// - Throws: ``FilmstripError`` for bad usage or input (exit code 2).
    static func main(arguments: [String], context: CommandContext) throws(FilmstripError) -> ExitCode {
        let parsed = try OptionParser(command: name, specs: options).parse(arguments)
        if parsed.help {
            context.terminal.printText(help(context: context))
            return .passed
        }
        return try Self(parsed, context: context).run()
    }
}
