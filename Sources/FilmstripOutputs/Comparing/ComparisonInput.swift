import FilmstripCore
import FilmstripPNG
import FilmstripRaster
import FilmstripReports
import Foundation

/// One side of `filmstrip compare`, as the person named it: a capture plan to run, or a recorded
/// output folder (its `report.json`, as `record` wrote it, and its frame PNGs).
///
/// A folder, or a file named `report.json`, is a recorded run; any other path is a plan file.
package struct ComparisonInput {
    /// How the side was given.
    package enum Kind {
        /// A plan, read and validated, not yet run.
        case plan(CapturePlan)
        /// A recorded run: its report, and the folder holding its frames.
        case recorded(ComparisonSide, folder: String)
    }

    /// The path as typed.
    package let source: String
    package let kind: Kind

    /// The bench the side ran (or will run), by name.
    package var benchName: String {
        switch kind {
        case .plan(let plan): plan.bench.name
        case .recorded(let side, _): side.bench
        }
    }

    /// Reads `source`: a folder's `report.json`, a `report.json` file, or a plan file.
    /// - Throws: ``FilmstripError`` naming the file and the JSON path for a missing or bad report or
    ///   plan.
    package init(_ source: String, benches: [BenchDefinition]) throws(FilmstripError) {
        self.source = source
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: source, isDirectory: &isFolder)
        let trimmed = source.hasSuffix("/") ? String(source.dropLast()) : source
        if (exists && isFolder.boolValue) || URL(fileURLWithPath: source).lastPathComponent == OutputLayout.reportPath {
            let folder = exists && isFolder.boolValue ? trimmed : URL(fileURLWithPath: source).deletingLastPathComponent().path
            let file = exists && isFolder.boolValue ? "\(trimmed)/\(OutputLayout.reportPath)" : source
            let data = try InputFile.contents(of: file, limit: .samples)
            do {
                let side = try ComparisonSide(reportJSON: data, source: source)
                // A bench this tool does not know is refused, naming it, by the command.
                if let bench = benches.first(where: { $0.name == side.bench }) { try side.checkConsistency(with: bench) }
                kind = .recorded(side, folder: folder)
            } catch {
                throw FilmstripError(.plan(file: file, path: error.path, message: error.message))
            }
            return
        }
        guard exists else {
            throw FilmstripError(.unreadable(file: source, reason: "no such file or folder; expected a capture plan (.json) or a recorded output folder"))
        }
        let (plans, problems) = PlanLoader(benches: benches).load([source])
        if let problem = problems.first { throw problem }
        kind = .plan(plans[0].plan)
    }

    /// The side's figures and a way to draw its frames at 1×: a plan is run on `clock` (its
    /// bench's first clock when nil) without writing anything; a recorded run's frames are read
    /// from its `frames/NNNN.png` and scaled down by the report's scale.
    /// - Throws: ``FilmstripError`` (run) when the plan's bench had to be stopped.
    package func side(clock: ClockKind?, font: BitmapFont) throws(FilmstripError) -> (side: ComparisonSide, frameSize: (width: Int, height: Int), frame: (ComparisonSide.Frame) -> Canvas?) {
        switch kind {
        case .plan(let plan):
            let run = try LintedRun(plan, file: source, clock: clock ?? plan.bench.clocks[0]).run
            let report = RunReport(run: run, analysis: Analysis(run), lint: [], renderedStills: [], withFiles: false)
            let side: ComparisonSide
            do {
                side = try ComparisonSide(reportJSON: report.jsonData(), source: source)
            } catch {
                // The report was written by this process a moment ago: it always reads back.
                throw FilmstripError(.run(plan: source, message: "its report does not read back: \(error)"))
            }
            let records = Dictionary(run.frames.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
            return (side, run.logicalFrameSize(font: font), { frame in
                records[frame.index].flatMap { run.render($0, font: font, scale: 1)?.canvas }
            })
        case .recorded(let side, let folder):
            let scale = max(1, side.scale)
            // Read through the one capped reader, and decoded only when the declared size fits
            // the cap (a small file declaring 60000×60000 is not decoded).
            let load: (ComparisonSide.Frame) -> Canvas? = { frame in
                guard case .success(let bytes) = InputFile.committedImage("\(folder)/\(OutputLayout.framePath(frame.index))"),
                      let header = PNGHeader(bytes), header.width * header.height <= InputFile.Limit.image.rawValue / 4,
                      let canvas = try? PNGCodec.decode(bytes) else { return nil }
                return Self.downscaled(canvas, by: scale)
            }
            let first = side.frames.lazy.filter { $0.phase != nil }.compactMap(load).first
            return (side, (first?.width ?? 320, first?.height ?? 180), load)
        }
    }

    /// `canvas` scaled down by `factor` (nearest neighbour: the top-left pixel of each
    /// `factor` × `factor` block), undoing a plan's integer scale.
    static func downscaled(_ canvas: Canvas, by factor: Int) -> Canvas {
        guard factor > 1 else { return canvas }
        let width = canvas.width / factor
        let height = canvas.height / factor
        // One pass over the kept pixels, through raw buffers (a debug build's array appends
        // took a second for a plan's frames).
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { target, count in
            canvas.pixels.withUnsafeBufferPointer { source in
                var next = 0
                for y in 0..<height {
                    var from = y * factor * canvas.stride
                    for _ in 0..<width {
                        target[next] = source[from]
                        target[next + 1] = source[from + 1]
                        target[next + 2] = source[from + 2]
                        target[next + 3] = source[from + 3]
                        next += 4
                        from += factor * 4
                    }
                }
            }
            count = width * height * 4
        }
        return Canvas(width: width, height: height, pixels: pixels) ?? canvas
    }
}
