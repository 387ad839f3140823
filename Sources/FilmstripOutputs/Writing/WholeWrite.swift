#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes all of `buffer` to the file `descriptor` with write(2), continuing after a partial
/// write and retrying when a signal interrupts it (EINTR).
/// - Returns: 0 when every byte was written, otherwise the `errno` of the write that failed.
package func writeWhole(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Int32 {
    var offset = 0
    while offset < buffer.count {
        let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
            if errno == EINTR { continue }
            return errno
        }
        offset += written
    }
    return 0
}
