import FilmstripCore
import FilmstripRaster
import Foundation

/// Loads the bitmap font: the bundled misc-fixed 6x13 (public domain, Debian xfonts-base),
/// or the BDF file given with `--font`.
package struct FontLoader {

    /// Nothing to set.
    package init() {}
    /// The bundled font's file name inside the resources.
    package static let bundledName = "6x13"

    /// A note when the font's glyphs are not indexed by Unicode code point (its
    /// `CHARSET_REGISTRY` is neither ISO10646 nor ISO8859-1, whose codes match Unicode's first
    /// 256): filmstrip reads every ENCODING as a Unicode code point, so such a font draws wrong
    /// glyphs for some characters. Nil for a Unicode font or one that does not say.
    func charsetWarning(_ font: BitmapFont, source: String) -> String? {
        guard let registry = font.properties["CHARSET_REGISTRY"]?.stringValue, !registry.isEmpty else { return nil }
        let encoding = font.properties["CHARSET_ENCODING"]?.stringValue ?? ""
        let charset = encoding.isEmpty ? registry : "\(registry)-\(encoding)"
        if registry.uppercased() == "ISO10646" || charset.uppercased() == "ISO8859-1" { return nil }
        return "font \(source) is encoded as \(charset), not Unicode; its glyphs are read as Unicode code points, so some characters will be drawn as the wrong glyph (convert an ISO10646-1 version of the font)"
    }

    /// The one warning of a run about code points the font lacked (nil when none), e.g.
    /// `font x.bdf has no glyph for U+00B7 and U+2014; drawn as its DEFAULT_CHAR`. When the
    /// `DEFAULT_CHAR` glyph draws nothing (``BitmapFont/replacementIsBlank``: xfonts-base's Sony 12x24
    /// and Spleen name the space), it says so, and that a missing `—` was drawn as a rule:
    /// `font 12x24.bdf has no glyph for U+2014 and U+2026; its DEFAULT_CHAR glyph is blank, so
    /// U+2014 is drawn as a rule and U+2026 is left blank`.
    package func missingGlyphWarning(_ missing: [Unicode.Scalar], font: BitmapFont, source: String) -> String? {
        guard !missing.isEmpty else { return nil }
        func code(_ scalar: Unicode.Scalar) -> String {
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
        let list = "font \(source) has no glyph for \(Quantity.list(missing.map(code)))"
        guard font.replacementIsBlank else {
            return "\(list); drawn as \(font.defaultGlyph == nil ? "a box" : "its DEFAULT_CHAR")"
        }
        var outcomes: [String] = []
        if font.dashRule != nil, missing.contains("\u{2014}") { outcomes.append("U+2014 is drawn as a rule") }
        let blank = missing.filter { font.fallbackGlyph(for: $0) == font.replacementGlyph }.map(code)
        if !blank.isEmpty { outcomes.append("\(Quantity.list(blank)) \(blank.count == 1 ? "is" : "are") left blank") }
        return "\(list); its DEFAULT_CHAR glyph is blank, so \(outcomes.joined(separator: " and "))"
    }

    /// What loading the font has to say: the BDF reader's repairs (one line per kind) and
    /// ``charsetWarning(_:source:)`` when it applies, each a `warning: …` line.
    package func warnings(_ loaded: (font: BitmapFont, source: String)) -> [String] {
        var lines = loaded.font.warnings.map { "warning: font \(loaded.source): \($0)" }
        if let warning = charsetWarning(loaded.font, source: loaded.source) { lines.append("warning: \(warning)") }
        return lines
    }

    /// - Throws: ``FilmstripError`` naming the file and the BDF line when it cannot be read or parsed.
    package func load(path: String?) throws(FilmstripError) -> (font: BitmapFont, source: String) {
        let file: String
        if let path {
            file = path
        } else if let url = Bundle.module.url(forResource: Self.bundledName, withExtension: "bdf", subdirectory: "Fonts") {
            file = url.path
        } else {
            throw FilmstripError(.unreadable(file: "Fonts/\(Self.bundledName).bdf", reason: "the bundled font is missing from the resources"))
        }
        let data = try InputFile.contents(of: file, limit: .font)
        do throws(BDFError) {
            let font = try BitmapFont(bdf: String(decoding: data, as: UTF8.self))
            guard !font.glyphs.isEmpty else { throw BDFError(line: 0, message: "the font has no glyphs with a code point") }
            return (font, path ?? "misc-fixed 6x13 (bundled)")
        } catch {
            throw FilmstripError(.font(file: file, line: error.line, message: error.message))
        }
    }
}
