extension BitmapFont {
    /// The largest glyph or font dimension and offset accepted, in pixels: far beyond any real
    /// bitmap font, small enough that no arithmetic on it can overflow.
    package static let largestDimension = 4096

    /// Reads a font in Glyph Bitmap Distribution Format 2.1 (Adobe's BDF specification, version
    /// 2.1): `FONTBOUNDINGBOX`, `STARTPROPERTIES` (integers and quoted strings), and per glyph
    /// `ENCODING`, `DWIDTH`, `BBX` and `BITMAP` rows of hex digits, each row padded to whole bytes
    /// (so a 20-pixel-wide glyph has 3 bytes = 6 hex digits a row).
    ///
    /// Glyphs with `ENCODING -1` (no standard code point) are skipped. A glyph without `DWIDTH`
    /// advances by the font-wide `DWIDTH` when there is one, else by its BBX width plus x-offset.
    /// `DEFAULT_CHAR`, when present and naming a glyph, becomes ``defaultGlyph``.
    ///
    /// ```swift
    /// let font = try BitmapFont(bdf: String(decoding: data, as: UTF8.self))
    /// ```
    ///
    /// Read as other tools write it: a leading byte-order mark is ignored; `COMMENT` lines and
    /// blank lines are ignored wherever they stand, inside `BITMAP` too; a bitmap row with fewer
    /// hex digits than the BBX width needs is padded with zeros, and a glyph with fewer rows
    /// than its BBX height is padded with blank rows, each kind noted once in ``warnings``.
    ///
    /// - Throws: ``BDFError`` with the 1-based line and what was expected there, for a missing
    ///   `STARTFONT`, a malformed keyword line, a `SIZE` with more than 1 bit per pixel (BDF 2.3
    ///   greyscale), properties without `ENDPROPERTIES`, a bitmap row that is not hex, a file
    ///   that ends inside a glyph, a `DWIDTH` x advance outside 0…4096 pixels (filmstrip draws left
    ///   to right), or `FONT_ASCENT` + `FONT_DESCENT` below 1 pixel (no line to lay out; named at
    ///   the `FONT_ASCENT` line, else `FONT_DESCENT`'s, else `FONTBOUNDINGBOX`'s).
    public init(bdf text: String) throws(BDFError) {
        let limit = Self.largestDimension
        let source = BDFSource(text)
        let lines = source.lines
        var index = 0
        func integers(_ parts: [Range<Int>], count: Int, keyword: String, line: Int) throws(BDFError) -> [Int] {
            let values = parts.dropFirst().prefix(count).compactMap(source.integer)
            guard parts.count - 1 >= count, values.count == count else {
                throw BDFError(line: line, message: "expected '\(keyword)' followed by \(count) integers, found '\(source.joined(parts))'")
            }
            guard values.allSatisfy({ (-limit...limit).contains($0) }) else {
                throw BDFError(line: line, message: "expected '\(keyword)' values from -\(limit) to \(limit) pixels, found '\(source.joined(parts))'")
            }
            return values
        }

        // Header: STARTFONT first (blank lines and COMMENT lines allowed before it).
        while index < lines.count, source.isBlank(lines[index]) || source.starts(lines[index], with: "COMMENT") { index += 1 }
        guard index < lines.count, let first = source.firstField(lines[index]), source.equals(first, "STARTFONT") else {
            throw BDFError(line: min(index + 1, max(1, lines.count)), message: "expected 'STARTFONT 2.1' at the start of a BDF file")
        }
        index += 1

        var name = ""
        var bbox: (width: Int, height: Int, xOffset: Int, yOffset: Int)?
        var fontAdvance: Int?
        var properties: [String: BDFProperty] = [:]
        // The line of each integer property, for errors about the metrics they give.
        var propertyLines: [String: Int] = [:]
        var bboxLine = 0
        var glyphs: [UInt32: Glyph] = [:]
        var sawEnd = false
        var repairs = Repairs()

        while index < lines.count {
            let lineNumber = index + 1
            let line = lines[index]
            index += 1
            guard let keyword = source.firstField(line) else { continue }
            if source.equals(keyword, "STARTCHAR") {
                if let (code, glyph) = try Self.readGlyph(
                    source: source, index: &index, startLine: lineNumber, fontAdvance: fontAdvance,
                    repairs: &repairs, integers: integers)
                {
                    glyphs[code] = glyph
                }
            } else if source.equals(keyword, "FONT") {
                name = source.text(source.trimmed(keyword.upperBound..<line.upperBound))
            } else if source.equals(keyword, "FONTBOUNDINGBOX") {
                let v = try integers(source.fields(line), count: 4, keyword: "FONTBOUNDINGBOX w h xoff yoff", line: lineNumber)
                bbox = (v[0], v[1], v[2], v[3])
                bboxLine = lineNumber
            } else if source.equals(keyword, "DWIDTH") {
                fontAdvance = try Self.advance(integers(source.fields(line), count: 2, keyword: "DWIDTH dx dy", line: lineNumber)[0], line: lineNumber)
            } else if source.equals(keyword, "SIZE") {
                // SIZE pointsize xres yres [bits-per-pixel]: BDF 2.3 adds the last, 1, 2, 4 or 8.
                let parts = source.fields(line)
                if parts.count >= 5 {
                    let depth = try integers(Array(parts.dropFirst(3)), count: 1, keyword: "SIZE bits-per-pixel", line: lineNumber)[0]
                    guard depth == 1 else {
                        throw BDFError(line: lineNumber, message: "expected a font of 1 bit per pixel; SIZE gives \(depth) bits per pixel (a BDF 2.3 greyscale font), which filmstrip cannot draw (use a 1-bit version of the font)")
                    }
                }
            } else if source.equals(keyword, "STARTPROPERTIES") {
                try Self.readProperties(
                    source: source, index: &index, startLine: lineNumber, properties: &properties,
                    propertyLines: &propertyLines)
            } else if source.equals(keyword, "ENDFONT") {
                sawEnd = true
                index = lines.count
            }
        }
        guard sawEnd else {
            throw BDFError(line: lines.count, message: "expected 'ENDFONT' before the end of the file")
        }
        guard let bbox else {
            throw BDFError(line: 0, message: "expected a 'FONTBOUNDINGBOX w h xoff yoff' line in the header")
        }
        let ascent = properties["FONT_ASCENT"]?.integerValue ?? (bbox.height + bbox.yOffset)
        let descent = properties["FONT_DESCENT"]?.integerValue ?? max(0, -bbox.yOffset)
        guard ascent + descent >= 1 else {
            // Every layout stacks lines of this height: below a pixel there is no line to draw on.
            let line = propertyLines["FONT_ASCENT"] ?? propertyLines["FONT_DESCENT"] ?? bboxLine
            throw BDFError(line: line, message: "expected FONT_ASCENT + FONT_DESCENT (the height of a line) of at least 1 pixel, found \(ascent) + \(descent) = \(ascent + descent)")
        }
        let defaultGlyph = properties["DEFAULT_CHAR"]?.integerValue.flatMap { UInt32(exactly: $0) }.flatMap { glyphs[$0] }
        self.init(
            name: name, ascent: ascent, descent: descent, boundingBox: bbox,
            glyphs: glyphs, defaultGlyph: defaultGlyph, properties: properties)
        warnings = repairs.warnings
    }

