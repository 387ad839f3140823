import FilmstripPNG
import FilmstripRaster
import FilmstripReports
import Foundation
import Synchronization

/// Builds `animation.png` while ``OutputRenderer`` draws the frames, batch by batch: each
/// batch's frames are renumbered into one palette in order (``admit(_:)``), encoded on any core
/// (each needs only the frame before it: ``encode(_:)``), then wrapped in order by an
/// ``AnimatedPNGWriter`` (``add(_:)``). Between batches it keeps only the last frame admitted (as
/// palette numbers) and the frames' encoded bytes (in memory up to 512 KiB, then in an anonymous temporary file:
/// ``SpilledBytes``), never their pixels.
///
/// Every frame is stored as indices into one palette (``AnimationPalette``, the colours in
/// order of first appearance), the changed rectangle's rows filtered and deflated as the frame
/// files are: the palette goes before the first frame, so the file is written once the last
/// frame is drawn (``write(to:)``). The indices are packed at 4 bits while the palette holds at
/// most 16 colours (every shipped plan's does) and at 8 bits once a frame brings a 17th: the
/// frames packed at 4 bits before it are then widened as the file is written
/// (``AnimationWidening``), so the file is the one an 8-bit stream would have written. A run whose frames show more than 256 colours in all cannot
/// share one palette: the stream then says so (``needsRGBA``), and the renderer draws the
/// frames again into an 8-bit RGBA animation (``RGBA``).
package struct AnimationStream {
    private var writer: AnimatedPNGWriter
    private let scale: Int
    /// Position in the run's frames → delay, ms.
    private let schedule: AnimationSchedule.Frames
    /// The animation frame the next drawn frame becomes.
    private var next = 0
    /// The last frame admitted, with its numbering into ``palette``.
    private var previous: Numbered?
    /// Frames admitted whose encodings are not added yet.
    private var admitted = 0
    private var palette = AnimationPalette()
    private let body = SpilledBytes()
    private let path: String
    /// True once a frame had more than 256 colours, or the frames together did.
    package private(set) var needsRGBA = false
    /// The bits a palette index takes in the frames admitted from now on: 4 while the palette
    /// holds at most 16 entries, then 8 for good.
    private(set) var bitDepth = 4
    /// How many frames were admitted at 4 bits: widened when the animation ends at 8.
    private var fourBitFrames = 0
    /// The settings the frames' rows are deflated with (``PNGSettings/paletteAnimation``).
    static let settings = PNGSettings.paletteAnimation

    /// A stream for `schedule`'s frames, each `frameWidth` × `frameHeight` pixels at 1×, written at `scale`.
    /// - Throws: ``FilmstripError`` (output, naming `path`) when the schedule is empty or the size too large.
    init(schedule: AnimationSchedule, frameWidth: Int, frameHeight: Int, scale: Int, path: String)
        throws(FilmstripError)
    {
        do throws(PNGError) {
            writer = try AnimatedPNGWriter(
                width: frameWidth * scale, height: frameHeight * scale,
                frameCount: schedule.frames.count, colour: .palette)
        } catch {
            throw FilmstripError(.output(path: path, reason: error.description))
        }
        self.scale = scale
        self.schedule = schedule.frames
        self.path = path
    }

    /// A frame's own indices and how they become numbers into the one palette.
    final class Numbered: Sendable {
        let image: IndexedImage
        let numbering: AnimationPalette.Numbering
        /// ``indices`` once made: a frame is encoded as itself and as the next frame's previous
        /// one, on any cores, and renumbered once.
        private let renumbered = Mutex<[UInt8]?>(nil)

        init(image: IndexedImage, numbering: AnimationPalette.Numbering) {
            self.image = image
            self.numbering = numbering
        }

        /// The frame's pixels as numbers into the one palette (made on the core that encodes
        /// first, then kept while a job holds the frame).
        var indices: [UInt8] {
            guard numbering.map != nil else { return image.indices }
            return renumbered.withLock { made in
                if let made { return made }
                let indices = numbering.indices(of: image)
                made = indices
                return indices
            }
        }
    }

    /// One frame's encoding, made in time order by ``admit(_:)`` and done on any core by
    /// ``encode(_:)``: the frame's and the previous frame's pixels with their numberings into
    /// the one palette (about 84 KB each for a frame of 448 × 187, shared with the drawn
    /// images; no canvas is held). The pixels are renumbered by ``encode(_:)``, on any core, not
    /// in ``admit(_:)``, which runs between batches on one.
    struct Job: Sendable {
        let frame: Numbered
        let previous: Numbered?
        let width: Int
        let height: Int
        let scale: Int
        let delayMs: Int
        /// The bits each index is packed at: 4 or 8.
        let bitDepth: Int
    }

    /// Adds `frames` (positions in the run's frames, in time order, with their images as drawn;
    /// dropped frames absent), renumbered into the one palette, and encodes them on all cores.
    /// - Throws: ``FilmstripError`` (output, naming the animation) when zlib fails or the
    ///   temporary file cannot be written.
    mutating func append(_ frames: [(position: Int, image: DrawnImage)]) throws(FilmstripError) {
        try add(Self.encode(admit(frames)))
    }

    /// Encodes `jobs` on all cores; the results are in the jobs' order.
    static func encode(_ jobs: [Job]) -> [Result<AnimatedPNGFrame, PNGError>] {
        let encoded = Mutex<[Result<AnimatedPNGFrame, PNGError>?]>(
            Array(repeating: nil, count: jobs.count))
        DispatchQueue.concurrentPerform(iterations: jobs.count) { offset in
            let result = encode(jobs[offset])
            encoded.withLock { $0[offset] = result }
        }
        return encoded.withLock { $0 }.compactMap { $0 }
    }

    /// Takes `frames` (positions in the run's frames, in time order, with their images as drawn;
    /// dropped frames absent) into the animation: renumbers them into the one palette, in order,
    /// and returns their encodings to do (``encode(_:)``, on any core), to be handed back to
    /// ``add(_:)`` in the same order before the next frames are admitted or written. Returns none
    /// once the frames show more than 256 colours (``needsRGBA``).
    mutating func admit(_ frames: [(position: Int, image: DrawnImage)]) -> [Job] {
        guard !frames.isEmpty, !needsRGBA else { return [] }
        let first = next
        Self.requireOrder(frames.map(\.position), from: first, of: schedule)
        var numbered: [Numbered] = []
        numbered.reserveCapacity(frames.count)
        for frame in frames {
            guard let indexed = frame.image.indexed, let numbering = palette.numbering(of: indexed)
            else {
                needsRGBA = true
                return []
            }
            numbered.append(Numbered(image: indexed, numbering: numbering))
        }
        // One depth for the batch: 8 once the palette (with this batch's colours) passes 16.
        if palette.entries.count / 4 > 16 { bitDepth = 8 }
        if bitDepth == 4 { fourBitFrames += numbered.count }
        var jobs: [Job] = []
        jobs.reserveCapacity(frames.count)
        for (offset, frame) in numbered.enumerated() {
            jobs.append(
                Job(
                    frame: frame, previous: previous, width: frame.image.width, height: frame.image.height,
                    scale: scale, delayMs: schedule[first + offset].delayMs, bitDepth: bitDepth))
            previous = frame
        }
        next += frames.count
        admitted += jobs.count
        return jobs
    }

    /// Encodes one frame admitted by ``admit(_:)``; safe on any core.
    static func encode(_ job: Job) -> Result<AnimatedPNGFrame, PNGError> {
        Result { () throws(PNGError) -> AnimatedPNGFrame in
            try AnimatedPNGFrame.encode(
                indices: job.frame.indices, width: job.width, height: job.height, after: job.previous?.indices,
                scale: job.scale, delayMs: job.delayMs, bitDepth: job.bitDepth, settings: settings)
        }
    }

    /// Adds the encodings of the frames admitted last, in the order ``admit(_:)`` returned them.
    /// Nothing is added once the stream ``needsRGBA``.
    /// - Throws: ``FilmstripError`` (output, naming the animation) when zlib failed or the
    ///   temporary file cannot be written.
    mutating func add(_ encoded: [Result<AnimatedPNGFrame, PNGError>]) throws(FilmstripError) {
        guard !needsRGBA else { return }
        precondition(encoded.count <= admitted, "more encodings than frames admitted")
        admitted -= encoded.count
        for result in encoded {
            let bytes: [UInt8]
            do throws(PNGError) {
                bytes = try writer.bytes(for: result.get())
            } catch {
                throw FilmstripError(.output(path: path, reason: error.description))
            }
            try body.append(bytes, for: path)
        }
    }

    /// Writes the whole file to `append`, in pieces: the header with the palette and the frames'
    /// bit depth, every frame (those packed at 4 bits widened when the animation ended at 8), `IEND`.
    /// Not for a stream that ``needsRGBA``.
    /// - Throws: ``FilmstripError`` (output, naming the animation) when frames are missing or the
    ///   temporary file cannot be read, or what `append` throws.
    func write(to append: (Data) throws(FilmstripError) -> Void) throws(FilmstripError) {
        precondition(
            !needsRGBA, "an animation of more than 256 colours is written by AnimationStream.RGBA")
        let head: [UInt8]
        let tail: [UInt8]
        do throws(PNGError) {
            head = try writer.header(palette: palette.entries, bitDepth: bitDepth)
            tail = try writer.finish()
        } catch {
            throw FilmstripError(.output(path: path, reason: error.description))
        }
        try append(Data(head))
        if bitDepth == 8, fourBitFrames > 0 {
            var widening = AnimationWidening(frames: fourBitFrames, settings: Self.settings, path: path)
            try body.drain(for: path) { (piece: Data) throws(FilmstripError) in try widening.pass(piece, to: append) }
            try widening.finish()
        } else {
            try body.drain(for: path, into: append)
        }
        try append(Data(tail))
    }

    /// Stops the run when `positions` are not the drawn frames the schedule has next, from `first` on.
    static func requireOrder(_ positions: [Int], from first: Int, of schedule: AnimationSchedule.Frames) {
        precondition(
            first + positions.count <= schedule.count && zip(positions, schedule[first...]).allSatisfy { $0 == $1.position },
            "frames out of the animation's order")
    }

    /// The animation of a run whose frames show more than 256 colours: 8-bit RGBA frames, each
    /// the changed rectangle with libpng's adaptive filters (``PNGSettings/animation``), written
    /// to the document batch by batch as they are drawn again.
    struct RGBA {
        private var writer: AnimatedPNGWriter
        private let scale: Int
        private let schedule: AnimationSchedule.Frames
        private var next = 0
        private var previous: Canvas?

        /// - Throws: ``FilmstripError`` (output, naming `path`) when the schedule is empty or the size too large.
        init(
            schedule: AnimationSchedule, frameWidth: Int, frameHeight: Int, scale: Int, path: String
        ) throws(FilmstripError) {
            do throws(PNGError) {
                writer = try AnimatedPNGWriter(
                    width: frameWidth * scale, height: frameHeight * scale,
                    frameCount: schedule.frames.count)
            } catch {
                throw FilmstripError(.output(path: path, reason: error.description))
            }
            self.scale = scale
            self.schedule = schedule.frames
        }

        /// The bytes of `frames` (positions in the run's frames, in time order, with their 1×
        /// canvases; dropped frames absent).
        /// - Throws: ``FilmstripError`` (output, naming `path`) when libpng fails.
        mutating func bytes(for frames: [(position: Int, canvas: Canvas)], path: String)
            throws(FilmstripError) -> Data
        {
            guard !frames.isEmpty else { return Data() }
            let encoded = Mutex<[Result<AnimatedPNGFrame, PNGError>?]>(
                Array(repeating: nil, count: frames.count))
            let before = previous
            let scale = self.scale
            let first = next
            let schedule = self.schedule
            AnimationStream.requireOrder(frames.map(\.position), from: first, of: schedule)
            DispatchQueue.concurrentPerform(iterations: frames.count) { offset in
                let earlier = offset == 0 ? before : frames[offset - 1].canvas
                let result = Result { () throws(PNGError) -> AnimatedPNGFrame in
                    try AnimatedPNGFrame.encode(
                        frames[offset].canvas, after: earlier, scale: scale,
                        delayMs: schedule[first + offset].delayMs)
                }
                encoded.withLock { $0[offset] = result }
            }
            var data = Data()
            do throws(PNGError) {
                for result in encoded.withLock({ $0 }) {
                    guard let result else { continue }
                    data.append(contentsOf: try writer.bytes(for: result.get()))
                }
            } catch {
                throw FilmstripError(.output(path: path, reason: error.description))
            }
            previous = frames.last?.canvas
            next += frames.count
            return data
        }

        /// The closing bytes.
        /// - Throws: ``FilmstripError`` (output, naming `path`) when frames are missing.
        func finish(path: String) throws(FilmstripError) -> Data {
            do throws(PNGError) {
                return Data(try writer.finish())
            } catch {
                throw FilmstripError(.output(path: path, reason: error.description))
            }
        }
    }
}
