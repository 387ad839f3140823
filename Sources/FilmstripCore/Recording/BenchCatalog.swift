/// The built-in benches, by the name plans use, and the one place that builds a run from a plan.
public enum BenchCatalog {
    /// What a plan may name for one bench.
    public struct Entry: Hashable, Sendable {
        /// The bench's name in plans (`"inbox"`).
        public let name: String
        /// Its phase names, in report order.
        public let phases: [String]
        /// Its panel identifiers, in default left-to-right order.
        public let panels: [String]
        /// One line on what it is, with its source.
        public let summary: String
        /// What may start a beat.
        public let triggers: [Beat.Trigger]
        /// Panels whose loader policy a plan may set.
        public let policyPanels: [String]
        /// The rows of a loaded reply that gives none.
        public let defaultRows: [ManifestRow]
        /// The message of a failed reply that gives none.
        public let defaultFailure: String
        /// Expectations when a plan gives none.
        public let defaultExpectations: CapturePlan.Expectations
    }

    /// Every built-in bench.
    public static let entries: [Entry] = [
        Entry(
            name: "inbox", phases: InboxPhase.names, panels: ["loadedOnly", "allFour"],
            summary: "the four-state inbox of seed 000: LoadedOnlyPanel (control, rose) beside AllFourPanel (mint)",
            triggers: [.open], policyPanels: [], defaultRows: ManifestRow.samples,
            defaultFailure: "ASC 409 · version already exists",
            defaultExpectations: .defaults(phases: InboxPhase.names)),
        Entry(
            name: "scenes", phases: ScenesPhase.names, panels: LoaderPolicyPanel.presets.map(\.id),
            summary: "the scenes list of seed 004: an immediate spinner (control) beside delayed loaders",
            triggers: [.open, .retry, .refresh], policyPanels: LoaderPolicyPanel.presets.map(\.id),
            defaultRows: ScenesPhase.sampleScenes, defaultFailure: "The scenes could not be loaded. Check your connection.",
            defaultExpectations: .init(minFrames: ["loaded": 1], maxSharePercent: [:])),
        Entry(
            name: "orders", phases: OrdersPhase.names, panels: ["pattern", "naive"],
            summary: "the orders screen of seed 002: the async content state pattern beside a naive control",
            triggers: [], policyPanels: [], defaultRows: OrdersEvent.sampleOrders,
            defaultFailure: "Service Unavailable",
            defaultExpectations: .init(minFrames: [:], maxSharePercent: [:], followRules: ["pattern"])),
    ]

    /// The benches' names.
    public static var names: [String] { entries.map(\.name) }

    /// The entry for `name`, or nil.
    public static func entry(named name: String) -> Entry? {
        entries.first { $0.name == name }
    }

    /// Runs `plan` on `clock`: samples every frame instant and still, and logs the timeline until
    /// the window's end (or `untilMs` when later: the lint looks past the window).
    ///
    /// - Throws: ``RunError`` when the bench schedules work without end (naming the bench, the
    ///   instant and its last event) or does not stop when the run ends.
    public static func run(_ plan: CapturePlan, clock: ClockKind, untilMs: Int? = nil, sampleFrames: Bool = true) throws(RunError) -> RecordedRun {
        var run = try runOnce(plan, clock: clock, untilMs: untilMs, sampleFrames: sampleFrames)
        if sampleFrames { run.pendingAtEnd = PendingWork.scan(plan)?.next }
        return run
    }

