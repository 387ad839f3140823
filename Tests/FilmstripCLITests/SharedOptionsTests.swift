@testable import FilmstripCLI
import Testing

/// An option several commands take behaves the same in each: the same spelling, the same value,
/// and the commands that run plans (`record`, `check`) take the same options for running them.
@Suite struct SharedOptionsTests {
    static var commands: [any Command.Type] { FilmstripCLI.commands }

    @Test func anOptionSeveralCommandsTakeReadsTheSameValueInEach() {
        var specs: [String: [(command: String, spec: OptionSpec)]] = [:]
        for command in Self.commands {
            for spec in command.options { specs[spec.name, default: []].append((command.name, spec)) }
        }
        for (name, uses) in specs.sorted(by: { $0.key < $1.key }) where uses.count > 1 {
            let first = uses[0]
            for use in uses.dropFirst() {
                // The one value a command adds to a shared option: check's --clock both.
                let expected = use.command == "check" && name == "--clock" ? OptionSpec.value("--clock", "virtual|real|both") : first.spec
                #expect(use.spec == expected, "\(name): \(first.command) reads \(first.spec), \(use.command) reads \(use.spec)")
            }
        }
        // The options shared today, so a rename in one command cannot go unnoticed.
        let shared = specs.filter { $0.value.count > 1 }.mapValues { $0.map(\.command) }
        #expect(shared["--out"] == ["record", "check", "sweep", "compare"])
        #expect(shared["--font"] == ["record", "check", "sweep", "compare"])
        #expect(shared["--clock"] == ["record", "check", "compare"])
        #expect(shared["--quiet"] == ["record", "check"])
        #expect(shared["--no-wait"] == ["record", "check", "index"])
        #expect(shared["--json"] == ["check", "bench"])
    }

    @Test func recordAndCheckTakeTheSameOptionsForRunningPlans() {
        let running = PlanCommandOptions.specs + [.flag("--no-wait"), .flag("--quiet")]
        for spec in running {
            #expect(RecordCommand.options.contains(spec), "record: \(spec.name)")
            // check's --clock takes one value more: both.
            #expect(CheckCommand.options.contains(spec.name == "--clock" ? .value("--clock", "virtual|real|both") : spec), "check: \(spec.name)")
        }
    }

    @Test func everyOptionIsInItsCommandsUsageLine() {
        for command in Self.commands {
            for spec in command.options {
                let shown = spec.value.map { "\(spec.name) \($0)" } ?? spec.name
                #expect(command.usage.contains("[\(shown)]"), "\(command.name): \(shown) is missing from \(command.usage)")
            }
        }
    }
}
