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
    /// Called when the arguments could not be read or the command could not be built (a usage
    /// error), before the error is printed: a command that writes reports on request writes them
    /// as a bad-input result here. `parsed` holds what could be read. Default: nothing.
    static func reportUsageError(_ error: FilmstripError, parsed: ParsedArguments, context: CommandContext)
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
        let parsed = OptionParser(command: name, specs: options).parseReadingOn(arguments)
        if parsed.help, parsed.problem == nil {
            context.terminal.printText(help(context: context))
            return .passed
        }
        let command: Self
        do throws(FilmstripError) {
            if let problem = parsed.problem { throw problem }
            command = try Self(parsed, context: context)
        } catch {
            reportUsageError(error, parsed: parsed, context: context)
            throw error
        }
        return try command.run()
    }

    static func reportUsageError(_ error: FilmstripError, parsed: ParsedArguments, context: CommandContext) {}
}
