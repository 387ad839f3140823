import FilmstripCore
import FilmstripRaster

/// The scenes bench's own part of a plan: its beats and the loader policies it overrides.
package struct ScenesSettings: BenchSettings {
    /// The beats, in order: each opens the screen, retries or refreshes.
    package var script: [Beat]
    /// Panel → the loader policy it follows instead of its preset's.
    package var loaderPolicies: [String: LoaderPolicy]

    /// Settings holding the plan's beats (`$.script`) and its per-panel policy overrides
    /// (`$.loaderPolicies`, panel → policy; empty keeps every preset).
    package init(script: [Beat], loaderPolicies: [String: LoaderPolicy] = [:]) {
        self.script = script
        self.loaderPolicies = loaderPolicies
    }
}

extension BenchDefinition {
    /// A list of scenes under loader display policies: an immediate spinner (the control) beside
    /// a loader delayed by 1 s and one delayed 500 ms with a 500 ms minimum. Beats open, retry or
    /// refresh; a plan's
    /// `loaderPolicies` (`{"delayed": {"delayMs": 500, "minimumMs": 200}}`) override a panel's
    /// preset. By default a plan must show loaded in a frame.
    public static let scenes = BenchDefinition(
        name: "scenes",
        summary: "a list under loader display policies: a spinner at once beside loaders shown after a delay, to see which loads flash",
        phases: { (name: ScenesPhase.Name) -> PhaseStyle in
            switch name {
            case .loading: PhaseStyle(color: Color(hex: 0xF5B841), isInFlight: true)
            case .refreshing: PhaseStyle(color: Color(hex: 0x7DD3FC), isInFlight: true)
            case .loaded: PhaseStyle(color: Color(hex: 0x3DDC97))
            case .empty: PhaseStyle(color: Color(hex: 0x5AB0F0))
            case .failed: PhaseStyle(color: Color(hex: 0xF0555A))
            }
        },
        panels: LoaderPolicyPanel.presets.map { preset in
            PanelEntry<ScenesPhase, ScenesSettings>(preset.id) { settings in
                LoaderPolicyPanel.preset(preset.id, policy: settings.loaderPolicies[preset.id])!
            }
        },
        run: .init(
            members: ["script", "loaderPolicies"],
            settings: { root, _ throws(PlanError) in
                let script = try Beat.script(root, vocabulary: Beat.Vocabulary(
                    bench: "scenes", triggers: Beat.Trigger.allCases, defaultRows: ScenesPhase.sampleScenes,
                    defaultFailure: "The scenes could not be loaded. Check your connection."))
                return ScenesSettings(script: script, loaderPolicies: try LoaderPolicyPanel.policies(root))
            },
            validate: { settings, plan throws(PlanError) in
                try Beat.validate(settings.script, plan: plan, triggers: Beat.Trigger.allCases)
                try LoaderPolicyPanel.validate(settings.loaderPolicies)
            },
            bench: { plan, settings in ScenesBench(script: settings.script, mode: plan.mode, slowMotion: plan.slowMotion) },
            scriptLengthMs: { settings, plan in Beat.length(settings.script, slowMotion: plan.slowMotion) },
            longestStep: { settings, plan in Beat.longest(settings.script, slowMotion: plan.slowMotion) },
            zeroLengthCause: { settings, plan, phase in Beat.zeroHoldCause(settings.script, phase: phase, frameIntervalMs: plan.frameIntervalMs) }),
        analysis: .init(
            depictions: [
                DepictionStyle(Depiction.blank.id, color: Color(hex: 0x2A2E38), role: .blank),
                DepictionStyle(Depiction.spinner.id, color: Color(hex: 0xF5B841), role: .loader),
                DepictionStyle(Depiction.emptyMessage.id, color: Color(hex: 0x5AB0F0)),
                DepictionStyle(Depiction.errorRetry.id, color: Color(hex: 0xF0555A)),
                DepictionStyle(Depiction.rows.id, color: Color(hex: 0x3DDC97)),
                DepictionStyle(Depiction.rowsRefreshing.id, color: Color(hex: 0x2FA878)),
            ],
            expect: CapturePlan.Expectations(minFrames: [ScenesPhase.Name.loaded.rawValue: 1])))
}

extension LoaderPolicyPanel {
    /// Reads a plan's `loaderPolicies`: panel → `{"delayMs": …, "minimumMs": …}`.
    /// - Throws: ``PlanError`` naming the JSON path.
    static func policies(_ root: JSONObjectReader) throws(PlanError) -> [String: LoaderPolicy] {
        guard let value = root.members["loaderPolicies"] else { return [:] }
        guard case .object(let members) = value else {
            throw PlanError(path: "$.loaderPolicies", message: "expected an object keyed by panel, found \(value.typeName)")
        }
        var policies: [String: LoaderPolicy] = [:]
        for key in members.keys.sorted() {
            let path = "$.loaderPolicies.\(key)"
            guard presets.contains(where: { $0.id == key }) else {
                throw PlanError(path: path, message: "unknown loader panel '\(key)'; expected one of: \(presets.map(\.id).joined(separator: ", "))")
            }
            let reader = try JSONObjectReader(members[key]!, path: path, allowed: ["delayMs", "minimumMs"])
            guard let delay = try reader.integer("delayMs", in: 0...60_000, unit: "ms") else {
                throw PlanError(path: reader.path("delayMs"), message: "required member is missing")
            }
            policies[key] = LoaderPolicy(delayMs: delay, minimumVisibleMs: try reader.integer("minimumMs", in: 0...60_000, unit: "ms"))
        }
        return policies
    }

    /// Checks policies built in code against the limits a plan file meets.
    /// - Throws: ``PlanError`` at `$.loaderPolicies.<panel>`.
    static func validate(_ policies: [String: LoaderPolicy]) throws(PlanError) {
        for (key, policy) in policies.sorted(by: { $0.key < $1.key }) {
            let path = "$.loaderPolicies.\(key)"
            guard presets.contains(where: { $0.id == key }) else {
                throw PlanError(path: path, message: "unknown loader panel '\(key)'; expected one of: \(presets.map(\.id).joined(separator: ", "))")
            }
            guard policy.delayMs <= 60_000, (policy.minimumVisibleMs ?? 0) <= 60_000 else {
                throw PlanError(path: path, message: "expected a delay and a minimum from 0 to 60000 ms, found \(policy)")
            }
        }
    }
}
