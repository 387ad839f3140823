import FilmstripOutputs
import FilmstripCore
import FilmstripPNG
import FilmstripRaster
import FilmstripReports
import Foundation

/// `filmstrip bench`: records a plan several times, exactly as `record` does, and measures each
/// recording against two floors: zlib alone deflating the same frames, and creating the same
/// files (``FileCreationFloor``). With `--peer SCRIPT` it runs the Pillow peer (``PillowPeer``)
/// between the recordings, at the same frame size and count, and prints the ratio.
///
/// The default plan is the reference the command line was given (the shipped tool's is seed
/// 000's twelve-second cycle) sampled every 100 ms, on the virtual clock. Outputs go to a fresh
/// temporary folder per run, all of them removed at the end (``BenchScratch``). Figures are measured, never estimated; only a
/// release build's figures mean anything.
struct BenchCommand: Command {
    static let name = "bench"
    static let summary = "record a plan several times and measure it against the compression floor"
    static let usage = "filmstrip bench [--plan FILE] [--runs N] [--frames N] [--peer SCRIPT] [--json]"
    static let options: [OptionSpec] = [
        .value("--plan", "FILE"), .value("--runs", "N"), .value("--frames", "N"), .value("--peer", "SCRIPT"), .flag("--json"),
    ]

    /// The interval the benchmark samples the reference plan at.
    static let referenceIntervalMs = 100
    /// The most recordings `--runs` may ask for.
    static let maxRuns = 100

    /// The parsed options.
    struct Options {
        /// `--plan FILE`; nil means the reference plan.
        var plan: String?
        /// `--runs N`: how many times the plan is recorded (1...100).
        var runs = 5
        /// `--frames N`: the window is stretched (or shrunk) to hold exactly N frames (1...100,000).
        var frames: Int?
        /// `--json`: print one JSON object instead of the table.
        var json = false
        /// `--peer SCRIPT`: the Pillow peer to run between the recordings; nil: none.
        var peer: String?
    }

    let options: Options
    /// The benches plans may name.
    let benches: [BenchDefinition]
    /// The plan measured when `--plan` is not given.
    let referencePlan: String?
    let terminal: Terminal

    init(_ arguments: ParsedArguments, context: CommandContext) throws(FilmstripError) {
        guard arguments.positionals.isEmpty else {
            throw FilmstripError(.usage("bench: unknown option or argument '\(arguments.positionals[0])'"))
        }
        options = Options(
            plan: try arguments.string("--plan"), runs: try arguments.integer("--runs", in: 1...Self.maxRuns) ?? 5,
            frames: try arguments.integer("--frames", in: 1...CapturePlan.maxFrames), json: arguments.flag("--json"),
            peer: try arguments.string("--peer"))
        if let script = options.peer, !FileManager.default.isReadableFile(atPath: script) {
            throw FilmstripError(.unreadable(file: script, reason: "--peer expects a readable Python script (the Pillow peer, e.g. pillow_peer.py)"))
        }
        benches = context.benches
        referencePlan = context.referencePlan
        terminal = context.terminal
    }