    /// Reads the properties from the line after `STARTPROPERTIES` (on line `startLine`) through
    /// `ENDPROPERTIES`, leaving `index` after it: each integer property with its line, each string
    /// (quoted, `""` for a quote) or other value as a string.
    /// - Throws: ``BDFError`` for an unclosed quote, a metric out of range, or a file or section
    ///   that ends before `ENDPROPERTIES`.
    private static func readProperties(
        source: BDFSource, index: inout Int, startLine lineNumber: Int, properties: inout [String: BDFProperty],
        propertyLines: inout [String: Int]
    ) throws(BDFError) {
        let limit = largestDimension
        let lines = source.lines
        var ended = false
        while index < lines.count {
            let propertyLine = lines[index]
            let propertyNumber = index + 1
            index += 1
            guard let keyField = source.firstField(propertyLine), !source.equals(keyField, "COMMENT") else { continue }
            let key = source.text(keyField)
            if key == "ENDPROPERTIES" {
                ended = true
                break
            }
            if ["STARTCHAR", "CHARS", "ENDFONT"].contains(key) {
                throw BDFError(line: propertyNumber, message: "expected 'ENDPROPERTIES' before '\(key)' (the properties start on line \(lineNumber))")
            }
            let rest = source.text(source.trimmed(keyField.upperBound..<propertyLine.upperBound))
            if rest.hasPrefix("\"") {
                guard rest.count >= 2, rest.hasSuffix("\"") else {
                    throw BDFError(line: propertyNumber, message: "expected a closing '\"' in property \(key)")
                }
                let inner = rest.dropFirst().dropLast()
                properties[key] = .string(inner.replacingDoubledQuotes())
            } else if let value = Int(rest) {
                if ["FONT_ASCENT", "FONT_DESCENT"].contains(key), !(-limit...limit).contains(value) {
                    throw BDFError(line: propertyNumber, message: "expected \(key) from -\(limit) to \(limit) pixels, found \(value)")
                }
                properties[key] = .integer(value)
                propertyLines[key] = propertyNumber
            } else {
                properties[key] = .string(rest)
            }
        }
        guard ended else {
            throw BDFError(line: lines.count, message: "expected 'ENDPROPERTIES' for the properties started on line \(lineNumber); the file ended")
        }
    }

