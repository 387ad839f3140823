import Filmstrip
import FilmstripCLI
@testable import FilmstripOutputs
import FilmstripSeedBenches
import FilmstripTesting
import Foundation
import Testing

@Suite struct AssertFilmstripTests {
    /// The sentence a recording's message ends with: the index across plans is written too.
    static func indexNote(_ root: URL) -> String {
        " The index across plans (\(root.path)/index.html) was written too."
    }

    @Test func missingRecordsWhatIsNotThereThenTheNextRunPasses() throws {
        let root = try TinyPlan.root()
        let plan = try TinyPlan.plan()
        let first = verifyFilmstrip(plan, outputs: root, record: .missing)
        #expect(first == "No recording of tiny was found, so it was recorded into \(root.path)/tiny (9 files). Run again to compare with it.\(AssertFilmstripTests.indexNote(root))")
        for file in ["frames/0000.png", "frames/0003.png", "filmstrip.png", "report.json", "index.html"] {
            #expect(FileManager.default.fileExists(atPath: "\(root.path)/tiny/\(file)"), "\(file)")
        }
        // A recording from a test writes the index across plans too, as `filmstrip record` does,
        // so that both doors can compare it.
        let index = try String(contentsOfFile: "\(root.path)/index.html", encoding: .utf8)
        #expect(index.contains("<title>filmstrip · all plans</title>") && index.contains("tiny"), "\(index)")
        #expect(verifyFilmstrip(plan, outputs: root, record: .missing) == nil)
        #expect(verifyFilmstrip(plan, outputs: root, record: .never) == nil)
    }

    @Test func neverFailsWhenNothingIsRecordedAndWritesNothing() throws {
        let root = try TinyPlan.root()
        let message = verifyFilmstrip(try TinyPlan.plan(), outputs: root, record: .never)
        #expect(message == "No recording of tiny in \(root.path)/tiny, and the record mode is never (record: .never was passed). Record it with: pass record: .missing to assertFilmstrip and run the test again")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == [])
    }

