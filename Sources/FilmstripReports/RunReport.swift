import FilmstripCore
import Foundation

/// The machine-readable report of one run, written as `report.json`.
///
/// Keys are sorted and there are no dates, so the same plan on the virtual clock gives the same
/// bytes. Shares are fractions 0...1; times are whole milliseconds.
package struct RunReport: Codable, Hashable, Sendable {
    /// One frame's row.
    package struct Frame: Codable, Hashable, Sendable {
        /// The frame's position in the run, from 0 (`$.frames[i].index`); its image is
        /// `frames/NNNN.png`, the index zero-padded to four digits (``OutputLayout/framePath(_:)``).
        package var index: Int
        /// When it was taken, ms (measured on the real clock).
        package var tMs: Int
        /// When it was scheduled, ms.
        package var scheduledMs: Int
        /// The phase on screen; nil when dropped.
        package var phase: String?
        /// The phase's payload in words (failure message, elapsed ms, row count); nil when none.
        package var phaseDetail: String?
        /// The PNG, relative to the report; nil when no images were written or the frame was dropped.
        package var file: String?
        /// True when the real clock could not take the frame on time; a dropped frame has no phase,
        /// file or digest. Always false on the virtual clock.
        package var dropped: Bool
        /// Each panel's depiction in this frame, in the plan's panel order (no texts or elements:
        /// those are recorded for stills only).
        package var panels: [Panel]
        /// The frame's pixel digest: SHA-256 of what was drawn — the 1× image's size, the scale,
        /// its palette and one palette index per pixel (RGBA8 pixels for an image of more than 256
        /// colours) — as docs/OUTPUTS.md defines it (report format 3), 64 lower-case hex digits;
        /// nil when no images were drawn or the frame was dropped. `check` compares these before
        /// decoding any PNG.
        package var pixelsSHA256: String?
        /// SHA-256 of the frame's PNG file as written (its bytes), 64 lower-case hex digits; nil
        /// when no images were written or the frame was dropped. `check` skips decoding a frame
        /// only when both digests match: the committed file is the one the report describes,
        /// and a fresh render has the same pixels.
        package var fileSHA256: String?
    }

    /// One panel's depiction in a frame, with what it drew (texts: stills only).
    package struct Panel: Codable, Hashable, Sendable {
        /// The panel's identifier (``Panel/id``), e.g. `loadedOnly`.
        package var panel: String
        /// The depiction's identifier (``Depiction/id``), e.g. `spinner`.
        package var depiction: String
        /// The text runs drawn, in order (stills only).
        package var texts: [String]?
        /// The semantic (accessibility) elements exposed, as `role: label`, in reading order;
        /// every frame and still that was drawn (nil when the run drew no images).
        package var elements: [String]?
    }

    /// One still's row.
    package struct Still: Codable, Hashable, Sendable {
        /// The still's name from the plan (`$.stills[i].name`); its image is `stills/<name>.png`.
        package var name: String
        /// The still's instant, whole ms since the start of the run.
        package var tMs: Int
        /// The phase on screen at that instant; nil when the frame was dropped.
        package var phase: String?
        /// The phase's payload in words; nil when none.
        package var phaseDetail: String?
        /// The PNG, relative to the report (`stills/<name>.png`); nil when no images were written or
        /// the frame was dropped. With `scales`, the first scale's file.
        package var file: String?
        /// Every PNG of a still the plan gives `scales` (`stills/<name>.png` at 1×,
        /// `stills/<name>@2x.png`, …), in the plan's order; absent without `scales`, when no images
        /// were written or the frame was dropped.
        package var files: [String]?
        /// Each panel's depiction, in the plan's panel order, with the text runs and semantic elements
        /// it drew.
        package var panels: [Panel]
        /// The pixel digest (as ``Frame/pixelsSHA256``) of each of the still's images, in the order
        /// of `files` (without `scales`, the one image `file`); nil when no images were written or
        /// the frame was dropped.
        package var pixelsSHA256: [String]?
        /// The SHA-256 of each of the still's PNG files as written, in the same order; nil likewise.
        package var fileSHA256: [String]?
    }

    /// Dwell of a phase or depiction.
    package struct DwellEntry: Codable, Hashable, Sendable {
        /// Milliseconds inside the window.
        package var ms: Int
        /// Frames showing it.
        package var frames: Int
        /// `ms / windowMs`.
        package var share: Double
        /// `frames / frame count`.
        package var frameShare: Double
    }

    /// One lane of a bench with lanes, judged on its own (``LaneAnalysis``).
    package struct Lane: Codable, Hashable, Sendable {
        /// Per phase of the lane (every phase of the bench, 0 when never shown).
        package var dwell: [String: DwellEntry]
        /// The lane's loader (its panel's); nil when it showed no loader or blank.
        package var loader: Loader?
        /// How many requests the lane's model sent (the `requests.<lane>` counter); nil for a
        /// bench that does not count them.
        package var requests: Int?
        /// The lane's checks, in ``LaneAnalysis/checks`` order.
        package var checks: [Check]
        /// One line: `passed` or `failed: <the failed checks' sentences joined by "; ">.`
        package var verdict: String
        /// True when every check of the lane passed.
        package var passed: Bool
    }

    /// A check's outcome.
    package struct Check: Codable, Hashable, Sendable {
        /// The check's name: `coverage.<phase>`, `dominance.<phase>`, `flashes.<panel>`,
        /// `heldBack.<panel>` or `rules.<panel>`.
        package var name: String
        /// Whether the run satisfied it.
        package var passed: Bool
        /// One sentence: what was measured, against what limit
        /// (`loading: 14 frames (7.0 s), at least 1 frame required`).
        package var message: String
    }

    /// One panel's loader, from exact event times.
    package struct Loader: Codable, Hashable, Sendable {
        /// One flash: when the loader appeared and for how long, ms.
        package struct Flash: Codable, Hashable, Sendable {
            /// When the loader appeared, whole ms since the start of the run.
            package var startMs: Int
            /// How long it stayed on screen, ms (more than 0, less than the flash threshold).
            package var durationMs: Int
        }
        /// Loader visible inside the window, ms.
        package var visibleMs: Int
        /// Loader intervals shorter than the flash threshold.
        package var flashes: [Flash]
        /// Content ready but held back behind the loader, ms.
        package var heldBackMs: Int
        /// One stretch of held-back content: data ready at `readyMs`, painted at `paintedMs`.
        package struct HeldBack: Codable, Hashable, Sendable {
            /// When the data (content or error) was ready, whole ms since the start of the run.
            package var readyMs: Int
            /// When it was painted (the loader left the screen), whole ms since the start of the run.
            package var paintedMs: Int
        }
        /// Each stretch of held-back content, in time order.
        package var heldBack: [HeldBack]
        /// Neither loader nor content, ms.
        package var blankMs: Int
    }

    /// A rule a panel broke, with the frames that show it.
    package struct Violation: Codable, Hashable, Sendable {
        /// The panel's identifier (``Panel/id``).
        package var panel: String
        /// The rule's identifier (e.g. `loadingPlaceholder`), as listed in the bench's
        /// ``BenchDefinition/rules``.
        package var rule: String
        /// The rule in words.
        package var sentence: String
        /// Start of the interval [startMs, endMs), whole ms since the start of the run, clipped to
        /// the window.
        package var startMs: Int
        /// End of the interval, exclusive, whole ms since the start of the run, clipped to the window.
        package var endMs: Int
        /// Indices of the frames taken inside the interval; empty for a violation between two frames.
        package var frames: [Int]
    }

    /// The next scripted change after the window.
    package struct Pending: Codable, Hashable, Sendable {
        /// When, ms since the start of the run (at or after the window's end).
        package var atMs: Int
        /// The phase it enters.
        package var phase: String
        /// The event logged at that instant, if any.
        package var event: String?
    }

    /// An observed phase transition.
    package struct Transition: Codable, Hashable, Sendable {
        /// The phase left, by name.
        package var from: String
        /// The phase entered, by name.
        package var to: String
        /// How many times this change happened inside the window (≥ 1).
        package var count: Int
    }

    /// One timed request (``LoadTiming``): ms since the start of the run, and from its start.
    package struct Load: Codable, Hashable, Sendable {
        /// Which request (``LoadTiming/label``).
        package var label: String
        /// When it started, ms.
        package var startMs: Int
        /// When its first byte arrived, ms; nil when none did.
        package var firstByteMs: Int?
        /// When it ended, ms.
        package var lastByteMs: Int
        /// `firstByteMs - startMs`: the time to the first byte.
        package var toFirstByteMs: Int?
        /// `lastByteMs - startMs`: the time to the last byte.
        package var toLastByteMs: Int
    }

    /// A timeline entry.
    package struct Entry: Codable, Hashable, Sendable {
        /// When it was logged, whole ms since the start of the run.
        package var tMs: Int
        /// Position in the log, from 0; entries with the same `tMs` keep this order.
        package var sequence: Int
        /// `event` or `phase` (``TimelineEntry/Kind``).
        package var kind: String
        /// For an event, the bench's sentence (`beat 1: fetch started, loading after 2200 ms`); for
        /// a phase change, the phase's name.
        public var text: String
    }

    /// The version of this report's format (`$.reportFormat`): ``currentFormat`` for every
    /// report this build writes; absent (nil) in reports of format 1, whose `pixelsSHA256` hashed
    /// the RGBA8 pixels at output scale rather than what was drawn (``Frame/pixelsSHA256``); 2
    /// in reports whose digests hashed a palette image's entries one byte a pixel.
    package var reportFormat: Int?
    /// The report format this build writes: 4, which judges each lane of a bench with lanes on
    /// its own (``lanes``; format 3 judged the first lane's phases only); its pixel digest hashes a
    /// palette image's pixels as runs since format 3 (format 2: one byte a pixel, at 1×; format
    /// 1: RGBA8 at output scale).
    package static let currentFormat = 4
    /// The plan's name (`$.plan`), which is also the name of its output folder.
    package var plan: String
    /// The plan's one-paragraph summary, as written in the plan (``CapturePlan/summary``).
    package var summary: String
    /// The bench's name (``BenchDefinition/name``), e.g. `inbox`.
    package var bench: String
    /// The clock the run used: `virtual` or `real` (``ClockKind``).
    package var clock: String
    /// The script mode: `cycle` or `pinned` (``CapturePlan/Mode``).
    package var mode: String
    /// The slow-motion factor as written in a plan: `1`, `1.5`, `2` (``SlowMotion/description``).
    package var slowMotion: String
    /// Where the recording window starts, whole ms since the start of the run.
    package var windowStartMs: Int
    /// The recording window's length, ms.
    package var windowMs: Int
    /// Time between two scheduled frames, ms.
    package var frameIntervalMs: Int
    /// The integer factor the 1× frames were scaled by (nearest neighbour) when written.
    package var scale: Int
    /// The theme the images were drawn in (``Theme``) when it is not `dark`; absent for dark.
    /// `check` draws its fresh images in this theme unless `--theme` names one.
    package var theme: String?
    /// Every frame of the window, in time order, dropped ones included.
    package var frames: [Frame]
    /// How many frames the real clock could not take on time (0 on the virtual clock).
    package var droppedFrames: Int
    /// The plan's stills, in plan order.
    package var stills: [Still]
    /// Per phase (of a bench with lanes: the first lane's, the frames' phase).
    package var dwell: [String: DwellEntry]
    /// Per lane of a bench with lanes (``BenchDefinition/laneIDs``), keyed by the lane's name:
    /// its dwell, loader, request count, checks and verdict; absent for a bench without lanes.
    package var lanes: [String: Lane]?
    /// Per panel, per depiction.
    package var panels: [String: [String: DwellEntry]]
    /// Every event and phase change the bench logged, in log order (``TimelineLog``).
    package var timeline: [Entry]
    /// Per panel that showed a loader or a blank.
    package var loaders: [String: Loader]
    /// A loader shorter than this is a flash, ms.
    package var flashThresholdMs: Int
    /// Every rule broken inside the window, per panel, in time order (benches with rules).
    package var violations: [Violation]
    /// The phase transitions observed inside the window, with counts (the state graph's edges).
    package var transitions: [Transition]
    /// The bench's counts (e.g. `ignoredTaps`).
    package var counters: [String: Int]
    /// The next scripted phase change at or after the window's end (the recording never shows
    /// it), or nil (`null`) when the bench has settled.
    package var pendingAtEnd: Nullable<Pending>
    /// The bench's timed requests, per load the time to the first byte and to the last; absent
    /// for benches that make none.
    package var loads: [Load]?
    /// Every check, in ``Analysis/checks`` order (coverage, dominance, then the per-panel
    /// checks).
    package var checks: [Check]
    /// The failed checks' sentences (``Analysis/reasons``); empty when the run passed.
    package var reasons: [String]
    /// The plan lint's findings (``PlanLint/findings(for:)``), one sentence each; they never fail
    /// the run.
    package var lint: [String]
    /// One line: `passed` or `failed: <reasons joined by "; ">.` (``Analysis/verdict``).
    package var verdict: String
    /// True when every check passed.
    package var passed: Bool
    /// The strip image, relative; nil when no images were written.
    package var filmstrip: String?
    /// The indices of the frames the strip shows (all of them up to ``FilmstripImage/maxFrames``,
    /// otherwise that many evenly spaced); nil when no images were written.
    package var filmstripFrames: [Int]?
    /// The strip's pixel digest (as ``Frame/pixelsSHA256``, at scale 1); nil when no images were written.
    package var filmstripPixelsSHA256: String?
    /// The SHA-256 of the strip's PNG file as written; nil when no images were written.
    package var filmstripFileSHA256: String?
    /// The animated filmstrip (`animation.png`, an APNG: every drawn frame at output scale, each
    /// for its ``AnimationSchedule`` delay, looping), relative; nil when no images were written
    /// or no frame was drawn.
    package var animation: String?
    /// The animation's pixel digest: a chain of SHA-256 digests over its frames' delays and
    /// pixel digests (docs/OUTPUTS.md, "The animation's digests"); nil when there is no
    /// animation. The key sorts after `frames`: it is written once the last frame is drawn.
    package var stripAnimationPixelsSHA256: String?
    /// The SHA-256 of `animation.png` as written; nil when there is no animation.
    package var stripAnimationFileSHA256: String?

    /// Builds the report of `run`. `renderedStills` carries what each still's panels drew
    /// (same order as `run.stills`); `frameElements`, by position in `run.frames`, each panel's
    /// semantic elements as drawn; `withFiles` names the image files the record command writes.
    ///
    /// `pixelDigests` maps a frame's index to its ``Frame/pixelsSHA256``; `fileDigests` maps an
    /// image's path (`frames/0003.png`) to its ``Frame/fileSHA256``; `imageDigests` maps the
    /// strip's and the stills' paths to their pixel and file digests. With `frameRows` false,
    /// ``frames`` is left empty: the skeleton a ``JSONWriter`` writes around rows made one at a
    /// time (``frameRow(_:elements:withFiles:pixelsSHA256:fileSHA256:)``).
    package init(run: RecordedRun, analysis: Analysis, lint: [String], renderedStills: [[PanelRendering]], frameElements: [Int: [[SemanticElement]]] = [:], withFiles: Bool, pixelDigests: [Int: String] = [:], fileDigests: [String: String] = [:], imageDigests: [String: (pixels: String, file: String)] = [:], frameRows: Bool = true) {
        let plan = run.plan
        func dwellEntry(_ dwell: Dwell) -> DwellEntry {
            DwellEntry(ms: dwell.ms, frames: dwell.frames, share: Self.rounded(dwell.share), frameShare: Self.rounded(dwell.frameShare))
        }
        reportFormat = Self.currentFormat
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
        theme = plan.theme == .dark ? nil : plan.theme.rawValue
        frames = frameRows
            ? run.frames.enumerated().map { position, frame in
                Self.frameRow(
                    frame, elements: frameElements[position], withFiles: withFiles, pixelsSHA256: pixelDigests[frame.index],
                    fileSHA256: fileDigests[OutputLayout.framePath(frame.index)])
            }
            : []
        droppedFrames = analysis.droppedFrames
        stills = run.stills.enumerated().map { offset, still in
            let drawn = offset < renderedStills.count ? renderedStills[offset] : []
            let panels = drawn.isEmpty
                ? still.frame.panels.map { Panel(panel: $0.panel, depiction: $0.depiction.id, texts: nil, elements: nil) }
                : drawn.map { Panel(panel: $0.panel, depiction: $0.depiction.id, texts: $0.texts.map(\.text), elements: $0.elements.map(\.description)) }
            let written = withFiles && !still.frame.dropped
            let files = OutputLayout.stillFiles(name: still.name, scales: still.scales, planScale: plan.scale).map(\.path)
            let images = still.scales != nil ? files : [files[0]]
            let digests = images.compactMap { imageDigests[$0] }
            let digested = written && digests.count == images.count
            return Still(
                name: still.name, tMs: still.frame.tMs, phase: still.frame.phase, phaseDetail: still.frame.phaseDetail,
                file: written ? files[0] : nil, files: written && still.scales != nil ? files : nil, panels: panels,
                pixelsSHA256: digested ? digests.map(\.pixels) : nil, fileSHA256: digested ? digests.map(\.file) : nil)
        }
        dwell = Dictionary(uniqueKeysWithValues: analysis.phases.map { ($0.name, dwellEntry($0.dwell)) })
        panels = Dictionary(uniqueKeysWithValues: analysis.panels.map { panel in
            (panel.panel, Dictionary(uniqueKeysWithValues: panel.depictions.map { ($0.depiction, dwellEntry($0.dwell)) }))
        })
        loaders = Dictionary(uniqueKeysWithValues: analysis.loaders.map { stats in
            (stats.panel, Loader(
                visibleMs: stats.visibleMs, flashes: stats.flashes.map { .init(startMs: $0.enterMs, durationMs: $0.durationMs) },
                heldBackMs: stats.heldBackMs, heldBack: stats.heldBack.map { .init(readyMs: $0.readyMs, paintedMs: $0.paintedMs) }, blankMs: stats.blankMs))
        })
        let laneLoaders = loaders
        lanes = analysis.lanes.isEmpty ? nil : Dictionary(uniqueKeysWithValues: analysis.lanes.map { lane in
            (lane.lane, Lane(
                dwell: Dictionary(uniqueKeysWithValues: lane.phases.map { ($0.name, dwellEntry($0.dwell)) }), loader: laneLoaders[lane.lane],
                requests: run.counters["requests.\(lane.lane)"], checks: lane.checks.map { Check(name: $0.name, passed: $0.passed, message: $0.message) },
                verdict: lane.verdict, passed: lane.passed))
        })
        flashThresholdMs = plan.flashThresholdMs
        violations = analysis.violations.map {
            Violation(
                panel: $0.panel, rule: $0.rule, sentence: run.plan.bench.sentence(ofRule: $0.rule),
                startMs: $0.startMs, endMs: $0.endMs, frames: $0.frames)
        }
        transitions = analysis.transitions.map { Transition(from: $0.from, to: $0.to, count: $0.count) }
        counters = run.counters
        pendingAtEnd = Nullable(run.pendingAtEnd.map { Pending(atMs: $0.atMs, phase: $0.phase, event: $0.event) })
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
        let strip = withFiles ? imageDigests[OutputLayout.filmstripPath] : nil
        filmstripPixelsSHA256 = strip?.pixels
        filmstripFileSHA256 = strip?.file
        animation = withFiles && run.frames.contains { !$0.dropped } ? OutputLayout.animationPath : nil
    }

    /// One frame's row (`$.frames[i]`) from its record: `elements` holds each panel's semantic
    /// elements as drawn (nil when the frame was not drawn), `withFiles` says whether its image
    /// was written (`frames/NNNN.png`), and the digests are 64 lower-case hex digits (dropped
    /// when the frame was; `fileSHA256` also without files).
    package static func frameRow(_ frame: FrameRecord, elements drawn: [[SemanticElement]]?, withFiles: Bool, pixelsSHA256: String?, fileSHA256: String?) -> Frame {
        WorkCounter.current?.add()
        return Frame(
            index: frame.index, tMs: frame.tMs, scheduledMs: frame.scheduledMs, phase: frame.phase, phaseDetail: frame.phaseDetail,
            file: withFiles && !frame.dropped ? OutputLayout.framePath(frame.index) : nil, dropped: frame.dropped,
            panels: frame.panels.enumerated().map { offset, panel in
                let elements = drawn.flatMap { offset < $0.count ? $0[offset].map(\.description) : nil }
                return Panel(panel: panel.panel, depiction: panel.depiction.id, texts: nil, elements: elements)
            },
            pixelsSHA256: frame.dropped ? nil : pixelsSHA256,
            fileSHA256: frame.dropped || !withFiles ? nil : fileSHA256)
    }

    /// The report as pretty-printed JSON with sorted keys and a final newline.
    package func jsonData() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain Codable values with finite numbers cannot fail.
        var data = (try? encoder.encode(self)) ?? Data()
        data.append(0x0A)
        return data
    }

    /// Writes exactly the bytes of ``jsonData()``, in pieces of about 64 KiB, encoding one frame
    /// at a time (``JSONWriter``): the report's text never exists whole in memory.
    ///
    /// - Parameter write: called with each piece, in order.
    /// - Throws: what `write` throws.
    package func writeJSON<E: Error>(_ write: (Data) throws(E) -> Void) throws(E) {
        let writer = JSONWriter(skeleton: self, frameCount: frames.count)
        var piece = writer.head
        for (offset, frame) in frames.enumerated() {
            writer.append(frame, first: offset == 0, to: &piece)
            if piece.count >= DocumentPiece.bytes {
                try write(piece)
                piece.removeAll(keepingCapacity: true)
            }
        }
        try write(piece)
        try writer.writeTail(of: self, to: write)
    }

    /// Reads a report written by ``jsonData()``; nil when the bytes are not one.
    package static func read(_ data: Data) -> RunReport? {
        try? JSONDecoder().decode(RunReport.self, from: data)
    }

    /// Every file the report names, relative to its folder (frames, stills, strip, animation,
    /// contact sheet, index row, itself).
    package var writtenFiles: [String] {
        var files = frames.compactMap(\.file) + stills.flatMap { $0.files ?? ($0.file.map { [$0] } ?? []) }
        if let filmstrip { files.append(filmstrip) }
        if let animation { files.append(animation) }
        files.append(OutputLayout.contactSheetPath)
        files.append(OutputLayout.indexRowPath)
        files.append(OutputLayout.reportPath)
        return files
    }

    private static func rounded(_ value: Double) -> Double {
        (value * 10_000).rounded() / 10_000
    }
}