    /// What the reader padded, counted per kind with the first line, for one warning each.
    private struct Repairs {
        var shortRows = 0
        var firstShortRow = 0
        var shortGlyphs = 0
        var firstShortGlyph = 0

        var warnings: [String] {
            var lines: [String] = []
            if shortRows > 0 {
                lines.append("line \(firstShortRow): \(shortRows == 1 ? "1 bitmap row has" : "\(shortRows) bitmap rows have") fewer hex digits than the BBX width needs; padded with zeros")
            }
            if shortGlyphs > 0 {
                lines.append("line \(firstShortGlyph): \(shortGlyphs == 1 ? "1 glyph has" : "\(shortGlyphs) glyphs have") fewer bitmap rows than the BBX height; padded with blank rows")
            }
            return lines
        }
    }

    /// A `DWIDTH` x advance checked for left-to-right drawing: 0 to ``largestDimension`` pixels.
    private static func advance(_ dx: Int, line: Int) throws(BDFError) -> Int {
        guard (0...largestDimension).contains(dx) else {
            throw BDFError(line: line, message: "expected DWIDTH dx from 0 to \(largestDimension) pixels (filmstrip draws left to right), found \(dx)")
        }
        return dx
    }

    private static func readGlyph(
        source: BDFSource, index: inout Int, startLine: Int, fontAdvance: Int?, repairs: inout Repairs,
        integers: ([Range<Int>], Int, String, Int) throws(BDFError) -> [Int]
    ) throws(BDFError) -> (UInt32, Glyph)? {
        let lines = source.lines
        var encoding: Int?
        var advance: Int?
        var box: [Int]?
        var boxLine = startLine
        while index < lines.count {
            let lineNumber = index + 1
            let line = lines[index]
            index += 1
            guard let keyword = source.firstField(line) else { continue }
            if source.equals(keyword, "ENCODING") {
                let parts = source.fields(line)
                guard parts.count >= 2, let value = source.integer(parts[1]) else {
                    throw BDFError(line: lineNumber, message: "expected 'ENCODING n', found '\(source.joined(parts))'")
                }
                guard value >= -1, value <= 0x10FFFF else {
                    throw BDFError(line: lineNumber, message: "expected an ENCODING from -1 to 1114111 (a Unicode code point), found \(value)")
                }
                encoding = value
            } else if source.equals(keyword, "DWIDTH") {
                advance = try Self.advance(integers(source.fields(line), 2, "DWIDTH dx dy", lineNumber)[0], line: lineNumber)
            } else if source.equals(keyword, "BBX") {
                box = try integers(source.fields(line), 4, "BBX w h xoff yoff", lineNumber)
                boxLine = lineNumber
            } else if source.equals(keyword, "BITMAP") {
                guard let box else {
                    throw BDFError(line: lineNumber, message: "expected 'BBX w h xoff yoff' before 'BITMAP'")
                }
                guard let encoding else {
                    throw BDFError(line: lineNumber, message: "expected 'ENCODING n' before 'BITMAP'")
                }
                let width = box[0]
                let height = box[1]
                guard width >= 0, height >= 0 else {
                    throw BDFError(line: boxLine, message: "expected a BBX with non-negative width and height")
                }
                let bytesPerRow = (width + 7) / 8
                var bits = [UInt8]()
                bits.reserveCapacity(height * bytesPerRow)
                var row = 0
                while row < height {
                    guard index < lines.count else {
                        throw BDFError(line: lines.count, message: "expected \(height) bitmap rows, the file ended after \(row)")
                    }
                    let rowLine = index + 1
                    let hex = source.trimmed(lines[index])
                    if hex.isEmpty || source.starts(hex, with: "COMMENT") {
                        index += 1
                        continue
                    }
                    if source.equals(hex, "ENDCHAR") {
                        // Fewer rows than the BBX height: the rest are blank.
                        if repairs.shortGlyphs == 0 { repairs.firstShortGlyph = rowLine }
                        repairs.shortGlyphs += 1
                        bits += [UInt8](repeating: 0, count: (height - row) * bytesPerRow)
                        break
                    }
                    index += 1
                    let before = bits.count
                    guard source.appendHexBytes(hex, count: bytesPerRow, to: &bits) else {
                        throw BDFError(line: rowLine, message: "expected a bitmap row of \(bytesPerRow * 2) hex digits (\(width) pixels padded to whole bytes), found '\(source.text(hex).prefix(80))'")
                    }
                    // Hex digits are ASCII: a byte each.
                    if hex.count < bytesPerRow * 2 {
                        if repairs.shortRows == 0 { repairs.firstShortRow = rowLine }
                        repairs.shortRows += 1
                        bits += [UInt8](repeating: 0, count: before + bytesPerRow - bits.count)
                    }
                    // Clear padding bits past the glyph's width so they never draw.
                    if width % 8 != 0, bits.count > before {
                        bits[bits.count - 1] &= UInt8(truncatingIfNeeded: 0xFF << (8 - width % 8))
                    }
                    row += 1
                }
                // Expect ENDCHAR.
                while index < lines.count, source.isBlank(lines[index]) || source.starts(source.trimmed(lines[index]), with: "COMMENT") { index += 1 }
                guard index < lines.count, source.equals(source.trimmed(lines[index]), "ENDCHAR") else {
                    throw BDFError(line: min(index + 1, lines.count), message: "expected 'ENDCHAR' after \(height) bitmap rows (BBX height)")
                }
                index += 1
                if encoding < 0 { return nil }
                let glyph = Glyph(
                    width: width, height: height, xOffset: box[2], yOffset: box[3],
                    advance: advance ?? fontAdvance ?? max(0, width + box[2]), bits: bits)
                return (UInt32(encoding), glyph)
            } else if source.equals(keyword, "ENDCHAR") {
                throw BDFError(line: lineNumber, message: "expected 'BITMAP' before 'ENDCHAR'")
            } else if source.equals(keyword, "STARTCHAR") || source.equals(keyword, "ENDFONT") {
                throw BDFError(line: lineNumber, message: "expected 'ENDCHAR' for the glyph started on line \(startLine)")
            }
        }
        throw BDFError(line: lines.count, message: "expected 'ENDCHAR' for the glyph started on line \(startLine); the file ended")
    }
}

