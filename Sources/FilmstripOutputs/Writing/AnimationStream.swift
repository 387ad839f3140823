import FilmstripPNG
import FilmstripRaster
import FilmstripReports
import Foundation
import Synchronization

/// Builds `animation.png` while ``OutputRenderer`` draws the frames, batch by batch: each
/// batch's frames are encoded on all cores (each needs only the frame before it), then wrapped in
/// order by an ``AnimatedPNGWriter``. Between batches it keeps only the last frame drawn (at 1×),
/// never the animation's earlier frames or bytes.
package struct AnimationStream {
    private var writer: AnimatedPNGWriter
    private let scale: Int
    /// Position in the run's frames → delay, ms.
    private let schedule: AnimationSchedule.Frames
    /// The animation frame the next drawn frame becomes.
    private var next = 0
    /// The last frame appended, at 1×.
    private var previous: Canvas?

    /// A stream for `schedule`'s frames, each `frameWidth` × `frameHeight` pixels at 1×, written at `scale`.
    /// - Throws: ``FilmstripError`` (output, naming `path`) when the schedule is empty or the size too large.
    init(schedule: AnimationSchedule, frameWidth: Int, frameHeight: Int, scale: Int, path: String) throws(FilmstripError) {
        do throws(PNGError) {
            writer = try AnimatedPNGWriter(width: frameWidth * scale, height: frameHeight * scale, frameCount: schedule.frames.count)
        } catch {
            throw FilmstripError(.output(path: path, reason: error.description))
        }
        self.scale = scale
        self.schedule = schedule.frames
    }

    /// The bytes of `frames` (positions in the run's frames, in time order, with their 1×
    /// canvases; dropped frames absent).
    /// - Throws: ``FilmstripError`` (output, naming `path`) when libpng fails.
    mutating func bytes(for frames: [(position: Int, canvas: Canvas)], path: String) throws(FilmstripError) -> Data {
        guard !frames.isEmpty else { return Data() }
        let encoded = Mutex<[Result<AnimatedPNGFrame, PNGError>?]>(Array(repeating: nil, count: frames.count))
        let before = previous
        let scale = self.scale
        // The batch's frames are the next drawn frames, in order: animation frames next, next + 1, …
        let first = next
        let schedule = self.schedule
        precondition(first + frames.count <= schedule.count && zip(frames, schedule[first...]).allSatisfy { $0.position == $1.position }, "frames out of the animation's order")
        DispatchQueue.concurrentPerform(iterations: frames.count) { offset in
            let earlier = offset == 0 ? before : frames[offset - 1].canvas
            let result = Result { () throws(PNGError) -> AnimatedPNGFrame in
                try AnimatedPNGFrame.encode(frames[offset].canvas, after: earlier, scale: scale, delayMs: schedule[first + offset].delayMs)
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
