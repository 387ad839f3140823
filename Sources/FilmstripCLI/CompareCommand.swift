import FilmstripOutputs
import FilmstripCore
import FilmstripPNG
import FilmstripReports
import Foundation

/// `filmstrip compare A B`: two runs of one bench — plans to run, or recorded output folders —
/// side by side: dwell per phase and per panel depiction with the differences, flashes per panel,
/// frames paired by time. Prints a table, writes `compare.json`, `compare.html` and
/// `compare.png`; with `--fail-on` it is a gate (exit 1 when one trips).
struct CompareCommand: Command {
    static let name = "compare"
    static let summary = "compare two runs of one bench (plans or recorded folders): dwell, flashes, frames by time"
    static let usage = "filmstrip compare A B [--fail-on PHASE+N|flashes]… [--out DIR] [--clock virtual|real] [--font FILE.bdf]"
    static let options: [OptionSpec] = [
        .repeating("--fail-on", "PHASE+N|flashes"), .value("--out", "DIR"), .value("--clock", "virtual|real"), .value("--font", "FILE.bdf"),
    ]
    static func help(context: CommandContext) -> String {
        """
        filmstrip compare: compare two runs of one bench — before and after a change, two loader policies.

        USAGE
          filmstrip compare A B [--fail-on PHASE+N|flashes]… [--out DIR] [--clock virtual|real] [--font FILE.bdf]

        ARGUMENTS
          A, B                     a capture plan file (run now, nothing of it written), or a recorded
                                   output folder (its report.json and frames, as record wrote them);
                                   a file named report.json counts as its folder. Both must be runs of one bench.

        OPTIONS
          --fail-on GATE           exit 1 when B is worse than A; a comma list, or give it again:
                                     PHASE+N  B's time share of PHASE (dwell ÷ window) exceeds A's by more
                                              than N percentage points (0 to 100, at most two decimals: loading+2.5)
                                     LANE:PHASE+N  the same for one lane of a bench with lanes (naive:loading+5)
                                     flashes  B has more flashes than A on some panel (any flash where A had none)
          --out DIR                where compare.json, compare.html and compare.png go (default: compare)
          --clock KIND             the clock plans run on: virtual or real (default: each bench's first clock)
          --font FILE.bdf          the strip's and the frames' font (default: the bundled misc-fixed 6x13)
          -h, --help               show this help

        Prints dwell per phase and per panel depiction (A ms and time share, B ms and time share, the
        difference in ms and in points), flashes per panel on each side, and each gate's outcome.
        Exit 0: no gate tripped; 1: a gate tripped; 2: bad input (different benches, an unknown phase, a bad report).
        """
    }

    /// The two sides, as typed.
    let a: String
    let b: String
    /// The gates, in the order given.
    let gates: [ComparisonGate]
    /// Where the outputs go.
    let out: String
    /// `--clock`; nil: each plan's bench's first clock.
    let clock: ClockKind?
    /// `--font FILE.bdf`; nil for the bundled font.
    let font: String?
    let benches: [BenchDefinition]
    let terminal: Terminal

    init(_ arguments: ParsedArguments, context: CommandContext) throws(FilmstripError) {
        guard arguments.positionals.count == 2 else {
            let found = arguments.positionals.isEmpty ? "none" : arguments.positionals.map { "'\($0)'" }.joined(separator: ", ")
            throw FilmstripError(.usage("compare needs two runs, A and B (plan files or recorded output folders); found \(found)"))
        }
        a = arguments.positionals[0]
        b = arguments.positionals[1]
        var gates: [ComparisonGate] = []
        for value in try arguments.strings("--fail-on") {
            for item in value.split(separator: ",", omittingEmptySubsequences: false) {
                let text = item.trimmingCharacters(in: .whitespaces)
                guard let gate = ComparisonGate(text) else {
                    throw FilmstripError(.usage("compare: --fail-on expects PHASE+N or LANE:PHASE+N (N from 0 to 100 percentage points, at most two decimals, e.g. loading+10, naive:loading+5) or flashes, found '\(text)'"))
                }
                if !gates.contains(gate) { gates.append(gate) }
            }
        }
        self.gates = gates
        out = try arguments.string("--out") ?? "compare"
        try OutputOwnership.refuseInsidePlanFolder(out, folder: true, as: "compare: --out")
        try OutputOwnership.refusePlansFolder(out, as: "compare: --out", writing: "compare.json")
        clock = try arguments.choice("--clock", of: ClockKind.self)
        font = try arguments.string("--font")
        benches = context.benches
        terminal = context.terminal
    }

