#if canImport(Glibc)
    import CMalloc
#endif

/// How the command line asks the C heap to hand out image buffers, so a long recording's
/// resident memory stays flat.
///
/// A frame's buffers (the canvas, its indexed copy, the scaled rows, the compressor's window)
/// are 100 KiB to 1.5 MiB each and live for one batch. glibc's malloc raises its mmap threshold
/// each time such a block is freed, after which blocks of that size come from the threads'
/// arenas instead, whose freed pages stay resident and fragment: measured on a 5,000-frame
/// recording of the reference plan, the peak RSS was 53.2 MiB with the default against
/// 49.4 MiB with the threshold fixed at 128 KiB (`GLIBC_TUNABLES=glibc.malloc.mmap_threshold=131072`),
/// while the live heap stayed at 18 MiB either way (heaptrack). Fixing the threshold (glibc's
/// `mallopt(M_MMAP_THRESHOLD)`, which also turns the raising off) maps every block of 128 KiB
/// or more on its own and returns it to the system when freed.
enum HeapPolicy {
    /// The size from which a block is mapped on its own: 128 KiB, glibc's initial threshold.
    static let mmapThresholdBytes: Int32 = 128 * 1024

    /// Applies the policy to this process (once, before any command runs; no effect off glibc).
    static func apply() {
        #if canImport(Glibc)
            _ = mallopt(M_MMAP_THRESHOLD, mmapThresholdBytes)
        #endif
    }
}
