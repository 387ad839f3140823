/// Turns one bench's typed capture into a ``RecordedRun``.
struct RunAssembler<B: Bench> {
    let bench: B
    let panels: [any Panel<B.Phase>]
    let plan: CapturePlan
    /// The rules a depiction breaks in a phase, by name; nil for benches without rules.
    let rules: (@Sendable (B.Phase, Depiction) -> [String])?

    func run(clock: ClockKind, untilMs: Int?, sampleFrames: Bool) throws(RunError) -> RecordedRun {
        // The frame instants are computed, never held as an array (``SampleInstants``).
        let instants = SampleInstants(
            startMs: plan.windowStartMs, endMs: sampleFrames ? plan.windowEndMs : plan.windowStartMs, intervalMs: plan.frameIntervalMs,
            stills: sampleFrames ? plan.stills.map(\.atMs) : [])
        let frameCount = instants.frameCount
        let endMs = max(plan.windowEndMs, untilMs ?? 0)
        let recorder = Recorder(
            bench: bench, instants: instants, endMs: endMs,
            lateToleranceMs: FrameDeadline.toleranceMs(frameIntervalMs: plan.frameIntervalMs), benchName: plan.bench.name)
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
                timeline.append(TimelineEntry(tMs: record.tMs, sequence: record.sequence, kind: .phase, text: phase.name.rawValue))
                changes.append((record.tMs, phase))
            }
        }
        let endOfRun = max(endMs, changes.last?.tMs ?? 0)
        let cuts = PhaseChanges<B.Phase>(changes: changes, endOfRunMs: endOfRun)
        let phaseSegments = cuts.segments { phase, _ in phase.name.rawValue }
        // A panel on a lane of its own is analysed against that lane's phases.
        var lanePhaseSegments: [String: [Segment]] = [:]
        if B.Phase.self is any LanedPhase.Type {
            for panel in panels {
                guard let lane = (bench.initialPhase as? any LanedPhase)?.lane(ofPanel: panel.id) else { continue }
                lanePhaseSegments[panel.id] = cuts.segments { phase, _ in (phase as? any LanedPhase)?.phaseName(inLane: lane) ?? phase.name.rawValue }
            }
        }
        var depictionSegments: [String: [Segment]] = [:]
        var violations: [String: [Segment]] = [:]
        for panel in panels {
            depictionSegments[panel.id] = cuts.segments(
                { panel.depiction(for: $0, atMs: $1).id },
                breakpoints: { panel.depictionChanges(in: $0, enteredAtMs: $1) },
                mergeAcrossZeroLength: true)
            guard let rules else { continue }
            // One pass per rule: a segment named by the rule while broken, "" while kept.
            var broken: [Segment] = []
            for rule in Set(changes.flatMap { rules($0.phase, panel.depiction(for: $0.phase, atMs: $0.tMs)) }).sorted() {
                broken += cuts.segments(
                    { rules($0, panel.depiction(for: $0, atMs: $1)).contains(rule) ? rule : "" },
                    breakpoints: { panel.depictionChanges(in: $0, enteredAtMs: $1) },
                    mergeAcrossZeroLength: true
                ).filter { !$0.name.isEmpty }
            }
            violations[panel.id] = broken.sorted { ($0.enterMs, $0.name) < ($1.enterMs, $1.name) }
        }
        // Silence: a panel the plan asks to announce, read by drawing it at each change.
        var silentSegments: [String: [Segment]] = [:]
        for panel in panels where plan.expect.announce[panel.id] != nil {
            silentSegments[panel.id] = cuts.segments(
                { SemanticProbe.elements(of: panel, drawing: $0, atMs: $1).isEmpty ? $0.name.rawValue : "" },
                breakpoints: { panel.depictionChanges(in: $0, enteredAtMs: $1) }
            ).filter { !$0.name.isEmpty }
        }

        // Frames and stills from samples: a frame's record is made when it is read
        // (``FrameRecords``), from the sample taken at its instant.
        let samples = capture.samples
        let planPanels = panels
        @Sendable func frame(index: Int, at instant: Int) -> FrameRecord {
            guard let position = instants.position(of: instant) else { preconditionFailure("no sample was taken at \(instant) ms") }
            let sample = samples[position]
            let panels = planPanels
            let depictions = sample.phase.map { phase in
                panels.map { PanelDepiction(panel: $0.id, depiction: $0.depiction(for: phase, atMs: sample.tMs)) }
            } ?? []
            return FrameRecord(
                index: index, scheduledMs: instant, tMs: sample.tMs,
                phase: sample.phase.map { $0.name.rawValue },
                phaseDetail: sample.phase.flatMap { bench.phaseDetail(of: $0, atMs: sample.tMs) },
                panels: depictions, sampleIndex: position)
        }
        let frames = FrameRecords(count: frameCount) { index in frame(index: index, at: instants.frameInstant(index)) }
        let stills = sampleFrames
            ? plan.stills.enumerated().map { offset, still -> StillRecord in
                var record = frame(index: offset, at: still.atMs)
                if let shown = still.panels { record.panels = shown.compactMap { id in record.panels.first { $0.panel == id } } }
                return StillRecord(name: still.name, frame: record, panels: still.panels ?? plan.panels, scales: still.scales)
            }
            : []

        let styles = plan.bench
        func makeRenderer(showing shown: [String]?) -> FrameRenderer<B.Phase> {
            FrameRenderer(
                planName: plan.name, panels: shown.map { ids in ids.compactMap { id in panels.first { $0.id == id } } } ?? panels,
                phaseName: { $0.name.rawValue }, phaseColor: { styles.style(ofPhase: $0.name.rawValue).color }, theme: plan.theme)
        }
        let renderer = makeRenderer(showing: nil)
        var stillRenderers: [[String]: FrameRenderer<B.Phase>] = [:]
        for still in plan.stills { if let shown = still.panels { stillRenderers[shown] = makeRenderer(showing: shown) } }
        var run = RecordedRun(
            plan: plan, clock: clock, timeline: timeline, phaseSegments: phaseSegments,
            depictionSegments: depictionSegments, lanePhaseSegments: lanePhaseSegments, frames: frames, stills: stills, phaseNames: plan.bench.phaseNames,
            violations: violations, counters: bench.counters, notes: bench.notes.map(URLRedaction.redactingURLs(in:)), loadTimings: bench.loadTimings, silentSegments: silentSegments,
            draw: { [stillRenderers] index, font, scale, shown in
                let sample = samples[index]
                let chosen = shown.flatMap { stillRenderers[$0] } ?? renderer
                return sample.phase.map { chosen.render($0, atMs: sample.tMs, font: font, scale: scale) }
            })
        run.stoppedLanes = capture.stoppedLanes
        return run
    }
}

