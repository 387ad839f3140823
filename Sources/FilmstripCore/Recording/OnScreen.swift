/// The one reading of a zero-length interval, shared by everything that decides what a person
/// saw (rules of time 6 and 7).
///
/// Something entered at `fromMs` and left at `untilMs` (whole ms since the start of the run,
/// half-open [fromMs, untilMs)) was on screen for `untilMs − fromMs` ms, and a person saw it only
/// when that is more than 0. A phase entered and left at one instant was never seen: it does not
/// split a panel's depiction interval (``RunAssembler``), it is not clipped into a window
/// (``Segment/clipped(fromMs:toMs:)``), it is no flash (``LoaderStats``), and a failure shown for
/// 0 ms before a retry starts does not stop that retry's loader from carrying on from the one
/// before it (``LoaderPolicy/schedule(chain:)``).
package enum OnScreen {
    /// True when [fromMs, untilMs) holds at least one millisecond: `untilMs > fromMs`.
    package static func isSeen(fromMs: Int, untilMs: Int) -> Bool { untilMs > fromMs }
}
