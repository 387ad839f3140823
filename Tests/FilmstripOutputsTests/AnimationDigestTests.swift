@testable import FilmstripOutputs
import FilmstripCore
import FilmstripPNG
import FilmstripRaster
import FilmstripReports
import FilmstripSeedBenches
import FilmstripTestSupport
import Foundation
import Testing

/// `report.json` gives the animation a pixel digest and a file digest (docs/OUTPUTS.md, "The
/// animation's digests"); `check` takes a committed animation they vouch for as it is, and draws
/// and encodes it again only when they do not.
@Suite struct AnimationDigestTests {
    /// Four frames at 1× every 250 ms: two loading, two loaded.
    static func plan() throws -> CapturePlan {
        try PlanOutputsTests.plan()
    }

    /// The digest by its definition, from the report's rows alone, with plain SHA-256.
    static func expectedPixelDigest(report: [String: Any], frameWidth: Int, frameHeight: Int) -> String {
        func bigEndian(_ value: Int) -> [UInt8] {
            (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }
        }
        let scale = report["scale"] as! Int
        let rows = (report["frames"] as! [[String: Any]]).filter { ($0["dropped"] as? Bool) != true }
        let endMs = (report["windowStartMs"] as! Int) + (report["windowMs"] as! Int)
        var link = PixelDigest.sha256Bytes(
            of: [frameWidth, frameHeight, scale, rows.count].flatMap(bigEndian))
        for (offset, row) in rows.enumerated() {
            let nextMs = offset + 1 < rows.count ? rows[offset + 1]["tMs"] as! Int : endMs
            let hex = Array((row["pixelsSHA256"] as! String).utf8)
            let digest = stride(from: 0, to: 64, by: 2).map { UInt8(String(decoding: hex[$0..<$0 + 2], as: UTF8.self), radix: 16)! }
            link = PixelDigest.sha256Bytes(of: link + bigEndian(nextMs - (row["tMs"] as! Int)) + digest)
        }
        return PixelDigest.hexText(link)
    }

    /// Compares `plan`'s recording in `root` with a fresh run as `check` does.
    static func compare(_ plan: CapturePlan, root: String) throws -> OutputComparison {
        let outputs = PlanOutputs(plan: plan, root: root, font: TestSupport.font)
        let recorded = try #require(try RecordedReport.open(path: "\(outputs.folder)/report.json"))
        let (run, lint) = try LintedRun(plan, file: outputs.file, clock: .virtual).parts
        let comparison = OutputComparison(folder: outputs.folder, run: run, recorded: RecordedDigests(report: recorded))
        _ = try OutputRenderer(run: run, analysis: Analysis(run), lint: lint, font: TestSupport.font, planFile: outputs.planFile)
            .produce(images: comparison, documents: comparison)
        return comparison
    }

    @Test func recordWritesBothDigestsAndCheckTakesAVouchedAnimationWithoutMakingIt() throws {
        let plan = try Self.plan()
        let root = try PlanOutputsTests.root()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let outputs = PlanOutputs(plan: plan, root: root, font: TestSupport.font)
        #expect(try outputs.record().passed)
        let folder = outputs.folder
        let animation = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/animation.png"))
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(folder)/report.json"))) as! [String: Any]
        #expect(report["stripAnimationFileSHA256"] as? String == PixelDigest.sha256(Array(animation)))
        let frame = try PNGCodec.decode(Array(Data(contentsOf: URL(fileURLWithPath: "\(folder)/frames/0000.png"))))
        #expect((report["frames"] as! [Any]).count == 4)
        #expect(
            report["stripAnimationPixelsSHA256"] as? String
                == Self.expectedPixelDigest(report: report, frameWidth: frame.width, frameHeight: frame.height))
        // The keys follow the rows: they are known only once the last frame is drawn.
        let text = try String(contentsOfFile: "\(folder)/report.json", encoding: .utf8)
        let rowsEnd = try #require(text.range(of: "\n  ],\n"))
        #expect(try #require(text.range(of: "\"stripAnimationFileSHA256\"")).lowerBound > rowsEnd.lowerBound)

        let untouched = try Self.compare(plan, root: root)
        #expect(untouched.findings == [])
        #expect(untouched.animationsMade == 0)

        // One byte of the last frame's data changed: the file no longer hashes to the recorded
        // digest, so the animation is made again and compared byte for byte.
        var tampered = Array(animation)
        tampered[tampered.count - 20] ^= 0x01
        try Data(tampered).write(to: URL(fileURLWithPath: "\(folder)/animation.png"))
        let changed = try Self.compare(plan, root: root)
        #expect(changed.animationsMade == 1)
        #expect(changed.findings.count == 1, "\(changed.findings)")
        #expect(changed.findings.first?.hasPrefix("\(folder)/animation.png: differs from a fresh run's animation") == true, "\(changed.findings)")

        // The committed file restored, the fresh animation made again matches it byte for byte.
        try animation.write(to: URL(fileURLWithPath: "\(folder)/animation.png"))
        #expect(try Self.compare(plan, root: root).findings == [])
    }

    /// A report without the animation's digests (recorded before they were added) is not
    /// vouched for: the animation is made and compared byte for byte, and the report is a finding.
    @Test func aReportWithoutTheDigestsHasItsAnimationMadeAndComparedByBytes() throws {
        let plan = try Self.plan()
        let root = try PlanOutputsTests.root()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let outputs = PlanOutputs(plan: plan, root: root, font: TestSupport.font)
        #expect(try outputs.record().passed)
        let reportFile = "\(outputs.folder)/report.json"
        let text = try String(contentsOfFile: reportFile, encoding: String.Encoding.utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains("\"stripAnimation") }
        try lines.joined(separator: "\n").write(toFile: reportFile, atomically: true, encoding: String.Encoding.utf8)
        let comparison = try Self.compare(plan, root: root)
        #expect(comparison.animationsMade == 1)
        #expect(comparison.findings.count == 1 && comparison.findings[0].hasPrefix("\(outputs.folder)/report.json"), "\(comparison.findings)")
    }
}
