import FilmstripRaster

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The smallest rectangle holding every pixel that differs between two frames of one size:
/// what an animation stores of a frame after the first (a dirty rectangle).
///
/// Pixels are compared as whole RGBA8 values (4 bytes, row-major, stride = width × 4). The
/// rows above and below the first and last differing rows are found by comparing whole rows;
/// the columns only inside those rows.
///
/// ```swift
/// ChangedRectangle.between(previous, next)  // nil when identical; Rect(x: 3, y: 0, width: 1, height: 1) for one pixel
/// ```
package enum ChangedRectangle {
    /// The bounding rectangle of the pixels that differ between `previous` and `next`, in
    /// pixels of their size; nil when every pixel is equal, or when the sizes differ (then
    /// nothing can be reused: treat the whole of `next` as changed).
    package static func between(_ previous: Canvas, _ next: Canvas) -> Rect? {
        guard previous.width == next.width, previous.height == next.height, previous.width > 0, previous.height > 0 else { return nil }
        let stride = next.stride
        return previous.pixels.withUnsafeBufferPointer { old -> Rect? in
            next.pixels.withUnsafeBufferPointer { new -> Rect? in
                func rowDiffers(_ y: Int) -> Bool {
                    memcmp(old.baseAddress! + y * stride, new.baseAddress! + y * stride, stride) != 0
                }
                guard let top = (0..<next.height).first(where: rowDiffers) else { return nil }
                let bottom = (top..<next.height).last(where: rowDiffers)!
                var left = next.width
                var right = -1
                for y in top...bottom {
                    let row = y * stride
                    var x = 0
                    while x < left {
                        let i = row + x * 4
                        if old[i] != new[i] || old[i + 1] != new[i + 1] || old[i + 2] != new[i + 2] || old[i + 3] != new[i + 3] {
                            left = x
                            break
                        }
                        x += 1
                    }
                    x = next.width - 1
                    while x > right {
                        let i = row + x * 4
                        if old[i] != new[i] || old[i + 1] != new[i + 1] || old[i + 2] != new[i + 2] || old[i + 3] != new[i + 3] {
                            right = x
                            break
                        }
                        x -= 1
                    }
                }
                return Rect(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
            }
        }
    }
}
