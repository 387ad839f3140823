#if os(Linux) && canImport(Glibc)  // no other branch: mallopt is glibc's; elsewhere apply() does nothing
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
/// Under load (another recording on the same two cores) the run's threads block in `fsync`
/// and more worker threads, each with its own arena, take their place: at 10,000 frames the
/// 1 MiB policy peaked at 53.1 MiB with 13.0 s of system time, and with the arenas capped at
/// two (one a core) at 50.4–52.2 MiB with 5.8–6.0 s; the 128 KiB threshold at 48.8 MiB with
/// 20.4 s.
///
/// A 128 KiB threshold maps the 335 KiB canvas of every frame and returns it at once, which
/// costs a page fault per 4 KiB each time; 1 MiB kept canvases in the arenas (reused batch after
/// batch) and mapped only the larger blocks, and a 32 MiB trim threshold stops the heap's top
/// from being given back and faulted in again between batches; two arenas bound how many heaps
/// fragment.
///
/// The threshold is 4 MiB rather than 1 MiB: the strip's 3.3 MB of palette indices
/// (and its canvas for the cells) then come from the arenas too, where the next plan reuses
/// them, rather than being mapped, faulted in and zeroed again for each plan. `check` of the 18
/// shipped captures: 171 ms (165–189) against 188 ms (177–210) of wall time, 305 against 339 ms of
/// processor time (15 alternating runs); `Tests/Bench/record-rss.sh 1000 100000`: 46.1 and
/// 48.0 MiB (+4.2%) against 43.6 and 47.9 MiB (+9.9%).
enum HeapPolicy {
    /// The size from which a block is mapped on its own: 4 MiB.
    static let mmapThresholdBytes: Int32 = 4 << 20
    /// How much free memory the top of a heap may hold before it is returned: 32 MiB.
    static let trimThresholdBytes: Int32 = 32 << 20
    /// How many arenas threads share: 2.
    static let arenas: Int32 = 2

    /// Applies the policy to this process (once, before any command runs; no effect off glibc).
    static func apply() {
        #if os(Linux) && canImport(Glibc)  // no other branch: other allocators keep their own defaults
            _ = mallopt(M_MMAP_THRESHOLD, mmapThresholdBytes)
            _ = mallopt(M_TRIM_THRESHOLD, trimThresholdBytes)
            _ = mallopt(M_ARENA_MAX, arenas)
        #endif
    }
}
