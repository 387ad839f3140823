@testable import FilmstripCLI
@testable import FilmstripOutputs
import FilmstripCore
import Testing

/// The one option parser every command uses.
@Suite struct OptionParserTests {
    let parser = OptionParser(command: "record", specs: [.value("--out", "DIR"), .value("--clock", "virtual|real"), .flag("--json")])

    @Test func aValueIsTakenFromTheNextWordOrAfterTheEqualsSign() throws {
        let spaced = try parser.parse(["a.json", "--out", "docs", "b.json"])
        let joined = try parser.parse(["a.json", "--out=docs", "b.json"])
        #expect(spaced.values == ["--out": "docs"] && spaced.positionals == ["a.json", "b.json"])
        #expect(joined.values == spaced.values && joined.positionals == spaced.positionals)
        #expect(try parser.parse(["--out=a=b"]).values["--out"] == "a=b", "only the first '=' splits")
    }

    @Test func flagsHelpAndTheEndOfOptions() throws {
        let parsed = try parser.parse(["--json", "-h", "--", "--out"])
        #expect(parsed.flag("--json") && parsed.help && parsed.positionals == ["--out"])
        #expect(try parser.parse(["-"]).positionals == ["-"], "a lone dash is an argument")
    }

    @Test func misuseIsAUsageErrorNamingTheCommand() {
        func message(_ arguments: [String]) -> String? {
            do {
                _ = try parser.parse(arguments)
                return nil
            } catch {
                return error.description
            }
        }
        #expect(message(["--fast"])?.hasPrefix("record: unknown option '--fast'") == true)
        #expect(message(["--out"])?.hasPrefix("record: --out needs a value (--out DIR)") == true)
        #expect(message(["--out", "--json"])?.hasPrefix("record: --out needs a value (--out DIR)") == true)
        #expect(message(["--json=yes"])?.hasPrefix("record: --json takes no value") == true)
        #expect(message(["--out", "a", "--out=b"])?.hasPrefix("record: --out is given twice") == true)
        #expect(message(["--\u{1B}[31m"])?.hasPrefix("record: unknown option '--\u{1B}[31m'") == true, "kept as given: the terminal escapes every line it prints")
    }

    @Test func numbersGoThroughCheckedLimits() throws {
        let bench = OptionParser(command: "bench", specs: [.value("--frames", "N")])
        func frames(_ text: String) -> String {
            do {
                return "\(try bench.parse(["--frames", text]).integer("--frames", in: 1...CapturePlan.maxFrames) ?? -1)"
            } catch {
                return error.description
            }
        }
        #expect(frames("1") == "1")
        #expect(frames("100000") == "100000")
        #expect(frames("100001").hasPrefix("bench: --frames expects a whole number from 1 to 100000, found '100001'"))
        #expect(frames("0").hasPrefix("bench: --frames expects a whole number from 1 to 100000, found '0'"))
        #expect(frames("9223372036854775807").hasPrefix("bench: --frames expects a whole number from 1 to 100000"))
        #expect(frames("99999999999999999999999").hasPrefix("bench: --frames expects a whole number from 1 to 100000"))
        #expect(frames("12x").hasPrefix("bench: --frames expects a whole number"))
    }

    @Test func everyCommandAcceptsBothSpellingsOfItsValueOptions() throws {
        for command in FilmstripCLI.commands {
            let parser = OptionParser(command: command.name, specs: command.options)
            for spec in command.options where spec.value != nil {
                func value(_ parsed: ParsedArguments) -> String? { spec.repeats ? parsed.lists[spec.name]?.last : parsed.values[spec.name] }
                #expect(try value(parser.parse([spec.name, "v"])) == "v", "\(command.name) \(spec.name) v")
                #expect(try value(parser.parse(["\(spec.name)=v"])) == "v", "\(command.name) \(spec.name)=v")
            }
        }
    }

    @Test func aRepeatableOptionKeepsEveryValueInOrderAndOthersStillRefuseASecond() throws {
        let parser = OptionParser(command: "compare", specs: [.repeating("--fail-on", "GATE"), .value("--out", "DIR")])
        let parsed = try parser.parse(["a", "--fail-on", "loading+10", "b", "--fail-on=flashes,loaded+5"])
        #expect(try parsed.strings("--fail-on") == ["loading+10", "flashes,loaded+5"])
        #expect(parsed.positionals == ["a", "b"])
        #expect(try parser.parse([]).strings("--fail-on") == [])
        #expect(throws: FilmstripError.self) { try parser.parse(["--out", "x", "--out", "y"]) }
        #expect(throws: FilmstripError.self) { try parser.parse(["--fail-on="]).strings("--fail-on") }
    }
}
