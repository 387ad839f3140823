import FilmstripOutputs
import FilmstripCore
import FilmstripReports
import Foundation

/// `filmstrip index OUTDIR`: writes `OUTDIR/index.html`, the index across plans, from the plan
/// folders there (their `index-row.json`), exactly as a full `record` writes it. Merges the
/// work of `record --shard` jobs; runs no plan.
struct IndexCommand: Command {
    static let name = "index"
    static let summary = "write the index across plans of an output folder from its plan folders"
    static let usage = "filmstrip index OUTDIR [--no-wait]"
    static let options: [OptionSpec] = [.flag("--no-wait")]
    static func help(context: CommandContext) -> String {
        """
        filmstrip index: write OUTDIR/index.html, the page across all plans, from the plan folders in OUTDIR
        (each one's index-row.json), exactly as a full 'filmstrip record' writes it. Run it after the
        'filmstrip record --shard i/n' jobs of a CI matrix have written into one folder. Runs no plan.

        USAGE
          \(usage)

        OPTIONS
          --no-wait          exit 2 at once when another run is writing into OUTDIR (default: wait for it)
          -h, --help         show this help

        A plan folder whose plan file no longer exists (the plan was renamed or deleted) is left out
        and named. Exits 0, or 2 when OUTDIR is not a folder or the page cannot be written.
        """
    }

    let root: String
    let wait: Bool
    let benches: [BenchDefinition]
    let terminal: Terminal

    init(_ arguments: ParsedArguments, context: CommandContext) throws(FilmstripError) {
        guard arguments.positionals.count == 1, let root = arguments.positionals.first, !root.isEmpty else {
            throw FilmstripError(.usage("index: expects one output folder (filmstrip index OUTDIR), found \(arguments.positionals.count) arguments"))
        }
        try OutputOwnership.refuseInsidePlanFolder(root, folder: true, as: "index: OUTDIR")
        self.root = root
        wait = !arguments.flag("--no-wait")
        benches = context.benches
        terminal = context.terminal
    }

    func run() throws(FilmstripError) -> ExitCode {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder), isFolder.boolValue else {
            throw FilmstripError(.output(path: root, reason: "no such folder; expected an output folder written by filmstrip record"))
        }
        // (Before the lock, whose file would be left in a folder that is not an output root.)
        try OutputOwnership.claim("\(root)/\(OutputLayout.contactSheetPath)", as: .indexAcrossPlans)
        guard !IndexRows(root: root, benches: benches).rows().rows.isEmpty else {
            throw FilmstripError(.output(path: root, reason: "no plan folder recorded by filmstrip record is in it (none holds \(OutputLayout.indexRowPath)); nothing to index"))
        }
        let lock = try OutputLock(root: root, wait: wait) {
            terminal.diagnose(OutputLock.waitingNote(root: root))
        }
        defer { withExtendedLifetime(lock) {} }
        try OutputFolder(path: root).prepare(subfolders: [])
        let rows = try Self.writeIndex(root: root, benches: benches, terminal: terminal)
        terminal.print("wrote \(root)/\(OutputLayout.contactSheetPath): \(rows) plan(s)")
        return .passed
    }

    /// Writes `root/index.html` from every plan folder in `root` that holds an index row,
    /// naming each stray folder (its plan file no longer exists) it leaves out. Call it holding
    /// the root's ``OutputLock``.
    /// - Returns: how many plans the page lists.
    /// - Throws: ``FilmstripError`` (output) when the page cannot be written.
    @discardableResult
    static func writeIndex(root: String, benches: [BenchDefinition], terminal: Terminal) throws(FilmstripError) -> Int {
        let index = IndexRows(root: root, benches: benches)
        let (rows, strays) = index.rows()
        for stray in strays { terminal.print("index: left out \(stray.sentence)") }
        try OutputFolder(path: root).write(Data(index.page(rows: rows).utf8), to: OutputLayout.contactSheetPath)
        return rows.count
    }
}
