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
        // "\r\n" is one Character in Swift, so it is matched whole; other Unicode line
        // separators (form feed, U+2028) are not line breaks in BDF.
        let text = text.hasPrefix("\u{FEFF}") ? String(text.unicodeScalars.dropFirst()) : text
        var lines = text.bdfLines()
        // A final newline ends the last line; it does not start another.
        if lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }
        var index = 0
        func fields(_ line: Substring) -> [Substring] { line.bdfFields() }
        func integers(_ parts: [Substring], count: Int, keyword: String, line: Int) throws(BDFError) -> [Int] {
            let values = parts.dropFirst().prefix(count).compactMap { Int($0) }
            guard parts.count - 1 >= count, values.count == count else {
                throw BDFError(line: line, message: "expected '\(keyword)' followed by \(count) integers, found '\(parts.joined(separator: " "))'")
            }
            guard values.allSatisfy({ (-limit...limit).contains($0) }) else {
                throw BDFError(line: line, message: "expected '\(keyword)' values from -\(limit) to \(limit) pixels, found '\(parts.joined(separator: " "))'")
            }
            return values
        }

        // Header: STARTFONT first (blank lines and COMMENT lines allowed before it).
        while index < lines.count, fields(lines[index]).isEmpty || lines[index].hasPrefix("COMMENT") { index += 1 }
        guard index < lines.count, fields(lines[index]).first == "STARTFONT" else {
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
            let parts = fields(lines[index])
            index += 1
            guard let keyword = parts.first else { continue }
            switch keyword {
            case "FONT":
                name = lines[lineNumber - 1].dropFirst(4).trimmingSpaces()
            case "FONTBOUNDINGBOX":
                let v = try integers(parts, count: 4, keyword: "FONTBOUNDINGBOX w h xoff yoff", line: lineNumber)
                bbox = (v[0], v[1], v[2], v[3])
                bboxLine = lineNumber
            case "DWIDTH":
                fontAdvance = try Self.advance(integers(parts, count: 2, keyword: "DWIDTH dx dy", line: lineNumber)[0], line: lineNumber)
            case "SIZE":
                // SIZE pointsize xres yres [bits-per-pixel]: BDF 2.3 adds the last, 1, 2, 4 or 8.
                if parts.count >= 5 {
                    let depth = try integers(Array(parts.dropFirst(3)), count: 1, keyword: "SIZE bits-per-pixel", line: lineNumber)[0]
                    guard depth == 1 else {
                        throw BDFError(line: lineNumber, message: "expected a font of 1 bit per pixel; SIZE gives \(depth) bits per pixel (a BDF 2.3 greyscale font), which filmstrip cannot draw (use a 1-bit version of the font)")
                    }
                }
            case "STARTPROPERTIES":
                var ended = false
                while index < lines.count {
                    let propertyLine = lines[index]
                    let propertyNumber = index + 1
                    index += 1
                    let propertyParts = fields(propertyLine)
                    guard let key = propertyParts.first, key != "COMMENT" else { continue }
                    if key == "ENDPROPERTIES" {
                        ended = true
                        break
                    }
                    if ["STARTCHAR", "CHARS", "ENDFONT"].contains(key) {
                        throw BDFError(line: propertyNumber, message: "expected 'ENDPROPERTIES' before '\(key)' (the properties start on line \(lineNumber))")
                    }
                    let rest = propertyLine.drop(while: { $0 == " " || $0 == "\t" }).dropFirst(key.count).trimmingSpaces()
                    if rest.hasPrefix("\"") {
                        guard rest.count >= 2, rest.hasSuffix("\"") else {
                            throw BDFError(line: propertyNumber, message: "expected a closing '\"' in property \(key)")
                        }
                        let inner = rest.dropFirst().dropLast()
                        properties[String(key)] = .string(inner.replacingDoubledQuotes())
                    } else if let value = Int(rest) {
                        if ["FONT_ASCENT", "FONT_DESCENT"].contains(key), !(-limit...limit).contains(value) {
                            throw BDFError(line: propertyNumber, message: "expected \(key) from -\(limit) to \(limit) pixels, found \(value)")
                        }
                        properties[String(key)] = .integer(value)
                        propertyLines[String(key)] = propertyNumber
                    } else {
                        properties[String(key)] = .string(rest)
                    }
                }
                guard ended else {
                    throw BDFError(line: lines.count, message: "expected 'ENDPROPERTIES' for the properties started on line \(lineNumber); the file ended")
                }
            case "STARTCHAR":
                if let (code, glyph) = try Self.readGlyph(
                    lines: lines, index: &index, startLine: lineNumber, fontAdvance: fontAdvance,
                    repairs: &repairs, integers: integers)
                {
                    glyphs[code] = glyph
                }
            case "ENDFONT":
                sawEnd = true
                index = lines.count
            default:
                continue
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
        lines: [Substring], index: inout Int, startLine: Int, fontAdvance: Int?, repairs: inout Repairs,
        integers: ([Substring], Int, String, Int) throws(BDFError) -> [Int]
    ) throws(BDFError) -> (UInt32, Glyph)? {
        var encoding: Int?
        var advance: Int?
        var box: [Int]?
        var boxLine = startLine
        while index < lines.count {
            let lineNumber = index + 1
            let parts = lines[index].bdfFields()
            index += 1
            guard let keyword = parts.first else { continue }
            switch keyword {
            case "ENCODING":
                guard parts.count >= 2, let value = Int(parts[1]) else {
                    throw BDFError(line: lineNumber, message: "expected 'ENCODING n', found '\(parts.joined(separator: " "))'")
                }
                guard value >= -1, value <= 0x10FFFF else {
                    throw BDFError(line: lineNumber, message: "expected an ENCODING from -1 to 1114111 (a Unicode code point), found \(value)")
                }
                encoding = value
            case "DWIDTH":
                advance = try Self.advance(integers(parts, 2, "DWIDTH dx dy", lineNumber)[0], line: lineNumber)
            case "BBX":
                box = try integers(parts, 4, "BBX w h xoff yoff", lineNumber)
                boxLine = lineNumber
            case "BITMAP":
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
                    let hex = lines[index].trimmedSpaces()
                    if hex.isEmpty || hex.hasPrefix("COMMENT") {
                        index += 1
                        continue
                    }
                    if hex == "ENDCHAR" {
                        // Fewer rows than the BBX height: the rest are blank.
                        if repairs.shortGlyphs == 0 { repairs.firstShortGlyph = rowLine }
                        repairs.shortGlyphs += 1
                        bits += [UInt8](repeating: 0, count: (height - row) * bytesPerRow)
                        break
                    }
                    index += 1
                    guard var bytes = hex.hexBytes(count: bytesPerRow) else {
                        throw BDFError(line: rowLine, message: "expected a bitmap row of \(bytesPerRow * 2) hex digits (\(width) pixels padded to whole bytes), found '\(hex.prefix(80))'")
                    }
                    // Hex digits are ASCII: a byte each.
                    if hex.utf8.count < bytesPerRow * 2 {
                        if repairs.shortRows == 0 { repairs.firstShortRow = rowLine }
                        repairs.shortRows += 1
                        bytes += [UInt8](repeating: 0, count: bytesPerRow - bytes.count)
                    }
                    // Clear padding bits past the glyph's width so they never draw.
                    if width % 8 != 0, let last = bytes.indices.last {
                        bytes[last] &= UInt8(truncatingIfNeeded: 0xFF << (8 - width % 8))
                    }
                    bits += bytes
                    row += 1
                }
                // Expect ENDCHAR.
                while index < lines.count, lines[index].trimmingSpaces().isEmpty || lines[index].trimmingSpaces().hasPrefix("COMMENT") { index += 1 }
                guard index < lines.count, lines[index].trimmingSpaces() == "ENDCHAR" else {
                    throw BDFError(line: min(index + 1, lines.count), message: "expected 'ENDCHAR' after \(height) bitmap rows (BBX height)")
                }
                index += 1
                if encoding < 0 { return nil }
                let glyph = Glyph(
                    width: width, height: height, xOffset: box[2], yOffset: box[3],
                    advance: advance ?? fontAdvance ?? max(0, width + box[2]), bits: bits)
                return (UInt32(encoding), glyph)
            case "ENDCHAR":
                throw BDFError(line: lineNumber, message: "expected 'BITMAP' before 'ENDCHAR'")
            case "STARTCHAR", "ENDFONT":
                throw BDFError(line: lineNumber, message: "expected 'ENDCHAR' for the glyph started on line \(startLine)")
            default:
                continue
            }
        }
        throw BDFError(line: lines.count, message: "expected 'ENDCHAR' for the glyph started on line \(startLine); the file ended")
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> String { String(trimmedSpaces()) }

    /// The line without its leading and trailing spaces and tabs, read byte by byte (a space or
    /// tab followed by a combining mark is trimmed too: no BDF keyword or hex row holds one).
    fileprivate func trimmedSpaces() -> Substring {
        let bytes = utf8
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start != end, bytes[start] == 0x20 || bytes[start] == 0x09 { start = bytes.index(after: start) }
        while end != start {
            let last = bytes.index(before: end)
            guard bytes[last] == 0x20 || bytes[last] == 0x09 else { break }
            end = last
        }
        return self[start..<end]
    }

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

extension String {
    fileprivate func trimmingSpaces() -> String { self[...].trimmingSpaces() }
}

extension StringProtocol {

    /// The first `count` bytes of a row of hex digits, or fewer when the row is shorter (an odd
    /// last digit is the high half of a byte); nil when a character is not a hex digit.
    fileprivate func hexBytes(count: Int) -> [UInt8]? {
        var bytes = [UInt8]()
        bytes.reserveCapacity(count)
        var high: UInt8?
        for byte in utf8 {
            guard bytes.count < count else { break }
            let nibble: UInt8
            switch byte {
            case 0x30...0x39: nibble = byte - 0x30
            case 0x41...0x46: nibble = byte - 0x41 + 10
            case 0x61...0x66: nibble = byte - 0x61 + 10
            default: return nil
            }
            if let h = high {
                bytes.append(h << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        if let high, bytes.count < count { bytes.append(high << 4) }
        return bytes
    }
}

extension String {
    /// The lines of a BDF file: split at every "\n", "\r\n" and "\r" (empty lines kept), read
    /// byte by byte: carriage return and line feed always end a Character (Unicode's grapheme
    /// rules GB3–GB5), so this splits exactly where splitting the Characters would, at a small
    /// part of the cost (a 516 KB font: milliseconds, not tens of them).
    fileprivate func bdfLines() -> [Substring] {
        var lines: [Substring] = []
        let bytes = utf8
        var start = bytes.startIndex
        var at = start
        while at != bytes.endIndex {
            let byte = bytes[at]
            guard byte == 0x0A || byte == 0x0D else {
                at = bytes.index(after: at)
                continue
            }
            lines.append(self[start..<at])
            var next = bytes.index(after: at)
            if byte == 0x0D, next != bytes.endIndex, bytes[next] == 0x0A { next = bytes.index(after: next) }
            start = next
            at = next
        }
        lines.append(self[start...])
        return lines
    }
}

extension Substring {
    /// The fields of a BDF line: the runs between spaces and tabs (none empty), read byte by byte.
    fileprivate func bdfFields() -> [Substring] {
        var fields: [Substring] = []
        let bytes = utf8
        var start: Substring.Index?
        var at = bytes.startIndex
        while at != bytes.endIndex {
            let byte = bytes[at]
            if byte == 0x20 || byte == 0x09 {
                if let first = start { fields.append(self[first..<at]) }
                start = nil
            } else if start == nil {
                start = at
            }
            at = bytes.index(after: at)
        }
        if let first = start { fields.append(self[first...]) }
        return fields
    }
}
