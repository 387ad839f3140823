import FilmstripCore
import FilmstripPNG
import FilmstripReports
import Foundation

/// `filmstrip sweep SAMPLES`: evaluates a grid of loader policies against request latencies
/// (a JSON list of ms, or a HAR file) and names the policy with the fewest flashes within an
/// added-wait budget. Prints a table, writes `sweep.json` and the chart `sweep.png`.
struct SweepCommand {
    let arguments: [String]
    let terminal: Terminal

    struct Options {
        var samples: String?
        var delays = PolicySweep.defaultDelaysMs
        var minimums = PolicySweep.defaultMinimumsMs
        var flashThresholdMs = 300
        var budgetMs = 100
        var out = "sweep"
        var font: String?
        var include: [String]?
        var url: String?
        var help = false
    }

    static func parse(_ arguments: [String]) throws(CommandError) -> Options {
        var options = Options()
        var index = 0
        func value(_ option: String) throws(CommandError) -> String {
            guard index + 1 < arguments.count else { throw CommandError(.usage("\(option) needs a value")) }
            index += 1
            return arguments[index]
        }
        func list(_ option: String) throws(CommandError) -> [Int] {
            let text = try value(option)
            let items = text.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard !items.isEmpty, items.allSatisfy({ ($0 ?? -1) >= 0 && ($0 ?? 0) <= 60_000 }) else {
                throw CommandError(.usage("\(option) expects comma-separated milliseconds from 0 to 60000, found '\(text)'"))
            }
            return Array(Set(items.compactMap { $0 })).sorted()
        }
        func number(_ option: String, _ range: ClosedRange<Int>) throws(CommandError) -> Int {
            let text = try value(option)
            guard let parsed = Int(text), range.contains(parsed) else {
                throw CommandError(.usage("\(option) expects milliseconds from \(range.lowerBound) to \(range.upperBound), found '\(text)'"))
            }
            return parsed
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--help", "-h": options.help = true
            case "--delays": options.delays = try list(argument)
            case "--minimums": options.minimums = try list(argument)
            case "--flash-threshold-ms": options.flashThresholdMs = try number(argument, 1...60_000)
            case "--budget-ms": options.budgetMs = try number(argument, 0...3_600_000)
            case "--out": options.out = try value(argument)
            case "--font": options.font = try value(argument)
            case "--include":
                let text = try value(argument)
                let types = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                guard !types.isEmpty, !types.contains(where: \.isEmpty) else {
                    throw CommandError(.usage("--include expects comma-separated resource types or MIME types (xhr,fetch,application/json), found '\(text)'"))
                }
                options.include = types
            case "--url":
                let pattern = try value(argument)
                guard (try? NSRegularExpression(pattern: pattern)) != nil else {
                    throw CommandError(.usage("--url expects a regular expression (NSRegularExpression syntax), found '\(pattern)'"))
                }
                options.url = pattern
            default:
                guard !argument.hasPrefix("-"), options.samples == nil else {
                    throw CommandError(.usage(argument.hasPrefix("-") ? "unknown option '\(argument)'" : "sweep takes one SAMPLES file, found a second: '\(argument)'"))
                }
                options.samples = argument
            }
            index += 1
        }
        return options
    }

    /// The HAR entries to keep: `--include` types and the `--url` pattern (searched anywhere in
    /// the URL, like `grep -E`).
    static func selection(_ options: Options) -> LatencySamples.Selection {
        var url: (@Sendable (String) -> Bool)?
        if let pattern = options.url, let expression = try? NSRegularExpression(pattern: pattern) {
            let box = UncheckedRegex(expression: expression)
            url = { text in
                box.expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
            }
        }
        return LatencySamples.Selection(include: options.include, url: url)
    }

    /// `NSRegularExpression` is immutable and documented as safe to share between threads.
    private struct UncheckedRegex: @unchecked Sendable {
        let expression: NSRegularExpression
    }

    func run() throws(CommandError) -> Int32 {
        let options = try Self.parse(arguments)
        if options.help {
            terminal.printText(Help.sweep)
            return 0
        }
        guard let file = options.samples else { throw CommandError(.usage("sweep needs a SAMPLES file (a JSON list of ms, or a .har file)")) }
        let data = try InputFile.contents(of: file)
        let samples: LatencySamples
        do {
            samples = try LatencySamples(json: data, selection: Self.selection(options))
        } catch {
            throw CommandError(.plan(file: file, path: error.path, message: error.message))
        }
        for warning in samples.warnings { terminal.diagnose("warning: \(file): \(warning)") }
        let font = try FontLoader().load(path: options.font, terminal: terminal).font
        let sweep = PolicySweep(
            latenciesMs: samples.latenciesMs, delaysMs: options.delays, minimumsMs: options.minimums,
            flashThresholdMs: options.flashThresholdMs, budgetMs: options.budgetMs)
        let source = URL(fileURLWithPath: file).lastPathComponent
        let folder = OutputFolder(path: options.out)
        try folder.prepare(subfolders: [])
        let chart: [UInt8]
        do {
            chart = try PNGCodec.encode(SweepChart.draw(sweep, font: font))
        } catch {
            throw CommandError(.output(path: "\(folder.path)/sweep.png", reason: error.description))
        }
        try folder.write(Data(chart), to: "sweep.png")
        try folder.write(SweepReport.jsonData(sweep, source: source, samples: samples), to: "sweep.json")
        SweepReport.lines(sweep, source: source, samples: samples).forEach(terminal.print)
        terminal.print("wrote \(folder.path)/sweep.json and \(folder.path)/sweep.png")
        return 0
    }
}
