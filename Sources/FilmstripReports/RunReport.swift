import FilmstripCore
import Foundation

/// The machine-readable report of one run, written as `report.json`.
///
/// Keys are sorted and there are no dates, so the same plan on the virtual clock gives the same
/// bytes. Shares are fractions 0...1; times are whole milliseconds.
public struct RunReport: Codable, Hashable, Sendable {
    /// One frame's row.
    public struct Frame: Codable, Hashable, Sendable {
        public var index: Int
        /// When it was taken, ms (measured on the real clock).
        public var tMs: Int
        /// When it was scheduled, ms.
        public var scheduledMs: Int
        /// The phase on screen; nil when dropped.
        public var phase: String?
        /// The PNG, relative to the report; nil when no images were written or the frame was dropped.
        public var file: String?
        public var dropped: Bool
        public var panels: [Panel]
    }

    /// One panel's depiction in a frame, with what it drew (texts: stills only).
    public struct Panel: Codable, Hashable, Sendable {
        public var panel: String
        public var depiction: String
        /// The text runs drawn, in order (stills only).
        public var texts: [String]?
        /// The semantic (accessibility) elements exposed, as `role: label`, in reading order;
        /// every frame and still that was drawn (nil when the run drew no images).
        public var elements: [String]?
    }

    /// One still's row.
    public struct Still: Codable, Hashable, Sendable {
        public var name: String
        public var tMs: Int
        public var phase: String?
        public var file: String?
        public var panels: [Panel]
    }

    /// Dwell of a phase or depiction.
    public struct DwellEntry: Codable, Hashable, Sendable {
        /// Milliseconds inside the window.
        public var ms: Int
        /// Frames showing it.
        public var frames: Int
        /// `ms / windowMs`.
        public var share: Double
        /// `frames / frame count`.
        public var frameShare: Double
    }

    /// A check's outcome.
    public struct Check: Codable, Hashable, Sendable {
        public var name: String
        public var passed: Bool
        public var message: String
    }

    /// One panel's loader, from exact event times.
    public struct Loader: Codable, Hashable, Sendable {
        /// One flash: when the loader appeared and for how long, ms.
        public struct Flash: Codable, Hashable, Sendable {
            public var startMs: Int
            public var durationMs: Int
        }
        /// Loader visible inside the window, ms.
        public var visibleMs: Int
        /// Loader intervals shorter than the flash threshold.
        public var flashes: [Flash]
        /// Content ready but held back behind the loader, ms.
        public var heldBackMs: Int
        /// Neither loader nor content, ms.
        public var blankMs: Int
    }

    /// A rule a panel broke, with the frames that show it.
    public struct Violation: Codable, Hashable, Sendable {
        public var panel: String
        public var rule: String
        /// The rule in words.
        public var sentence: String
        public var startMs: Int
        public var endMs: Int
        public var frames: [Int]
    }

    /// An observed phase transition.
    public struct Transition: Codable, Hashable, Sendable {
        public var from: String
        public var to: String
        public var count: Int
    }

    /// One timed request (``LoadTiming``): ms since the start of the run, and from its start.
    public struct Load: Codable, Hashable, Sendable {
        /// Which request (``LoadTiming/label``).
        public var label: String
        /// When it started, ms.
        public var startMs: Int
        /// When its first byte arrived, ms; nil when none did.
        public var firstByteMs: Int?
        /// When it ended, ms.
        public var lastByteMs: Int
        /// `firstByteMs - startMs`: the time to the first byte.
        public var toFirstByteMs: Int?
        /// `lastByteMs - startMs`: the time to the last byte.
        public var toLastByteMs: Int
    }

    /// A timeline entry.
    public struct Entry: Codable, Hashable, Sendable {
        public var tMs: Int
        public var sequence: Int
        public var kind: String
        public var text: String
    }

