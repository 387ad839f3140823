// libFuzzer target: the BDF font reader, and measuring a line of text with what it read.
// Built by Tests/Fuzz/run.sh; not part of the package.
import FilmstripRaster

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBDF(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    if let font = try? BitmapFont(bdf: String(decoding: bytes, as: UTF8.self)) {
        let text = "Ag 1,093 ms · ✓"
        let missing = font.missingScalars(in: text)
        // Only the glyphs the font has: the fallback box for a missing glyph is rebuilt on every
        // use (4096 × 4096 px at worst), an unbounded cost;
        // draw the whole text here once that is bounded.
        _ = font.width(of: String(String.UnicodeScalarView(text.unicodeScalars.filter { !missing.contains($0) })))
    }
    return 0
}
