import CZlib
import FilmstripPNG
import FilmstripRaster
import Testing

/// ``PNGCodec/widenedIndexedImageData(_:width:height:bitDepth:settings:)``: a palette image's
/// rows at 4 bits become exactly the stream an 8-bit encoding of the same pixels makes.
@Suite struct WidenedImageDataTests {
    /// `width` × `height` indices below 16, rows in pairs that repeat, so both filters occur.
    static func indices(width: Int, height: Int) -> [UInt8] {
        (0..<(width * height)).map { offset in UInt8((offset % width * 5 + offset / width / 2 * 3) % 16) }
    }

    @Test(arguments: [1, 2, 3])
    func aFourBitStreamWidensToTheEightBitStreamByteForByte(scale: Int) throws {
        for (width, height) in [(1, 1), (7, 5), (13, 9), (40, 4)] {
            let pixels = Self.indices(width: width, height: height)
            let whole = Rect(x: 0, y: 0, width: width, height: height)
            let four = try PNGCodec.indexedImageData(of: pixels, width: width, region: whole, scale: scale, bitDepth: 4, settings: .default)
            let eight = try PNGCodec.indexedImageData(of: pixels, width: width, region: whole, scale: scale, bitDepth: 8, settings: .default)
            let widened = try PNGCodec.widenedIndexedImageData(four, width: width * scale, height: height * scale, bitDepth: 4, settings: .default)
            #expect(widened == eight, "\(width)×\(height) at \(scale)×")
        }
    }

    /// Rows filtered with each of the five filter types (W3C PNG §9.2, one byte a pixel step)
    /// are unfiltered before widening: the result is the 8-bit stream of the same pixels.
    @Test(arguments: [0, 1, 2, 3, 4])
    func everyFilterTypeIsUndone(filter: UInt8) throws {
        let width = 11, height = 6
        let pixels = Self.indices(width: width, height: height)
        let packed = (width + 1) / 2
        var rows: [UInt8] = []
        var above = [UInt8](repeating: 0, count: packed)
        for y in 0..<height {
            var row = [UInt8](repeating: 0, count: packed)
            for x in 0..<width { row[x / 2] |= pixels[y * width + x] << (x % 2 == 0 ? 4 : 0) }
            rows.append(filter)
            for i in 0..<packed {
                let left = i > 0 ? Int(row[i - 1]) : 0, up = Int(above[i]), corner = i > 0 ? Int(above[i - 1]) : 0
                let predictor: Int
                switch filter {
                case 1: predictor = left
                case 2: predictor = up
                case 3: predictor = (left + up) / 2
                case 4:
                    let p = left + up - corner
                    let (pa, pb, pc) = (abs(p - left), abs(p - up), abs(p - corner))
                    predictor = pa <= pb && pa <= pc ? left : pb <= pc ? up : corner
                default: predictor = 0
                }
                rows.append(UInt8(truncatingIfNeeded: Int(row[i]) - predictor))
            }
            above = row
        }
        var stream = [UInt8](repeating: 0, count: rows.count + 64)
        var size = uLongf(stream.count)
        let status = stream.withUnsafeMutableBufferPointer { to in
            rows.withUnsafeBufferPointer { from in compress(to.baseAddress, &size, from.baseAddress, uLong(from.count)) }
        }
        #expect(status == Z_OK)
        let eight = try PNGCodec.indexedImageData(
            of: pixels, width: width, region: Rect(x: 0, y: 0, width: width, height: height), scale: 1, bitDepth: 8, settings: .default)
        let widened = try PNGCodec.widenedIndexedImageData(Array(stream.prefix(Int(size))), width: width, height: height, bitDepth: 4, settings: .default)
        #expect(widened == eight)
    }

    @Test func dataThatIsNotTheRowsOfItsSizeIsRefused() throws {
        let pixels = Self.indices(width: 8, height: 4)
        let four = try PNGCodec.indexedImageData(
            of: pixels, width: 8, region: Rect(x: 0, y: 0, width: 8, height: 4), scale: 1, bitDepth: 4, settings: .default)
        let wrongSize = PNGError(message: "the image data is not a zlib stream of exactly the rows of its size")
        #expect(throws: wrongSize) { try PNGCodec.widenedIndexedImageData(four, width: 8, height: 5, bitDepth: 4, settings: .default) }
        #expect(throws: wrongSize) { try PNGCodec.widenedIndexedImageData(four, width: 9, height: 4, bitDepth: 4, settings: .default) }
        #expect(throws: wrongSize) { try PNGCodec.widenedIndexedImageData(Array(four.dropLast(5)), width: 8, height: 4, bitDepth: 4, settings: .default) }
        #expect(throws: PNGError(message: "only 1-, 2- and 4-bit rows are widened")) {
            try PNGCodec.widenedIndexedImageData(four, width: 8, height: 4, bitDepth: 8, settings: .default)
        }
        #expect(throws: PNGError(message: "cannot widen the rows of a 0×4 image")) {
            try PNGCodec.widenedIndexedImageData(four, width: 0, height: 4, bitDepth: 4, settings: .default)
        }
    }
}
