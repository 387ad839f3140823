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
        /// Everything after the last row (`\n  ]`, the keys after `frames`, a final newline);
        /// empty when there are no rows.
        package let tail: Data

        /// The parts of `skeleton` (its own ``RunReport/frames`` are ignored) with `frameCount`
        /// rows to come.
        package init(skeleton: RunReport, frameCount: Int) {
            var empty = skeleton
            empty.frames = []
            var data = (try? Self.encoder.encode(empty)) ?? Data()
            data.append(0x0A)
            // With sorted keys and no raw newline inside a JSON string, the empty frames array is
            // this text, once, in the top-level object.
            let marker = Data("\n  \"frames\" : [\n\n  ]".utf8)
            guard frameCount > 0, let range = data.firstRange(of: marker) else {
                head = data
                tail = Data()
                return
            }
            var head = Data(data[..<range.lowerBound])
            head.append(contentsOf: "\n  \"frames\" : [".utf8)
            self.head = head
            var tail = Data("\n  ]".utf8)
            tail.append(data[range.upperBound...])
            self.tail = tail
        }

        /// Everything after the last row of a report whose keys before `frames` are the
        /// skeleton's this writer was made with, and whose later keys are `final`'s (the
        /// animation's digests are known only once every frame is drawn): as ``tail`` for `final`.
        /// Empty when there are no rows (the head was the whole report).
        package func tail(of final: RunReport) -> Data {
            tail.isEmpty ? Data() : JSONWriter(skeleton: final, frameCount: 1).tail
        }

        /// Appends one frame's row to `data`: a comma unless it is the `first`, a newline, the
        /// row as an object indented to sit in the array.
        package func append(_ frame: Frame, first: Bool, to data: inout Data) {
            data.append(contentsOf: (first ? "\n" : ",\n").utf8)
            // The frame as a top-level object, indented by two levels (4 spaces); blank lines
            // (inside empty arrays) stay blank, as the encoder writes them.
            // Indented into a byte array, then appended to `data` once (appending to `Data` a
            // byte at a time cost most of a row's time).
            let text = (try? Self.encoder.encode(frame)) ?? Data()
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
