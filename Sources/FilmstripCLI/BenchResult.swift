import FilmstripCore
import Foundation

/// What `filmstrip bench` measured: one row per run and the medians, printed as a table or as
/// one JSON object (sorted keys). Times are wall-clock milliseconds, sizes bytes.
struct BenchResult: Codable {
    /// One recording of the plan and the floor measured on its frames.
    struct Run: Codable {
        /// 1, 2, …
        var run: Int
        /// Frames recorded.
        var frames: Int
        /// Wall time of the whole recording (run the bench, analyse, draw, encode and write
        /// every output of the plan), ms.
        var wallMs: Double
        /// `frames ÷ wallMs × 1000`.
        var framesPerSecond: Double
        /// Bytes of every file the recording wrote (frames, strip, report, contact sheet).
        var bytesWritten: Int
        /// Bytes of the frame PNGs alone.
        var frameBytes: Int
        /// The process's peak resident memory during the recording, bytes.
        var peakRSSBytes: Int
        /// The reference floor: zlib alone, on one core, deflating each frame's RGBA scanlines
        /// (filter byte 0 per row) at level 6, summed over the frames, ms.
        var zlibOnlyMs: Double
        /// Scanline bytes the floor deflated.
        var zlibInputBytes: Int
        /// What zlib made of them.
        var zlibOutputBytes: Int
        /// `wallMs ÷ zlibOnlyMs`.
        var ratioToZlib: Double
        /// The recording window's length ÷ `wallMs`.
        var realTimeFactor: Double
        /// Processor time other processes took during the run, in percent of one processor
        /// (ticks of 10 ms, so rough); nil when the platform does not say.
        var othersCPUPercent: Double?
        /// Images (frames, stills, strip) encoded as palette PNGs.
        var paletteImages: Int
        /// Images encoded as RGBA PNGs (more than 256 colours).
        var rgbaImages: Int
        /// Images identical to one already written in the run, written from its encoded bytes.
        var repeatedImages: Int
    }

    /// The plan file, with the interval used when the reference plan's was changed.
    var plan: String
    var windowMs: Int
    var frameIntervalMs: Int
    var scale: Int
    /// Frames per run.
    var frames: Int
    /// Processors the system reports as active.
    var cores: Int
    /// `release` or `debug`: only release figures mean anything.
    var build: String
    var zlibVersion: String
    /// Resident memory before the first run: the process, its libraries and the font.
    var baselineRSSBytes: Int
    /// Whether each run's peak is its own (Linux: reset through `/proc/self/clear_refs`) or the process's so far.
    var peakResetPerRun: Bool
    var runs: [Run]

    // Medians over the runs.
    var wallMs: Double
    var framesPerSecond: Double
    var bytesWritten: Int
    var peakRSSBytes: Int
    var zlibOnlyMs: Double
    var ratioToZlib: Double
    var realTimeFactor: Double

    /// The median of `values` (the mean of the middle two for an even count); 0 when empty.
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// `value` rounded to `places` decimals.
    static func rounded(_ value: Double, places: Int) -> Double {
        let factor = pow(10, Double(places))
        return (value * factor).rounded() / factor
    }

    /// Sets the medians from ``runs``.
    mutating func summarize() {
        func middle(_ key: (Run) -> Double, places: Int) -> Double { Self.rounded(Self.median(runs.map(key)), places: places) }
        wallMs = middle({ $0.wallMs }, places: 1)
        framesPerSecond = middle({ $0.framesPerSecond }, places: 1)
        bytesWritten = Int(Self.median(runs.map { Double($0.bytesWritten) }))
        peakRSSBytes = Int(Self.median(runs.map { Double($0.peakRSSBytes) }))
        zlibOnlyMs = middle({ $0.zlibOnlyMs }, places: 1)
        ratioToZlib = middle({ $0.ratioToZlib }, places: 3)
        realTimeFactor = middle({ $0.realTimeFactor }, places: 1)
    }

    /// One JSON object, sorted keys, final newline.
    func jsonData() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = (try? encoder.encode(self)) ?? Data()
        data.append(0x0A)
        return data
    }

    /// The table: a heading, one row per run, the medians, and what the floor is.
    var lines: [String] {
        func megabytes(_ bytes: Int) -> String { String(format: "%.1f", Double(bytes) / 1_048_576) }
        func row(_ label: String, _ frames: Int, _ wall: Double, _ fps: Double, _ bytes: Int, _ rss: Int, _ zlib: Double, _ ratio: Double, _ realTime: Double, _ others: Double?) -> String {
            [
                label.padding(toLength: 7, withPad: " ", startingAt: 0),
                String(frames).leftPadded(7), String(format: "%.1f", wall).leftPadded(10), String(format: "%.1f", fps).leftPadded(9),
                Quantity.grouped(bytes).leftPadded(14), megabytes(rss).leftPadded(11), String(format: "%.1f", zlib).leftPadded(13),
                String(format: "%.3f", ratio).leftPadded(8), String(format: "%.1f", realTime).leftPadded(10),
                (others.map { String(format: "%.0f%%", $0) } ?? "").leftPadded(8),
            ].joined(separator: " ").trimmingTrailingSpaces()
        }
        var lines = [
            "bench · \(plan) · \(frames) frames every \(Quantity.grouped(frameIntervalMs)) ms · window \(Quantity.grouped(windowMs)) ms · scale \(scale)× · \(cores) cores · \(build) build",
            "run      frames    wall ms  frames/s  bytes written  peak RSS MB  zlib-only ms    ratio  × real time    others",
        ]
        for run in runs {
            lines.append(row(String(run.run), run.frames, run.wallMs, run.framesPerSecond, run.bytesWritten, run.peakRSSBytes, run.zlibOnlyMs, run.ratioToZlib, run.realTimeFactor, run.othersCPUPercent))
        }
        lines.append(row("median", frames, wallMs, framesPerSecond, bytesWritten, peakRSSBytes, zlibOnlyMs, ratioToZlib, realTimeFactor, nil))
        let input = runs.first?.zlibInputBytes ?? 0
        let output = runs.first?.zlibOutputBytes ?? 0
        lines.append("floor: zlib \(zlibVersion) alone, one core, level 6, each frame's RGBA scanlines with filter byte 0: \(Quantity.grouped(input)) bytes in, \(Quantity.grouped(output)) out; ratio = wall ÷ floor")
        lines.append("others: processor time other processes took during each run, in % of one processor; above a few % the run shared its cores")
        if let run = runs.first {
            lines.append("images per run: \(run.paletteImages) palette PNG, \(run.rgbaImages) RGBA PNG, \(run.repeatedImages) identical to an earlier image and written from its bytes (not encoded again)")
        }
        lines.append("memory: \(megabytes(baselineRSSBytes)) MB resident before the first run; peak RSS \(peakResetPerRun ? "per run (VmHWM, reset before each run)" : "of the process so far (cannot be reset here)")")
        if build != "release" {
            lines.append("note: a \(build) build; measure with 'swift build -c release' and .build/release/filmstrip bench")
        }
        return lines
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        String(self[..<(lastIndex { $0 != " " }.map(index(after:)) ?? startIndex)])
    }

    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
