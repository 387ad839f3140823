import FilmstripCore
import FilmstripReports
import Foundation

/// The rows of the index page across plans: one per plan folder in the output root that holds
/// an `index-row.json` of that plan (``IndexRowFile``, a few hundred bytes: no report is read).
/// `record`, `filmstrip index` and `assertFilmstrip`'s recordings write the page from them;
/// `check` and `verifyFilmstrip` compare the committed page (``mismatch(fresh:)``).
///
/// A folder whose row names a plan file that no longer exists (the plan was renamed or
/// deleted) is a stray: it is left out of the page, and `record`, `index` and `check` report it.
package struct IndexRows {
    let root: String
    /// The registered benches, for the colours of their phases.
    let benches: [BenchDefinition]

    /// Memberwise.
    package init(root: String, benches: [BenchDefinition]) {
        self.root = root
        self.benches = benches
    }

    /// A plan folder the index leaves out: its plan file no longer exists, or its index row
    /// cannot be read.
    package struct Stray: Hashable {
        /// The folder, `DIR/<name>`.
        package let folder: String
        /// Why it is left out, after the folder's name: `was recorded from captures/old.json,
        /// which no longer exists`.
        let reason: String
        /// What to do about it.
        package let remedy: String

        /// A folder recorded from `planFile` (as recorded, ``IndexRowFile/planFile``), which no
        /// longer exists.
        static func orphan(folder: String, planFile: String) -> Stray {
            Stray(folder: folder, reason: "was recorded from \(planFile), which no longer exists",
                  remedy: "remove the folder, or record the plan again under its new name")
        }

        /// A folder whose `index-row.json` is not a row of a plan of the folder's name.
        static func unreadableRow(folder: String) -> Stray {
            Stray(folder: folder, reason: "holds an \(OutputLayout.indexRowPath) that is not a row of a plan named like the folder (unreadable, or another plan's)",
                  remedy: "remove the folder, or record its plan again")
        }

        /// `captures/old/ was recorded from captures/old.json, which no longer exists`.
        package var sentence: String { "\(folder)/ \(reason)" }
    }

    /// The index page across plans, from ``rows(fresh:)``.
    package func page(fresh: [String: IndexRowFile] = [:]) -> String {
        page(rows: rows(fresh: fresh).rows)
    }

    /// How the committed index across plans (`<root>/index.html`) compares with the page a
    /// recording would write now (``page(fresh:)``, the plans just run as `fresh`): nil when it
    /// matches, or when the page would list no plan and none is committed; else the sentence
    /// both `check` and `verifyFilmstrip` print after `index: mismatch: `, e.g.
    /// `captures/index.html is missing (the index across plans lists 3 plans)`.
    package func mismatch(fresh: [String: IndexRowFile]) -> String? {
        let file = "\(root)/\(OutputLayout.contactSheetPath)"
        let listed = rows(fresh: fresh).rows
        guard let committed = FileManager.default.contents(atPath: file) else {
            if listed.isEmpty { return nil }
            return "\(file) is missing (the index across plans lists \(listed.count == 1 ? "1 plan" : "\(listed.count) plans"))"
        }
        if committed == Data(page(rows: listed).utf8) { return nil }
        // A page drawn without a listed plan's bench has other colours: say which benches were missing.
        let unknown = Set(listed.map(\.bench)).subtracting(benches.map(\.name)).sorted()
        let without = unknown.isEmpty ? "" : " drawn without the benches it lists (\(unknown.joined(separator: ", "))): pass every bench of the root's plans"
        return "\(file) differs from a fresh render\(without)"
    }

    /// The index page listing `rows`, in the registered benches' phase colours.
    package func page(rows: [IndexPage.Row]) -> String {
        let benches = self.benches
        return IndexPage.html(rows: rows) { bench, phase in
            benches.first { $0.name == bench }?.style(ofPhase: phase).color ?? PhaseStyle.unknown.color
        }
    }

    /// The rows, by folder name, and the stray folders left out. `fresh` replaces the row read
    /// from disk for the plans it names.
    package func rows(fresh: [String: IndexRowFile] = [:]) -> (rows: [IndexPage.Row], strays: [Stray]) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        var rows: [IndexPage.Row] = []
        var strays: [Stray] = []
        for name in names.sorted() where !name.hasPrefix(".") {
            let folder = OutputFolder(root: root, name: name)
            let row: IndexRowFile
            if let given = fresh[name] {
                row = given
            } else if let stored = folder.read(OutputLayout.indexRowPath) {
                guard let read = IndexRowFile.read(stored), read.plan == name else {
                    strays.append(.unreadableRow(folder: folder.path))
                    continue
                }
                row = read
            } else {
                continue
            }
            guard fresh[name] != nil || FileManager.default.fileExists(atPath: PlanFilePath.resolve(row.planFile, root: root)) else {
                strays.append(.orphan(folder: folder.path, planFile: row.planFile))
                continue
            }
            rows.append(row.row { FileManager.default.fileExists(atPath: "\(folder.path)/\($0)") })
        }
        return (rows, strays)
    }
}
