import Filmstrip
import FilmstripSeedBenches
import FilmstripTestSupport
import FilmstripTesting
import Foundation
import Testing

/// `filmstrip check` (the built binary) and `verifyFilmstrip` go through one door
/// (`PlanOutputs.compare`, then `IndexRows.mismatch` for the index across plans): on the same
/// folder, mutated one way at a time, they give the same verdict and name the same files; the
/// repository's live plans, against the scripted server, pass at both.
@Suite(.serialized) struct VerdictMatrixTests {
    static let plan = "inbox-pinned-empty"
    static let benches: [BenchDefinition] = [.inbox, .scenes, .orders, .liveInbox]

    /// One mutation of a recorded workspace, and what both doors must say of it.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        /// Records with these extra options (`--theme light`) instead of the plain record.
        var recordOptions: [String] = []
        /// Changes the recorded workspace (`captures/` inside it is the output root).
        let mutate: @Sendable (URL) throws -> Void
        /// Whether both must pass.
        let passes: Bool
        /// The plan folder's files both must name (relative to the folder), sorted.
        var files: [String] = []
        /// Both must name a stray plan folder.
        var stray = false
        /// Words both must say of the files (the rule that failed), and words neither may say.
        var says: String?
        var neverSays: String?
        /// What both must say of the index across plans, after `index: mismatch: <root>/`; nil
        /// when it matches.
        var index: String?

