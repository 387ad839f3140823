import FilmstripRaster
import Foundation

/// Real bitmap fonts from Debian's xfonts-base, cut to the code points the benches draw
/// (`Tests/Fonts/`, written by `Tests/Fonts/subset.py`; licences in `Tests/Fonts/COPYRIGHT`).
package enum DebianFonts {
    /// `Tests/Fonts/<name>.bdf` read as a font: `4x6`, `10x20` or `12x24`.
    package static func font(_ name: String) -> BitmapFont {
        let url = TestSupport.root.appendingPathComponent("Tests/Fonts/\(name).bdf")
        let data = try! Data(contentsOf: url)
        return try! BitmapFont(bdf: String(decoding: data, as: UTF8.self))
    }

    /// The four sizes every bench must lay out without a clipped or overlapping line, smallest
    /// first: misc-fixed 4x6, 6x13 (the bundled font), 10x20 and Sony 12x24 (whose
    /// `DEFAULT_CHAR` is a blank space and which lacks `—`).
    package static let layoutSizes: [(name: String, font: BitmapFont)] = [
        ("4x6", font("4x6")), ("6x13", TestSupport.font), ("10x20", font("10x20")), ("12x24", font("12x24")),
    ]
}