    private static func runOnce(_ plan: CapturePlan, clock: ClockKind, untilMs: Int?, sampleFrames: Bool) throws(RunError) -> RecordedRun {
        switch plan.bench {
        case "inbox":
            let bench = InboxBench(script: plan.script, mode: plan.mode, slowMotion: plan.slowMotion)
            let panels: [any Panel<InboxPhase>] = plan.panels.map { id -> any Panel<InboxPhase> in
                id == "loadedOnly" ? LoadedOnlyPanel() : AllFourPanel()
            }
            return try RunAssembler(bench: bench, panels: panels, plan: plan, phaseNames: InboxPhase.names, rules: nil)
                .run(clock: clock, untilMs: untilMs, sampleFrames: sampleFrames)
        case "scenes":
            let bench = ScenesBench(script: plan.script, mode: plan.mode, slowMotion: plan.slowMotion)
            let panels: [any Panel<ScenesPhase>] = plan.panels.compactMap { id -> (any Panel<ScenesPhase>)? in
                LoaderPolicyPanel.preset(id, policy: plan.loaderPolicies[id])
            }
            return try RunAssembler(bench: bench, panels: panels, plan: plan, phaseNames: ScenesPhase.names, rules: nil)
                .run(clock: clock, untilMs: untilMs, sampleFrames: sampleFrames)
        case "orders":
            let bench = OrdersBench(events: plan.ordersEvents, settings: plan.ordersSettings, slowMotion: plan.slowMotion)
            let layoutKnown = plan.ordersSettings.layoutKnown
            let panels: [any Panel<OrdersPhase>] = plan.panels.map { id -> any Panel<OrdersPhase> in
                id == "naive" ? OrdersNaivePanel() : OrdersPatternPanel(layoutKnown: layoutKnown)
            }
            return try RunAssembler(
                bench: bench, panels: panels, plan: plan, phaseNames: OrdersPhase.names,
                rules: { phase, depiction in OrdersRule.broken(by: depiction, in: phase, layoutKnown: layoutKnown).map(\.rawValue) }
            ).run(clock: clock, untilMs: untilMs, sampleFrames: sampleFrames)
        default:
            throw RunError(message: "unknown bench '\(plan.bench)'")
        }
    }
}

/// Turns one bench's typed capture into a ``RecordedRun``.
struct RunAssembler<B: Bench> {
    let bench: B
    let panels: [any Panel<B.Phase>]
    let plan: CapturePlan
    let phaseNames: [String]
    /// The rules a depiction breaks in a phase, by name; nil for benches without rules.
    let rules: (@Sendable (B.Phase, Depiction) -> [String])?

