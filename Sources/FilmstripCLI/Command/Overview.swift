import FilmstripOutputs
/// The overview printed by `filmstrip`, `filmstrip --help` and `filmstrip help`: every command's
/// usage line, the registered benches and the exit codes.
enum Overview {
    static func text(context: CommandContext) -> String {
        let usages = FilmstripCLI.commands.map { "  " + $0.usage }.joined(separator: "\n")
        let benches = context.benches.map { "  \($0.name): \($0.summary)" }.joined(separator: "\n")
        return """
            filmstrip \(FilmstripCLI.version): record filmstrips of async-state UI benches and measure them.

            USAGE
            \(usages)
              filmstrip --help | --version

            With no PLAN, every captures/*.json is run. Run 'filmstrip <command> --help' for details.
            Every option that takes a value accepts both --option VALUE and --option=VALUE.

            BENCHES (a plan's "bench")
            \(benches)

            EXIT CODES
              \(ExitCode.passed)  every check passed
              \(ExitCode.checkFailed)  a check failed (coverage, dominance, flashes, held-back time, rules, or recorded outputs that
                 no longer match a fresh render); each reason is printed
              \(ExitCode.badInput)  bad input or environment (plan, font, output folder); the file and JSON path or line are printed
            """
    }
}
