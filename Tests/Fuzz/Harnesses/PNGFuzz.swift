// libFuzzer target: the PNG reader (libpng's simplified API through CPNGShim).
// Built by Tests/Fuzz/run.sh; not part of the package.
import FilmstripPNG

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    _ = try? PNGCodec.decode(bytes)
    return 0
}
