import FilmstripCore
import Synchronization

/// The scenes screen: a list of scenes fetched when the screen opens, retried
/// after a failure, refreshed over content.
///
/// Each beat is triggered by opening the screen (content cleared, phase loading), tapping retry
/// (phase loading), or pulling to refresh (content stays, phase refreshing); its fetch waits the
/// beat's latency on the injected clock, then its reply lands and is held. A refresh that fails
/// keeps the content and logs the failure.
package final class ScenesBench: Bench {
    /// No counters kept (reports show `{}`).
    package var counters: [String: Int] { [:] }
    /// No notes: the bench meets nothing outside the process.
    package var notes: [String] { [] }
    /// No requests, so none timed.
    package var loadTimings: [LoadTiming] { [] }
    /// The bench's phase: ``ScenesPhase``.
    package typealias Phase = ScenesPhase

    private let script: [Beat]
    private let mode: CapturePlan.Mode
    private let slowMotion: SlowMotion
    private let shown = Mutex<ScenesPhase>(.loading(startedAtMs: 0, earlier: []))

    /// A bench that will run `script` in `mode`, with latencies (not holds) stretched by
    /// `slowMotion`.
    package init(script: [Beat], mode: CapturePlan.Mode, slowMotion: SlowMotion) {
        self.script = script
        self.mode = mode
        self.slowMotion = slowMotion
    }

    /// `loading` started at 0 ms with no earlier loads: the screen as it opens.
    package var initialPhase: ScenesPhase { .loading(startedAtMs: 0, earlier: []) }

    /// The phase as the last beat left it; `timeMs` is not used (the phase holds its own instants).
    package func phase(atMs timeMs: Int) -> ScenesPhase { shown.withLock { $0 } }


    /// `elapsed 300 ms` (a load or a refresh at `timeMs`), the failure message, `3 rows`; nil for empty.
    package func phaseDetail(of phase: ScenesPhase, atMs timeMs: Int) -> String? {
        switch phase {
        case .loading(let start, _): "elapsed \(Quantity.ms(max(0, timeMs - start)))"
        case .refreshing(let rows, let start): "\(Quantity.count(rows.count, "row")), elapsed \(Quantity.ms(max(0, timeMs - start)))"
        case .loaded(let rows, _): Quantity.count(rows.count, "row")
        case .empty: nil
        case .failed(let message, _): message
        }
    }

    /// Runs the beats in order on `clock`, logging each trigger, reply and phase to `timeline`:
    /// in a cycle from the first beat again after the last, pinned once with the last phase held.
    /// Returns when the task is cancelled (or, pinned, after the last beat).
    package func run(clock: BenchClock, timeline: TimelineLog<ScenesPhase>) async {
        var index = 0
        do {
            while true {
                let beat = script[index % script.count]
                let number = index % script.count + 1
                let start = clock.nowMs()
                let latency = slowMotion.apply(toMs: beat.latencyMs)
                let current = shown.withLock { $0 }
                var refreshing: [ManifestRow]?
                if beat.trigger == .refresh, case .loaded(let rows, _) = current { refreshing = rows }
                // A retry continues the chain of loads since content was last shown; opening starts a new one.
                let earlier = beat.trigger == .retry ? current.settledLoads : []
                let next: ScenesPhase = refreshing.map { .refreshing($0, startedAtMs: start) } ?? .loading(startedAtMs: start, earlier: earlier)
                let action = switch beat.trigger {
                case .open: "screen opened"
                case .retry: "tap Try again"
                case .refresh: refreshing == nil ? "refresh with nothing on screen, so a fresh load" : "pull to refresh"
                }
                timeline.event("beat \(number): \(action), fetch started, \(beat.reply.name) after \(latency) ms", atMs: start)
                enter(next, timeline: timeline, atMs: start)

                try await clock.sleep(forMs: latency)
                let ready = clock.nowMs()
                let loads = refreshing == nil ? earlier + [LoadSpan(startMs: start, readyMs: ready)] : []
                switch beat.reply {
                case .loading:
                    timeline.event("beat \(number): fetch still in flight at the end of its beat", atMs: ready)
                case .empty:
                    timeline.event("beat \(number): reply empty landed", atMs: ready)
                    enter(.empty(loads: loads), timeline: timeline, atMs: ready)
                case .failed(let message):
                    if let rows = refreshing {
                        timeline.event("beat \(number): refresh failed (\(message)); the scenes stay", atMs: ready)
                        enter(.loaded(rows, loads: []), timeline: timeline, atMs: ready)
                    } else {
                        timeline.event("beat \(number): reply failed landed", atMs: ready)
                        enter(.failed(message, loads: loads), timeline: timeline, atMs: ready)
                    }
                case .loaded(let rows):
                    timeline.event("beat \(number): reply loaded landed", atMs: ready)
                    enter(.loaded(rows, loads: loads), timeline: timeline, atMs: ready)
                }
                index += 1
                if mode == .pinned && index == script.count { return }
                if beat.holdMs > 0 { try await clock.sleep(forMs: beat.holdMs) }
            }
        } catch {
            return  // cancelled: the run is over.
        }
    }

    private func enter(_ phase: ScenesPhase, timeline: TimelineLog<ScenesPhase>, atMs time: Int) {
        shown.withLock { $0 = phase }
        timeline.enter(phase, atMs: time)
    }
}
