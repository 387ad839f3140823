extension RunReport.Frame {
    /// Appends the row as `report.json` holds it: the bytes Foundation's `JSONEncoder` writes
    /// for it (`.prettyPrinted`, `.sortedKeys`, `.withoutEscapingSlashes`: keys in order, `"key"
    /// : value`, two spaces a level, an empty array as `[`, a blank line and `]`, a nil key left
    /// out), every line but a blank one indented by `indent` more spaces (the first too), no
    /// final newline.
    ///
    /// Written directly rather than through the encoder, which took about 70 µs a row (3% of a
    /// `check` of the shipped captures, and as much of each `record`); the encoder stays the
    /// reference these bytes are tested against (`FrameRowJSONTests`) and writes the rest of the
    /// report. Strings are escaped as the encoder escapes them: `"` and `\` with a backslash;
    /// backspace, tab, line feed, form feed and carriage return as `\b`, `\t`, `\n`, `\f`,
    /// `\r`; every other code point below U+0020 as `\u00XX` (lower-case hex); the rest as UTF-8.
    func appendJSON(to bytes: inout [UInt8], indent: Int) {
        var json = RowJSON(bytes: bytes, indent: indent)
        bytes = []
        json.bytes.append(contentsOf: repeatElement(0x20, count: indent))
        json.open("{")
        json.key("dropped", first: true)
        json.literal(dropped ? "true" : "false")
        if let file { json.key("file"); json.string(file) }
        if let fileSHA256 { json.key("fileSHA256"); json.string(fileSHA256) }
        json.key("index")
        json.integer(index)
        json.key("panels")
        json.array(panels) { json, panel in
            json.open("{")
            json.key("depiction", first: true)
            json.string(panel.depiction)
            if let elements = panel.elements { json.key("elements"); json.strings(elements) }
            json.key("panel")
            json.string(panel.panel)
            if let texts = panel.texts { json.key("texts"); json.strings(texts) }
            json.close("}")
        }
        if let phase { json.key("phase"); json.string(phase) }
        if let phaseDetail { json.key("phaseDetail"); json.string(phaseDetail) }
        if let pixelsSHA256 { json.key("pixelsSHA256"); json.string(pixelsSHA256) }
        json.key("scheduledMs")
        json.integer(scheduledMs)
        json.key("tMs")
        json.integer(tMs)
        json.close("}")
        bytes = json.bytes
    }
}

/// The pretty-printed JSON a frame row is written in (``RunReport/Frame/appendJSON(to:indent:)``).
private struct RowJSON {
    var bytes: [UInt8]
    /// Spaces before a line at the current depth.
    var indent: Int

    /// Opens an object or array at the current position and goes a level in.
    mutating func open(_ bracket: Unicode.Scalar) {
        bytes.append(UInt8(ascii: bracket))
        indent += 2
    }

    /// Goes a level out and closes on a line of its own.
    mutating func close(_ bracket: Unicode.Scalar) {
        indent -= 2
        newline()
        bytes.append(UInt8(ascii: bracket))
    }

    /// A new line at the current depth.
    mutating func newline() {
        bytes.append(0x0A)
        bytes.append(contentsOf: repeatElement(0x20, count: indent))
    }

    /// `"name" : ` on a new line, after a comma unless it is the object's `first` key.
    mutating func key(_ name: StaticString, first: Bool = false) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        newline()
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: [UInt8(ascii: "\""), 0x20, UInt8(ascii: ":"), 0x20])
    }

    mutating func literal(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func integer(_ value: Int) {
        bytes.append(contentsOf: String(value).utf8)
    }

    /// An array of `elements`, each written by `element` on a line of its own; an empty one as
    /// `[`, a blank line, and `]` at the current depth.
    mutating func array<Element>(_ elements: [Element], _ element: (inout RowJSON, Element) -> Void) {
        open("[")
        if elements.isEmpty {
            bytes.append(0x0A)
        }
        for (offset, value) in elements.enumerated() {
            if offset > 0 { bytes.append(UInt8(ascii: ",")) }
            newline()
            element(&self, value)
        }
        close("]")
    }

    mutating func strings(_ values: [String]) {
        array(values) { json, value in json.string(value) }
    }

    /// `text` quoted and escaped as the encoder escapes it.
    mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(byte)
            case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            default:
                bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
