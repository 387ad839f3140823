/// When a loader appears and how long it stays (docs/ARCHITECTURE.md, rule of time 7).
///
/// The loader is visible while the phase is loading and the load's elapsed time is at least
/// ``delayMs``. With a minimum visible time m, a loader that became visible at v stays until
/// max(data ready, v + m), and the content is held back until then. A 1 s delay keeps the loader
/// by 1 s so fast loads never flash; the spin-delay library uses a 500 ms delay and 200 ms
/// minimum; Android's ContentLoadingProgressBar 500 ms and 500 ms. The policy applies to first
/// loads and retries, never to a refresh over content.
///
/// Everything here is a pure function of integer event times in ms.
public struct LoaderPolicy: Hashable, Sendable, CustomStringConvertible {
    /// How long a load must last before the loader shows, in ms (≥ 0).
    package var delayMs: Int
    /// How long a loader that appeared stays at least, in ms; nil or 0 for no minimum.
    package var minimumVisibleMs: Int?

    /// A policy with a delay in ms (a negative delay counts as 0) and an optional minimum visible
    /// time in ms (nil, 0 or less means no minimum).
    package init(delayMs: Int, minimumVisibleMs: Int? = nil) {
        self.delayMs = max(0, delayMs)
        self.minimumVisibleMs = minimumVisibleMs.flatMap { $0 > 0 ? $0 : nil }
    }

    /// A loader shown at once: the usual code, and the scenes bench's control.
    package static let immediate = LoaderPolicy(delayMs: 0)
    /// Show the loader only after one second, so fast loads never flash.
    package static let seed004 = LoaderPolicy(delayMs: 1000)
    /// The spin-delay library's defaults: 500 ms delay, 200 ms minimum. Note that its 200 ms
    /// minimum is itself under the default 300 ms flash threshold.
    package static let spinDelay = LoaderPolicy(delayMs: 500, minimumVisibleMs: 200)
    /// Android's ContentLoadingProgressBar: 500 ms delay, 500 ms minimum.
    package static let contentLoadingProgressBar = LoaderPolicy(delayMs: 500, minimumVisibleMs: 500)

    /// `delay 1000 ms` or `delay 500 ms, minimum 200 ms`.
    public var description: String {
        if let minimum = minimumVisibleMs { return "delay \(delayMs) ms, minimum \(minimum) ms" }
        return "delay \(delayMs) ms"
    }

    /// What a person sees during and after the last of a chain of loads with no content shown
    /// in between (a first load, then retries). A retry that starts before the failure it
    /// follows was on screen (a hold of 0 ms, read as everything else that decides what a person
    /// saw, ``OnScreen``) continues the load the person is waiting for: a loader already showing
    /// stays visible from the retry's start and its minimum keeps counting from when it first
    /// appeared; a loader still waiting for its delay keeps waiting from the start of that
    /// first load, so the failure does not restart the delay. A failure on screen for at least
    /// 1 ms ends the wait: the next load starts a new one with its own delay.
    ///
    /// ```swift
    /// // Delay 1,000 ms: the first load fails at 1,500 and the retry starts at 1,500.
    /// LoaderPolicy.seed004.schedule(chain: [LoadSpan(startMs: 0, readyMs: 1500), LoadSpan(startMs: 1500, readyMs: 2000)])
    /// // loaderFromMs 1,500 (carried, no new delay), contentFromMs 2,000
    /// // Delay 1,000 ms: the first load fails at 700, before its loader; the retry at 700 waits on.
    /// LoaderPolicy.seed004.schedule(chain: [LoadSpan(startMs: 0, readyMs: 700), LoadSpan(startMs: 700, readyMs: 1900)])
    /// // loaderFromMs 1,000 (the delay from 0 ms), contentFromMs 1,900
    /// ```
    package func schedule(chain: [LoadSpan]) -> LoadSchedule? {
        var waitingSince: Int?
        var appearedAt: Int?
        var last: LoadSchedule?
        for (index, load) in chain.enumerated() {
            var schedule: LoadSchedule
            if let appeared = appearedAt {
                let content = max(load.readyMs, appeared + (minimumVisibleMs ?? 0))
                schedule = LoadSchedule(startMs: load.startMs, readyMs: load.readyMs, loaderFromMs: load.startMs, contentFromMs: content)
            } else {
                schedule = self.schedule(startMs: waitingSince ?? load.startMs, readyMs: load.readyMs)
                schedule.startMs = load.startMs
            }
            let continues = index + 1 < chain.count && Self.continues(schedule, into: chain[index + 1].startMs)
            waitingSince = continues ? waitingSince ?? load.startMs : nil
            appearedAt = continues ? appearedAt ?? schedule.loaderFromMs : nil
            last = schedule
        }
        return last
    }