    func run() throws(FilmstripError) -> ExitCode {
        guard let file = options.plan ?? referencePlan else {
            throw FilmstripError(.usage("bench needs --plan FILE: this tool has no reference plan"))
        }
        let (plans, problems) = PlanLoader(benches: benches).load([file])
        if let problem = problems.first { throw problem }
        var plan = plans[0].plan
        var label = file
        do throws(PlanError) {
            if options.plan == nil {
                plan = try plan.resampled(windowMs: plan.windowMs, frameIntervalMs: Self.referenceIntervalMs)
                label += " sampled every \(Self.referenceIntervalMs) ms"
            }
            if let frames = options.frames {
                // Checked like a plan's own window: at most CapturePlan.maxFrames frames.
                let (windowMs, overflow) = frames.multipliedReportingOverflow(by: plan.frameIntervalMs)
                guard !overflow, frames <= CapturePlan.maxFrames, windowMs <= CapturePlan.maxWindowMs else {
                    let most = min(CapturePlan.maxFrames, CapturePlan.maxWindowMs / plan.frameIntervalMs)
                    throw PlanError(path: "--frames", message: "at \(plan.frameIntervalMs) ms a frame a window (at most \(CapturePlan.maxWindowMs) ms) holds at most \(most) frames, found \(frames)")
                }
                plan = try plan.resampled(windowMs: windowMs, frameIntervalMs: plan.frameIntervalMs)
                label += ", window stretched to \(frames) frames"
            }
        } catch {
            throw FilmstripError(.plan(file: file, path: error.path, message: error.message))
        }
        let font = try FontLoader().load(path: nil).font
        let baseline = ResidentMemory.currentBytes() ?? 0
        let peer = options.peer.map(PillowPeer.init(script:))
        let fontFile = BitmapFont.bundledFile?.path
        if peer != nil, fontFile == nil {
            throw FilmstripError(.unreadable(file: "Fonts/\(FontLoader.bundledName).bdf", reason: "the peer draws with the bundled font, which is missing from the resources"))
        }
        var peerRuns: [PillowPeer.Run] = []
        // Every run's folders are removed together at the end (BenchScratch says why).
        let scratchFolders = BenchScratch()
        defer { scratchFolders.removeAll() }
        /// Runs the peer once at the recording's frame size and count.
        func runPeer(_ run: RecordedRun) throws(FilmstripError) {
            guard let peer, let fontFile else { return }
            let size = run.logicalFrameSize(font: font)
            peerRuns.append(try peer.run(
                frames: run.frames.count, panel: PillowPeer.panel(forFrameWidth: size.width, height: size.height),
                scale: run.plan.scale, font: fontFile, in: scratchFolders))
        }

        var runs: [BenchResult.Run] = []
        var peakReset = true
        var outputSize = (width: 0, height: 0)
        for number in 1...options.runs {
            let scratch = scratchFolders.folder("record")
            let outputs = PlanOutputs(plan: plan, root: scratch.path, font: font, file: file, planFile: PlanFilePath.relative(file: file, root: scratch.path))
            peakReset = ResidentMemory.resetPeak() && peakReset

            let before = ProcessorTime.now()
            let start = ContinuousClock.now
            let outcome = try outputs.write(LintedRun(plan, file: file, clock: .virtual, terminal: terminal), clock: .virtual).outcome
            let wallMs = Self.milliseconds(start.duration(to: .now))
            let peak = ResidentMemory.peakBytes() ?? 0
            let others = before.flatMap { before in ProcessorTime.now()?.othersPercent(since: before, wallMs: wallMs) }

            var bytes = 0
            var frameBytes = 0
            var sizes: [(path: String, bytes: Int)] = []
            for path in outcome.files {
                let size = (try? FileManager.default.attributesOfItem(atPath: "\(outputs.folder)/\(path)")[.size] as? Int) ?? 0
                bytes += size
                sizes.append((path, size))
                if path.hasPrefix("frames/") { frameBytes += size }
            }
            scratchFolders.measured(scratch, files: sizes.count)
            let filesMs = try FileCreationFloor.measure(sizes: sizes, in: scratchFolders)
            let floor = try Self.floor(outcome.run, font: font)
            let logical = outcome.run.logicalFrameSize(font: font)
            outputSize = (logical.width * outcome.run.plan.scale, logical.height * outcome.run.plan.scale)
            // Interleaved (recording, peer, recording, peer, …): drift in the machine's load falls
            // on both alike.
            try runPeer(outcome.run)
            let frames = outcome.run.frames.count
            runs.append(BenchResult.Run(
                run: number, frames: frames, wallMs: BenchResult.rounded(wallMs, places: 1),
                framesPerSecond: BenchResult.rounded(Double(frames) / wallMs * 1000, places: 1),
                bytesWritten: bytes, frameBytes: frameBytes, filesWritten: sizes.count, peakRSSBytes: peak,
                zlibOnlyMs: BenchResult.rounded(floor.ms, places: 1), zlibInputBytes: floor.input, zlibOutputBytes: floor.output,
                ratioToZlib: BenchResult.rounded(wallMs / floor.ms, places: 3),
                fileCreationMs: BenchResult.rounded(filesMs, places: 1),
                ratioToFileCreation: BenchResult.rounded(wallMs / max(filesMs, 0.001), places: 2),
                realTimeFactor: BenchResult.rounded(Double(plan.windowMs) / wallMs, places: 1),
                othersCPUPercent: others.map { BenchResult.rounded($0, places: 0) },
                paletteImages: outcome.images.palette, rgbaImages: outcome.images.rgba, repeatedImages: outcome.images.repeated,
                peerWallMs: peerRuns.last?.wallMs, peerBytes: peerRuns.last?.bytes))
        }
        #if DEBUG
            let build = "debug"
        #else
            let build = "release"
        #endif
        var result = BenchResult(
            plan: label, windowMs: plan.windowMs, frameIntervalMs: plan.frameIntervalMs, scale: plan.scale,
            frames: runs[0].frames, cores: ProcessInfo.processInfo.activeProcessorCount, build: build,
            zlibVersion: PlainDeflate.zlibVersion, baselineRSSBytes: baseline, peakResetPerRun: peakReset, runs: runs,
            wallMs: 0, framesPerSecond: 0, bytesWritten: 0, peakRSSBytes: 0, zlibOnlyMs: 0, ratioToZlib: 0, realTimeFactor: 0,
            fileCreationMs: 0, ratioToFileCreation: 0)
        if let script = options.peer, let first = peerRuns.first {
            result.peer = BenchResult.Peer(
                script: script, width: first.width, height: first.height, filmstripWidth: outputSize.width,
                filmstripHeight: outputSize.height, wallMs: 0, ratioToFilmstrip: 0)
        }
        result.summarize()
        if options.json {
            terminal.printText(String(decoding: result.jsonData().dropLast(), as: UTF8.self))
        } else {
            result.lines.forEach(terminal.print)
        }
        return .passed
    }