    public var plan: String
    public var summary: String
    public var bench: String
    public var clock: String
    public var mode: String
    public var slowMotion: String
    public var windowStartMs: Int
    public var windowMs: Int
    public var frameIntervalMs: Int
    public var scale: Int
    public var frames: [Frame]
    public var droppedFrames: Int
    public var stills: [Still]
    /// Per phase.
    public var dwell: [String: DwellEntry]
    /// Per panel, per depiction.
    public var panels: [String: [String: DwellEntry]]
    public var timeline: [Entry]
    /// Per panel that showed a loader or a blank.
    public var loaders: [String: Loader]
    /// A loader shorter than this is a flash, ms.
    public var flashThresholdMs: Int
    /// Every rule broken inside the window, per panel, in time order (benches with rules).
    public var violations: [Violation]
    /// The phase transitions observed inside the window, with counts (the state graph's edges).
    public var transitions: [Transition]
    /// The bench's counts (e.g. `ignoredTaps`).
    public var counters: [String: Int]
    /// The bench's timed requests, per load the time to the first byte and to the last; absent
    /// for benches that make none.
    public var loads: [Load]?
    public var checks: [Check]
    public var reasons: [String]
    public var lint: [String]
    public var verdict: String
    public var passed: Bool
    /// The strip image, relative; nil when no images were written.
    public var filmstrip: String?
    /// The indices of the frames the strip shows (all of them up to ``FilmstripImage/maxFrames``,
    /// otherwise that many evenly spaced); nil when no images were written.
    public var filmstripFrames: [Int]?

    /// Builds the report of `run`. `renderedStills` carries what each still's panels drew
    /// (same order as `run.stills`); `frameElements`, by position in `run.frames`, each panel's
    /// semantic elements as drawn; `withFiles` names the image files the record command writes.
    public init(run: RecordedRun, analysis: Analysis, lint: [String], renderedStills: [[PanelRendering]], frameElements: [Int: [[SemanticElement]]] = [:], withFiles: Bool) {
        let plan = run.plan
        func dwellEntry(_ dwell: Dwell) -> DwellEntry {
            DwellEntry(ms: dwell.ms, frames: dwell.frames, share: Self.rounded(dwell.share), frameShare: Self.rounded(dwell.frameShare))
        }
        self.plan = plan.name
        summary = plan.summary
        bench = plan.bench.name
        clock = run.clock.rawValue
        mode = plan.mode.rawValue
        slowMotion = plan.slowMotion.description
        windowStartMs = plan.windowStartMs
        windowMs = plan.windowMs
        frameIntervalMs = plan.frameIntervalMs
        scale = plan.scale
        frames = run.frames.enumerated().map { position, frame in
            let drawn = frameElements[position]
            return Frame(
                index: frame.index, tMs: frame.tMs, scheduledMs: frame.scheduledMs, phase: frame.phase,
                file: withFiles && !frame.dropped ? OutputLayout.framePath(frame.index) : nil, dropped: frame.dropped,
                panels: frame.panels.enumerated().map { offset, panel in
                    let elements = drawn.flatMap { offset < $0.count ? $0[offset].map(\.description) : nil }
                    return Panel(panel: panel.panel, depiction: panel.depiction.id, texts: nil, elements: elements)
                })
        }
        droppedFrames = analysis.droppedFrames
        stills = run.stills.enumerated().map { offset, still in
            let drawn = offset < renderedStills.count ? renderedStills[offset] : []
            let panels = drawn.isEmpty
                ? still.frame.panels.map { Panel(panel: $0.panel, depiction: $0.depiction.id, texts: nil, elements: nil) }
                : drawn.map { Panel(panel: $0.panel, depiction: $0.depiction.id, texts: $0.texts.map(\.text), elements: $0.elements.map(\.description)) }
            return Still(
                name: still.name, tMs: still.frame.tMs, phase: still.frame.phase,
                file: withFiles && !still.frame.dropped ? OutputLayout.stillPath(still.name) : nil, panels: panels)
        }
        dwell = Dictionary(uniqueKeysWithValues: analysis.phases.map { ($0.name, dwellEntry($0.dwell)) })
        panels = Dictionary(uniqueKeysWithValues: analysis.panels.map { panel in
            (panel.panel, Dictionary(uniqueKeysWithValues: panel.depictions.map { ($0.depiction, dwellEntry($0.dwell)) }))
        })
        loaders = Dictionary(uniqueKeysWithValues: analysis.loaders.map { stats in
            (stats.panel, Loader(
                visibleMs: stats.visibleMs, flashes: stats.flashes.map { .init(startMs: $0.enterMs, durationMs: $0.durationMs) },
                heldBackMs: stats.heldBackMs, blankMs: stats.blankMs))
        })
        flashThresholdMs = plan.flashThresholdMs
        violations = analysis.violations.map {
            Violation(
                panel: $0.panel, rule: $0.rule, sentence: run.plan.bench.sentence(ofRule: $0.rule),
                startMs: $0.startMs, endMs: $0.endMs, frames: $0.frames)
        }
        transitions = analysis.transitions.map { Transition(from: $0.from, to: $0.to, count: $0.count) }
        counters = run.counters
        loads = run.loadTimings.isEmpty ? nil : run.loadTimings.map {
            Load(label: $0.label, startMs: $0.startMs, firstByteMs: $0.firstByteMs, lastByteMs: $0.lastByteMs,
                 toFirstByteMs: $0.firstByteMs.map { [start = $0.startMs] in $0 - start }, toLastByteMs: $0.lastByteMs - $0.startMs)
        }
        timeline = run.timeline.map { Entry(tMs: $0.tMs, sequence: $0.sequence, kind: $0.kind.rawValue, text: $0.text) }
        checks = analysis.checks.map { Check(name: $0.name, passed: $0.passed, message: $0.message) }
        reasons = analysis.reasons
        self.lint = lint
        verdict = analysis.verdict
        passed = analysis.passed
        filmstrip = withFiles ? OutputLayout.filmstripPath : nil
        filmstripFrames = withFiles ? FilmstripImage.frameIndices(count: run.frames.count).map { run.frames[$0].index } : nil
    }

