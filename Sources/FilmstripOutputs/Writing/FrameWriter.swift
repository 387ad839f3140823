import FilmstripPNG
import FilmstripRaster
import Foundation
import Synchronization

/// `record`'s image sink: encodes every image of a run as PNG, on all cores, and writes it.
///
/// An image with at most 256 colours is indexed at 1× and written as a palette PNG expanded by
/// the scale; others as RGBA. The first image of each key is encoded in ``prepare(_:_:)``, on
/// the core that drew it, so a batch is drawn and encoded in one pass over the cores. An image identical to one already
/// written in this run (same scale and pixels: a hash of the indexed pixels, then a full
/// comparison) is not encoded again: the bytes already encoded are written again. Whether an
/// image is a repeat depends only on pixels, so the files and the counts are the same on every
/// run, however the cores share the work. What is kept across batches is one hash and one path
/// per distinct image written, for the last ``rememberedImages`` distinct images (so memory
/// does not grow with a long run whose every frame differs); a repeat of an image from an
/// earlier batch is confirmed by decoding that earlier file and comparing its pixels.
package final class FrameWriter: ImageSink {
    /// One image, indexed (or not) and hashed, ready to encode.
    package struct Prepared: Sendable {
        enum Pixels: Equatable, Sendable {
            case indexed(IndexedImage)
            case rgba(Canvas)
        }

        let path: String
        let pixels: Pixels
        let scale: Int
        /// A hash of `pixels` and `scale`.
        let key: Int
        /// The file's bytes when ``FrameWriter/prepare(_:_:)`` encoded the image and handed it
        /// to the write queue (the first image of its key in the batch, and a key no earlier
        /// batch wrote); nil when ``FrameWriter/finish(_:)`` provides them.
        var encoded: [UInt8]?

        func sameImage(as other: Prepared) -> Bool {
            key == other.key && scale == other.scale && pixels == other.pixels
        }
    }

    /// What the writer did, for `bench`.
    package struct Statistics: Equatable, Sendable {
        /// Images encoded as palette PNGs.
        package var palette = 0
        /// Images encoded as RGBA PNGs (more than 256 colours).
        package var rgba = 0
        /// Images identical to one written earlier in the run, whose bytes were written again.
        package var repeated = 0
        /// Bytes of the PNG files written.
        var bytes = 0
    }

    private let folder: OutputFolder
    /// Key → path of the first image written with that key, for the last
    /// ``rememberedImages`` distinct images written (oldest forgotten first).
    private let written = Mutex(RecentImages())
    private let counts = Mutex(Statistics())
    private let digests = Mutex<[String: String]>([:])
    /// The keys of the images of the current batch that ``prepare(_:_:)`` encoded.
    private let claimedKeys = Mutex<Set<Int>>([])
    /// The files handed to ``writeLater(_:to:)`` and not yet written, and the first write that failed.
    private let pendingWrites = DispatchGroup()
    private let writeFailure = Mutex<FilmstripError?>(nil)
    /// At most this many files wait to be written (about 2 KB each for a frame): few, so few
    /// threads wait on the disk at once.
    private let writeSlots = DispatchSemaphore(value: 8)
    /// The files written under their temporary names and not yet committed (flushed together,
    /// then renamed: ``AtomicFile/commit(_:)``).
    private let staged = Mutex<[AtomicFile.Staged]>([])
    /// How many written files are committed together: one flush for each 64 images.
    static let filesPerCommit = 64
    /// Where files are written: every write (temporary file, write, and for every
    /// ``filesPerCommit``-th one the flush and renames) waits on the disk, not on a processor,
    /// so the cores encode the next images meanwhile.
    private static let writeQueue = DispatchQueue(label: "filmstrip.image-writes", attributes: .concurrent)

    /// The SHA-256 of the image file written at `path`, forgotten once taken.
    package func takeFileDigest(_ path: String) -> String? {
        digests.withLock { $0.removeValue(forKey: path) }
    }

    /// A writer into `folder`, encoding each image with the settings for its scale
    /// (``PNGSettings/forImage(scale:)``).
    init(folder: OutputFolder) {
        self.folder = folder
    }

    /// The counts so far.
    var statistics: Statistics { counts.withLock { $0 } }

    package func prepare(_ path: String, _ image: DrawnImage) -> Prepared {
        var hasher = Hasher()
        let scale = image.scale
        hasher.combine(scale)
        let pixels = Self.pixels(of: image, settings: PNGSettings.forImage(scale: scale))
        // The pixel digest, when the image was digested, stands for its pixels (SHA-256 of them:
        // hashing them again would cost as much as the digest); equal keys are still compared
        // pixel for pixel (sameImage).
        switch (pixels, image.pixelsSHA256) {
        case (.indexed, let digest?), (.rgba, let digest?):
            hasher.combine(digest)
        case (.indexed(let indexed), nil):
            hasher.combine(indexed)
        case (.rgba(let canvas), nil):
            hasher.combine(canvas.width)
            canvas.pixels.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
        var prepared = Prepared(path: path, pixels: pixels, scale: scale, key: hasher.finalize())
        // The first image of a key no earlier batch wrote is encoded and handed to the write
        // queue here, on the core that drew it, so the batch needs no second pass over the cores
        // to encode. A later image of the same key is left to finish(_:), which copies the bytes
        // (or, after a hash collision, encodes it). Which image does the encoding depends on
        // timing; the bytes do not, and finish(_:) counts repeats by output order.
        let key = prepared.key
        let first =
            written.withLock { $0.path(of: key) } == nil
            && claimedKeys.withLock { $0.insert(key).inserted }
        // An encoder error is left for finish(_:), which encodes the image again and throws it.
        if first, let bytes = try? encode(prepared) {
            hand(bytes, to: path)
            prepared.encoded = bytes
        }
        return prepared
    }

    /// Completes the batch: every image ``prepare(_:_:)`` did not encode gets its bytes (copied
    /// from the same image earlier in the batch, confirmed from the file of an earlier batch's,
    /// or encoded, on all cores) and is handed to the write queue: a file is written
    /// (atomically: under a temporary name, renamed once flushed with others, ``AtomicFile``)
    /// while the next images are drawn.
    /// A write that failed is thrown by the next call or by ``finishAll()``.
    /// When it throws, the files written and not yet committed are removed (their names keep
    /// what they held), once every pending write is done.
    package func finish(_ batch: [Prepared]) throws(FilmstripError) {
        do throws(FilmstripError) {
            try complete(batch)
        } catch {
            pendingWrites.wait()
            AtomicFile.discard(staged.withLock { $0.take() })
            throw error
        }
    }

    /// ``finish(_:)``'s work: what each image is decided in order (``ImageWritePlan``), the
    /// bytes not yet made made, every file handed to the write queue, the counts kept.
    private func complete(_ batch: [Prepared]) throws(FilmstripError) {
        defer { claimedKeys.withLock { $0.removeAll(keepingCapacity: true) } }
        if let error = writeFailure.withLock({ $0 }) { throw error }
        let known = written.withLock { table in batch.map { table.path(of: $0.key) } }
        let plans = ImageWritePlan.plans(for: batch, known: known)
        let made = try makeBytes(of: batch, plans: plans)
        // A copy of an image encoded only now.
        for (index, plan) in plans.enumerated() {
            guard case .copy(let twin) = plan, Self.encodedBytes(for: index, in: batch) == nil,
                let bytes = made[twin]?.bytes
            else { continue }
            hand(bytes, to: batch[index].path)
        }
        count(batch, plans: plans, made: made)
        written.withLock { table in
            for (index, plan) in plans.enumerated() {
                guard case .encode = plan else { continue }
                table.remember(batch[index].key, path: batch[index].path)
            }
        }
    }

    /// The bytes `prepare` encoded for `index`'s image or for the same image elsewhere in the batch.
    private static func encodedBytes(for index: Int, in batch: [Prepared]) -> [UInt8]? {
        if let bytes = batch[index].encoded { return bytes }
        return batch.first { $0.encoded != nil && $0.sameImage(as: batch[index]) }?.encoded
    }

    /// Hands over what `prepare` did not: copies and the same image encoded under another path
    /// at once; the rest is confirmed (from the earlier batch's file) or encoded on all cores,
    /// and handed over.
    /// - Returns: batch position → the bytes made now, and whether they repeat an earlier file.
    /// - Throws: the first encoder error.
    private func makeBytes(of batch: [Prepared], plans: [ImageWritePlan]) throws(FilmstripError) -> [Int: (bytes: [UInt8], repeated: Bool)] {
        var remaining: [Int] = []
        for index in batch.indices where batch[index].encoded == nil {
            if let bytes = Self.encodedBytes(for: index, in: batch) {
                hand(bytes, to: batch[index].path)
            } else if case .copy = plans[index] {
                continue
            } else {
                remaining.append(index)
            }
        }
        let work = remaining
        // A repeat of an image of an earlier batch is confirmed from its file: written and
        // renamed into place by now.
        if work.contains(where: { if case .confirm = plans[$0] { true } else { false } }) {
            pendingWrites.wait()
            try commitStaged()
        }
        let results = Mutex<[Int: (bytes: [UInt8], repeated: Bool)]>([:])
        let failure = Mutex<FilmstripError?>(nil)
        DispatchQueue.concurrentPerform(iterations: work.count) { position in
            let index = work[position]
            let image = batch[index]
            do throws(FilmstripError) {
                var repeated: [UInt8]?
                if case .confirm(let file) = plans[index] { repeated = repeatedBytes(of: image, earlierFile: file) }
                let bytes: [UInt8]
                if let repeated { bytes = repeated } else { bytes = try encode(image) }
                hand(bytes, to: image.path)
                results.withLock { $0[index] = (bytes, repeated != nil) }
            } catch {
                failure.withLock { $0 = $0 ?? error }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
        return results.withLock { $0 }
    }

    /// Counts the batch by its plans, whichever core encoded what.
    private func count(_ batch: [Prepared], plans: [ImageWritePlan], made: [Int: (bytes: [UInt8], repeated: Bool)]) {
        counts.withLock { counts in
            for (index, plan) in plans.enumerated() {
                // Encoded by prepare, made now, or a copy of an image made now.
                var bytes = Self.encodedBytes(for: index, in: batch) ?? made[index]?.bytes
                if bytes == nil, case .copy(let twin) = plan { bytes = made[twin]?.bytes }
                counts.bytes += bytes?.count ?? 0
                switch plan {
                case .copy:
                    counts.repeated += 1
                case .confirm where made[index]?.repeated == true:
                    counts.repeated += 1
                case .encode, .confirm:
                    if case .indexed = batch[index].pixels { counts.palette += 1 } else { counts.rgba += 1 }
                }
            }
        }
    }

    /// Hands `bytes` to the write queue for `path` and keeps their file digest.
    private func hand(_ bytes: [UInt8], to path: String) {
        writeLater(bytes, to: path)
        let digest = PixelDigest.sha256(bytes)
        digests.withLock { $0[path] = digest }
    }

    /// Waits until every file handed over is written and renamed into place.
    /// - Throws: ``FilmstripError`` (output) for the first file that could not be written; then
    ///   no temporary file of the writer's is left.
    package func finishAll() throws(FilmstripError) {
        pendingWrites.wait()
        if let error = writeFailure.withLock({ $0 }) {
            AtomicFile.discard(staged.withLock { $0.take() })
            throw error
        }
        try commitStaged()
    }

    /// Flushes and renames every file written so far and not yet committed. Call it when no
    /// write is pending.
    /// - Throws: ``FilmstripError`` (output) for the first file that could not be flushed or renamed.
    private func commitStaged() throws(FilmstripError) {
        try AtomicFile.commit(staged.withLock { $0.take() })
    }

    /// Writes `bytes` to `path` on the write queue, under a temporary name; every
    /// ``filesPerCommit``-th file written commits those written before it. A failure is kept for
    /// ``finish(_:)`` or ``finishAll()`` to throw.
    private func writeLater(_ bytes: [UInt8], to path: String) {
        writeSlots.wait()
        let folder = self.folder
        Self.writeQueue.async(group: pendingWrites) { [self] in
            defer { writeSlots.signal() }
            do throws(FilmstripError) {
                let file = try folder.stage(Data(bytes), to: path)
                let ready = staged.withLock { files -> [AtomicFile.Staged] in
                    files.append(file)
                    return files.count >= Self.filesPerCommit ? files.take() : []
                }
                try AtomicFile.commit(ready)
            } catch {
                writeFailure.withLock { $0 = $0 ?? error }
            }
        }
    }

    /// The bytes of `earlierFile` when it decodes to exactly `image`'s pixels; nil otherwise.
    private func repeatedBytes(of image: Prepared, earlierFile: String) -> [UInt8]? {
        guard let data = folder.read(earlierFile) else { return nil }
        let bytes = Array(data)
        guard let decoded = try? PNGCodec.decode(bytes) else { return nil }
        let fresh: Canvas
        switch image.pixels {
        case .indexed(let indexed): fresh = indexed.canvas()
        case .rgba(let canvas): fresh = canvas
        }
        guard decoded.width == fresh.width * image.scale, decoded.height == fresh.height * image.scale else { return nil }
        return PixelDifference.between(decoded, fresh, scale: image.scale) == nil ? bytes : nil
    }

    /// The PNG bytes of `image` enlarged by its scale, as `record` writes them with the settings for that scale.
    /// - Throws: ``FilmstripError`` (output, naming the file) when the encoder refuses the image.
    private func encode(_ image: Prepared) throws(FilmstripError) -> [UInt8] {
        do throws(PNGError) {
            switch image.pixels {
            case .indexed(let indexed): return try PNGCodec.encode(indexed, scale: image.scale)
            case .rgba(let canvas): return try PNGCodec.encode(canvas, scale: image.scale)
            }
        } catch {
            throw FilmstripError(.output(path: "\(folder.path)/\(image.path)", reason: error.description))
        }
    }

    /// `image` as the writer encodes it: indexed when `settings` allow a palette and it has at
    /// most 256 colours, RGBA otherwise.
    private static func pixels(of image: DrawnImage, settings: PNGSettings) -> Prepared.Pixels {
        if settings.allowPalette, let indexed = image.indexed { return .indexed(indexed) }
        return .rgba(image.canvas)
    }

    /// How many distinct images the writer remembers to find repeats among: 4,096 (about 150 KiB
    /// of keys and paths). A repeat of an image older than that is encoded again; the bytes are
    /// the same either way, and which images count as repeats depends only on the frames' order.
    static let rememberedImages = 4_096

    /// Key → path of the last ``rememberedImages`` distinct images, oldest forgotten first.
    struct RecentImages {
        private var paths: [Int: String] = [:]
        private var order: [Int] = []
        private var oldest = 0

        func path(of key: Int) -> String? { paths[key] }

        mutating func remember(_ key: Int, path: String) {
            guard paths[key] == nil else { return }
            paths[key] = path
            if order.count < FrameWriter.rememberedImages {
                order.append(key)
            } else {
                paths[order[oldest]] = nil
                order[oldest] = key
                oldest = (oldest + 1) % order.count
            }
        }
    }
}

extension Array {
    /// The elements, leaving the array empty (its capacity kept).
    fileprivate mutating func take() -> [Element] {
        defer { removeAll(keepingCapacity: true) }
        return self
    }
}
