/// A scripted change of phase (to a phase of another name) that falls at or after the window's end: the recording stops
/// before it, so the filmstrip never shows the state it leads to.
package struct PendingChange: Hashable, Sendable {
    /// When the bench enters the phase, in ms since the start of the run (≥ the window's end).
    package var atMs: Int
    /// The phase it enters (`"loaded"`).
    package var phase: String
    /// The event logged at that instant just before it (`"beat 1: reply loaded landed"`); nil
    /// when none was.
    package var event: String?

    /// A change entering `phase` at `atMs` (whole ms since the start of the run), with the event
    /// logged at that same instant, if any.
    package init(atMs: Int, phase: String, event: String?) {
        self.atMs = atMs
        self.phase = phase
        self.event = event
    }

    /// `loaded at 2,700 ms (beat 1: reply loaded landed)`.
    package var summary: String {
        "\(phase) at \(Quantity.ms(atMs))" + (event.map { " (\($0))" } ?? "")
    }
}

/// What the script still does after the window: it runs the plan on the virtual clock past the
/// window's end (as far as ``PlanLint`` looks) and reads the phase changes from the timeline.
///
/// A cycle repeats its beats without end, so its *scripted* changes are those of the first pass
/// through the beats (the sum of their latencies and holds); a pinned script and timed events
/// end on their own, and every change they make is scripted.
package struct PendingWork: Hashable, Sendable {
    /// The first phase change at or after the window's end, or nil when the bench has settled.
    package var next: PendingChange?
    /// Whether ``next`` is a scripted change (not a repeat of a cycle's beats).
    package var nextIsScripted: Bool
    /// When the last scripted change happens, in ms; nil when the script changes no phase.
    package var lastScriptedChangeMs: Int?

    /// Looks past the window of `plan` (``LookAhead``); nil when the timeline cannot be
    /// followed (the run itself reports why).
    package static func scan(_ plan: CapturePlan) -> PendingWork? {
        LookAhead(plan).pending
    }

    /// What `run`, the plan's ``LookAhead`` timeline, does at and after the window's end.
    init(_ plan: CapturePlan, lookAhead run: RecordedRun) {
        let firstPassEndMs: Int? = plan.mode == .cycle ? plan.bench.scriptLength(plan) : nil
        func scripted(_ tMs: Int) -> Bool { firstPassEndMs.map { tMs < $0 } ?? true }
        var work = PendingWork(next: nil, nextIsScripted: false, lastScriptedChangeMs: nil)
        var lastEvent: TimelineEntry?
        var shown: String?
        for entry in run.timeline {
            guard entry.kind == .phase else {
                lastEvent = entry
                continue
            }
            // A change is entering a phase other than the one on screen (a fetch restarted in
            // loading is not one).
            defer { shown = entry.text }
            guard let before = shown, before != entry.text else { continue }
            if scripted(entry.tMs) { work.lastScriptedChangeMs = entry.tMs }
            if work.next == nil, entry.tMs >= plan.windowEndMs {
                let event = lastEvent.flatMap { $0.tMs == entry.tMs ? $0.text : nil }
                work.next = PendingChange(atMs: entry.tMs, phase: entry.text, event: event)
                work.nextIsScripted = scripted(entry.tMs)
            }
        }
        self = work
    }

    private init(next: PendingChange?, nextIsScripted: Bool, lastScriptedChangeMs: Int?) {
        self.next = next
        self.nextIsScripted = nextIsScripted
        self.lastScriptedChangeMs = lastScriptedChangeMs
    }
}

extension CapturePlan {
    /// This plan with `extendToSettle` applied: when no frame of the window shows the last
    /// scripted change (it falls at or after the window's end, or after the window's last frame
    /// instant), the window grows (never shrinks) so that its last frame is the first frame
    /// instant at or after that change, and the window ends one frame interval after that
    /// frame. The frame grid (start, interval) is unchanged. Without `extendToSettle`, or when a
    /// frame of the window already shows the last change, the plan is returned as it is.
    ///
    /// A window of 2,350 ms with frames every 100 ms (the last at 2,300 ms): a last change at
    /// 2,300 ms leaves it as it is; one at 2,301, 2,349 or 2,350 ms grows it to 2,500 ms.
    /// - Throws: ``PlanError`` at `$.extendToSettle` when the extended window would exceed the
    ///   limits of a plan (one hour, 100,000 frames).
    package func settled() throws(PlanError) -> CapturePlan {
        guard extendToSettle, let last = PendingWork.scan(self)?.lastScriptedChangeMs else { return self }
        // The first frame instant showing the last change; one inside the window films it.
        let firstFrame = windowStartMs + (last - windowStartMs + frameIntervalMs - 1) / frameIntervalMs * frameIntervalMs
        guard firstFrame >= windowEndMs else { return self }
        do {
            return try resampled(windowMs: firstFrame + frameIntervalMs - windowStartMs, frameIntervalMs: frameIntervalMs)
        } catch {
            throw PlanError(path: "$.extendToSettle", message: "the last scripted change at \(Quantity.ms(last)) needs a window the plan cannot have: \(error.message)")
        }
    }
}
