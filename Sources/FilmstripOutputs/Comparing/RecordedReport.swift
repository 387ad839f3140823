import FilmstripReports
import Foundation
import Synchronization

/// A recorded `report.json`, read the way `check` needs it without holding a long run's rows:
/// the report without its frame rows (``skeleton``), how many rows it has and which frame files
/// they name, and the rows themselves read again in order, one at a time (``rows()``).
///
/// A report in filmstrip's own layout (``RunReport/jsonData()``: one key a line, each frame row
/// an object opening on a line `    {` and closing on `    }` inside `  "frames" : [`) is read in
/// pieces of 64 KiB. A report of another layout (rewritten compactly by another tool, say) up to
/// ``wholeReadLimit`` bytes is decoded whole; a larger one is not read. `record` reads an
/// earlier recording's files from it (``writtenFiles``) to remove those it no longer writes:
/// nothing is removed on the word of a file that is not such a report.
package final class RecordedReport: Sendable {
    /// The largest report of another layout decoded whole: 4 MiB.
    static let wholeReadLimit = 4 << 20

    /// The report with its ``RunReport/frames`` empty.
    package let skeleton: RunReport
    /// How many frame rows it has.
    let frameCount: Int
    /// The frame files its rows name, in order (each `frames/NNNN.png`, or another name).
    let frameFiles: FrameFileList
    private let source: Source

    private enum Source: Sendable {
        /// The file, whose rows start at this byte offset.
        case file(path: String, rowsOffset: UInt64)
        /// Rows decoded whole.
        case whole([RunReport.Frame])
    }

    /// The report at `path`; nil when it is missing or not a filmstrip report.
    ///
    /// It is opened without blocking and checked first (``InputFile``): a regular file no
    /// larger than 1 GiB (``InputFile/Limit/samples``). Its lines are read in linear time, and a
    /// line longer than ``wholeReadLimit`` (which no report in filmstrip's layout has) ends the
    /// reading: such a file is no report of filmstrip's layout, and one of another layout is
    /// decoded whole only up to that size.
    /// - Throws: ``FilmstripError`` (unreadable, exit 2) when it is there but is not a regular
    ///   file (a FIFO, a device, a folder), is above its cap, or cannot be opened.
    package static func open(path: String) throws(FilmstripError) -> RecordedReport? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        let file = try InputFile.open(path, limit: .samples)
        if let layout = Self.scan(path: path, file: file) { return layout }
        guard file.size <= wholeReadLimit, lseek(file.descriptor, 0, SEEK_SET) == 0,
              let data = try? file.handle.read(upToCount: wholeReadLimit + 1), let report = RunReport.read(data) else { return nil }
        var skeleton = report
        skeleton.frames = []
        return RecordedReport(skeleton: skeleton, frameCount: report.frames.count, frameFiles: FrameFileList(report.frames.map(\.file)), source: .whole(report.frames))
    }

    private init(skeleton: RunReport, frameCount: Int, frameFiles: FrameFileList, source: Source) {
        self.skeleton = skeleton
        self.frameCount = frameCount
        self.frameFiles = frameFiles
        self.source = source
    }

    /// Every file the report names (``RunReport/writtenFiles``): the frames' files, then the
    /// others (stills, strip, animation, contact sheet, index row, report).
    package var writtenFiles: some Sequence<String> { [AnySequence(frameFiles.files), AnySequence(skeleton.writtenFiles)].joined() }

    /// How many files the report names.
    package var writtenFileCount: Int { frameFiles.count + skeleton.writtenFiles.count }

    /// Whether the report names `path`.
    package func lists(_ path: String) -> Bool { frameFiles.contains(path) || skeleton.writtenFiles.contains(path) }

    /// What `check` reads of one recorded row: which frame, its file and its two digests.
    struct RowDigests: Decodable, Equatable {
        let index: Int
        let file: String?
        let pixelsSHA256: String?
        let fileSHA256: String?

        /// What `check` reads of `frame`.
        init(of frame: RunReport.Frame) {
            (index, file, pixelsSHA256, fileSHA256) = (frame.index, frame.file, frame.pixelsSHA256, frame.fileSHA256)
        }

        private init(index: Int, file: String?, pixelsSHA256: String?, fileSHA256: String?) {
            (self.index, self.file, self.pixelsSHA256, self.fileSHA256) = (index, file, pixelsSHA256, fileSHA256)
        }

        /// The four keys read straight from a row's own lines (those of its object, one key a
        /// line, indented six spaces: `      "index" : 3,`), without decoding the row; nil when
        /// any of them is written otherwise (a string with an escape, `null`, a key twice, no
        /// `index`), for the row to be decoded instead. Every other line is left alone: the whole
        /// row is compared as part of `report.json`'s bytes. A JSON decoder took 3% of a `check`
        /// of the shipped captures.
        static func plain(keyLines: [Data]) -> RowDigests? {
            var index: Int?
            var strings: [String: String] = [:]
            for line in keyLines {
                // The key runs from after its opening quote (the seventh byte) to the separator,
                // which must come after it: a line `      " : 1,` has none.
                guard let colon = line.firstByteRange(of: keySeparator), colon.lowerBound >= line.startIndex + 7 else { return nil }
                let key = String(decoding: line[(line.startIndex + 7)..<colon.lowerBound], as: UTF8.self)
                var value = line[colon.upperBound...]
                if value.last == UInt8(ascii: ",") { value = value.dropLast() }
                switch key {
                case "index":
                    guard index == nil, !value.isEmpty, value.count <= 18, value.allSatisfy({ (0x30...0x39).contains($0) }),
                        value.first != 0x30 || value.count == 1
                    else { return nil }
                    index = value.reduce(0) { $0 * 10 + Int($1 - 0x30) }
                case "file", "pixelsSHA256", "fileSHA256":
                    guard strings[key] == nil, value.count >= 2, value.first == UInt8(ascii: "\""), value.last == UInt8(ascii: "\"") else { return nil }
                    let inner = value.dropFirst().dropLast()
                    // No escape and no control character: the bytes are the string's.
                    guard !inner.contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\"") || $0 < 0x20 }) else { return nil }
                    strings[key] = String(decoding: inner, as: UTF8.self)
                default:
                    continue
                }
            }
            guard let index else { return nil }
            return RowDigests(index: index, file: strings["file"], pixelsSHA256: strings["pixelsSHA256"], fileSHA256: strings["fileSHA256"])
        }

        /// What separates a key from its value in filmstrip's layout.
        private static let keySeparator = Array("\" : ".utf8)
    }

    /// The rows, in order, each decoded when read, only as far as ``RowDigests`` (the rest of a
    /// row is compared as part of `report.json`'s bytes).
    func rows() -> AnyIterator<RowDigests> {
        switch source {
        case .whole(let frames):
            return AnyIterator(frames.lazy.map(RowDigests.init(of:)).makeIterator())
        case .file(let path, let offset):
            let lines = LineReader(path: path, offset: offset)
            return AnyIterator {
                guard let lines else { return nil }
                // The row's lines, joined into one object only when it has to be decoded.
                var objectLines: [Data] = []
                var keyLines: [Data] = []
                while let line = lines.next() {
                    if objectLines.isEmpty {
                        guard line.startsWithBytes(Self.rowOpen) else { return nil }
                    }
                    objectLines.append(line)
                    if line.startsWithBytes(Self.keyIndent) {
                        keyLines.append(line)
                    }
                    if line.equalsBytes(Self.rowClose) || line.equalsBytes(Self.rowCloseComma) {
                        if let plain = RowDigests.plain(keyLines: keyLines) { return plain }
                        var object = Data()
                        for line in objectLines {
                            object.append(line)
                            object.append(0x0A)
                        }
                        if object.count >= 2, object[object.count - 2] == UInt8(ascii: ",") { object.remove(at: object.count - 2) }
                        return try? JSONDecoder().decode(RowDigests.self, from: object)
                    }
                }
                return nil
            }
        }
    }

    // The lines of filmstrip's layout that `scan(path:)` and `rows()` look for.
    private static let rowsOpen = Array("  \"frames\" : [".utf8)
    private static let rowsClose = Array("  ]".utf8)
    private static let rowsCloseComma = Array("  ],".utf8)
    private static let rowOpen = Array("    {".utf8)
    private static let rowClose = Array("    }".utf8)
    private static let rowCloseComma = Array("    },".utf8)
    private static let fileKey = Array("      \"file\" : ".utf8)
    /// How a row's own keys are indented (six spaces, then the key's opening quote).
    private static let keyIndent = Array("      \"".utf8)

    /// The string of a JSON string literal (`"frames/0001.png"`, a trailing comma allowed), or nil.
    private static func literal(_ text: String) -> String? {
        let trimmed = text.hasSuffix(",") ? String(text.dropLast()) : text
        guard trimmed.hasPrefix("\""), trimmed.hasSuffix("\""), trimmed.count >= 2 else { return nil }
        return try? JSONDecoder().decode(String.self, from: Data(trimmed.utf8))
    }

    /// Reads a report in filmstrip's layout line by line: the text around the rows (decoded as
    /// the skeleton) and each row's file; nil when the file is not in that layout.
    private static func scan(path: String, file: InputFile.Opened) -> RecordedReport? {
        let lines = LineReader(file: file, offset: 0)
        var outside = Data()
        var rowsOffset: UInt64?
        var inRows = false
        var done = false
        var depth = 0
        var files = FrameFileList()
        var rows = 0
        var file: String?
        while let line = lines.next() {
            if !inRows || done {
                outside.append(line)
                outside.append(0x0A)
                if !done && line.equalsBytes(Self.rowsOpen) {
                    inRows = true
                    rowsOffset = lines.offset
                }
                continue
            }
            if depth == 0 && (line.equalsBytes(Self.rowsClose) || line.equalsBytes(Self.rowsCloseComma)) {
                done = true
                outside.append(line)
                outside.append(0x0A)
                continue
            }
            if line.equalsBytes(Self.rowOpen) {
                depth = 1
                file = nil
            } else if line.equalsBytes(Self.rowClose) || line.equalsBytes(Self.rowCloseComma) {
                depth = 0
                files.append(file)
                rows += 1
            } else if depth == 1, line.startsWithBytes(Self.fileKey) {
                file = Self.literal(String(decoding: line.dropFirst(15), as: UTF8.self).trimmingCharacters(in: .whitespaces))
            }
        }
        guard done, !lines.stoppedAtLongLine, let rowsOffset, let skeleton = try? JSONDecoder().decode(RunReport.self, from: outside), skeleton.frames.isEmpty else { return nil }
        return RecordedReport(skeleton: skeleton, frameCount: rows, frameFiles: files, source: .file(path: path, rowsOffset: rowsOffset))
    }
}