/// A BDF file's text as UTF-8 bytes split into lines, read byte by byte: every keyword, number
/// and hex digit BDF defines is ASCII, so fields are compared and parsed as bytes, and only what
/// is kept or quoted (the font's name, property keys and values, text in an error) is decoded.
/// A `[Substring]` reading made `filmstrip` spend about 33 ms of a 73 ms one-frame recording
/// reading its bundled 516 KB font.
private struct BDFSource {
    /// The text's UTF-8 bytes, without a leading byte-order mark.
    let bytes: [UInt8]
    /// Each line's bytes, without its line break.
    let lines: [Range<Int>]

    /// Splits `text` at every "\n", "\r\n" and "\r" (empty lines kept; a final line break ends
    /// the last line rather than starting another). Carriage return and line feed always end a
    /// Character (Unicode's grapheme rules GB3–GB5), so this splits exactly where splitting the
    /// Characters would.
    init(_ text: String) {
        var bytes = Array(text.utf8)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        var lines: [Range<Int>] = []
        var start = 0
        var at = 0
        let count = bytes.count
        while at < count {
            let byte = bytes[at]
            guard byte == 0x0A || byte == 0x0D else {
                at += 1
                continue
            }
            lines.append(start..<at)
            var next = at + 1
            if byte == 0x0D, next < count, bytes[next] == 0x0A { next += 1 }
            start = next
            at = next
        }
        lines.append(start..<count)
        if lines.count > 1, lines[lines.count - 1].isEmpty { lines.removeLast() }
        self.bytes = bytes
        self.lines = lines
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// The runs of `range` between spaces and tabs, none empty.
    func fields(_ range: Range<Int>) -> [Range<Int>] {
        var fields: [Range<Int>] = []
        var start: Int?
        for at in range {
            if Self.isSpace(bytes[at]) {
                if let first = start { fields.append(first..<at) }
                start = nil
            } else if start == nil {
                start = at
            }
        }
        if let first = start { fields.append(first..<range.upperBound) }
        return fields
    }

    /// The first of ``fields(_:)``, found without making the others; nil for a blank line.
    func firstField(_ range: Range<Int>) -> Range<Int>? {
        var at = range.lowerBound
        while at < range.upperBound, Self.isSpace(bytes[at]) { at += 1 }
        guard at < range.upperBound else { return nil }
        var end = at
        while end < range.upperBound, !Self.isSpace(bytes[end]) { end += 1 }
        return at..<end
    }

    /// True when `range` holds only spaces and tabs.
    func isBlank(_ range: Range<Int>) -> Bool { firstField(range) == nil }

    /// `range` without its leading and trailing spaces and tabs.
    func trimmed(_ range: Range<Int>) -> Range<Int> {
        var start = range.lowerBound
        var end = range.upperBound
        while start < end, Self.isSpace(bytes[start]) { start += 1 }
        while end > start, Self.isSpace(bytes[end - 1]) { end -= 1 }
        return start..<end
    }

    /// True when `range` holds exactly the ASCII `word`.
    func equals(_ range: Range<Int>, _ word: StaticString) -> Bool {
        range.count == word.utf8CodeUnitCount && starts(range, with: word)
    }

    /// True when `range` begins with the ASCII `word`.
    func starts(_ range: Range<Int>, with word: StaticString) -> Bool {
        let length = word.utf8CodeUnitCount
        guard range.count >= length else { return false }
        let start = word.utf8Start
        for offset in 0..<length where bytes[range.lowerBound + offset] != start[offset] { return false }
        return true
    }

    /// The decimal integer `range` spells, as `Int(_:)` reads one: an optional `+` or `-`, then
    /// one or more ASCII digits; nil otherwise or past `Int`'s range.
    func integer(_ range: Range<Int>) -> Int? {
        var at = range.lowerBound
        var negative = false
        if at < range.upperBound, bytes[at] == 0x2B || bytes[at] == 0x2D {
            negative = bytes[at] == 0x2D
            at += 1
        }
        guard at < range.upperBound else { return nil }
        var value = 0
        while at < range.upperBound {
            let digit = Int(bytes[at]) - 0x30
            guard (0...9).contains(digit) else { return nil }
            let (times, overflowA) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowB) = negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
            guard !overflowA, !overflowB else { return nil }
            value = next
            at += 1
        }
        return value
    }