        var testDescription: String { name }
    }

    static func folder(_ workspace: URL) -> URL { workspace.appendingPathComponent("captures/\(plan)") }

    static func rewriteChunks(_ file: URL, _ change: ([PNGChunk]) -> [PNGChunk]) throws {
        let bytes = Array(try Data(contentsOf: file))
        let chunks = try PNGChunk.chunks(in: bytes)
        try Data(PNGChunk.signature + change(chunks).flatMap(\.bytes)).write(to: file)
    }

    static func be32(_ value: UInt32) -> [UInt8] { [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }

    /// `canvas` as a PNG of 16 bits a sample (colour type 6, RGBA; each 8-bit value v as v × 257,
    /// so the same colours), its image data in stored (uncompressed) deflate blocks.
    static func sixteenBit(_ canvas: Canvas) -> [UInt8] {
        var raw: [UInt8] = []
        for y in 0..<canvas.height {
            raw.append(0)
            for x in 0..<canvas.width {
                let c = canvas.pixel(x: x, y: y) ?? .black
                for v in [c.red, c.green, c.blue, c.alpha] { raw += [v, v] }
            }
        }
        var stream: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let count = min(65_535, raw.count - start)
            let last: UInt8 = start + count == raw.count ? 1 : 0
            stream += [last, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            stream += raw[start..<(start + count)]
            start += count
        } while start < raw.count
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in raw { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        stream += be32(b << 16 | a)
        let header = be32(UInt32(canvas.width)) + be32(UInt32(canvas.height)) + [16, 6, 0, 0, 0]
        return PNGChunk.signature + PNGChunk(type: "IHDR", data: header).bytes + PNGChunk(type: "IDAT", data: stream).bytes + PNGChunk(type: "IEND", data: []).bytes
    }

    static let cases: [Case] = [
        Case(name: "as recorded", mutate: { _ in }, passes: true),
        Case(name: "recorded in the other theme", recordOptions: ["--theme", "light"], mutate: { _ in }, passes: true),
        Case(name: "a stray file", mutate: { workspace in
            try Data("notes".utf8).write(to: folder(workspace).appendingPathComponent("notes.txt"))
        }, passes: false, files: ["notes.txt"]),
        Case(name: "one pixel changed", mutate: { workspace in
            let frame = folder(workspace).appendingPathComponent("frames/0001.png")
            var canvas = try PNGCodec.decode(Array(try Data(contentsOf: frame)))
            let old = canvas.pixel(x: 10, y: 40)
            canvas.setPixel(x: 10, y: 40, to: old == .white ? .black : .white)
            try Data(try PNGCodec.encode(canvas)).write(to: frame)
        }, passes: false, files: ["frames/0001.png"]),
        Case(name: "re-encoded with other bytes, same pixels", mutate: { workspace in
            let frame = folder(workspace).appendingPathComponent("frames/0001.png")
            let original = try Data(contentsOf: frame)
            var settings = PNGSettings.default
            settings.compressionLevel = settings.compressionLevel == 1 ? 2 : 1
            let reencoded = Data(try PNGCodec.encode(try PNGCodec.decode(Array(original)), settings: settings))
            #expect(reencoded != original)
            try reencoded.write(to: frame)
        }, passes: true),
        Case(name: "the same pixels at 16 bits a sample", mutate: { workspace in
            let frame = folder(workspace).appendingPathComponent("frames/0001.png")
            let canvas = try PNGCodec.decode(Array(try Data(contentsOf: frame)))
            try Data(sixteenBit(canvas)).write(to: frame)
        }, passes: false, files: ["frames/0001.png"], says: "bit depth 16 (colour type 6), which filmstrip never writes", neverSays: "pixel"),
        Case(name: "an animated PNG whose default image is right", mutate: { workspace in
            let frame = folder(workspace).appendingPathComponent("frames/0001.png")
            let other = try PNGChunk.chunks(in: Array(try Data(contentsOf: folder(workspace).appendingPathComponent("frames/0002.png"))))
            try rewriteChunks(frame) { chunks in
                let header = chunks[0].data
                let size = Array(header[0..<8])
                func control(_ sequence: UInt32) -> PNGChunk {
                    PNGChunk(type: "fcTL", data: be32(sequence) + size + be32(0) + be32(0) + [0, 1, 0, 10, 0, 0])
                }
                let ended = chunks.filter { $0.type != "IEND" }
                // Frame 0 is the default image; frame 1 shows frame 2's data.
                let extra = other.filter { $0.type == "IDAT" }.enumerated().map { PNGChunk(type: "fdAT", data: be32(UInt32(2 + $0.offset)) + $0.element.data) }
                return [ended[0], PNGChunk(type: "acTL", data: be32(2) + be32(0)), control(0)] + ended.dropFirst() + [control(1)] + extra + [chunks.last!]
            }
        }, passes: false, files: ["frames/0001.png"]),
        Case(name: "an extra ancillary chunk", mutate: { workspace in
            try rewriteChunks(folder(workspace).appendingPathComponent("frames/0001.png")) { chunks in
                [chunks[0], PNGChunk(type: "tEXt", data: Array("Comment\u{0}hello".utf8))] + chunks.dropFirst()
            }
        }, passes: false, files: ["frames/0001.png"]),
        Case(name: "bytes after IEND", mutate: { workspace in
            let frame = folder(workspace).appendingPathComponent("frames/0001.png")
            try (try Data(contentsOf: frame) + Data([1, 2, 3, 4])).write(to: frame)
        }, passes: false, files: ["frames/0001.png"]),
        Case(name: "a committed file that is a link", mutate: { workspace in
            let frame = folder(workspace).appendingPathComponent("frames/0001.png")
            let outside = workspace.appendingPathComponent("outside.png")
            try FileManager.default.moveItem(at: frame, to: outside)
            try FileManager.default.createSymbolicLink(at: frame, withDestinationURL: outside)
        }, passes: false, files: ["frames/0001.png"]),
        Case(name: "a missing file", mutate: { workspace in
            try FileManager.default.removeItem(at: folder(workspace).appendingPathComponent("frames/0002.png"))
        }, passes: false, files: ["frames/0002.png"], says: "missing; a fresh run writes it"),
        Case(name: "the strip deleted", mutate: { workspace in
            try FileManager.default.removeItem(at: folder(workspace).appendingPathComponent("filmstrip.png"))
        }, passes: false, files: ["filmstrip.png"], says: "missing; a fresh run writes it"),
        Case(name: "the index across plans deleted", mutate: { workspace in
            try FileManager.default.removeItem(at: workspace.appendingPathComponent("captures/index.html"))
        }, passes: false, index: "index.html is missing (the index across plans lists 1 plan)"),
        Case(name: "the index across plans edited", mutate: { workspace in
            let index = workspace.appendingPathComponent("captures/index.html")
            try (try Data(contentsOf: index) + Data("<!-- edited -->\n".utf8)).write(to: index)
        }, passes: false, index: "index.html differs from a fresh render"),
        Case(name: "an edited report row", mutate: { workspace in
            let report = folder(workspace).appendingPathComponent("report.json")
            let text = try String(contentsOf: report, encoding: .utf8)
            let edited = text.replacingOccurrences(of: "\"tMs\" : 500\n", with: "\"tMs\" : 501\n")
            #expect(edited != text)
            try Data(edited.utf8).write(to: report)
        }, passes: false, files: ["report.json"]),
        Case(name: "a stray plan folder", mutate: { workspace in
            let ghost = workspace.appendingPathComponent("captures/ghost")
            try FileManager.default.createDirectory(at: ghost, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: folder(workspace).appendingPathComponent("index-row.json"), to: ghost.appendingPathComponent("index-row.json"))
        }, passes: false, stray: true),
    ]

    /// The plan folder's files a sentence list names, relative to the folder.
    static func named(_ sentences: [String], folder: String) -> [String] {
        Set(sentences.compactMap { sentence -> String? in
            guard let range = sentence.range(of: "\(folder)/") else { return nil }
            let rest = sentence[range.upperBound...]
            return String(rest.prefix { $0 != ":" && $0 != " " })
        }).sorted()
    }

    @Test(arguments: cases) func checkAndVerifyFilmstripAgree(_ given: Case) throws {
        let workspace = try CommandRunner.workspace(plans: [CommandRunner.root.appendingPathComponent("captures/\(Self.plan).json")])
        let recorded = try CommandRunner.run(["record"] + given.recordOptions, in: workspace)
        #expect(recorded.status == 0, "\(recorded.stderr)")
        try given.mutate(workspace)

        let check = try CommandRunner.run(["check", "captures/\(Self.plan).json", "--json"], in: workspace)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any], "\(check.stdout)\(check.stderr)")
        let plans = try #require(document["plans"] as? [[String: Any]])
        let outputs = try #require(plans.first?["recordedOutputs"] as? [String: Any])
        let strays = document["strayFolders"] as? [String] ?? []
        let checkFiles = Self.named(outputs["mismatches"] as? [String] ?? [], folder: "captures/\(Self.plan)")

        let message = verifyFilmstrip(
            planFile: workspace.appendingPathComponent("captures/\(Self.plan).json"), benches: Self.benches, record: .never, testName: "matrix()")
        let lines = message.map { $0.split(separator: "\n").map(String.init) } ?? []
        // verifyFilmstrip names a file at the start of its line: `frames/0001.png (frame 1 at 500 ms): …`.
        let verifyFiles = Set(lines.compactMap { line -> String? in
            let file = String(line.prefix { $0 != ":" && $0 != " " })
            return FileManager.default.fileExists(atPath: Self.folder(workspace).appendingPathComponent(file).path) || given.files.contains(file) ? file : nil
        }).filter { $0.contains(".") }.sorted()

        #expect(check.status == (given.passes ? 0 : 1), "\(check.stderr)")
        #expect((message == nil) == given.passes, "\(message ?? "nil")")
        #expect(checkFiles == given.files, "check: \(outputs)")
        #expect(verifyFiles == given.files, "verifyFilmstrip: \(message ?? "nil")")
        #expect(!strays.isEmpty == given.stray, "\(strays)")
        #expect(lines.contains { $0.hasPrefix("stray: ") } == given.stray, "\(message ?? "nil")")
        let checkSaid = (outputs["mismatches"] as? [String] ?? []).joined(separator: "\n")
        if let says = given.says {
            #expect(checkSaid.contains(says), "check: \(checkSaid)")
            #expect(message?.contains(says) == true, "verifyFilmstrip: \(message ?? "nil")")
        }
        if let neverSays = given.neverSays {
            #expect(!checkSaid.contains(neverSays), "check: \(checkSaid)")
            #expect(message?.contains(neverSays) != true, "verifyFilmstrip: \(message ?? "nil")")
        }
        // The index across plans: compared by both, with the same sentence (check names the root
        // as given, `captures`; verifyFilmstrip as the test gave it, an absolute path).
        #expect(document["index"] as? String == (given.index == nil ? "matched" : given.index!.contains("missing") ? "missing" : "differs"), "\(check.stderr)")
        let checkIndex = check.stderr.split(separator: "\n").filter { $0.hasPrefix("index: mismatch: ") }.map(String.init)
        let verifyIndex = lines.filter { $0.hasPrefix("index: mismatch: ") }
        #expect(checkIndex == given.index.map { ["index: mismatch: captures/\($0); re-record with: filmstrip record"] } ?? [], "\(check.stderr)")
        #expect(verifyIndex == given.index.map { ["index: mismatch: \(workspace.path)/captures/\($0); re-record with: pass record: .all to assertFilmstrip and run the test again"] } ?? [], "\(message ?? "nil")")
    }

    /// The repository's live plans (real clock) at both doors, each door against a fresh scripted
    /// server with the captures script, as `.ci/run`'s live gate runs `check`: both pass, within
    /// real-clock tolerance, and both compare the index across plans. verifyFilmstrip reads
    /// `${FILMSTRIP_LIVE_PORT}` from this process's environment, so the test sets it while it runs.
    @Test(ExternalTool.python3.required, arguments: [
        "live-announce", "live-four-states", "live-leave-reopen", "live-progress", "live-stale-refresh",
    ])
    func theLivePlansPassAtBothDoors(_ plan: String) throws {
        let script = try Data(contentsOf: CommandRunner.root.appendingPathComponent("Tests/LiveServer/captures.json"))
        let routes = try #require(try JSONSerialization.jsonObject(with: script) as? [String: Any])
        let file = "captures/live/\(plan).json"

        let server = try LiveServer(routes)
        let check = try CommandRunner.run(["check", file, "--json"], in: CommandRunner.root, environment: ["FILMSTRIP_LIVE_PORT": String(server.port)])
        server.stop()
        let document = try #require(try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any], "\(check.stdout)\(check.stderr)")
        #expect(check.status == 0, "\(check.stderr)")
        #expect(document["index"] as? String == "matched", "\(check.stderr)")
        let outputs = (document["plans"] as? [[String: Any]])?.first?["recordedOutputs"] as? [String: Any]
        #expect(outputs?["state"] as? String == "matched", "\(check.stderr)")

        let again = try LiveServer(routes)
        setenv("FILMSTRIP_LIVE_PORT", String(again.port), 1)
        let message = verifyFilmstrip(
            planFile: CommandRunner.root.appendingPathComponent(file), benches: Self.benches, outputs: CommandRunner.root.appendingPathComponent("captures"),
            record: .never, testName: "live()")
        unsetenv("FILMSTRIP_LIVE_PORT")
        again.stop()
        #expect(message == nil, "\(message ?? "nil")")
    }

    /// A committed file of a real-clock recording that is gone fails both doors, naming it: the
    /// report (nothing can be compared) or a frame the report lists.
    @Test(ExternalTool.python3.required, arguments: ["report.json", "frames/0003.png"])
    func aLivePlansMissingFileFailsAtBothDoors(_ deleted: String) throws {
        let plan = "live-four-states"
        let workspace = try CommandRunner.workspace(plans: [])
        let captures = workspace.appendingPathComponent("captures")
        try FileManager.default.createDirectory(at: captures.appendingPathComponent("live"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: CommandRunner.root.appendingPathComponent("captures/live/\(plan).json"), to: captures.appendingPathComponent("live/\(plan).json"))
        try FileManager.default.copyItem(at: CommandRunner.root.appendingPathComponent("captures/\(plan)"), to: captures.appendingPathComponent(plan))
        #expect(try CommandRunner.run(["index", "captures"], in: workspace).status == 0)
        try FileManager.default.removeItem(at: captures.appendingPathComponent("\(plan)/\(deleted)"))
        let script = try Data(contentsOf: CommandRunner.root.appendingPathComponent("Tests/LiveServer/captures.json"))
        let routes = try #require(try JSONSerialization.jsonObject(with: script) as? [String: Any])
        let said = deleted == "report.json" ? "\(plan)/report.json is missing" : "\(plan)/\(deleted): missing; the recorded report lists it"

        let server = try LiveServer(routes)
        let check = try CommandRunner.run(["check", "captures/live/\(plan).json"], in: workspace, environment: ["FILMSTRIP_LIVE_PORT": String(server.port)])
        server.stop()
        #expect(check.status == 1, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("captures/\(said)"), "\(check.stdout)")

        let again = try LiveServer(routes)
        setenv("FILMSTRIP_LIVE_PORT", String(again.port), 1)
        let message = verifyFilmstrip(planFile: captures.appendingPathComponent("live/\(plan).json"), benches: Self.benches, outputs: captures, record: .never, testName: "live()")
        unsetenv("FILMSTRIP_LIVE_PORT")
        again.stop()
        #expect(message?.contains("\(captures.path)/\(said)") == true, "\(message ?? "nil")")
    }
}