/// The frame files of a report's rows, kept compactly: one byte a row (no file, the usual
/// name ``OutputLayout/framePath(_:)`` of the row's position, or another name kept beside).
package struct FrameFileList: Sendable {
    private var kinds: [UInt8]
    private var others: [Int: String]
    /// How many rows name a file.
    private(set) var count: Int

    /// From each row's file, in row order (nil: none).
    init(_ files: [String?]) {
        var list = FrameFileList()
        for file in files { list.append(file) }
        self = list
    }

    /// An empty list, to ``append(_:)`` to.
    init() {
        kinds = []
        others = [:]
        count = 0
    }

    /// Adds the next row's file (nil: none).
    mutating func append(_ file: String?) {
        let position = kinds.count
        guard let file else {
            kinds.append(0)
            return
        }
        count += 1
        if file == OutputLayout.framePath(position) {
            kinds.append(1)
        } else {
            kinds.append(2)
            others[position] = file
        }
    }

    /// The files in row order.
    var files: some Sequence<String> {
        kinds.indices.lazy.compactMap { position -> String? in
            switch kinds[position] {
            case 1: OutputLayout.framePath(position)
            case 2: others[position]
            default: nil
            }
        }
    }

    /// Whether some row names `path`.
    func contains(_ path: String) -> Bool {
        if let index = RecordingFiles.frameIndex(path), index < kinds.count, kinds[index] == 1 { return true }
        return others.values.contains(path)
    }
}