    /// The reference floor on `run`'s frames: each frame drawn at the plan's scale (not timed),
    /// laid out as RGBA scanlines with a 0 filter byte per row (not timed), then deflated by
    /// zlib at level 6 on this thread (timed), one frame after another.
    static func floor(_ run: RecordedRun, font: BitmapFont) throws(FilmstripError) -> (ms: Double, input: Int, output: Int) {
        var total = Duration.zero
        var input = 0
        var output = 0
        for frame in run.frames {
            guard let canvas = run.render(frame, font: font)?.canvas else { continue }
            let scanlines = PlainDeflate.scanlines(of: canvas)
            let start = ContinuousClock.now
            let size: Int
            do {
                size = try PlainDeflate.compress(scanlines, level: 6)
            } catch {
                throw FilmstripError(.run(plan: run.plan.name, message: error.description))
            }
            total += start.duration(to: .now)
            input += scanlines.count
            output += size
        }
        return (milliseconds(total), input, output)
    }

    static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}

extension BenchCommand {
    static func help(context: CommandContext) -> String {
        let referencePlan = context.referencePlan ?? "none: give --plan"
        return """
        filmstrip bench: record a plan several times and measure it against the compression floor.

        USAGE
          filmstrip bench [--plan FILE] [--runs N] [--frames N] [--peer SCRIPT] [--json]

        OPTIONS
          --plan FILE        the plan to record (default: the reference plan, \(referencePlan),
                             sampled every 100 ms)
          --runs N           recordings to make, 1 to \(maxRuns) (default: 5); medians are printed after them
          --frames N         stretch the window to exactly N frames, 1 to \(CapturePlan.maxFrames) (cost per frame, memory as a run grows)
          --peer SCRIPT      after each recording, run SCRIPT with python3: a program that draws and
                             saves the same frames another way, for comparison (filmstrip's source
                             repository has one using Pillow, Tests/Bench/pillow_peer.py). It is
                             given --frames N --panel WxH --scale S --font FILE.bdf --out DIR and
                             prints one JSON line with wall_ms, bytes and size; bench prints its
                             median and how many times faster filmstrip is
          --json             print one JSON object instead of the table
          -h, --help         show this help

        FIGURES (per run, then the median of the runs; the spread is the smallest and largest run)
          wall ms            the whole recording on the virtual clock: run, analyse, draw, encode, write
          frames/s           frames ÷ wall time
          bytes written      every file the recording wrote, in a temporary folder removed afterwards
          peak RSS MiB       the process's peak resident memory during the recording, MiB (2^20 bytes)
          zlib-only ms       the floor: zlib alone, one core, level 6, on each frame's RGBA scanlines
                             (filter byte 0 per row), measured in this process on the same frames
          ratio              wall ms ÷ zlib-only ms
          files ms           the second floor: creating as many files of the same sizes, with the
                             same pattern (temporary file, write, fsync, rename), on all cores
          ÷ files            wall ms ÷ files ms
          peer ms            with --peer: the peer's own time to draw and save the frames
          × real time        window length ÷ wall time
        Build with 'swift build -c release'; a debug build says so and its figures mean little.
        """
    }
}
