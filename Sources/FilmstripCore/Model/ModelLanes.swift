import FilmstripRaster

/// A phase that holds one phase per lane, for a panel that reads a lane of its own: the
/// analysis measures that panel's loader, flashes, held-back and blank time against its lane's
/// phases, never another lane's.
package protocol LanedPhase {
    /// The lane panel `panel` reads; nil when it reads the first lane's (shared) phase.
    func lane(ofPanel panel: String) -> String?
    /// The name of the phase in `lane`.
    func phaseName(inLane lane: String) -> String?
}

/// The phases of several lanes at one instant: each lane is one instance of a model, driven by
/// the same plan events and answered by the same HTTP script on the same clock, with its own
/// state and its own request log (``BenchDefinition/modelLanes(name:summary:phaseStyle:depictions:lanes:defaultExpectations:initialPhase:)``).
///
/// Its ``name`` is the first lane's: the run's phase table and coverage describe the first lane;
/// each panel's depictions, loader, flashes, held-back and blank time come from its own lane.
struct ModelLanes<Phase: BenchPhase & Equatable>: BenchPhase, Equatable, LanedPhase {
    /// The lanes' identifiers, in panel order.
    let ids: [String]
    /// Each lane's phase, in the order of ``ids``.
    var phases: [Phase]

    /// Lanes `ids`, each in `phases`' matching element.
    init(ids: [String], phases: [Phase]) {
        precondition(ids.count == phases.count && !ids.isEmpty, "one phase per lane, at least one lane")
        self.ids = ids
        self.phases = phases
    }

    /// The phase of lane `id`; the first lane's for an unknown one.
    subscript(lane id: String) -> Phase { phases[ids.firstIndex(of: id) ?? 0] }

    /// The first lane's phase name.
    var name: Phase.Name { phases[0].name }

    func lane(ofPanel panel: String) -> String? { ids.contains(panel) ? panel : nil }

    func phaseName(inLane lane: String) -> String? { self[lane: lane].name.rawValue }
}

/// A panel drawing one lane of a ``ModelLanes`` phase: the lane whose identifier is the panel's.
struct LanePanel<Phase: BenchPhase & Equatable>: Panel {
    let panel: any Panel<Phase>
    var id: String { panel.id }
    var title: String { panel.title }
    var tint: Color { panel.tint }

    func depiction(for phase: ModelLanes<Phase>, atMs timeMs: Int) -> Depiction {
        panel.depiction(for: phase[lane: id], atMs: timeMs)
    }

    func depictionChanges(in phase: ModelLanes<Phase>, enteredAtMs enterMs: Int) -> [Int] {
        panel.depictionChanges(in: phase[lane: id], enteredAtMs: enterMs)
    }

    func draw(_ phase: ModelLanes<Phase>, atMs timeMs: Int, on painter: inout PanelPainter) {
        panel.draw(phase[lane: id], atMs: timeMs, on: &painter)
    }
}