    func run() throws(FilmstripError) -> ExitCode {
        let inputs = [try ComparisonInput(a, benches: benches), try ComparisonInput(b, benches: benches)]
        guard inputs[0].benchName == inputs[1].benchName else {
            throw FilmstripError(.usage("compare: A (\(a)) is a run of bench \(inputs[0].benchName) and B (\(b)) of bench \(inputs[1].benchName); compare needs two runs of one bench"))
        }
        guard let bench = benches.first(where: { $0.name == inputs[0].benchName }) else {
            let file = inputs.first { if case .recorded = $0.kind { true } else { false } }?.source ?? a
            throw FilmstripError(.plan(file: file, path: "$.bench", message: "unknown bench '\(inputs[0].benchName)'; this tool knows \(Quantity.list(benches.map(\.name)))"))
        }
        for gate in gates {
            if let phase = gate.unknownPhase(in: bench) {
                throw FilmstripError(.usage("compare: --fail-on \(gate) names phase '\(phase)', which bench \(bench.name) does not have; its phases: \(bench.phaseNames.joined(separator: ", "))"))
            }
        }
        let loaded = try FontLoader().load(path: font, terminal: terminal).font
        let folder = OutputFolder(path: out)
        try folder.prepare(subfolders: [])
        // Every output's path is checked, and no file of someone else's is in the way, before
        // anything runs or is written.
        try OutputOwnership.claim(folder.path, as: .sharedFiles(["compare.png", "compare.json", "compare.html"]))
        let aSide = try inputs[0].side(clock: clock, font: loaded)
        let bSide = try inputs[1].side(clock: clock, font: loaded)
        for gate in gates {
            guard let lane = gate.lane else { continue }
            for (name, side) in [("A", aSide.side), ("B", bSide.side)] where side.laneMs[lane] == nil {
                let lanes = side.laneMs.keys.sorted()
                throw FilmstripError(.usage("compare: --fail-on \(gate) names lane '\(lane)', which \(name) (\(side.source)) does not have; its lanes: \(lanes.isEmpty ? "none" : lanes.joined(separator: ", "))"))
            }
        }
        let comparison = RunComparison(a: aSide.side, b: bSide.side, bench: bench)
        let outcomes = gates.map { $0.outcome(comparison) }

        var missing: [String] = []
        let strip = ComparisonStrip.draw(comparison, aFrame: aSide.frameSize, bFrame: bSide.frameSize, font: loaded) { frame, isA in
            let canvas = (isA ? aSide.frame : bSide.frame)(frame)
            if canvas == nil { missing.append("\(isA ? "A" : "B") frame \(frame.index)") }
            return canvas
        }
        let image: [UInt8]
        do {
            image = try PNGCodec.encode(strip)
        } catch {
            throw FilmstripError(.output(path: "\(folder.path)/compare.png", reason: error.description))
        }
        try folder.write(Data(image), to: "compare.png")
        try folder.write(ComparisonReport.jsonData(comparison, outcomes: outcomes), to: "compare.json")
        try folder.write(Data(ComparisonPage.html(comparison, outcomes: outcomes, stripSize: (strip.width, strip.height)).utf8), to: "compare.html")
        if !missing.isEmpty {
            terminal.diagnose("warning: compare: no image for \(Quantity.list(missing)); the strip marks them missing")
        }
        ComparisonTable.lines(comparison, outcomes: outcomes).forEach(terminal.print)
        terminal.print("wrote \(folder.path)/compare.json, \(folder.path)/compare.html and \(folder.path)/compare.png")
        return outcomes.contains(where: \.tripped) ? .checkFailed : .passed
    }
}