    @Test func oneChangedPixelFailsNamingTheThreeFilesAndWritesThem() throws {
        let root = try TinyPlan.root()
        let plan = try TinyPlan.plan()
        #expect(verifyFilmstrip(plan, outputs: root, record: .missing) != nil)
        let folder = "\(root.path)/tiny"
        let reference = URL(fileURLWithPath: "\(folder)/frames/0002.png")
        let original = try TinyPlan.decode(reference.path)
        try TinyPlan.paint(reference, x: 40, y: 60, .white)

        let message = verifyFilmstrip(plan, outputs: root, record: .never, testName: "oneChangedPixel()")
        #expect(message == """
            tiny: 1 recorded file differs from a fresh run.
            time unchanged: every dwell, flash, held-back and blank time is as recorded
            first differing frame: 2 at 500 ms (its image; phase and depictions as recorded)
            frames/0002.png (frame 2 at 500 ms): 1 pixel differs, within x 40…40, y 60…60; the first, at (x: 40, y: 60), is #ffffff recorded and \(original.pixel(x: 40, y: 60)!) fresh
              reference:  \(folder)/frames/0002.png
              fresh:      \(folder)/.failures/frames/0002.fresh.png
              difference: \(folder)/.failures/frames/0002.difference.png
            If the change is intended, re-record with: pass record: .all to assertFilmstrip and run the test again
            """)
        // The fresh render is the frame as it was recorded; the difference marks the one pixel.
        #expect(try TinyPlan.decode("\(folder)/.failures/frames/0002.fresh.png") == original)
        let difference = try TinyPlan.decode("\(folder)/.failures/frames/0002.difference.png")
        #expect(difference.width == original.width && difference.height == original.height)
        #expect(difference.pixel(x: 40, y: 60) == Color(hex: 0xFF00FF))
        #expect(difference.pixel(x: 38, y: 58) == Color(hex: 0xFFFF00))
        #expect(difference.pixel(x: 0, y: 0) == Color(red: original.pixel(x: 0, y: 0)!.red / 4, green: original.pixel(x: 0, y: 0)!.green / 4, blue: original.pixel(x: 0, y: 0)!.blue / 4))
        let magenta = (0..<difference.height).flatMap { y in (0..<difference.width).map { x in difference.pixel(x: x, y: y) } }.filter { $0 == Color(hex: 0xFF00FF) }
        #expect(magenta.count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: "\(folder)/.failures/frames").sorted() == ["0002.difference.png", "0002.fresh.png"])

    }

    /// A reply that now lands later: the message says first what changed in time, from the
    /// committed report and the fresh run, then the files.
    @Test func aLaterReplyIsDescribedInTimeBeforeTheFiles() throws {
        let root = try TinyPlan.root()
        #expect(verifyFilmstrip(try TinyPlan.plan(), outputs: root, record: .missing) != nil)
        let later = try CapturePlan(
            name: "tiny", bench: .inbox,
            settings: InboxSettings(script: [Beat(reply: .loaded(rows: ManifestRow.samples), latencyMs: 600, holdMs: 1000)]),
            mode: .pinned, windowMs: 1000, frameIntervalMs: 250, scale: 1,
            expect: CapturePlan.Expectations(minFrames: ["loaded": 1]))
        let message = try #require(verifyFilmstrip(later, outputs: root, record: .never))
        let lines = message.split(separator: "\n").map(String.init)
        let timing = [
            "tiny: 6 recorded files differ from a fresh run.",
            "time changed (recorded → fresh):",
            "  phases: loading 400 ms (40.0%) → 600 ms (60.0%), +200 ms",
            "  phases: loaded 600 ms (60.0%) → 400 ms (40.0%), -200 ms",
            "  panel loadedOnly: dash 400 ms (40.0%) → 600 ms (60.0%), +200 ms",
            "  panel loadedOnly: rows 600 ms (60.0%) → 400 ms (40.0%), -200 ms",
            "  panel allFour: spinner 400 ms (40.0%) → 600 ms (60.0%), +200 ms",
            "  panel allFour: rows 600 ms (60.0%) → 400 ms (40.0%), -200 ms",
            "  first differing frame: 2 at 500 ms (phase loaded → loading)",
        ]
        #expect(Array(lines.prefix(timing.count)) == timing, "\(message)")
        #expect(lines[timing.count] == "animation.png: differs from a fresh run's animation from animation frame 2", "\(message)")
    }

    @Test func recordAllRewritesAndTheNextRunPassesAndClearsTheFailures() throws {
        let root = try TinyPlan.root()
        let plan = try TinyPlan.plan()
        #expect(verifyFilmstrip(plan, outputs: root, record: .missing) != nil)
        let folder = "\(root.path)/tiny"
        try TinyPlan.paint(URL(fileURLWithPath: "\(folder)/frames/0000.png"), x: 0, y: 0, .white)
        try TinyPlan.paint(URL(fileURLWithPath: "\(folder)/frames/0001.png"), x: 3, y: 4, .white)
        let failing = verifyFilmstrip(plan, outputs: root, record: .never)
        #expect(failing?.hasPrefix("tiny: 2 recorded files differ from a fresh run.\ntime unchanged: every dwell, flash, held-back and blank time is as recorded\nfirst differing frame: 0 at 0 ms (its image; phase and depictions as recorded)\nframes/0000.png (frame 0 at 0 ms): 1 pixel differs") == true, "\(failing ?? "nil")")
        #expect(FileManager.default.fileExists(atPath: "\(folder)/.failures/frames/0001.difference.png"))

        #expect(verifyFilmstrip(plan, outputs: root, record: .all)
            == "Recorded tiny into \(folder) (9 files) because the record mode is all (record: .all was passed). Turn recording off and run again to compare with it.\(AssertFilmstripTests.indexNote(root))")
        #expect(verifyFilmstrip(plan, outputs: root, record: .never) == nil)
        // The comparison that passed removed the artifacts of the one that failed, and their folder.
        #expect(!FileManager.default.fileExists(atPath: "\(folder)/.failures"))
    }

    @Test func assertFilmstripReportsThroughSwiftTestingWithThePaths() throws {
        let root = try TinyPlan.root()
        let plan = try TinyPlan.plan()
        #expect(verifyFilmstrip(plan, outputs: root, record: .missing) != nil)
        try TinyPlan.paint(URL(fileURLWithPath: "\(root.path)/tiny/frames/0003.png"), x: 10, y: 20, .black)
        withKnownIssue {
            assertFilmstrip(plan, outputs: root, record: .never)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("reference:  \(root.path)/tiny/frames/0003.png")
                && text.contains("fresh:      \(root.path)/tiny/.failures/frames/0003.fresh.png")
                && text.contains("difference: \(root.path)/tiny/.failures/frames/0003.difference.png")
                && text.contains("(frame 3 at 750 ms): 1 pixel differs")
        }
    }

    @Test func aPlanFileIsComparedWithTheFolderBesideIt() throws {
        let root = try TinyPlan.root()
        let file = root.appendingPathComponent("tiny-file.json")
        try Data("""
            {"bench": "inbox", "mode": "pinned", "script": [{"reply": "loaded", "latencyMs": 400, "holdMs": 1000}],
             "windowMs": 1000, "frameIntervalMs": 250, "scale": 1, "expect": {"minFrames": {"loaded": 1}}}
            """.utf8).write(to: file)
        #expect(verifyFilmstrip(planFile: file, benches: [.inbox], record: .missing)?.hasPrefix("No recording of tiny-file was found, so it was recorded into \(root.path)/tiny-file (9 files)") == true)
        #expect(verifyFilmstrip(planFile: file, benches: [.inbox], record: .never) == nil)
        // Bad input names the file and the JSON path.
        try Data(#"{"bench": "inbox", "windowMs": 0, "frameIntervalMs": 1, "script": []}"#.utf8).write(to: file)
        #expect(verifyFilmstrip(planFile: file, benches: [.inbox], record: .never) == "\(file.path): $.windowMs: expected an integer from 1 to 3600000 ms, found 0")
    }

    @Test func failingChecksFailTheAssertionEvenWhenThePixelsMatch() throws {
        let root = try TinyPlan.root()
        let plan = try CapturePlan(
            name: "all-loading", bench: .inbox,
            settings: InboxSettings(script: [Beat(reply: .loading, latencyMs: 5000)]),
            mode: .pinned, windowMs: 500, frameIntervalMs: 250, scale: 1, expect: CapturePlan.Expectations(minFrames: ["loaded": 1]))
        let recorded = verifyFilmstrip(plan, outputs: root, record: .missing)
        #expect(recorded?.contains("\nall-loading: the plan's checks fail: ") == true, "\(recorded ?? "nil")")
        let compared = verifyFilmstrip(plan, outputs: root, record: .never)
        #expect(compared?.hasPrefix("all-loading: the plan's checks fail: ") == true, "\(compared ?? "nil")")
    }
}

@Suite struct FilmstripRecordModeTests {
    @Test func theEnvironmentVariableNamesAMode() throws {
        #expect(try FilmstripRecordMode.from(environment: [:]) == nil)
        #expect(try FilmstripRecordMode.from(environment: ["FILMSTRIP_RECORD": ""]) == nil)
        #expect(try FilmstripRecordMode.from(environment: ["FILMSTRIP_RECORD": "all"]) == .all)
        #expect(try FilmstripRecordMode.from(environment: ["FILMSTRIP_RECORD": "never"]) == .never)
        #expect(try FilmstripRecordMode.from(environment: ["FILMSTRIP_RECORD": "missing"]) == .missing)
        #expect(try FilmstripRecordMode.from(environment: ["FILMSTRIP_RECORD": "failed"]) == .failed)
        #expect(FilmstripRecordMode.allCases.map(\.rawValue) == ["never", "missing", "failed", "all"])
    }

    @Test func anUnknownValueIsRefusedNamingTheChoices() {
        #expect(throws: FilmstripRecordMode.InvalidValue.self) { try FilmstripRecordMode.from(environment: ["FILMSTRIP_RECORD": "yes"]) }
        #expect(FilmstripRecordMode.InvalidValue(value: "yes").description == "FILMSTRIP_RECORD=yes: expected never, missing, failed or all")
    }
}
