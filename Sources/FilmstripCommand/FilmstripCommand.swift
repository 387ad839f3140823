import FilmstripCore
import Foundation

/// The `filmstrip` command line: `record`, `check`, `bench`, `--help`, `--version`.
///
/// This target is the only one that touches the file system, the environment and the
/// terminal. Exit codes (DESIGN.md): 0 every check passed; 1 a check failed, with each reason
/// printed; 2 the input or environment is wrong, naming the file and JSON path or line.
public enum FilmstripCommand {
    /// The tool's version, printed by `--version`.
    public static let version = "0.1.0"

    /// Runs the command line `arguments` (without the program name) and returns the exit code.
    public static func main(arguments: [String]) -> Int32 {
        let terminal = Terminal()
        guard let command = arguments.first else {
            terminal.print(Help.overview)
            return 0
        }
        let rest = Array(arguments.dropFirst())
        do throws(CommandError) {
            switch command {
            case "--help", "-h", "help":
                terminal.print(Help.overview)
                return 0
            case "--version":
                terminal.print("filmstrip \(version)")
                return 0
            case "record":
                let options = try CommandLineOptions(rest, allowOut: true, allowFont: true, isCheck: false)
                if options.help {
                    terminal.print(Help.record)
                    return 0
                }
                return try RecordCommand(options: options, terminal: terminal).run()
            case "check":
                let options = try CommandLineOptions(rest, allowOut: true, allowFont: true, isCheck: true)
                if options.help {
                    terminal.print(Help.check)
                    return 0
                }
                return try CheckCommand(options: options, terminal: terminal).run()
            case "sweep":
                return try SweepCommand(arguments: rest, terminal: terminal).run()
            case "bench":
                let options = try BenchOptions(rest)
                if options.help {
                    terminal.print(Help.bench)
                    return 0
                }
                return try BenchCommand(options: options, terminal: terminal).run()
            default:
                throw CommandError(.usage("unknown command '\(command)'; expected record, check, sweep or bench"))
            }
        } catch {
            terminal.diagnose("error: \(error)")
            return error.exitCode
        }
    }
}

/// The help texts.
enum Help {
    /// The plan members whose defaults matter when they are left out, shown by record and check.
    static let planDefaults = """
        PLAN DEFAULTS
          mode               cycle: the beats repeat until the window ends (pinned: once, then the last phase holds)
          holdMs             0: a beat's reply is shown for 0 ms before the next beat starts
          extendToSettle     false; true extends the window, on the same frame grid, to the first frame instant
                             at or after the last scripted change, so the final state is filmed
        """

    static let overview = """
        filmstrip \(FilmstripCommand.version): record filmstrips of async-state UI benches and measure them.

        USAGE
          filmstrip record [PLAN…] [--out DIR] [--clock virtual|real] [--font FILE.bdf]
          filmstrip check  [PLAN…] [--out DIR] [--clock virtual|real] [--font FILE.bdf] [--no-compare]
          filmstrip sweep  SAMPLES [--delays MS,…] [--minimums MS,…] [--budget-ms MS] [--flash-threshold-ms MS] [--out DIR] [--font FILE.bdf]
          filmstrip bench  [--plan FILE] [--runs N] [--frames N] [--json]
          filmstrip --help | --version

        With no PLAN, every captures/*.json is run. Run 'filmstrip <command> --help' for details.

        EXIT CODES
          0  every check passed
          1  a check failed (coverage, dominance, flashes, held-back time, rules, or recorded outputs that
             no longer match a fresh render); each reason is printed
          2  bad input or environment (plan, font, output folder); the file and JSON path or line are printed
        """

    static let record = """
        filmstrip record: run capture plans and write their frames, stills, filmstrip, report and contact sheet.

        USAGE
          filmstrip record [PLAN…] [--out DIR] [--clock virtual|real] [--font FILE.bdf]

        ARGUMENTS
          PLAN               capture plan files (default: every captures/*.json)

        OPTIONS
          --out DIR          output root (default: captures); each plan writes DIR/<plan>/
          --clock KIND       virtual (default: exact and repeatable) or real (runs in real time, measured)
          --font FILE.bdf    a BDF 2.1 bitmap font (default: the bundled misc-fixed 6x13)
          -h, --help         show this help

        OUTPUTS (per plan, in DIR/<plan>/)
          frames/NNNN.png    every frame, at the plan's scale
          stills/NAME.png    the plan's stills
          filmstrip.png      the frames in one strip (up to 32, evenly spaced), labelled with their time
          report.json        dwell, coverage, dominance, timeline and files
          index.html         the contact sheet
        and DIR/index.html across all plans. Every plan is validated before anything is written.

        \(planDefaults)
        """

    static let sweep = """
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

    static let check = """
        filmstrip check: run capture plans and judge them without writing any file (the CI gate).

        USAGE
          filmstrip check [PLAN…] [--out DIR] [--clock virtual|real] [--font FILE.bdf] [--no-compare]

        ARGUMENTS
          PLAN               capture plan files (default: every captures/*.json)

        OPTIONS
          --out DIR          where the recorded outputs are (default: captures)
          --clock KIND       virtual (default) or real (outputs are not compared on the real clock)
          --font FILE.bdf    the font the outputs were recorded with (default: the bundled misc-fixed 6x13)
          --no-compare       judge coverage and dominance only; do not compare recorded outputs
          -h, --help         show this help

        CHECKS
          coverage           each required phase in at least its minimum number of frames
          dominance          no phase above its share of frames or of time
          recorded outputs   when DIR/<plan>/report.json exists: frames, stills and strip match a fresh
                             render pixel for pixel, and report.json and index.html byte for byte

        Prints each plan's dwell table and verdict; exits 1 when any check fails, 2 on bad input.

        \(planDefaults)
        """
}
