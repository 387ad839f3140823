import FilmstripCore
import FilmstripReports

import FilmstripRaster

/// `check`'s comparison of a real-clock run with the report recorded on the real clock, with
/// the tolerance measured time needs, one frame interval: each frame's phase, where a change
/// within the tolerance of the frame's instant matches either side (the recorded phase is one
/// the fresh run showed within one interval of the recorded instant); the order of the
/// timeline's phases exactly; each frame's time, and each phase change's time, within one
/// interval.
/// Beside them, what the screen said (when a font is given): each frame's depictions (with the
/// same tolerance) and drawn words (its semantic elements; a progress indicator by its role
/// alone, its percentage being measured), the counters, and the request log (the loads and the
/// bench's events with each exchange's status, measured times and body lengths left out) — the
/// first difference of each, naming the frame and the words.
/// Images are not compared (they show measured times). A frame dropped in either run (it could
/// not be taken on time) has no phase to compare and is skipped. One sentence per difference.
package struct TimingTolerantComparison {
    /// The report recorded earlier.
    let recorded: RunReport
    /// The plan's output folder, for messages.
    let folder: String
    /// The font to draw the fresh frames with, to compare their words; nil: phases and times only.
    let font: BitmapFont?

    /// Memberwise.
    package init(recorded: RunReport, folder: String, font: BitmapFont? = nil) {
        self.recorded = recorded
        self.folder = folder
        self.font = font
    }

    /// An element as compared: a progress indicator by its role (its label carries a measured
    /// percentage); under a loader depiction (``DepictionStyle/Role/loader``) with its numbers
    /// left out (elapsed ms, bytes so far are measured); any other as `role: label`, exactly.
    static func comparable(_ element: String, underLoader: Bool) -> String {
        if element.hasPrefix("progressIndicator:") { return "progressIndicator" }
        guard underLoader else { return element }
        return maskingNumbers(element)
    }

    /// `text` with each number (`1,234`, `42`) as one `#`.
    static func maskingNumbers(_ text: String) -> String {
        var result = ""
        var inNumber = false
        var rest = Substring(text)
        while let character = rest.first {
            rest = rest.dropFirst()
            let continues = character.isNumber || (inNumber && character == "," && rest.first?.isNumber == true)
            if continues {
                if !inNumber { result.append("#") }
                inNumber = true
            } else {
                inNumber = false
                result.append(character)
            }
        }
        return result
    }

    /// A bench event as compared: measured durations (`after 312 ms`) and body lengths
    /// (`Content-Length 63`, `63 bytes`: a server may add a request id to a body) left out; the
    /// status and every other word kept.
    static func comparableEvent(_ text: String) -> String {
        durationsMasked(text)
            .replacing(#/Content-Length [0-9][0-9,]*/#, with: "Content-Length #")
            .replacing(#/\b[0-9][0-9,]* bytes/#, with: "# bytes")
    }

    /// `text` with each number followed by ` ms` as `#`.
    static func durationsMasked(_ text: String) -> String {
        var result = ""
        var digits = ""
        var rest = Substring(text)
        while let character = rest.first {
            rest = rest.dropFirst()
            if character.isNumber || (character == "," && !digits.isEmpty && rest.first?.isNumber == true) {
                digits.append(character)
                continue
            }
            if !digits.isEmpty {
                result += (character == " " && rest.hasPrefix("ms")) ? "#" : digits
                digits = ""
            }
            result.append(character)
        }
        return result + digits
    }

    /// Entries grouped by their source (the first word: a lane, a script event), each source's
    /// in order: two sources on the real clock may interleave differently from run to run.
    static func bySource(_ texts: [String]) -> [String] {
        texts.enumerated()
            .sorted { ($0.element.prefix { $0 != " " }, $0.offset) < ($1.element.prefix { $0 != " " }, $1.offset) }
            .map(\.element)
    }

    /// Whether a run whose `segments` are its phases (or one panel's depictions) showed `name`
    /// at some instant within `toleranceMs` of `tMs`: [tMs − tolerance, tMs + tolerance] meets
    /// one of its intervals of at least 1 ms. A change within the tolerance of a frame's instant
    /// matches the phase on either side of it.
    static func shows(_ name: String, in segments: [Segment], nearMs tMs: Int, toleranceMs: Int) -> Bool {
        segments.contains {
            $0.name == name && OnScreen.isSeen(fromMs: $0.enterMs, untilMs: $0.exitMs) && $0.enterMs <= tMs + toleranceMs && $0.exitMs > tMs - toleranceMs
        }
    }

    /// Where two lists first differ (the shorter one's end when one extends the other); nil
    /// when they are equal.
    static func firstDifference(_ old: [String], _ new: [String]) -> Int? {
        if let index = zip(old, new).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset { return index }
        return old.count == new.count ? nil : min(old.count, new.count)
    }

    /// The first difference in what the screen said, the counters and the request log.
    func wordFindings(fresh run: RecordedRun, font: BitmapFont, file: String) -> [String] {
        var findings: [String] = []
        frames: for (old, new) in zip(recorded.frames, run.frames) where !old.dropped && !new.dropped && old.phase == new.phase {
            guard let drawn = run.render(new, font: font, scale: 1) else { continue }
            for oldPanel in old.panels {
                guard let newPanel = drawn.panels.first(where: { $0.panel == oldPanel.panel }) else { continue }
                let depiction = new.panels.first { $0.panel == oldPanel.panel }?.depiction.id ?? ""
                let at = "frame \(old.index) (scheduled at \(Quantity.ms(old.scheduledMs))), panel \(oldPanel.panel)"
                if depiction != oldPanel.depiction {
                    let near = Self.shows(oldPanel.depiction, in: run.depictionSegments[oldPanel.panel] ?? [], nearMs: old.tMs, toleranceMs: run.plan.frameIntervalMs)
                    // A change within the tolerance: this frame's words are of another depiction.
                    if near { continue frames }
                    findings.append("\(file): \(at) shows \(depiction), recorded \(oldPanel.depiction)")
                    break frames
                }
                let loader = run.plan.bench.depictions.first { $0.id == depiction }?.role == .loader
                guard let recordedWords = oldPanel.elements?.map({ Self.comparable($0, underLoader: loader) }) else { continue }
                let words = newPanel.elements.map { Self.comparable($0.description, underLoader: loader) }
                if words != recordedWords {
                    let said = words.isEmpty ? "nothing" : words.map { "\"\($0)\"" }.joined(separator: ", ")
                    let was = recordedWords.isEmpty ? "nothing" : recordedWords.map { "\"\($0)\"" }.joined(separator: ", ")
                    findings.append("\(file): \(at) says \(said), recorded \(was)")
                    break frames
                }
            }
        }
        if let key = Set(recorded.counters.keys).union(run.counters.keys).sorted().first(where: { recorded.counters[$0] != run.counters[$0] }) {
            let value = { (number: Int?) in number.map(String.init) ?? "none" }
            findings.append("\(file): counter \(key) is \(value(run.counters[key])), recorded \(value(recorded.counters[key]))")
        }
        let oldLoads = Self.bySource((recorded.loads ?? []).map { "\($0.label)\($0.firstByteMs == nil ? ", no answer" : "")" })
        let newLoads = Self.bySource(run.loadTimings.map { "\($0.label)\($0.firstByteMs == nil ? ", no answer" : "")" })
        if let index = Self.firstDifference(oldLoads, newLoads) {
            let said = index < newLoads.count ? newLoads[index] : "none"
            let was = index < oldLoads.count ? oldLoads[index] : "none"
            findings.append("\(file): load \(index + 1) is \(said), recorded \(was)")
        }
        let oldEvents = Self.bySource(recorded.timeline.filter { $0.kind == TimelineEntry.Kind.event.rawValue }.map { Self.comparableEvent($0.text) })
        let newEvents = Self.bySource(run.timeline.filter { $0.kind == .event }.map { Self.comparableEvent($0.text) })
        if let index = Self.firstDifference(oldEvents, newEvents) {
            let said = index < newEvents.count ? "\"\(newEvents[index])\"" : "nothing"
            let was = index < oldEvents.count ? "\"\(oldEvents[index])\"" : "nothing"
            findings.append("\(file): request log differs at entry \(index + 1): \(said), recorded \(was)")
        }
        return findings
    }

    /// The differences between `fresh` and the recorded run; empty when it matches.
    package func findings(fresh run: RecordedRun) -> [String] {
        let file = "\(folder)/report.json"
        let tolerance = run.plan.frameIntervalMs
        var findings: [String] = []
        if recorded.frames.count != run.frames.count {
            findings.append("\(file): \(recorded.frames.count) frames recorded, a fresh run has \(run.frames.count)")
        }
        for (old, new) in zip(recorded.frames, run.frames) where !old.dropped && !new.dropped {
            if old.phase != new.phase, !Self.shows(old.phase ?? "", in: run.phaseSegments, nearMs: old.tMs, toleranceMs: tolerance) {
                findings.append("\(file): frame \(old.index) (scheduled at \(Quantity.ms(old.scheduledMs))) shows \(new.phase ?? ""), recorded \(old.phase ?? "")")
            } else if abs(old.tMs - new.tMs) > tolerance {
                // Also for a frame whose phase matched only within the tolerance.
                findings.append("\(file): frame \(old.index) taken at \(Quantity.ms(new.tMs)), recorded at \(Quantity.ms(old.tMs)): more than \(Quantity.ms(tolerance)) apart")
            }
        }
        // The phases entered, in order, with repeats of one name folded into its first entry.
        func changes(_ entries: [(tMs: Int, name: String)]) -> [(tMs: Int, name: String)] {
            var result: [(tMs: Int, name: String)] = []
            for entry in entries where result.last?.name != entry.name { result.append(entry) }
            return result
        }
        let old = changes(recorded.timeline.filter { $0.kind == TimelineEntry.Kind.phase.rawValue }.map { ($0.tMs, $0.text) })
        let new = changes(run.timeline.filter { $0.kind == .phase }.map { ($0.tMs, $0.text) })
        if old.map(\.name) != new.map(\.name) {
            findings.append("\(file): phases in order \(new.map(\.name).joined(separator: " → ")), recorded \(old.map(\.name).joined(separator: " → "))")
        } else {
            for (index, (before, now)) in zip(old, new).enumerated() where abs(before.tMs - now.tMs) > tolerance {
                findings.append("\(file): phase change \(index + 1) (\(now.name)) at \(Quantity.ms(now.tMs)), recorded at \(Quantity.ms(before.tMs)): more than \(Quantity.ms(tolerance)) apart")
            }
        }
        if let font { findings += wordFindings(fresh: run, font: font, file: file) }
        return findings
    }
}
