import FilmstripRaster
import Foundation

extension BitmapFont {
    /// The font `filmstrip` draws with unless given `--font`: misc-fixed 6x13 from Debian's
    /// xfonts-base (public domain; see `Resources/Fonts/COPYRIGHT`), 6 pixels wide and 13 high
    /// per cell, ascent 11, with Latin-1, Latin Extended, general punctuation and box-drawing
    /// glyphs. Read once per process from the module's resources and kept.
    ///
    /// ```swift
    /// let outputs = PlanOutputs(plan: plan, root: "captures", font: try .bundled())
    /// ```
    ///
    /// - Throws: ``FilmstripError`` (exit code 2) when the resource is missing or unreadable.
    public static func bundled() throws(FilmstripError) -> BitmapFont {
        try bundledLoad.get()
    }

    /// Reads a BDF 2.1 font file, as `--font FILE.bdf` does.
    /// - Throws: ``FilmstripError`` naming the file and the BDF line when it cannot be read or parsed.
    package static func bdf(file path: String) throws(FilmstripError) -> BitmapFont {
        try FontLoader().load(path: path).font
    }

    /// The bundled BDF file inside the module's resources (`Fonts/6x13.bdf`); nil when the
    /// resource bundle is missing.
    package static var bundledFile: URL? {
        Bundle.module.url(forResource: FontLoader.bundledName, withExtension: "bdf", subdirectory: "Fonts")
    }
}

private let bundledLoad: Result<BitmapFont, FilmstripError> = {
    do throws(FilmstripError) {
        return .success(try FontLoader().load(path: nil).font)
    } catch {
        return .failure(error)
    }
}()