/// A file's lines (without their newline), read in pieces of 64 KiB from a byte offset, in time
/// linear in the file: each byte is searched for a newline once, and the bytes already returned
/// are dropped only when they are at least half the buffer. A line longer than ``longest`` ends
/// the reading (``stoppedAtLongLine``), so memory holds at most that much of one line.
package final class LineReader {
    private let file: InputFile.Opened
    private let handle: FileHandle
    private var buffer = Data()
    /// Where the next line starts in `buffer`.
    private var start = 0
    /// How far `buffer` was searched for a newline (from `start`, none before it).
    private var searched = 0
    private var atEnd = false
    /// The longest line read, in bytes.
    let longest: Int
    /// Whether the reading ended at a line longer than ``longest``.
    private(set) var stoppedAtLongLine = false
    /// The byte offset, in the file, of the next line ``next()`` returns.
    private(set) var offset: UInt64

    private static let newline: [UInt8] = [0x0A]

    /// Lines from byte `offset` of the file at `path` (opened and checked by ``InputFile``);
    /// nil when it cannot be opened.
    convenience init?(path: String, offset: UInt64, longest: Int = RecordedReport.wholeReadLimit) {
        guard let file = try? InputFile.open(path, limit: .samples), lseek(file.descriptor, off_t(offset), SEEK_SET) >= 0 else { return nil }
        self.init(file: file, offset: offset, longest: longest)
    }

    /// Lines of `file` from byte `offset`, where it is positioned.
    init(file: InputFile.Opened, offset: UInt64, longest: Int = RecordedReport.wholeReadLimit) {
        self.file = file
        handle = file.handle
        self.offset = offset
        self.longest = longest
    }

    /// The next line; nil at the end of the file, or at a line longer than ``longest``. A last
    /// line without a newline is returned too.
    func next() -> Data? {
        while true {
            let from = buffer.startIndex + start
            // firstByteRange (memchr), not Data's generic firstIndex(of:), a byte at a time
            // through its iterator: 7% of a `check` of the shipped captures went to newlines.
            if let newline = buffer.firstByteRange(of: Self.newline, from: buffer.startIndex + max(start, searched))?.lowerBound {
                // A slice sharing the buffer's storage (a value: later reads do not change it).
                let line = buffer[from..<newline]
                guard line.count <= longest else { return stop() }
                start = newline + 1 - buffer.startIndex
                searched = start
                offset += UInt64(line.count + 1)
                return line
            }
            searched = buffer.count
            guard buffer.count - start <= longest else { return stop() }
            if atEnd {
                guard from < buffer.endIndex else { return nil }
                let line = Data(buffer[from...])
                buffer = Data()
                (start, searched) = (0, 0)
                offset += UInt64(line.count)
                return line
            }
            // Drop the lines returned once they are half the buffer or more: each byte is
            // copied a bounded number of times, however long a line is.
            if start > 0, start >= buffer.count / 2 {
                buffer = Data(buffer[from...])
                searched -= start
                start = 0
            }
            if let piece = try? handle.read(upToCount: 65_536), !piece.isEmpty {
                buffer.append(piece)
            } else {
                atEnd = true
            }
        }
    }

    /// Ends the reading at a line longer than ``longest``.
    private func stop() -> Data? {
        stoppedAtLongLine = true
        atEnd = true
        buffer = Data()
        (start, searched) = (0, 0)
        return nil
    }
}