    /// Whether this panel's loader is still showing at `startMs`, when a new load of the chain
    /// `earlier` starts (so the new load shows it at once, without the delay): the rule of
    /// ``schedule(chain:)``.
    package func loaderCarries(into startMs: Int, after earlier: [LoadSpan]) -> Bool {
        guard let previous = schedule(chain: earlier) else { return false }
        return previous.loaderFromMs != nil && Self.continues(previous, into: startMs)
    }

    /// The instant the loader shows during a load of the chain `earlier` that started at
    /// `startMs` and has no answer yet: `startMs` when a loader carries into it, the start of
    /// the load the person is waiting for plus the delay when the failure before it was never
    /// on screen, otherwise `startMs` plus the delay (``schedule(chain:)``). Whole ms since the
    /// start of the run.
    package func loaderFromMs(loadStartedAtMs startMs: Int, after earlier: [LoadSpan]) -> Int {
        // A load with no answer yet is one whose data is ready only at the end of time.
        schedule(chain: earlier + [LoadSpan(startMs: startMs, readyMs: .max)])?.loaderFromMs ?? startMs + delayMs
    }

    /// The continuation rule in one place: what `schedule` ended with (the failure, from
    /// `contentFromMs`) was not on screen before the next load started at `startMs`.
    private static func continues(_ schedule: LoadSchedule, into startMs: Int) -> Bool {
        !OnScreen.isSeen(fromMs: schedule.contentFromMs, untilMs: startMs)
    }

    /// What a person sees during and after one load that started at `startMs` and whose data was
    /// ready at `readyMs` (≥ `startMs`), as exact intervals.
    package func schedule(startMs: Int, readyMs: Int) -> LoadSchedule {
        let visibleFrom = startMs + delayMs
        guard readyMs > visibleFrom else {
            // Data ready at or before the delay: no loader at all.
            return LoadSchedule(startMs: startMs, readyMs: readyMs, loaderFromMs: nil, contentFromMs: readyMs)
        }
        let end = max(readyMs, visibleFrom + (minimumVisibleMs ?? 0))
        return LoadSchedule(startMs: startMs, readyMs: readyMs, loaderFromMs: visibleFrom, contentFromMs: end)
    }
}

/// The exact intervals of one load under a ``LoaderPolicy``, in ms.
///
/// blank [start, loaderFrom or contentFrom) · loader [loaderFrom, contentFrom) · content from
/// contentFrom; the content is held back over [ready, contentFrom).
package struct LoadSchedule: Hashable, Sendable {
    /// The load started.
    package var startMs: Int
    /// The data was ready.
    package var readyMs: Int
    /// The loader appeared; nil when it never did.
    package var loaderFromMs: Int?
    /// The content (or the error) appeared: the data's readiness, or later when held back.
    package var contentFromMs: Int

    /// How long the loader was visible (0 when it never appeared).
    package var loaderVisibleMs: Int { loaderFromMs.map { contentFromMs - $0 } ?? 0 }
    /// How long the content was held back after it was ready.
    package var heldBackMs: Int { contentFromMs - readyMs }
    /// How long the person saw neither loader nor content.
    package var blankMs: Int { (loaderFromMs ?? contentFromMs) - startMs }
    /// The wait the policy added to the load: the content came this much after the data.
    package var addedWaitMs: Int { heldBackMs }

    /// True when the loader was visible for more than 0 and less than `thresholdMs`.
    package func isFlash(thresholdMs: Int) -> Bool {
        loaderVisibleMs > 0 && loaderVisibleMs < thresholdMs
    }
}
