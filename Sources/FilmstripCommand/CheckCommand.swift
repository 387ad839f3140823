import FilmstripCore
import FilmstripReports

/// `filmstrip check`: runs plans and judges them; writes nothing and draws no pixels.
struct CheckCommand {
    let options: CommandLineOptions
    let terminal: Terminal

    func run() throws(CommandError) -> Int32 {
        let loader = PlanLoader()
        let (plans, problems) = loader.load(try loader.planFiles(options.plans))
        for problem in problems.dropLast() { terminal.diagnose("error: \(problem)") }
        if let last = problems.last { throw last }
        var failed = 0
        for (file, plan) in plans {
            do {
                for finding in try PlanLint.findings(for: plan) { terminal.diagnose("\(file): lint: \(finding)") }
                let run = try BenchCatalog.run(plan, clock: options.clock)
                let analysis = Analysis(run)
                TerminalTable.lines(run: run, analysis: analysis).forEach(terminal.print)
                if !analysis.passed { failed += 1 }
            } catch {
                throw CommandError(.run(plan: file, message: error.message))
            }
        }
        terminal.print(failed == 0 ? "\(plans.count) plan(s) checked: all passed" : "\(plans.count) plan(s) checked: \(failed) failed")
        return failed == 0 ? 0 : 1
    }
}
