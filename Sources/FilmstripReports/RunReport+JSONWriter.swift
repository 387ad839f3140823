import Foundation

extension RunReport {
    /// `report.json` in three parts, so a long run's frame rows can be written one at a time
    /// while the frames are drawn, and the report never exists whole in memory: ``head`` (up to
    /// the opening of `"frames"`), one ``append(_:first:to:)`` per row in order, then ``tail``.
    ///
    /// The bytes are exactly those of ``RunReport/jsonData()`` for the report whose `frames` are
    /// the rows written: pretty-printed, keys sorted, a final newline.
    ///
    /// ```swift
    /// let writer = RunReport.JSONWriter(skeleton: report, frameCount: rows.count)
    /// var data = writer.head
    /// for (offset, row) in rows.enumerated() { writer.append(row, first: offset == 0, to: &data) }
    /// data.append(writer.tail)
    /// ```
    package struct JSONWriter: Sendable {
        /// Everything before the first row: with rows, up to and including `"frames" : [`; with
        /// none, the whole report.
        package let head: Data
        /// The report the writer was made with, for ``tail``.
        private let skeleton: RunReport
        /// Whether rows are to come (else ``head`` is the whole report).
        private let hasRows: Bool

        /// The parts of `skeleton` (its own ``RunReport/frames`` are ignored) with `frameCount`
        /// rows to come.
        package init(skeleton: RunReport, frameCount: Int) {
            self.skeleton = skeleton
            hasRows = frameCount > 0
            guard hasRows else {
                var whole = Data()
                Self.writeAfterFrames(of: skeleton, from: nil) { whole.append($0) }
                head = whole
                return
            }
            // The keys before `frames` hold nothing that grows with the run.
            let data = Self.encodedWithoutStreamedArrays(skeleton)
            let range = data.firstByteRange(of: Self.framesMarker)
            var head = Data(data[..<(range?.lowerBound ?? data.endIndex)])
            head.append(contentsOf: "\n  \"frames\" : [".utf8)
            self.head = head
        }

        /// Everything after the last row (`\n  ]`, the keys after `frames`, a final newline);
        /// empty when there are no rows.
        package var tail: Data { tail(of: skeleton) }

        /// Everything after the last row of a report whose keys before `frames` are the
        /// skeleton's this writer was made with, and whose later keys are `final`'s (the
        /// animation's digests are known only once every frame is drawn): as ``tail`` for `final`.
        /// Empty when there are no rows (the head was the whole report).
        package func tail(of final: RunReport) -> Data {
            var data = Data()
            writeTail(of: final) { data.append($0) }
            return data
        }

        /// ``tail(of:)`` in pieces of about 64 KiB, in order: the timeline and the violations
        /// (the keys after `frames` that grow with the run) are encoded one entry at a time, so
        /// an hour's run never holds them encoded whole.
        /// - Throws: what `emit` throws.
        package func writeTail<E: Error>(of final: RunReport, to emit: (Data) throws(E) -> Void) throws(E) {
            guard hasRows else { return }
            try Self.writeAfterFrames(of: final, from: "\n  ]", to: emit)
        }

        /// Appends one frame's row to `data`: a comma unless it is the `first`, a newline, the
        /// row as an object indented to sit in the array.
        package func append(_ frame: Frame, first: Bool, to data: inout Data) {
            var row: [UInt8] = first ? [0x0A] : [UInt8(ascii: ","), 0x0A]
            row.reserveCapacity(1_024)
            frame.appendJSON(to: &row, indent: 4)
            data.append(contentsOf: row)
        }

        /// The empty frames array, as the encoder writes it: with sorted keys and no raw newline
        /// inside a JSON string, this text appears once, in the top-level object.
        private static let framesMarker = marker(forEmptyArray: "frames")

        /// A top-level key's empty array as the encoder writes it (`\n  "timeline" : [\n\n  ]`).
        private static func marker(forEmptyArray key: String) -> [UInt8] {
            Array("\n  \"\(key)\" : [\n\n  ]".utf8)
        }

        /// `report` encoded with no frames, no timeline and no violations, and a final newline.
        private static func encodedWithoutStreamedArrays(_ report: RunReport) -> Data {
            var empty = report
            empty.frames = []
            empty.timeline = []
            empty.violations = []
            var data = (try? encoder.encode(empty)) ?? Data()
            data.append(0x0A)
            return data
        }

        /// Writes `report` from just after its empty `frames` array to its end, prefixed by
        /// `prefix`; with `prefix` nil, the whole report (there are no rows). The timeline's and
        /// the violations' elements are encoded one at a time, in pieces of about 64 KiB.
        private static func writeAfterFrames<E: Error>(of report: RunReport, from prefix: String?, to emit: (Data) throws(E) -> Void) throws(E) {
            let data = encodedWithoutStreamedArrays(report)
            var position = data.startIndex
            var piece = Data()
            if let prefix {
                guard let frames = data.firstByteRange(of: framesMarker) else { return }
                piece.append(contentsOf: prefix.utf8)
                position = frames.upperBound
            }
            // Each streamed array, in the order its key appears (the keys are sorted).
            var arrays: [(range: Range<Data.Index>, key: String, count: Int, element: (Int, inout Data) -> Void)] = []
            func stream(_ key: String, count: Int, element: @escaping (Int, inout Data) -> Void) {
                guard count > 0, let range = data.firstByteRange(of: marker(forEmptyArray: key), from: position) else { return }
                arrays.append((range, key, count, element))
            }
            stream("timeline", count: report.timeline.count) { appendElement(report.timeline[$0], first: $0 == 0, to: &$1) }
            stream("violations", count: report.violations.count) { appendElement(report.violations[$0], first: $0 == 0, to: &$1) }
            for array in arrays.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
                piece.append(data[position..<array.range.lowerBound])
                piece.append(contentsOf: "\n  \"\(array.key)\" : [".utf8)
                for offset in 0..<array.count {
                    array.element(offset, &piece)
                    if piece.count >= DocumentPiece.bytes {
                        try emit(piece)
                        piece.removeAll(keepingCapacity: true)
                    }
                }
                piece.append(contentsOf: "\n  ]".utf8)
                position = array.range.upperBound
            }
            piece.append(data[position...])
            try emit(piece)
        }

        /// Appends one element of a top-level array to `data`: a comma unless it is the `first`,
        /// a newline, the element indented to sit in the array.
        static func appendElement<T: Encodable>(_ value: T, first: Bool, to data: inout Data) {
            data.append(contentsOf: (first ? "\n" : ",\n").utf8)
            // The element as a top-level value, indented by two levels (4 spaces); blank lines
            // (inside empty arrays) stay blank, as the encoder writes them.
            // Indented into a byte array, then appended to `data` once (appending to `Data` a
            // byte at a time cost most of a row's time).
            let text = (try? encoder.encode(value)) ?? Data()
            var indented: [UInt8] = []
            indented.reserveCapacity(text.count + text.count / 4)
            text.withUnsafeBytes { bytes in
                var lineStart = true
                for byte in bytes {
                    if lineStart && byte != 0x0A { indented += [0x20, 0x20, 0x20, 0x20] }
                    indented.append(byte)
                    lineStart = byte == 0x0A
                }
            }
            data.append(contentsOf: indented)
        }

        private static var encoder: JSONEncoder {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            return encoder
        }
    }
}
