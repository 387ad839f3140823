import FilmstripOutputs
import FilmstripCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `filmstrip` command line — `record`, `check`, `sweep`, `bench`, `--help`, `--version` —
/// for any set of benches. A package ships its own `filmstrip`-style tool with its benches
/// registered by calling ``main(benches:referencePlan:)`` from its executable's `main.swift`:
///
/// ```swift
/// import FilmstripCLI
/// FilmstripCLI.main(benches: [.checkout], referencePlan: "captures/checkout-fast-success.json")
/// ```
///
/// This module is the only one that touches the file system, the environment and the
/// terminal. Exit codes (``ExitCode``): 0 every check passed; 1 a check failed, with each
/// reason printed; 2 the input or environment is wrong, naming the file and JSON path or line.
public enum FilmstripCLI {
    /// The tool's version, printed by `--version`.
    public static let version = "0.2.0"

    /// Runs the process's command line with `benches` registered and exits with the command's
    /// exit code. Never returns.
    ///
    /// - Parameters:
    ///   - benches: the benches plans may name (`"bench": "<name>"`).
    ///   - referencePlan: the plan `bench` measures when given no `--plan` (nil: `--plan` is
    ///     required).
    ///
    /// Help and usage messages name the executable as it was started (`checkout-filmstrip`).
    public static func main(benches: [BenchDefinition], referencePlan: String? = nil) -> Never {
        HeapPolicy.apply()
        // Ctrl-C or SIGTERM: temporary files removed, the progress line ended, exit 130 or 143.
        // The closed standard streams are reserved first: Dispatch's signal sources open
        // descriptors, which must not land on 1 or 2.
        TerminalStream.reserveClosedDescriptors()
        Interruption.install(endLine: TerminalStream.standardError.isTerminal) { TerminalStream.standardError.write($0) }
        let tool = CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? "filmstrip") } ?? "filmstrip"
        exit(run(arguments: Array(CommandLine.arguments.dropFirst()), benches: benches, referencePlan: referencePlan, toolName: tool))
    }

    /// Runs the command line `arguments` (without the program name) with `benches` registered
    /// and returns the exit code (0, 1 or 2: see ``ExitCode``).
    ///
    /// A failed write to standard output or standard error (`> /dev/full`, a closed pipe) does not
    /// stop the run, whose files are still written; the result is then 2, with one line on
    /// standard error naming the stream, except when the reader closed the pipe (EPIPE: quiet).
    ///
    /// - Parameter toolName: the name help and usage messages give the tool (default `filmstrip`).
    public static func run(arguments: [String], benches: [BenchDefinition], referencePlan: String? = nil, toolName: String = "filmstrip") -> Int32 {
        TerminalStream.ignoreBrokenPipeSignal()
        TerminalStream.reserveClosedDescriptors()
        let terminal = Terminal(toolName: toolName)
        let context = CommandContext(benches: benches, referencePlan: referencePlan, terminal: terminal)
        // An ambiguous registration stops every command at once (exit 2), naming both parties.
        let registration = BenchRegistration.problems(benches)
        registration.forEach { terminal.diagnose("error: benches: \($0)") }
        let code = registration.isEmpty ? dispatch(arguments, context: context) : .badInput
        guard let (stream, error) = terminal.failure else { return code.rawValue }
        if error != EPIPE, stream !== terminal.error {
            terminal.diagnose("error: cannot write to \(stream.name): \(String(cString: strerror(error)))")
        }
        return ExitCode.badInput.rawValue
    }

    /// Every command, in the order the overview lists them.
    static var commands: [any Command.Type] { [RecordCommand.self, CheckCommand.self, IndexCommand.self, SweepCommand.self, CompareCommand.self, BenchCommand.self] }

    private static func dispatch(_ arguments: [String], context: CommandContext) -> ExitCode {
        let terminal = context.terminal
        guard let word = arguments.first else {
            terminal.printText(Overview.text(context: context))
            return .passed
        }
        do throws(FilmstripError) {
            switch word {
            case "--help", "-h", "help":
                terminal.printText(Overview.text(context: context))
                return .passed
            case "--version":
                terminal.print("\(terminal.toolName) \(version)")
                return .passed
            default:
                guard let command = commands.first(where: { $0.name == word }) else {
                    let names = commands.map { $0.name }
                    throw FilmstripError(.usage("unknown command '\(word)'; expected \(names.dropLast().joined(separator: ", ")) or \(names.last!)"))
                }
                return try command.main(arguments: Array(arguments.dropFirst()), context: context)
            }
        } catch {
            (error.earlier + [error]).flatMap(\.lines).forEach { terminal.diagnose($0) }
            return .badInput
        }
    }
}
