import FilmstripRaster

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The smallest rectangle holding every pixel that differs between two frames of one size:
/// what an animation stores of a frame after the first (a dirty rectangle).
///
/// Pixels are compared as whole values (an RGBA8 canvas's 4 bytes, or one palette index;
/// row-major, no padding). The rows above and below the first and last differing rows are found
/// by comparing whole rows; the columns only inside those rows.
///
/// ```swift
/// ChangedRectangle.between(previous, next)  // nil when identical; Rect(x: 3, y: 0, width: 1, height: 1) for one pixel
/// ```
package enum ChangedRectangle {
    /// The bounding rectangle of the pixels that differ between `previous` and `next`, in
    /// pixels of their size; nil when every pixel is equal, or when the sizes differ (then
    /// nothing can be reused: treat the whole of `next` as changed).
    package static func between(_ previous: Canvas, _ next: Canvas) -> Rect? {
        guard previous.width == next.width, previous.height == next.height else { return nil }
        return between(previous.pixels, next.pixels, width: next.width, height: next.height, bytesPerPixel: 4)
    }

    /// The bounding rectangle of the pixels that differ between two images of `width` ×
    /// `height` pixels of `bytesPerPixel` bytes each (row-major, no padding): RGBA8 canvases (4),
    /// or palette indices into one palette (1: two pixels are the same colour exactly when their
    /// indices are equal). Nil when every pixel is equal, or when either buffer is not that size.
    package static func between(
        _ previous: [UInt8], _ next: [UInt8], width: Int, height: Int, bytesPerPixel: Int
    ) -> Rect? {
        let stride = width * bytesPerPixel
        guard width > 0, height > 0, bytesPerPixel > 0, previous.count == stride * height, next.count == stride * height
        else { return nil }
        return previous.withUnsafeBufferPointer { old -> Rect? in
            next.withUnsafeBufferPointer { new -> Rect? in
                func rowDiffers(_ y: Int) -> Bool {
                    memcmp(old.baseAddress! + y * stride, new.baseAddress! + y * stride, stride) != 0
                }
                guard let top = (0..<height).first(where: rowDiffers) else { return nil }
                let bottom = (top..<height).last(where: rowDiffers)!
                var left = width
                var right = -1
                let oldBytes = UnsafeRawPointer(old.baseAddress!)
                let newBytes = UnsafeRawPointer(new.baseAddress!)
                for y in top...bottom {
                    let row = y * stride
                    // Bytes before the leftmost change so far, then after the rightmost.
                    if left > 0,
                        let byte = firstDifference(oldBytes + row, newBytes + row, in: 0..<(left * bytesPerPixel))
                    {
                        left = byte / bytesPerPixel
                    }
                    if right < width - 1,
                        let byte = lastDifference(
                            oldBytes + row, newBytes + row, in: ((right + 1) * bytesPerPixel)..<stride)
                    {
                        right = byte / bytesPerPixel
                    }
                }
                return Rect(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
            }
        }
    }

    /// The offset of the first byte in `range` where `a` and `b` differ, or nil: eight bytes at a
    /// time, then byte by byte inside the eight that differ.
    private static func firstDifference(
        _ a: UnsafeRawPointer, _ b: UnsafeRawPointer, in range: Range<Int>
    ) -> Int? {
        var offset = range.lowerBound
        while offset + 8 <= range.upperBound {
            if a.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                != b.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            {
                break
            }
            offset += 8
        }
        while offset < range.upperBound {
            if a.load(fromByteOffset: offset, as: UInt8.self) != b.load(fromByteOffset: offset, as: UInt8.self) {
                return offset
            }
            offset += 1
        }
        return nil
    }

    /// The offset of the last byte in `range` where `a` and `b` differ, or nil.
    private static func lastDifference(
        _ a: UnsafeRawPointer, _ b: UnsafeRawPointer, in range: Range<Int>
    ) -> Int? {
        var end = range.upperBound
        while end - 8 >= range.lowerBound {
            if a.loadUnaligned(fromByteOffset: end - 8, as: UInt64.self)
                != b.loadUnaligned(fromByteOffset: end - 8, as: UInt64.self)
            {
                break
            }
            end -= 8
        }
        while end > range.lowerBound {
            end -= 1
            if a.load(fromByteOffset: end, as: UInt8.self) != b.load(fromByteOffset: end, as: UInt8.self) {
                return end
            }
        }
        return nil
    }
}