    /// The text of `range` (invalid UTF-8 was already replaced when the text was made).
    func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    /// The fields' texts joined by single spaces, for an error message.
    func joined(_ parts: [Range<Int>]) -> String { parts.map(text).joined(separator: " ") }

    /// Appends to `out` the first `count` bytes of the hex digits in `range`, or fewer when the
    /// row is shorter (an odd last digit is the high half of a byte); false, with `out` as it
    /// may be, when a digit before the count is reached is not a hex digit.
    func appendHexBytes(_ range: Range<Int>, count: Int, to out: inout [UInt8]) -> Bool {
        var made = 0
        var high: UInt8?
        for at in range {
            guard made < count else { break }
            let byte = bytes[at]
            let nibble: UInt8
            switch byte {
            case 0x30...0x39: nibble = byte - 0x30
            case 0x41...0x46: nibble = byte - 0x41 + 10
            case 0x61...0x66: nibble = byte - 0x61 + 10
            default: return false
            }
            if let h = high {
                out.append(h << 4 | nibble)
                made += 1
                high = nil
            } else {
                high = nibble
            }
        }
        if let high, made < count { out.append(high << 4) }
        return true
    }
}

extension Substring {
    fileprivate func replacingDoubledQuotes() -> String {
        var result = ""
        var previousWasQuote = false
        for character in self {
            if character == "\"" && previousWasQuote {
                previousWasQuote = false
                continue
            }
            previousWasQuote = character == "\""
            result.append(character)
        }
        return result
    }
}
