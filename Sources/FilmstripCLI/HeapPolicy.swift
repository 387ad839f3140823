#if canImport(Glibc)
    import CMalloc
#endif

/// How the command line asks the C heap to hand out and give back memory, so a long
/// recording's resident memory stays flat.
///
/// A frame's buffers (the canvas, its indexed copy, the compressors' windows, the animation's
/// changed rectangle) are 64 KiB to 1.5 MiB each and live for one batch. By default glibc's
/// malloc raises its mmap threshold each time a mapped block is freed, after which blocks of that
/// size come from the threads' arenas, whose freed pages stay resident and fragment: the peak
/// RSS of the reference plan's recording grew from 52.1 MiB at 1,000 frames to 55.9 MiB at
/// 30,000 while the live heap stayed at 18 MiB (heaptrack). A fixed threshold turns that raising
/// off. Measured with glibc's tunables on the same build (5,000 frames; processor time against
/// the default on the 120-frame plan, medians of 9 alternating runs):
///
/// | mmap threshold | trim threshold | peak RSS at 5,000 | processor time |
/// |---|---|---|---|
/// | (default, raised) | (default) | 51.4 MiB | 1 |
/// | 128 KiB | 128 KiB | 49.4 MiB | 1.108 (1.060–1.140) |
/// | 1 MiB | 32 MiB | 49.8 MiB | 1.010 (0.964–1.140) |
///
/// A 128 KiB threshold maps the 335 KiB canvas of every frame and returns it at once, which
/// costs a page fault per 4 KiB each time; 1 MiB keeps canvases in the arenas (reused batch after
/// batch) and maps only the larger changed rectangles, and a 32 MiB trim threshold stops the
/// heap's top from being given back and faulted in again between batches.
enum HeapPolicy {
    /// The size from which a block is mapped on its own: 1 MiB.
    static let mmapThresholdBytes: Int32 = 1 << 20
    /// How much free memory the top of a heap may hold before it is returned: 32 MiB.
    static let trimThresholdBytes: Int32 = 32 << 20

    /// Applies the policy to this process (once, before any command runs; no effect off glibc).
    static func apply() {
        #if canImport(Glibc)
            _ = mallopt(M_MMAP_THRESHOLD, mmapThresholdBytes)
            _ = mallopt(M_TRIM_THRESHOLD, trimThresholdBytes)
        #endif
    }
}
