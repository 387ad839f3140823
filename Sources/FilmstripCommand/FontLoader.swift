import FilmstripRaster
import Foundation

/// Loads the bitmap font: the bundled misc-fixed 6x13 (public domain, Debian xfonts-base),
/// or the BDF file given with `--font`.
struct FontLoader {
    /// The bundled font's file name inside the resources.
    static let bundledName = "6x13"

    /// - Throws: ``CommandError`` naming the file and the BDF line when it cannot be read or parsed.
    func load(path: String?) throws(CommandError) -> (font: BitmapFont, source: String) {
        let file: String
        if let path {
            file = path
        } else if let url = Bundle.module.url(forResource: Self.bundledName, withExtension: "bdf", subdirectory: "Fonts") {
            file = url.path
        } else {
            throw CommandError(.unreadable(file: "Fonts/\(Self.bundledName).bdf", reason: "the bundled font is missing from the resources"))
        }
        guard let data = FileManager.default.contents(atPath: file) else {
            let exists = FileManager.default.fileExists(atPath: file)
            throw CommandError(.unreadable(file: file, reason: exists ? "permission denied or not a file" : "no such file"))
        }
        do throws(BDFError) {
            let font = try BitmapFont(bdf: String(decoding: data, as: UTF8.self))
            guard !font.glyphs.isEmpty else { throw BDFError(line: 0, message: "the font has no glyphs with a code point") }
            return (font, path ?? "misc-fixed 6x13 (bundled)")
        } catch {
            throw CommandError(.font(file: file, line: error.line, message: error.message))
        }
    }
}
