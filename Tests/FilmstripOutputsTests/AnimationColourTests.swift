import CZlib
import FilmstripCore
@testable import FilmstripOutputs
import FilmstripPNG
import FilmstripRaster
import FilmstripReports
import FilmstripTestSupport
import Foundation
import Synchronization
import Testing

/// `animation.png` keeps one palette for every frame while the run's colours fit 256 entries, and
/// is written as 8-bit RGBA, every frame drawn again, when they do not.
@Suite struct AnimationColourTests {
    /// A bench of the test's own: 300 ms loading, then loaded; its panel paints a band of
    /// `coloursPerPhase` colours of its own in each phase, different colours per phase.
    final class BandBench: Bench {
        var counters: [String: Int] { [:] }
        func phaseDetail(of phase: Phase, atMs timeMs: Int) -> String? { nil }
        var notes: [String] { [] }
        var loadTimings: [LoadTiming] { [] }
        enum Phase: BenchPhase {
            enum Name: String, CaseIterable, Sendable { case loading, loaded }
            case loading, loaded
            var name: Name { self == .loading ? .loading : .loaded }
        }

        struct Settings: BenchSettings {}

        struct Band: Panel {
            let coloursPerPhase: Int
            func depictionChanges(in phase: Phase, enteredAtMs: Int) -> [Int] { [] }
            var id: String { "band" }
            var title: String { "BAND" }
            var tint: Color { Palette.mint }
            func depiction(for phase: Phase, atMs timeMs: Int) -> Depiction {
                Depiction(phase == .loading ? "spinner" : "rows")
            }
            func draw(_ phase: Phase, atMs timeMs: Int, on painter: inout PanelPainter) {
                for i in 0..<coloursPerPhase {
                    let colour = Color(
                        red: UInt8(i % 256), green: phase == .loading ? 7 : 200,
                        blue: UInt8(i / 256 + 1))
                    painter.canvas.fill(
                        Rect(x: i % 100, y: 20 + i / 100, width: 1, height: 1), with: colour)
                }
            }
        }

        let phase = Mutex(Phase.loading)
        var initialPhase: Phase { .loading }
        func phase(atMs timeMs: Int) -> Phase { phase.withLock { $0 } }
        func run(clock: BenchClock, timeline: TimelineLog<Phase>) async {
            do { try await clock.sleep(forMs: 300) } catch { return }
            phase.withLock { $0 = .loaded }
            timeline.enter(.loaded, atMs: clock.nowMs())
        }

        static func plan(coloursPerPhase: Int, windowMs: Int = 600, frameIntervalMs: Int = 100) throws -> CapturePlan {
            let definition = BenchDefinition(
                name: "band",
                summary: "paints a band of colours",
                phases: { (_: Phase.Name) in PhaseStyle(color: .white) },
                panels: [PanelEntry<Phase, Settings>(Band(coloursPerPhase: coloursPerPhase))],
                run: .init(
                    members: [],
                    settings: { _, _ in Settings() },
                    bench: { _, _ in BandBench() }),
                analysis: .init(
                    depictions: [
                        DepictionStyle("spinner", color: .white), DepictionStyle("rows", color: .white),
                    ],
                    expect: .init()))
            return try CapturePlan(
                name: "band", bench: definition, settings: Settings(), windowMs: windowMs,
                frameIntervalMs: frameIntervalMs, scale: 2,
                expect: .init(minFrames: windowMs > 300 ? ["loaded": 1] : ["loading": 1]))
        }
    }

