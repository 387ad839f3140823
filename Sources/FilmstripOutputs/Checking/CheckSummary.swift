import FilmstripCore
import FilmstripReports
import Foundation

/// `filmstrip check`'s summary for a pull request: GitHub-flavoured Markdown (it renders in
/// GitHub's job summary and in GitLab's Markdown alike) with one table row per plan — its
/// verdict, what changed in time (``TimingChanges``, recorded → fresh), its strip's path — and
/// then, for each plan that failed, every failed check with its instant and frames, the timing
/// in full, and the command that re-records.
///
/// ```markdown
/// ## filmstrip check: 1 of 2 plans failed
///
/// | | plan | verdict | what changed in time | strip |
/// |---|---|---|---|---|
/// | ❌ | `scenes-fast-load` | failed | phases: loading 300 → 1,200 ms (+900); … | `captures/scenes-fast-load/filmstrip.png` |
/// ```
///
/// ``write(to:)`` appends it to its file, as GitHub's `GITHUB_STEP_SUMMARY` expects: steps and
/// shards add to one summary, and nothing already there is replaced.
package struct CheckSummary {
    /// What `check` found.
    package let results: CheckResults

    /// The summary of `results`.
    package init(results: CheckResults) {
        self.results = results
    }

    /// The marker on the summary's first line (an HTML comment, which renderers hide).
    package static let marker = "<!-- written by filmstrip check -->"

    /// The Markdown, ending in a newline.
    package var markdown: String {
        var lines = [Self.marker]
        let failed = results.plans.count { !$0.passed }
        let shard = results.shard.map { " (shard \($0))" } ?? ""
        let count = Quantity.count(results.plans.count, "plan")
        let heading: String
        if results.badInput != nil {
            heading = "stopped on bad input after \(count)"
        } else if failed == 0 {
            heading = results.passed ? (results.plans.count == 1 ? "1 plan passed" : "all \(count) passed") : "\(count) passed, but the run failed"
        } else {
            heading = "\(failed) of \(count) failed"
        }
        lines.append("## filmstrip check\(shard): \(heading)")
        lines.append("")
        if !results.plans.isEmpty {
            lines.append("| | plan | verdict | what changed in time | strip |")
            lines.append("|---|---|---|---|---|")
            for plan in results.plans {
                let cells = [
                    plan.passed ? "✅" : "❌", Self.code(plan.plan), Self.text(String(plan.verdict.prefix { $0 != ":" })),
                    Self.text(Self.timingCell(plan)), plan.strip.map(Self.code) ?? "—",
                ]
                lines.append("| " + cells.joined(separator: " | ") + " |")
            }
            lines.append("")
        }
        for plan in results.plans where !plan.passed {
            lines.append("### ❌ \(Self.code(plan.plan))")
            lines.append("")
            for failure in plan.failedChecks {
                lines.append("- \(Self.code(failure.check)) \(Self.text(Self.when(failure.moments, plan: plan))): \(Self.text(failure.message))")
            }
            let outputs = plan.recordedOutputs
            if !outputs.passed {
                let first = plan.timing?.firstDifferingFrame.map { " at \(Quantity.ms($0.tMs)) (frame \($0.index))" } ?? ""
                lines.append("- recorded outputs\(Self.text(first)): \(Self.text(outputs.summary))")
            }
            if let timing = plan.timing {
                lines.append("")
                lines.append("\(Self.text(timing.unchanged ? "Time unchanged" : "Time changed (recorded → fresh)")):")
                lines.append("")
                for line in timing.unchanged ? Array(timing.lines.dropFirst()) : timing.sections.flatMap(\.lines) + (timing.firstDifferingFrame.map { [$0.sentence] } ?? []) {
                    lines.append("- \(Self.text(line.trimmingCharacters(in: .whitespaces)))")
                }
            }
            if let rerecord = outputs.rerecord {
                lines.append("")
                lines.append("If the change is intended, re-record with \(Self.code(rerecord)).")
            }
            lines.append("")
        }
        var notes: [String] = []
        notes += results.strayFolders.map { "- stray: \(Self.text($0))" }
        if results.index == .differs { notes.append("- index: the index across plans differs from a fresh render") }
        if results.index == .missing { notes.append("- index: the index across plans is missing") }
        if let badInput = results.badInput { notes.append("- bad input (exit 2): \(Self.text(badInput.split(separator: "\n").joined(separator: " ")))") }
        if !notes.isEmpty { lines += notes + [""] }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Appends ``markdown`` to `path` in one write (the file is made when missing).
    /// - Throws: ``FilmstripError`` (output, exit 2) naming `path` when it is not a regular file or cannot be written.
    package func write(to path: String) throws(FilmstripError) {
        var status = stat()
        if lstat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
            throw FilmstripError(.output(path: path, reason: "the summary is appended to a regular file, and this is not one"))
        }
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { throw FilmstripError(.output(path: path, reason: String(cString: strerror(errno)))) }
        defer { close(descriptor) }
        let bytes = Array(markdown.utf8)
        let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count else {
            throw FilmstripError(.output(path: path, reason: written < 0 ? String(cString: strerror(errno)) : "only \(written) of \(bytes.count) bytes were written"))
        }
    }

    /// The row's timing: the lanes' dwell changes and every flash added or removed, then the
    /// first differing frame; `—` when the outputs were not found to differ.
    package static func timingCell(_ plan: CheckResults.Plan) -> String {
        guard let timing = plan.timing else { return "—" }
        var parts: [String] = []
        for section in timing.sections {
            if section.kind == .lane {
                parts += section.dwell.map { "\(section.label): \($0.name) \(Quantity.grouped($0.beforeMs)) → \(Quantity.ms($0.afterMs)) (\(TimingChanges.Dwell.signed($0.differenceMs)))" }
            }
            parts += section.flashesRemoved.map { "\(section.label): flash removed, \(Quantity.ms($0.durationMs)) at \(Quantity.ms($0.startMs))" }
            parts += section.flashesAdded.map { "\(section.label): flash added, \(Quantity.ms($0.durationMs)) at \(Quantity.ms($0.startMs))" }
        }
        if timing.unchanged { parts.append("time unchanged") }
        if let frame = timing.firstDifferingFrame { parts.append("first differing frame \(frame.index) at \(Quantity.ms(frame.tMs))") }
        return parts.joined(separator: "; ")
    }

    /// When a failed check's failure was on screen: `at 1,000–1,200 ms (frames 10–11)`, or
    /// `over the window 0–2,000 ms` for a check of the whole window.
    package static func when(_ moments: [CheckMoment], plan: CheckResults.Plan) -> String {
        guard !moments.isEmpty else { return "over the window \(Quantity.grouped(plan.windowStartMs))–\(Quantity.ms(plan.windowEndMs))" }
        return "at " + moments.map { "\($0.instant) (\(frames($0)))" }.joined(separator: ", ")
    }

    /// `frame 10`, `frames 10–14`, or `between frames 9 and 10` when no frame was taken inside.
    package static func frames(_ moment: CheckMoment) -> String {
        guard let first = moment.frames.first, let last = moment.frames.last else { return "no frame" }
        if !moment.framesInside {
            return moment.frames.count == 2 ? "no frame shows it; between frames \(first) and \(last)" : "no frame shows it; nearest frame \(first)"
        }
        return first == last ? "frame \(first)" : "frames \(first)–\(last)"
    }

    /// `text` as a code span (backticks taken out, a table cell's pipe escaped).
    package static func code(_ text: String) -> String {
        "`" + text.replacingOccurrences(of: "`", with: "'").replacingOccurrences(of: "|", with: "\\|") + "`"
    }

    /// `text` with every character Markdown could read as syntax escaped, on one line.
    package static func text(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\", "`", "*", "_", "[", "]", "<", ">", "|", "~", "&", "#", "!": result += "\\\(character)"
            case "\n", "\r": result += " "
            default: result.append(character)
            }
        }
        return result
    }
}
