import FilmstripCore
import Foundation

/// What `filmstrip bench` measured: one row per run and the medians, printed as a table or as
/// one JSON object (sorted keys). Times are wall-clock milliseconds, sizes bytes; the summary
/// values (the members that repeat a run's) are medians over the runs, the `…Range` members the
/// smallest and largest run.
package struct BenchResult: Codable {
    /// One recording of the plan and the floor measured on its frames.
    package struct Run: Codable {
        /// 1, 2, …
        package var run: Int
        /// Frames recorded.
        package var frames: Int
        /// Wall time of the whole recording (run the bench, analyse, draw, encode and write
        /// every output of the plan), ms.
        package var wallMs: Double
        /// `frames ÷ wallMs × 1000`.
        package var framesPerSecond: Double
        /// Bytes of every file the recording wrote (frames, strip, report, contact sheet).
        package var bytesWritten: Int
        /// Bytes of the frame PNGs alone.
        package var frameBytes: Int
        /// Files the recording wrote.
        package var filesWritten: Int
        /// The process's peak resident memory during the recording, bytes.
        package var peakRSSBytes: Int
        /// The reference floor: zlib alone, on one core, deflating each frame's RGBA scanlines
        /// (filter byte 0 per row) at level 6, summed over the frames, ms.
        package var zlibOnlyMs: Double
        /// Scanline bytes the floor deflated.
        package var zlibInputBytes: Int
        /// What zlib made of them.
        package var zlibOutputBytes: Int
        /// `wallMs ÷ zlibOnlyMs`.
        package var ratioToZlib: Double
        /// The second floor: creating `filesWritten` files of the same sizes in the same folders
        /// each a temporary file, written, `fsync`ed and renamed, on all cores, ms.
        package var fileCreationMs: Double
        /// `wallMs ÷ fileCreationMs`.
        package var ratioToFileCreation: Double
        /// The recording window's length ÷ `wallMs`.
        package var realTimeFactor: Double
        /// Processor time other processes took during the run, in percent of one processor
        /// (ticks of 10 ms, so rough); nil when the platform does not say.
        package var othersCPUPercent: Double?
        /// Images (frames, stills, strip) encoded as palette PNGs.
        package var paletteImages: Int
        /// Images encoded as RGBA PNGs (more than 256 colours).
        package var rgbaImages: Int
        /// Images identical to one already written in the run, written from its encoded bytes.
        package var repeatedImages: Int
        /// With `--peer`: the peer's time to draw and save the same number of frames, ms
        /// (its own figure, run right after this recording).
        package var peerWallMs: Double?
        /// With `--peer`: bytes of the PNG files the peer saved.
        package var peerBytes: Int?

        /// Every member, in order; those with a default may be left out.
        package init(run: Int, frames: Int, wallMs: Double, framesPerSecond: Double, bytesWritten: Int, frameBytes: Int, filesWritten: Int, peakRSSBytes: Int, zlibOnlyMs: Double, zlibInputBytes: Int, zlibOutputBytes: Int, ratioToZlib: Double, fileCreationMs: Double, ratioToFileCreation: Double, realTimeFactor: Double, othersCPUPercent: Double? = nil, paletteImages: Int, rgbaImages: Int, repeatedImages: Int, peerWallMs: Double? = nil, peerBytes: Int? = nil) {
            self.run = run
            self.frames = frames
            self.wallMs = wallMs
            self.framesPerSecond = framesPerSecond
            self.bytesWritten = bytesWritten
            self.frameBytes = frameBytes
            self.filesWritten = filesWritten
            self.peakRSSBytes = peakRSSBytes
            self.zlibOnlyMs = zlibOnlyMs
            self.zlibInputBytes = zlibInputBytes
            self.zlibOutputBytes = zlibOutputBytes
            self.ratioToZlib = ratioToZlib
            self.fileCreationMs = fileCreationMs
            self.ratioToFileCreation = ratioToFileCreation
            self.realTimeFactor = realTimeFactor
            self.othersCPUPercent = othersCPUPercent
            self.paletteImages = paletteImages
            self.rgbaImages = rgbaImages
            self.repeatedImages = repeatedImages
            self.peerWallMs = peerWallMs
            self.peerBytes = peerBytes
        }
    }

    /// With `--peer`: the Pillow peer's figures, medians over its runs.
    package struct Peer: Codable {
        /// The script run.
        package var script: String
        /// The peer's image size, pixels (as it reports it).
        package var width: Int
        package var height: Int
        /// filmstrip's frame size at the plan's scale, pixels, for comparison.
        package var filmstripWidth: Int
        package var filmstripHeight: Int
        /// Median of the peer's draw-and-save times, ms.
        package var wallMs: Double
        /// Smallest and largest of them, ms.
        package var wallMsRange: [Double] = []
        /// Median bytes the peer saved.
        package var bytes: Int = 0
        /// The peer's median time ÷ filmstrip's median wall time: how many times faster filmstrip is.
        package var ratioToFilmstrip: Double

        /// Every member, in order; those with a default may be left out.
        package init(script: String, width: Int, height: Int, filmstripWidth: Int, filmstripHeight: Int, wallMs: Double, wallMsRange: [Double] = [], bytes: Int = 0, ratioToFilmstrip: Double) {
            self.script = script
            self.width = width
            self.height = height
            self.filmstripWidth = filmstripWidth
            self.filmstripHeight = filmstripHeight
            self.wallMs = wallMs
            self.wallMsRange = wallMsRange
            self.bytes = bytes
            self.ratioToFilmstrip = ratioToFilmstrip
        }
    }

    /// The plan file, with the interval used when the reference plan's was changed.
    package var plan: String
    package var windowMs: Int
    package var frameIntervalMs: Int
    package var scale: Int
    /// Frames per run.
    package var frames: Int
    /// Processors the system reports as active.
    package var cores: Int
    /// `release` or `debug`: only release figures mean anything.
    package var build: String
    package var zlibVersion: String
    /// Resident memory before the first run: the process, its libraries and the font.
    package var baselineRSSBytes: Int
    /// Whether each run's peak is its own (Linux: reset through `/proc/self/clear_refs`) or the process's so far.
    package var peakResetPerRun: Bool
    package var runs: [Run]

    /// What the summary values are: `"median"` over the runs.
    package var summary = "median"
    // Medians over the runs.
    package var wallMs: Double
    package var framesPerSecond: Double
    package var bytesWritten: Int
    package var peakRSSBytes: Int
    package var zlibOnlyMs: Double
    package var ratioToZlib: Double
    package var realTimeFactor: Double
    package var fileCreationMs: Double
    package var ratioToFileCreation: Double
    /// Smallest and largest wall time over the runs, ms.
    package var wallMsRange: [Double] = []
    /// Smallest and largest ratio to the zlib floor over the runs.
    package var ratioToZlibRange: [Double] = []
    /// With `--peer`: the peer's figures.
    package var peer: Peer?

    /// Every member, in order; those with a default may be left out.
    package init(plan: String, windowMs: Int, frameIntervalMs: Int, scale: Int, frames: Int, cores: Int, build: String, zlibVersion: String, baselineRSSBytes: Int, peakResetPerRun: Bool, runs: [Run], summary: String = "median", wallMs: Double, framesPerSecond: Double, bytesWritten: Int, peakRSSBytes: Int, zlibOnlyMs: Double, ratioToZlib: Double, realTimeFactor: Double, fileCreationMs: Double, ratioToFileCreation: Double, wallMsRange: [Double] = [], ratioToZlibRange: [Double] = [], peer: Peer? = nil) {
        self.plan = plan
        self.windowMs = windowMs
        self.frameIntervalMs = frameIntervalMs
        self.scale = scale
        self.frames = frames
        self.cores = cores
        self.build = build
        self.zlibVersion = zlibVersion
        self.baselineRSSBytes = baselineRSSBytes
        self.peakResetPerRun = peakResetPerRun
        self.runs = runs
        self.summary = summary
        self.wallMs = wallMs
        self.framesPerSecond = framesPerSecond
        self.bytesWritten = bytesWritten
        self.peakRSSBytes = peakRSSBytes
        self.zlibOnlyMs = zlibOnlyMs
        self.ratioToZlib = ratioToZlib
        self.realTimeFactor = realTimeFactor
        self.fileCreationMs = fileCreationMs
        self.ratioToFileCreation = ratioToFileCreation
        self.wallMsRange = wallMsRange
        self.ratioToZlibRange = ratioToZlibRange
        self.peer = peer
    }

    /// The median of `values` (the mean of the middle two for an even count); 0 when empty.
    package static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// `value` rounded to `places` decimals.
    package static func rounded(_ value: Double, places: Int) -> Double {
        let factor = pow(10, Double(places))
        return (value * factor).rounded() / factor
    }

    /// Sets the medians from ``runs``.
    package mutating func summarize() {
        func middle(_ key: (Run) -> Double, places: Int) -> Double { Self.rounded(Self.median(runs.map(key)), places: places) }
        wallMs = middle({ $0.wallMs }, places: 1)
        framesPerSecond = middle({ $0.framesPerSecond }, places: 1)
        bytesWritten = Int(Self.median(runs.map { Double($0.bytesWritten) }))
        peakRSSBytes = Int(Self.median(runs.map { Double($0.peakRSSBytes) }))
        zlibOnlyMs = middle({ $0.zlibOnlyMs }, places: 1)
        ratioToZlib = middle({ $0.ratioToZlib }, places: 3)
        realTimeFactor = middle({ $0.realTimeFactor }, places: 1)
        fileCreationMs = middle({ $0.fileCreationMs }, places: 1)
        ratioToFileCreation = middle({ $0.ratioToFileCreation }, places: 2)
        wallMsRange = [runs.map(\.wallMs).min() ?? 0, runs.map(\.wallMs).max() ?? 0]
        ratioToZlibRange = [runs.map(\.ratioToZlib).min() ?? 0, runs.map(\.ratioToZlib).max() ?? 0]
        if peer != nil {
            let times = runs.compactMap(\.peerWallMs)
            peer?.wallMs = Self.rounded(Self.median(times), places: 1)
            peer?.wallMsRange = [times.min() ?? 0, times.max() ?? 0]
            peer?.bytes = Int(Self.median(runs.compactMap { $0.peerBytes.map(Double.init) }))
            peer?.ratioToFilmstrip = wallMs > 0 ? Self.rounded(Self.median(times) / wallMs, places: 2) : 0
        }
    }

    private var filmstripSize: String {
        guard let peer else { return "" }
        return "\(peer.filmstripWidth)×\(peer.filmstripHeight)"
    }

    /// One JSON object, sorted keys, final newline.
    package func jsonData() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = (try? encoder.encode(self)) ?? Data()
        data.append(0x0A)
        return data
    }

    /// The table: a heading, one row per run, the medians, and what the floor is.
    package var lines: [String] {
        func mebibytes(_ bytes: Int) -> String { String(format: "%.1f", Double(bytes) / 1_048_576) }
        func row(
            _ label: String, _ frames: Int, _ wall: Double, _ fps: Double, _ bytes: Int, _ rss: Int, _ zlib: Double, _ ratio: Double,
            _ files: Double, _ filesRatio: Double, _ realTime: Double, _ peer: Double?, _ others: Double?
        ) -> String {
            [
                label.padding(toLength: 7, withPad: " ", startingAt: 0),
                String(frames).leftPadded(7), String(format: "%.1f", wall).leftPadded(10), String(format: "%.1f", fps).leftPadded(9),
                Quantity.grouped(bytes).leftPadded(14), mebibytes(rss).leftPadded(12), String(format: "%.1f", zlib).leftPadded(13),
                String(format: "%.3f", ratio).leftPadded(8), String(format: "%.1f", files).leftPadded(9), String(format: "%.2f", filesRatio).leftPadded(8),
                String(format: "%.1f", realTime).leftPadded(10),
                self.peer == nil ? "" : (peer.map { String(format: "%.1f", $0) } ?? "").leftPadded(9),
                (others.map { String(format: "%.0f%%", $0) } ?? "").leftPadded(8),
            ].filter { !$0.isEmpty }.joined(separator: " ").trimmingTrailingSpaces()
        }
        var lines = [
            "bench · \(plan) · \(frames) frames every \(Quantity.grouped(frameIntervalMs)) ms · window \(Quantity.grouped(windowMs)) ms · scale \(scale)× · \(cores) cores · \(build) build",
            "run      frames    wall ms  frames/s  bytes written  peak RSS MiB  zlib-only ms    ratio  files ms  ÷ files  × real time"
                + (peer == nil ? "" : "  peer ms") + "    others",
        ]
        for run in runs {
            lines.append(row(
                String(run.run), run.frames, run.wallMs, run.framesPerSecond, run.bytesWritten, run.peakRSSBytes, run.zlibOnlyMs, run.ratioToZlib,
                run.fileCreationMs, run.ratioToFileCreation, run.realTimeFactor, run.peerWallMs, run.othersCPUPercent))
        }
        lines.append(row(
            "median", frames, wallMs, framesPerSecond, bytesWritten, peakRSSBytes, zlibOnlyMs, ratioToZlib, fileCreationMs, ratioToFileCreation,
            realTimeFactor, peer?.wallMs, nil))
        lines.append("median: the middle of the \(runs.count) run(s) in each column (the mean of the middle two for an even count); spread over the runs: wall \(String(format: "%.1f", wallMsRange.first ?? 0))–\(String(format: "%.1f", wallMsRange.last ?? 0)) ms, ratio \(String(format: "%.3f", ratioToZlibRange.first ?? 0))–\(String(format: "%.3f", ratioToZlibRange.last ?? 0))")
        let input = runs.first?.zlibInputBytes ?? 0
        let output = runs.first?.zlibOutputBytes ?? 0
        lines.append("floor: zlib \(zlibVersion) alone, one core, level 6, each frame's RGBA scanlines with filter byte 0: \(Quantity.grouped(input)) bytes in, \(Quantity.grouped(output)) out; ratio = wall ÷ floor")
        let files = runs.first?.filesWritten ?? 0
        lines.append("files: creating the \(files) files the recording wrote, same sizes and folders, temporary file + write + fsync + rename, on all cores; ÷ files = wall ÷ files ms")
        if let peer {
            lines.append("peer: python3 \(peer.script) at \(peer.width)×\(peer.height) pixels (filmstrip: \(filmstripSize)), same frame count, run after each recording; its own draw-and-save time")
            lines.append("peer median \(String(format: "%.1f", peer.wallMs)) ms (\(String(format: "%.1f", peer.wallMsRange.first ?? 0))–\(String(format: "%.1f", peer.wallMsRange.last ?? 0))), \(Quantity.grouped(peer.bytes)) bytes; filmstrip median \(String(format: "%.1f", wallMs)) ms: filmstrip is \(String(format: "%.2f", peer.ratioToFilmstrip))× faster")
        }
        lines.append("others: processor time other processes took during each run, in % of one processor; above a few % the run shared its cores")
        if let run = runs.first {
            lines.append("images per run: \(run.paletteImages) palette PNG, \(run.rgbaImages) RGBA PNG, \(run.repeatedImages) identical to an earlier image and written from its bytes (not encoded again)")
        }
        lines.append("memory: \(mebibytes(baselineRSSBytes)) MiB resident before the first run; peak RSS \(peakResetPerRun ? "per run (VmHWM, reset before each run)" : "of the process so far (cannot be reset here)")")
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