/// The phase changes of a run, each with its instant (the first the initial phase at 0 ms), from
/// which the assembler cuts the named segments of phases, depictions, rules and silence.
private struct PhaseChanges<Phase> {
    let changes: [(tMs: Int, phase: Phase)]
    /// Where the last phase's segment ends.
    let endOfRunMs: Int

    /// Named intervals from 0 to the end of the run; `breakpoints` adds instants inside a
    /// phase where the name may change; adjacent equal names merge. With `mergeAcrossZeroLength`
    /// (what a panel shows), a piece of zero length is dropped before merging, so a phase
    /// entered and left at one instant does not split the depiction around it: each result is
    /// a maximal stretch of one name. Phases keep their zero-length pieces (transitions count them).
    func segments(_ name: (Phase, Int) -> String, breakpoints: (Phase, Int) -> [Int] = { _, _ in [] }, mergeAcrossZeroLength: Bool = false) -> [Segment] {
        var result: [Segment] = []
        for (index, change) in changes.enumerated() {
            let exit = index + 1 < changes.count ? changes[index + 1].tMs : endOfRunMs
            let inside = breakpoints(change.phase, change.tMs).filter { $0 > change.tMs && $0 < exit }
            let starts = [change.tMs] + inside
            for (position, start) in starts.enumerated() {
                let end = position + 1 < starts.count ? starts[position + 1] : exit
                if mergeAcrossZeroLength, !OnScreen.isSeen(fromMs: start, untilMs: end) { continue }
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
}