    /// The report as pretty-printed JSON with sorted keys and a final newline.
    public func jsonData() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain Codable values with finite numbers cannot fail.
        var data = (try? encoder.encode(self)) ?? Data()
        data.append(0x0A)
        return data
    }

    /// Writes exactly the bytes of ``jsonData()``, in pieces of about 64 KiB, encoding one frame
    /// at a time: a long run's report never exists whole in memory, as text or as JSON values.
    ///
    /// - Parameter write: called with each piece, in order.
    /// - Throws: what `write` throws.
    public func writeJSON<E: Error>(_ write: (Data) throws(E) -> Void) throws(E) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var skeleton = self
        skeleton.frames = []
        var data = (try? encoder.encode(skeleton)) ?? Data()
        data.append(0x0A)
        // With sorted keys and no raw newline inside a JSON string, the empty frames array is
        // this text, once, in the top-level object.
        let empty = Data("\n  \"frames\" : [\n\n  ]".utf8)
        guard !frames.isEmpty, let marker = data.firstRange(of: empty) else {
            try write(data)
            return
        }
        var piece = Data(data[..<marker.lowerBound])
        piece.append(contentsOf: "\n  \"frames\" : [".utf8)
        for (offset, frame) in frames.enumerated() {
            piece.append(contentsOf: (offset == 0 ? "\n" : ",\n").utf8)
            // The frame as a top-level object, indented by two levels (4 spaces) to sit in the
            // array; blank lines (inside empty arrays) stay blank, as the encoder writes them.
            let text = (try? encoder.encode(frame)) ?? Data()
            var lineStart = true
            for byte in text {
                if lineStart && byte != 0x0A { piece.append(contentsOf: [0x20, 0x20, 0x20, 0x20]) }
                piece.append(byte)
                lineStart = byte == 0x0A
            }
            if piece.count >= 65_536 {
                try write(piece)
                piece.removeAll(keepingCapacity: true)
            }
        }
        piece.append(contentsOf: "\n  ]".utf8)
        piece.append(data[marker.upperBound...])
        try write(piece)
    }

    /// Reads a report written by ``jsonData()``; nil when the bytes are not one.
    public static func read(_ data: Data) -> RunReport? {
        try? JSONDecoder().decode(RunReport.self, from: data)
    }

    /// Every file the report names, relative to its folder (frames, stills, strip, contact sheet, itself).
    public var writtenFiles: [String] {
        var files = frames.compactMap(\.file) + stills.compactMap(\.file)
        if let filmstrip { files.append(filmstrip) }
        files.append(OutputLayout.contactSheetPath)
        files.append(OutputLayout.reportPath)
        return files
    }

    private static func rounded(_ value: Double) -> Double {
        (value * 10_000).rounded() / 10_000
    }
}