    func run(clock: ClockKind, untilMs: Int?, sampleFrames: Bool) throws(RunError) -> RecordedRun {
        let frameInstants = sampleFrames ? plan.frameInstants : []
        let stillInstants = sampleFrames ? plan.stills.map(\.atMs) : []
        let instants = Array(Set(frameInstants + stillInstants)).sorted()
        let endMs = max(plan.windowEndMs, untilMs ?? 0)
        let recorder = Recorder(
            bench: bench, instants: instants, endMs: endMs,
            lateToleranceMs: FrameDeadline.toleranceMs(frameIntervalMs: plan.frameIntervalMs), benchName: plan.bench)
        let capture = clock == .virtual ? try recorder.recordVirtual() : try recorder.recordReal()

        let bench = self.bench
        let panels = self.panels
        // Timeline and phase segments.
        var timeline: [TimelineEntry] = []
        var changes: [(tMs: Int, phase: B.Phase)] = [(0, bench.initialPhase)]
        for record in capture.records {
            switch record.kind {
            case .event(let text):
                timeline.append(TimelineEntry(tMs: record.tMs, sequence: record.sequence, kind: .event, text: text))
            case .phase(let phase):
                timeline.append(TimelineEntry(tMs: record.tMs, sequence: record.sequence, kind: .phase, text: bench.phaseName(of: phase)))
                changes.append((record.tMs, phase))
            }
        }
        let endOfRun = max(endMs, changes.last?.tMs ?? 0)
        /// Named intervals from 0 to the end of the run; `breakpoints` adds instants inside a
        /// phase where the name may change; adjacent equal names merge. With `mergeAcrossZeroLength`
        /// (what a panel shows), a piece of zero length is dropped before merging, so a phase
        /// entered and left at one instant does not split the depiction around it: each result is
        /// a maximal stretch of one name. Phases keep their zero-length pieces (transitions count them).
        func segments(_ name: (B.Phase, Int) -> String, breakpoints: (B.Phase, Int) -> [Int] = { _, _ in [] }, mergeAcrossZeroLength: Bool = false) -> [Segment] {
            var result: [Segment] = []
            for (index, change) in changes.enumerated() {
                let exit = index + 1 < changes.count ? changes[index + 1].tMs : endOfRun
                let inside = breakpoints(change.phase, change.tMs).filter { $0 > change.tMs && $0 < exit }
                let starts = [change.tMs] + inside
                for (position, start) in starts.enumerated() {
                    let end = position + 1 < starts.count ? starts[position + 1] : exit
                    if mergeAcrossZeroLength, end == start { continue }
                    let label = name(change.phase, start)
                    if let last = result.last, last.name == label {
                        result[result.count - 1].exitMs = end
                    } else {
                        result.append(Segment(name: label, enterMs: start, exitMs: end))
                    }
                }
            }
            return result
        }
        let phaseSegments = segments { phase, _ in bench.phaseName(of: phase) }
        var depictionSegments: [String: [Segment]] = [:]
        var violations: [String: [Segment]] = [:]
        for panel in panels {
            depictionSegments[panel.id] = segments(
                { panel.depiction(for: $0, atMs: $1).id },
                breakpoints: { panel.depictionChanges(in: $0, enteredAtMs: $1) },
                mergeAcrossZeroLength: true)
            guard let rules else { continue }
            // One pass per rule: a segment named by the rule while broken, "" while kept.
            var broken: [Segment] = []
            for rule in Set(changes.flatMap { rules($0.phase, panel.depiction(for: $0.phase, atMs: $0.tMs)) }).sorted() {
                broken += segments(
                    { rules($0, panel.depiction(for: $0, atMs: $1)).contains(rule) ? rule : "" },
                    breakpoints: { panel.depictionChanges(in: $0, enteredAtMs: $1) },
                    mergeAcrossZeroLength: true
                ).filter { !$0.name.isEmpty }
            }
            violations[panel.id] = broken.sorted { ($0.enterMs, $0.name) < ($1.enterMs, $1.name) }
        }

        // Frames and stills from samples.
        let sampleIndex = Dictionary(uniqueKeysWithValues: capture.samples.enumerated().map { ($0.element.scheduledMs, $0.offset) })
        func frame(index: Int, at instant: Int) -> FrameRecord {
            let position = sampleIndex[instant]!
            let sample = capture.samples[position]
            let depictions = sample.phase.map { phase in
                panels.map { PanelDepiction(panel: $0.id, depiction: $0.depiction(for: phase, atMs: sample.tMs)) }
            } ?? []
            return FrameRecord(
                index: index, scheduledMs: instant, tMs: sample.tMs,
                phase: sample.phase.map { bench.phaseName(of: $0) },
                phaseDetail: sample.phase.flatMap { bench.phaseDetail(of: $0, atMs: sample.tMs) },
                panels: depictions, sampleIndex: position)
        }
        let frames = frameInstants.enumerated().map { frame(index: $0.offset, at: $0.element) }
        let stills = sampleFrames
            ? plan.stills.enumerated().map { StillRecord(name: $0.element.name, frame: frame(index: $0.offset, at: $0.element.atMs)) }
            : []

        let renderer = FrameRenderer(
            planName: plan.name, panels: panels, phaseName: { bench.phaseName(of: $0) })
        let samples = capture.samples
        return RecordedRun(
            plan: plan, clock: clock, timeline: timeline, phaseSegments: phaseSegments,
            depictionSegments: depictionSegments, frames: frames, stills: stills, phaseNames: phaseNames,
            violations: violations, counters: bench.counters,
            draw: { index, font, scale in
                let sample = samples[index]
                return sample.phase.map { renderer.render($0, atMs: sample.tMs, font: font, scale: scale) }
            })
    }
}