    /// The animation's frames composited with Pillow, one SHA-256 of RGBA8 per frame, against each
    /// frame file decoded; and the animation's IHDR colour type.
    func animation(coloursPerPhase: Int) throws -> (
        colourType: UInt8, palette: Int?, framesMatch: Bool
    ) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "animation-colours-\(UUID().uuidString)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let recording = try PlanOutputs(
            plan: try BandBench.plan(coloursPerPhase: coloursPerPhase), root: root,
            font: TestSupport.font
        ).record()
        #expect(recording.passed)
        let file = Array(try Data(contentsOf: URL(fileURLWithPath: "\(root)/band/animation.png")))
        let chunks = try PNGChunk.chunks(in: file)
        let header = try #require(chunks.first { $0.type == "IHDR" })
        let palette = chunks.first { $0.type == "PLTE" }.map { $0.data.count / 3 }
        // Every frame composited by libpng's reading of the default image is not enough: compare
        // each frame file with the animation's own frames, rebuilt here from the chunks.
        let frames = try AnimationFrames.composite(file)
        var match = frames.count == 6
        for (index, canvas) in frames.enumerated() {
            let png = try PNGCodec.decode(
                Array(
                    try Data(
                        contentsOf: URL(
                            fileURLWithPath:
                                "\(root)/band/frames/\(String(format: "%04d", index)).png"))))
            match = match && png == canvas
        }
        // check: the animation vouched for by its digests is not made; one byte of its last
        // frame flipped, it is drawn again (RGBA when the run needs it) and found to differ.
        let plan = try BandBench.plan(coloursPerPhase: coloursPerPhase)
        let untouched = try AnimationDigestTests.compare(plan, root: root)
        #expect(untouched.findings == [] && untouched.animationsMade == 0, "\(untouched.findings)")
        var tampered = file
        tampered[tampered.count - 20] ^= 0x01
        try Data(tampered).write(to: URL(fileURLWithPath: "\(root)/band/animation.png"))
        let changed = try AnimationDigestTests.compare(plan, root: root)
        #expect(changed.animationsMade == 1)
        #expect(changed.findings == ["\(root)/band/animation.png: differs from a fresh run's animation from animation frame 5"])
        return (header.data[9], palette, match)
    }

    /// Records the band bench at 10 ms a frame for `windowMs` and returns `animation.png`'s IHDR
    /// bit depth and colour type, its PLTE entries, every frame's data inflated (with the size of
    /// its region), and whether the animation's frames, rebuilt from its chunks, equal the frame files.
    func animationFrames(coloursPerPhase: Int, windowMs: Int) throws -> (
        bitDepth: UInt8, colourType: UInt8, palette: Int, rows: [(width: Int, height: Int, bytes: Int)], framesMatch: Bool
    ) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "animation-depth-\(UUID().uuidString)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let plan = try BandBench.plan(coloursPerPhase: coloursPerPhase, windowMs: windowMs, frameIntervalMs: 10)
        let recording = try PlanOutputs(plan: plan, root: root, font: TestSupport.font).record()
        #expect(recording.passed)
        let file = Array(try Data(contentsOf: URL(fileURLWithPath: "\(root)/band/animation.png")))
        let chunks = try PNGChunk.chunks(in: file)
        let header = try #require(chunks.first { $0.type == "IHDR" })
        let palette = try #require(chunks.first { $0.type == "PLTE" }).data.count / 3
        var rows: [(width: Int, height: Int, bytes: Int)] = []
        var region: (width: Int, height: Int)?
        for chunk in chunks {
            if chunk.type == "fcTL" {
                region = (Int(AnimationFrames.uInt32(chunk.data, at: 4)), Int(AnimationFrames.uInt32(chunk.data, at: 8)))
            } else if chunk.type == "IDAT" || chunk.type == "fdAT" {
                let data = chunk.type == "IDAT" ? chunk.data : Array(chunk.data.dropFirst(4))
                let place = try #require(region)
                rows.append((place.width, place.height, try #require(Self.inflated(data)).count))
            }
        }
        let frames = try AnimationFrames.composite(file)
        var match = frames.count == windowMs / 10
        for (index, canvas) in frames.enumerated() {
            let png = try PNGCodec.decode(
                Array(try Data(contentsOf: URL(fileURLWithPath: "\(root)/band/frames/\(String(format: "%04d", index)).png"))))
            match = match && png == canvas
        }
        // check vouches for the animation by its digests, without making one.
        let untouched = try AnimationDigestTests.compare(plan, root: root)
        #expect(untouched.findings == [] && untouched.animationsMade == 0, "\(untouched.findings)")
        return (header.data[8], header.data[9], palette, rows, match)
    }

    /// The bytes a zlib stream inflates to (zlib's uncompress, an inflater the writer does not
    /// use); nil when it is not one.
    static func inflated(_ stream: [UInt8]) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: 4 << 20)
        var size = uLongf(out.count)
        let status = out.withUnsafeMutableBufferPointer { to in
            stream.withUnsafeBufferPointer { from in uncompress(to.baseAddress, &size, from.baseAddress, uLong(from.count)) }
        }
        return status == Z_OK ? Array(out.prefix(Int(size))) : nil
    }

    /// The loading phase alone (250 ms: the theme's 7 colours and 6 of the band's) packs at 4 bits;
    /// 600 ms adds 6 more once loaded, past 16, so the animation is 8-bit and the frames packed
    /// at 4 bits in the first batches are widened.
    @Test(arguments: [(windowMs: 250, bitDepth: 4, palette: 13), (windowMs: 600, bitDepth: 8, palette: 19)])
    func theAnimationIsPackedAtFourBitsUpToSixteenColoursAndAtEightPastThem(windowMs: Int, bitDepth: Int, palette: Int) throws {
        let result = try animationFrames(coloursPerPhase: 6, windowMs: windowMs)
        #expect(Int(result.bitDepth) == bitDepth && result.colourType == 3)
        #expect(result.palette == palette)
        #expect(result.framesMatch)
        // Every frame's data is its region's rows at the depth: a filter byte and the row's pixels packed.
        #expect(result.rows.count == windowMs / 10)
        for row in result.rows { #expect(row.bytes == row.height * (1 + (row.width * bitDepth + 7) / 8), "\(row)") }
    }

    @Test func theAnimationIsTheSameWhereverTheBatchesFell() throws {
        // 60 frames 10 ms apart; the 17th colour comes with the loaded phase, 300 ms in. Given in
        // one batch, every frame is packed at 8 bits from the start; given in smaller batches,
        // the frames before the batch that brings the 17th colour are packed at 4 bits and
        // widened as the file is written. The bytes must not tell the two apart.
        let plan = try BandBench.plan(coloursPerPhase: 6, windowMs: 600, frameIntervalMs: 10)
        let run = try plan.run(clock: .virtual)
        let schedule = AnimationSchedule(run)
        let size = run.logicalFrameSize(font: TestSupport.font)
        let images = try schedule.frames.map { frame in
            let canvas = try #require(run.render(run.frames[frame.position], font: TestSupport.font, scale: 1)).canvas
            return (position: frame.position, image: DrawnImage(canvas: canvas, scale: plan.scale, digested: false))
        }
        func written(batch: Int) throws -> [UInt8] {
            var stream = try AnimationStream(
                schedule: schedule, frameWidth: size.width, frameHeight: size.height, scale: plan.scale, path: "animation.png")
            for start in stride(from: 0, to: images.count, by: batch) {
                try stream.append(Array(images[start..<min(images.count, start + batch)]))
            }
            var file = Data()
            try stream.write { file.append($0) }
            return Array(file)
        }
        let whole = try written(batch: images.count)
        #expect(images.count == 60)
        // IHDR's bit depth (after the 8-byte signature, the chunk's length and type, width and height).
        #expect(whole[24] == 8)
        for batch in [1, 7, 16, 29, 30, 31, 59] {
            #expect(try written(batch: batch) == whole, "batches of \(batch)")
        }
    }

    @Test func coloursThatFitOnePaletteGiveAPaletteAnimation() throws {
        let result = try animation(coloursPerPhase: 100)
        #expect(result.colourType == 3)
        #expect(
            result.palette.map { $0 > 200 && $0 <= 256 } == true,
            "about 200 band colours and the theme's: \(String(describing: result.palette))")
        #expect(result.framesMatch)
    }

    @Test func moreColoursThanOnePaletteHoldsGiveAnRGBAAnimationWithTheSamePixels() throws {
        // 150 colours a phase: each frame fits a palette, the two phases together do not.
        let result = try animation(coloursPerPhase: 150)
        #expect(result.colourType == 6)
        #expect(result.palette == nil)
        #expect(result.framesMatch)
    }
}

