import FilmstripCore
import FilmstripPNG
import FilmstripRaster
import FilmstripReports
import Foundation
import Synchronization

/// `filmstrip record`: runs plans and writes every output, then the index across plans.
struct RecordCommand {
    let options: CommandLineOptions
    let terminal: Terminal

    func run() throws(CommandError) -> Int32 {
        let loader = PlanLoader()
        let (plans, problems) = loader.load(try loader.planFiles(options.plans))
        for problem in problems.dropLast() { terminal.diagnose("error: \(problem)") }
        if let last = problems.last { throw last }
        let (font, fontSource) = try FontLoader().load(path: options.font)
        let root = options.out ?? PlanLoader.defaultFolder
        try OutputFolder(path: root).prepare(subfolders: [])

        var failed = 0
        for (file, plan) in plans {
            let passed = try record(plan, file: file, font: font, fontSource: fontSource, root: root)
            if !passed { failed += 1 }
        }
        try writeIndex(root: root)
        terminal.print(failed == 0
            ? "\(plans.count) plan(s) recorded in \(root)/: all passed"
            : "\(plans.count) plan(s) recorded in \(root)/: \(failed) failed")
        return failed == 0 ? 0 : 1
    }

    private func record(_ plan: CapturePlan, file: String, font: BitmapFont, fontSource: String, root: String) throws(CommandError) -> Bool {
        let run: RecordedRun
        let lint: [String]
        do {
            lint = try PlanLint.findings(for: plan)
            for finding in lint { terminal.diagnose("\(file): lint: \(finding)") }
            run = try BenchCatalog.run(plan, clock: options.clock)
        } catch {
            throw CommandError(.run(plan: file, message: error.message))
        }
        let analysis = Analysis(run)
        let folder = OutputFolder(path: "\(root)/\(plan.name)")
        try folder.prepare(subfolders: plan.stills.isEmpty ? ["frames"] : ["frames", "stills"])
        let previous = folder.read(OutputLayout.reportPath).flatMap(RunReport.read)?.writtenFiles ?? []

        // Frames: drawn, encoded and written in parallel; each also kept at 1× for the strip.
        let frames = run.frames
        let stripCells = Mutex<[Int: Canvas]>([:])
        let missing = Mutex<[Unicode.Scalar]>([])
        let firstError = Mutex<CommandError?>(nil)
        DispatchQueue.concurrentPerform(iterations: frames.count) { index in
            let frame = frames[index]
            guard let rendered = run.render(frame, font: font) else { return }
            let small = plan.scale == 1 ? rendered.canvas : run.render(frame, font: font, scale: 1)?.canvas
            stripCells.withLock { $0[index] = small }
            missing.withLock { known in
                for scalar in rendered.missing where !known.contains(scalar) { known.append(scalar) }
            }
            do {
                let bytes = try PNGCodec.encode(rendered.canvas)
                try folder.write(Data(bytes), to: OutputLayout.framePath(frame.index))
            } catch let error as CommandError {
                firstError.withLock { $0 = $0 ?? error }
            } catch {
                firstError.withLock { $0 = $0 ?? CommandError(.output(path: "\(folder.path)/\(OutputLayout.framePath(frame.index))", reason: "\(error)")) }
            }
        }
        if let error = firstError.withLock({ $0 }) { throw error }

        // Stills.
        var stillPanels: [[PanelRendering]] = []
        for still in run.stills {
            guard let rendered = run.render(still.frame, font: font) else {
                stillPanels.append([])
                continue
            }
            missing.withLock { known in
                for scalar in rendered.missing where !known.contains(scalar) { known.append(scalar) }
            }
            stillPanels.append(rendered.panels)
            try folder.write(Data(try encode(rendered.canvas, file: "\(folder.path)/\(OutputLayout.stillPath(still.name))")), to: OutputLayout.stillPath(still.name))
        }

        // Strip.
        let size = run.logicalFrameSize
        let cells = stripCells.withLock { $0 }
        let strip = FilmstripImage.compose(
            frames: frames.enumerated().map { index, frame in
                (cells[index], "#\(frame.index) · \(Quantity.ms(frame.tMs))", frame.phase)
            },
            frameWidth: size.width, frameHeight: size.height, font: font)
        try folder.write(Data(try encode(strip, file: "\(folder.path)/\(OutputLayout.filmstripPath)")), to: OutputLayout.filmstripPath)

        for scalar in missing.withLock({ $0 }) {
            let hex = String(scalar.value, radix: 16, uppercase: true)
            terminal.diagnose("\(file): font \(fontSource) has no glyph for U+\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex); drawn as its default character")
        }

        // Report and contact sheet; then remove what an earlier run wrote and this one did not.
        let report = RunReport(run: run, analysis: analysis, lint: lint, renderedStills: stillPanels, withFiles: true)
        try folder.write(report.jsonData(), to: OutputLayout.reportPath)
        try folder.write(Data(ContactSheet.html(report: report, run: run, analysis: analysis).utf8), to: OutputLayout.contactSheetPath)
        folder.removeStale(previous: previous, current: Set(report.writtenFiles))

        TerminalTable.lines(run: run, analysis: analysis).forEach(terminal.print)
        return analysis.passed
    }

    private func encode(_ canvas: Canvas, file: String) throws(CommandError) -> [UInt8] {
        do {
            return try PNGCodec.encode(canvas)
        } catch {
            throw CommandError(.output(path: file, reason: error.description))
        }
    }

    /// Writes `root/index.html` listing every plan folder in `root` that holds a report.
    private func writeIndex(root: String) throws(CommandError) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        var rows: [IndexPage.Row] = []
        for name in names.sorted() {
            let folder = OutputFolder(path: "\(root)/\(name)")
            guard let report = folder.read(OutputLayout.reportPath).flatMap(RunReport.read), report.plan == name else { continue }
            rows.append(IndexPage.Row(
                plan: report.plan, summary: report.summary, passed: report.passed, verdict: report.verdict,
                frames: report.frames.count, windowMs: report.windowMs,
                hasFilmstrip: report.filmstrip != nil && folder.read(OutputLayout.filmstripPath) != nil))
        }
        try OutputFolder(path: root).write(Data(IndexPage.html(rows: rows).utf8), to: OutputLayout.contactSheetPath)
    }
}
