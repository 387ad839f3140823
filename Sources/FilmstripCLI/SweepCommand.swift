import FilmstripOutputs
import FilmstripCore
import FilmstripPNG
import FilmstripReports
import Foundation

/// `filmstrip sweep SAMPLES`: evaluates a grid of loader policies against request latencies
/// (a JSON list of ms, or a HAR file) and names the policy with the fewest flashes within an
/// added-wait budget. Prints a table, writes `sweep.json`, the chart `sweep.png` and the page
/// `sweep.html` (``SweepPage``).
struct SweepCommand: Command {
    static let name = "sweep"
    static let summary = "pick a loader display policy from real request latencies"
    static let usage = "filmstrip sweep SAMPLES [--delays MS,…] [--minimums MS,…] [--budget-ms MS] [--flash-threshold-ms MS] [--include TYPE,…] [--url REGEX] [--out DIR] [--font FILE.bdf]"
    static let options: [OptionSpec] = [
        .value("--delays", "MS,…"), .value("--minimums", "MS,…"), .value("--budget-ms", "MS"),
        .value("--flash-threshold-ms", "MS"), .value("--include", "TYPE,…"), .value("--url", "REGEX"),
        .value("--out", "DIR"), .value("--font", "FILE.bdf"),
    ]
    static func help(context: CommandContext) -> String {
        """
        filmstrip sweep: pick a loader display policy from real request latencies.

        USAGE
          filmstrip sweep SAMPLES [--delays MS,…] [--minimums MS,…] [--budget-ms MS] [--flash-threshold-ms MS] [--include TYPE,…] [--url REGEX] [--out DIR] [--font FILE.bdf]

        ARGUMENTS
          SAMPLES                  a JSON list of latencies in ms, or a HAR file (log.entries[].time, else the sum of timings;
                                   failed requests, WebSocket and EventSource entries are skipped and counted)

        OPTIONS
          --delays MS,…            delays before the loader shows (default: 0,100,200,300,400,500,750,1000,1500,2000)
          --minimums MS,…          minimum visible times, 0 for none (default: 0,200,500)
          --budget-ms MS           the most added wait allowed, at the 95th percentile (default: 100)
          --flash-threshold-ms MS  a loader visible for less than this is a flash (default: 300)
          --include TYPE,…         HAR: only entries of these resource types or MIME types (xhr,fetch,application/json);
                                   WebSocket and EventSource entries count only when listed
          --url REGEX              HAR: only entries whose URL the expression matches (anywhere in it, like grep -E), in
                                   time linear in the URL: characters, . [a-z] [^/] \\d \\w \\s ^ $ (…) (?:…) | * + ? {n,m};
                                   \\ makes a character literal (\\.); backreferences and lookaround are refused
          --out DIR                where sweep.json, sweep.png and sweep.html go (default: sweep)
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
    /// Where sweep.json, sweep.png and sweep.html go.
    let out: String
    /// `--font FILE.bdf`; nil for the bundled font.
    let font: String?
    /// HAR: only entries of these resource or MIME types (`--include`); nil for the default.
    let include: [String]?
    /// HAR: only entries whose URL this pattern matches (`--url`).
    let url: URLPattern?
    let terminal: Terminal

    init(_ arguments: ParsedArguments, context: CommandContext) throws(FilmstripError) {
        guard let file = arguments.positionals.first else {
            throw FilmstripError(.usage("sweep needs a SAMPLES file (a JSON list of ms, or a .har file)"))
        }
        guard arguments.positionals.count == 1 else {
            throw FilmstripError(.usage("sweep takes one SAMPLES file, found a second: '\(arguments.positionals[1])'"))
        }
        samplesFile = file
        delays = try arguments.integers("--delays", in: 0...60_000, unit: "milliseconds") ?? PolicySweep.defaultDelaysMs
        minimums = try arguments.integers("--minimums", in: 0...60_000, unit: "milliseconds") ?? PolicySweep.defaultMinimumsMs
        flashThresholdMs = try arguments.integer("--flash-threshold-ms", in: 1...60_000, unit: "ms") ?? 300
        budgetMs = try arguments.integer("--budget-ms", in: 0...3_600_000, unit: "ms") ?? 100
        out = try arguments.string("--out") ?? "sweep"
        try OutputOwnership.refuseInsidePlanFolder(out, folder: true, as: "sweep: --out")
        try OutputOwnership.refusePlansFolder(out, as: "sweep: --out", writing: "sweep.json")
        font = try arguments.string("--font")
        if let text = try arguments.string("--include") {
            let types = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard !types.contains(where: \.isEmpty) else {
                throw FilmstripError(.usage("sweep: --include expects comma-separated resource types or MIME types (xhr,fetch,application/json), found '\(text)'"))
            }
            include = types
        } else {
            include = nil
        }
        if let text = try arguments.string("--url") {
            do {
                url = try URLPattern(text)
            } catch {
                throw FilmstripError(.usage("sweep: --url expects a regular expression matched in linear time (see filmstrip sweep --help), found '\(text)': \(error.message)"))
            }
        } else {
            url = nil
        }
        terminal = context.terminal
    }

    /// The HAR entries to keep: `--include` types and the `--url` pattern (searched anywhere in
    /// the URL, like `grep -E`, in time linear in the URL).
    var selection: LatencySamples.Selection {
        var match: (@Sendable (String) -> Bool)?
        if let pattern = url { match = { pattern.matches($0) } }
        return LatencySamples.Selection(include: include, url: match)
    }

    func run() throws(FilmstripError) -> ExitCode {
        let file = samplesFile
        let options = self
        // Read once into one array and parsed entry by entry: memory holds the file and one entry.
        let bytes = try InputFile.bytes(of: file, limit: .samples)
        let samples: LatencySamples
        do {
            samples = try LatencySamples(bytes: bytes, selection: selection)
        } catch {
            throw FilmstripError(.plan(file: file, path: error.path, message: error.message))
        }
        for warning in samples.warnings { terminal.diagnose("warning: \(file): \(warning)") }
        let font = try FontLoader().load(path: options.font, terminal: terminal).font
        let sweep = PolicySweep(
            latenciesMs: samples.latenciesMs, delaysMs: options.delays, minimumsMs: options.minimums,
            flashThresholdMs: options.flashThresholdMs, budgetMs: options.budgetMs)
        let source = URL(fileURLWithPath: file).lastPathComponent
        let folder = OutputFolder(path: options.out)
        try folder.prepare(subfolders: [])
        // Every output's path is checked, and no file of someone else's is in the way, before
        // any is written.
        try OutputOwnership.claim(folder.path, as: .sharedFiles(["sweep.png", "sweep.json", "sweep.html"]))
        let chart: [UInt8]
        let canvas = SweepChart.draw(sweep, font: font)
        do {
            chart = try PNGCodec.encode(canvas)
        } catch {
            throw FilmstripError(.output(path: "\(folder.path)/sweep.png", reason: error.description))
        }
        try folder.write(Data(chart), to: "sweep.png")
        try folder.write(SweepReport.jsonData(sweep, source: source, samples: samples), to: "sweep.json")
        let page = SweepPage.html(sweep, source: source, samples: samples, chartSize: (canvas.width, canvas.height))
        try folder.write(Data(page.utf8), to: "sweep.html")
        SweepReport.lines(sweep, source: source, samples: samples).forEach(terminal.print)
        terminal.print("wrote \(folder.path)/sweep.json, \(folder.path)/sweep.png and \(folder.path)/sweep.html")
        return .passed
    }
}