/// An APNG's frames as a viewer shows them (dispose NONE, blend SOURCE: each frame's region
/// replaces those pixels), each frame's data decoded by libpng as a PNG of its own made from the
/// file's IHDR (with the frame's size), PLTE and tRNS.
enum AnimationFrames {
    static func uInt32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }

    static func bigEndian(_ value: Int) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    }

    static func composite(_ file: [UInt8]) throws -> [Canvas] {
        let chunks = try PNGChunk.chunks(in: file)
        let header = try #require(chunks.first { $0.type == "IHDR" })
        let width = Int(uInt32(header.data, at: 0))
        let height = Int(uInt32(header.data, at: 4))
        let colourChunks = chunks.filter { $0.type == "PLTE" || $0.type == "tRNS" }
        var image = Canvas(width: width, height: height)
        var frames: [Canvas] = []
        var region: (x: Int, y: Int, width: Int, height: Int)?
        for chunk in chunks {
            switch chunk.type {
            case "fcTL":
                region = (
                    Int(uInt32(chunk.data, at: 12)), Int(uInt32(chunk.data, at: 16)),
                    Int(uInt32(chunk.data, at: 4)), Int(uInt32(chunk.data, at: 8))
                )
            case "IDAT", "fdAT":
                let place = try #require(region)
                let data = chunk.type == "IDAT" ? chunk.data : Array(chunk.data.dropFirst(4))
                var own = header.data
                own.replaceSubrange(0..<8, with: bigEndian(place.width) + bigEndian(place.height))
                var png = PNGChunk.signature + PNGChunk(type: "IHDR", data: own).bytes
                for extra in colourChunks { png += extra.bytes }
                png +=
                    PNGChunk(type: "IDAT", data: data).bytes
                    + PNGChunk(type: "IEND", data: []).bytes
                let part = try PNGCodec.decode(png)
                for y in 0..<place.height {
                    for x in 0..<place.width {
                        image.setPixel(x: place.x + x, y: place.y + y, to: part.pixel(x: x, y: y)!)
                    }
                }
                frames.append(image)
                region = nil
            default:
                continue
            }
        }
        return frames
    }
}
