import FilmstripCore
import FilmstripReports
import Foundation

/// The rows of the index page across plans: one per plan folder in the output root that holds
/// an `index-row.json` of that plan (``IndexRowFile``, a few hundred bytes: no report is read).
/// `record` and `filmstrip index` write the page from them; `check` compares the committed page.
///
/// A folder whose row names a plan file that no longer exists (the plan was renamed or
/// deleted) is a stray: it is left out of the page, and `record`, `index` and `check` report it.
struct IndexRows {
    let root: String
    /// The registered benches, for the colours of their phases.
    let benches: [BenchDefinition]

    /// A plan folder with no plan behind it.
    struct Stray: Hashable {
        /// The folder, `DIR/<name>`.
        let folder: String
        /// The plan file its recording was made from, as recorded (``IndexRowFile/planFile``).
        let planFile: String

        /// `captures/old/ was recorded from captures/old.json, which no longer exists`.
        var sentence: String { "\(folder)/ was recorded from \(planFile), which no longer exists" }
    }

    /// The index page across plans, from ``rows(fresh:)``.
    func page(fresh: [String: IndexRowFile] = [:]) -> String {
        page(rows: rows(fresh: fresh).rows)
    }

    /// The index page listing `rows`, in the registered benches' phase colours.
    func page(rows: [IndexPage.Row]) -> String {
        let benches = self.benches
        return IndexPage.html(rows: rows) { bench, phase in
            benches.first { $0.name == bench }?.style(ofPhase: phase).color ?? PhaseStyle.unknown.color
        }
    }

    /// The rows, by folder name, and the stray folders left out. `fresh` replaces the row read
    /// from disk for the plans it names.
    func rows(fresh: [String: IndexRowFile] = [:]) -> (rows: [IndexPage.Row], strays: [Stray]) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        var rows: [IndexPage.Row] = []
        var strays: [Stray] = []
        for name in names.sorted() where !name.hasPrefix(".") {
            let folder = OutputFolder(root: root, name: name)
            guard let row = fresh[name] ?? folder.read(OutputLayout.indexRowPath).flatMap(IndexRowFile.read), row.plan == name else { continue }
            guard fresh[name] != nil || FileManager.default.fileExists(atPath: PlanFilePath.resolve(row.planFile, root: root)) else {
                strays.append(Stray(folder: folder.path, planFile: row.planFile))
                continue
            }
            rows.append(row.row { FileManager.default.fileExists(atPath: "\(folder.path)/\($0)") })
        }
        return (rows, strays)
    }
}
