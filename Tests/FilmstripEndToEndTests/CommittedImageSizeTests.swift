import FilmstripTestSupport
import Foundation
import Testing

/// End to end: a committed image is read through the one capped reader and its declared size is
/// checked against the fresh image's before anything is decoded: a small file declaring
/// 60000×60000 pixels and a 2 GiB sparse file in place of a frame are each one mismatch naming
/// the file and the sizes, found at once, with nothing of the size they claim allocated.
@Suite(.serialized) struct CommittedImageSizeTests {
    /// A recorded workspace of the four-frame pinned inbox plan (frames of 896×374 pixels).
    static func recorded() throws -> URL {
        let workspace = try CommandRunner.workspace(plans: [CommandRunner.root.appendingPathComponent("captures/inbox-pinned-loaded.json")])
        let record = try CommandRunner.run(["record"], in: workspace)
        #expect(record.status == 0, "\(record.stderr)")
        return workspace
    }

    /// A PNG of a signature, an IHDR declaring `width` × `height` 8-bit RGBA pixels and an IEND,
    /// with their CRCs: 45 bytes that would decode to `width * height * 4` bytes.
    static func header(width: UInt32, height: UInt32) -> Data {
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + body
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in typed {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
            }
            return bigEndian(UInt32(body.count)) + typed + bigEndian(~crc)
        }
        func bigEndian(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
        let body = bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0]
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", body) + chunk("IEND", []))
    }

    @Test func aFrameDeclaringSixtyThousandSquaredIsASizeMismatchNotDecoded() throws {
        let workspace = try Self.recorded()
        try Self.header(width: 60_000, height: 60_000).write(to: workspace.appendingPathComponent("captures/inbox-pinned-loaded/frames/0001.png"))
        let started = Date()
        let check = try CommandRunner.run(["check"], in: workspace)
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(check.status == 1, "\(check.stderr)")
        #expect(check.stdout.contains("    mismatch: captures/inbox-pinned-loaded/frames/0001.png: 60000×60000 pixels, a fresh render is 896×374\n"), "\(check.stdout)")
    }

    @Test func aTwoGigabyteSparseFrameIsRefusedFromItsSizeNamingTheCap() throws {
        let workspace = try Self.recorded()
        let frame = workspace.appendingPathComponent("captures/inbox-pinned-loaded/frames/0002.png")
        try FileManager.default.removeItem(at: frame)
        try InputCapTests.sparse(frame, size: 2_147_483_648)
        let started = Date()
        let check = try CommandRunner.run(["check"], in: workspace)
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(check.status == 1, "\(check.stderr)")
        #expect(
            check.stdout.contains(
                "    mismatch: captures/inbox-pinned-loaded/frames/0002.png: not a readable PNG (2,147,483,648 bytes, larger than 256 MiB (268,435,456 bytes), the most filmstrip reads as a committed image; nothing of it was read)\n"),
            "\(check.stdout)")
    }
}
