import FilmstripCore
import Synchronization

/// The four-state inbox bench: a screen that fetches a manifest list and moves
/// through loading, empty, failed and loaded as the scripted beats reply.
///
/// Each beat starts a fetch (phase `loading`, counter from 0), waits its latency on the
/// injected clock, then shows the reply's phase for the beat's hold. In a cycle the beats
/// repeat until the run ends; pinned, the last phase stays.
package final class InboxBench: Bench {
    /// No counters kept (reports show `{}`).
    package var counters: [String: Int] { [:] }
    /// No notes: the bench meets nothing outside the process.
    package var notes: [String] { [] }
    /// No requests, so none timed.
    package var loadTimings: [LoadTiming] { [] }
    /// The bench's phase: ``InboxPhase``.
    package typealias Phase = InboxPhase

    private enum Shown: Sendable {
        case loading(sinceMs: Int)
        case settled(InboxPhase)
    }

    private let script: [Beat]
    private let mode: CapturePlan.Mode
    private let inbox: ManifestInbox
    private let shown = Mutex<Shown>(.loading(sinceMs: 0))

    /// A bench that will run `script` in `mode`, with latencies stretched by `slowMotion`.
    package init(script: [Beat], mode: CapturePlan.Mode, slowMotion: SlowMotion) {
        self.script = script
        self.mode = mode
        self.inbox = ManifestInbox(slowMotion: slowMotion)
    }

    /// `loading` with 0 ms elapsed: the screen as it opens.
    package var initialPhase: InboxPhase { .loading(elapsedMs: 0) }

    /// The phase on screen at `timeMs` (ms since the start of the run); while a fetch is in
    /// flight, `loading` with the ms elapsed since that fetch started.
    package func phase(atMs timeMs: Int) -> InboxPhase {
        switch shown.withLock({ $0 }) {
        case .loading(let since): .loading(elapsedMs: max(0, timeMs - since))
        case .settled(let phase): phase
        }
    }


    /// `elapsed 1,093 ms`, the failure message, `3 rows`; nil for empty.
    package func phaseDetail(of phase: InboxPhase, atMs timeMs: Int) -> String? {
        switch phase {
        case .loading(let elapsed): "elapsed \(Quantity.ms(elapsed))"
        case .empty: nil
        case .failed(let message): message
        case .loaded(let rows): Quantity.count(rows.count, "row")
        }
    }

    /// Runs the beats in order on `clock`, logging each fetch, reply and phase to `timeline`: in
    /// a cycle from the first beat again after the last, pinned once with the last phase held.
    /// Returns when the task is cancelled (or, pinned, after the last beat).
    package func run(clock: BenchClock, timeline: TimelineLog<InboxPhase>) async {
        var index = 0
        do {
            while true {
                let beat = script[index % script.count]
                let number = index % script.count + 1
                let start = clock.nowMs()
                shown.withLock { $0 = .loading(sinceMs: start) }
                timeline.event("beat \(number): fetch started, \(beat.reply.name) after \(inbox.slowMotion.apply(toMs: beat.latencyMs)) ms", atMs: start)
                timeline.enter(.loading(elapsedMs: 0), atMs: start)
                let reply = try await inbox.fetch(beat, clock: clock)
                let landed = clock.nowMs()
                switch reply {
                case .loading:
                    timeline.event("beat \(number): fetch still in flight at the end of its beat", atMs: landed)
                case .empty:
                    settle(.empty, timeline: timeline, beat: number, atMs: landed)
                case .failed(let message):
                    settle(.failed(message), timeline: timeline, beat: number, atMs: landed)
                case .loaded(let rows):
                    settle(.loaded(rows), timeline: timeline, beat: number, atMs: landed)
                }
                index += 1
                if mode == .pinned && index == script.count { return }
                if beat.holdMs > 0 { try await clock.sleep(forMs: beat.holdMs) }
            }
        } catch {
            return  // cancelled: the run is over.
        }
    }

    private func settle(_ phase: InboxPhase, timeline: TimelineLog<InboxPhase>, beat: Int, atMs time: Int) {
        shown.withLock { $0 = .settled(phase) }
        timeline.event("beat \(beat): reply \(phase.name.rawValue) landed", atMs: time)
        timeline.enter(phase, atMs: time)
    }
}
