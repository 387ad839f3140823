import FilmstripCore
import FilmstripPNG
import FilmstripReports
import Foundation

/// `filmstrip sweep SAMPLES`: evaluates a grid of loader policies against request latencies
/// (a JSON list of ms, or a HAR file) and names the policy with the fewest flashes within an
/// added-wait budget. Prints a table, writes `sweep.json` and the chart `sweep.png`.
struct SweepCommand: Command {
    static let name = "sweep"
    static let summary = "pick a loader display policy from real request latencies"
    static let usage = "filmstrip sweep SAMPLES [--delays MS,…] [--minimums MS,…] [--budget-ms MS] [--flash-threshold-ms MS] [--out DIR] [--font FILE.bdf]"
    static let options: [OptionSpec] = [
        .value("--delays", "MS,…"), .value("--minimums", "MS,…"), .value("--budget-ms", "MS"),
        .value("--flash-threshold-ms", "MS"), .value("--out", "DIR"), .value("--font", "FILE.bdf"),
    ]
    static func help(context: CommandContext) -> String {
        """
        filmstrip sweep: pick a loader display policy from real request latencies.

        USAGE
          filmstrip sweep SAMPLES [--delays MS,…] [--minimums MS,…] [--budget-ms MS] [--flash-threshold-ms MS] [--out DIR] [--font FILE.bdf]

        ARGUMENTS
          SAMPLES                  a JSON list of latencies in ms, or a HAR file (log.entries[].time, else the sum of timings)

        OPTIONS
          --delays MS,…            delays before the loader shows (default: 0,100,200,300,400,500,750,1000,1500,2000)
          --minimums MS,…          minimum visible times, 0 for none (default: 0,200,500)
          --budget-ms MS           the most added wait allowed, at the 95th percentile (default: 100)
          --flash-threshold-ms MS  a loader visible for less than this is a flash (default: 300)
          --out DIR                where sweep.json and sweep.png go (default: sweep)
          --font FILE.bdf          the chart's font (default: the bundled misc-fixed 6x13)
          -h, --help               show this help

        For each policy: the share of loads that show a loader, the flash rate, the mean and 95th-percentile
        added wait (content held back by a minimum), and the mean blank time (neither loader nor content).
        The recommended policy has the fewest flashes within the budget.
        """
    }

    /// The SAMPLES file.
    let samplesFile: String
    /// Delays before the loader shows, ms.
    let delays: [Int]
    /// Minimum visible times, ms (0 for none).
    let minimums: [Int]
    /// A loader visible for less than this is a flash, ms.
    let flashThresholdMs: Int
    /// The most added wait allowed at the 95th percentile, ms.
    let budgetMs: Int
    /// Where sweep.json and sweep.png go.
    let out: String
    /// `--font FILE.bdf`; nil for the bundled font.
    let font: String?
    let terminal: Terminal

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CommandError) {
        guard let file = arguments.positionals.first else {
            throw CommandError(.usage("sweep needs a SAMPLES file (a JSON list of ms, or a .har file)"))
        }
        guard arguments.positionals.count == 1 else {
            throw CommandError(.usage("sweep takes one SAMPLES file, found a second: '\(OptionParser.printable(arguments.positionals[1]))'"))
        }
        samplesFile = file
        delays = try arguments.integers("--delays", in: 0...60_000, unit: "milliseconds") ?? PolicySweep.defaultDelaysMs
        minimums = try arguments.integers("--minimums", in: 0...60_000, unit: "milliseconds") ?? PolicySweep.defaultMinimumsMs
        flashThresholdMs = try arguments.integer("--flash-threshold-ms", in: 1...60_000, unit: "ms") ?? 300
        budgetMs = try arguments.integer("--budget-ms", in: 0...3_600_000, unit: "ms") ?? 100
        out = try arguments.string("--out") ?? "sweep"
        font = try arguments.string("--font")
        terminal = context.terminal
    }

    func run() throws(CommandError) -> ExitCode {
        let file = samplesFile
        let options = self
        guard let data = FileManager.default.contents(atPath: file) else {
            throw CommandError(.unreadable(file: file, reason: FileManager.default.fileExists(atPath: file) ? "permission denied or not a file" : "no such file"))
        }
        let samples: LatencySamples
        do {
            samples = try LatencySamples(json: data)
        } catch {
            throw CommandError(.plan(file: file, path: error.path, message: error.message))
        }
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
        return .passed
    }
}
