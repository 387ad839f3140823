/// What one panel's loader did inside the window, from exact event times (never from frames).
public struct LoaderStats: Hashable, Sendable {
    /// The panel.
    public var panel: String
    /// Milliseconds a loader (any form: spinner, skeleton, bar) was visible inside the window.
    public var visibleMs: Int
    /// Each flash: a loader visible for more than 0 and less than the flash threshold, as its
    /// whole interval [enter, exit) from the first instant any loader form showed to the last,
    /// named by its first form (a flash that crosses the window's start counts with its full
    /// length; a loader still showing when the run stops is not a flash: its length is unknown).
    public var flashes: [Segment]
    /// Milliseconds the content (or error) was ready but held back behind the loader, inside the window.
    public var heldBackMs: Int
    /// Each stretch of held-back content, in time order: when its data was ready and when it
    /// was painted (the loader's merged interval ended), in ms since the start of the run, whole
    /// (not clipped to the window); only stretches that overlap the window are listed.
    package var heldBack: [HeldBack]
    /// Milliseconds the person saw neither loader nor content.
    package var blankMs: Int

    /// Measures `panel` from its depiction segments and the run's phase segments.
    ///
    /// - Parameters:
    ///   - loaders: the depictions that are loaders (``DepictionStyle/Role/loader``).
    ///   - blanks: the depictions that show nothing (``DepictionStyle/Role/blank``).
    ///   - loadingPhases: phases during which a visible loader is not holding anything back
    ///     (``PhaseStyle/isInFlight``).
    ///   - thresholdMs: a loader visible for less than this (and more than 0) is a flash.
    package init(panel: String, depictions: [Segment], phases: [Segment], windowStartMs: Int, windowEndMs: Int, thresholdMs: Int, loaders: Set<String>, blanks: Set<String>, loadingPhases: Set<String>) {
        self.panel = panel
        // One loader is one interval, from the first instant any loader form is on screen to the
        // last: a spinner that turns into a progress bar is one loader, not two flashes (the
        // depiction segments still show each form).
        let spinners = Self.loaderIntervals(depictions, loaders: loaders)
        visibleMs = spinners.compactMap { $0.clipped(fromMs: windowStartMs, toMs: windowEndMs)?.durationMs }.reduce(0, +)
        // The last depiction interval is cut off where the run stops: its true length is unknown,
        // so a loader that lasts to it is never called a flash.
        let cutOff = depictions.last.map(\.exitMs)
        flashes = spinners.filter {
            $0.exitMs != cutOff && OnScreen.isSeen(fromMs: $0.enterMs, untilMs: $0.exitMs) && $0.durationMs < thresholdMs && $0.exitMs > windowStartMs && $0.enterMs < windowEndMs
        }
        blankMs = depictions.filter { blanks.contains($0.name) }
            .compactMap { $0.clipped(fromMs: windowStartMs, toMs: windowEndMs)?.durationMs }.reduce(0, +)
        // Each list is in time order and its intervals do not overlap, so one merge pass finds
        // every overlap (a loop over all pairs was quadratic: a window starting near its limit,
        // after 86,000 s of cycles, took 52 s).
        let shown = spinners.filter { $0.exitMs > windowStartMs && $0.enterMs < windowEndMs }
        let holding = phases.filter { !loadingPhases.contains($0.name) && $0.exitMs > windowStartMs && $0.enterMs < windowEndMs }
        var held = 0
        var stretches: [HeldBack] = []
        var (i, j) = (0, 0)
        while i < shown.count, j < holding.count {
            let (spinner, phase) = (shown[i], holding[j])
            let ready = max(spinner.enterMs, phase.enterMs)
            let painted = min(spinner.exitMs, phase.exitMs)
            let from = max(ready, windowStartMs)
            let to = min(painted, windowEndMs)
            if to > from {
                held += to - from
                stretches.append(HeldBack(readyMs: ready, paintedMs: painted))
            }
            if spinner.exitMs <= phase.exitMs { i += 1 } else { j += 1 }
        }
        heldBackMs = held
        heldBack = stretches
    }

    /// The loader intervals of `depictions` (in time order, not overlapping): each maximal run of
    /// back-to-back loader depictions, whatever their forms, as one interval named by its first
    /// form.
    static func loaderIntervals(_ depictions: [Segment], loaders: Set<String>) -> [Segment] {
        var intervals: [Segment] = []
        for depiction in depictions where loaders.contains(depiction.name) {
            if let last = intervals.last, last.exitMs == depiction.enterMs {
                intervals[intervals.count - 1].exitMs = depiction.exitMs
            } else {
                intervals.append(depiction)
            }
        }
        return intervals
    }

    /// `held back 400 ms (ready 600 ms, painted 1,000 ms)` or `held back 0 ms`.
    package var heldBackSummary: String {
        let list = heldBack.map { "ready \(Quantity.ms($0.readyMs)), painted \(Quantity.ms($0.paintedMs))" }.joined(separator: "; ")
        return "held back \(Quantity.ms(heldBackMs))" + (list.isEmpty ? "" : " (\(list))")
    }

    /// `1 flash (3 ms at 1,000 ms)`, `2 flashes (…, …)` or `no flash`.
    package var flashSummary: String {
        guard !flashes.isEmpty else { return "no flash" }
        let list = flashes.map { "\(Quantity.ms($0.durationMs)) at \(Quantity.ms($0.enterMs))" }.joined(separator: ", ")
        return "\(flashes.count) \(flashes.count == 1 ? "flash" : "flashes") (\(list))"
    }
}

/// Content that was ready but held back behind a loader kept for its minimum visible time.
package struct HeldBack: Hashable, Sendable {
    /// When the data (content or error) was ready, ms since the start of the run.
    package var readyMs: Int
    /// When it was painted: the loader left the screen, ms since the start of the run.
    package var paintedMs: Int

    /// A stretch of content ready at `readyMs` and painted at `paintedMs` (≥ `readyMs`), both
    /// whole ms since the start of the run.
    package init(readyMs: Int, paintedMs: Int) {
        self.readyMs = readyMs
        self.paintedMs = paintedMs
    }
}
