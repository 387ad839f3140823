import FilmstripTesting
import Foundation
import Testing

/// `verifyFilmstrip` reads committed images as `check` does: through the one capped reader, with
/// the declared size checked before decoding, so an image claiming more pixels than the plan
/// draws, or a 2 GiB file in place of a frame, is a mismatch found at once.
@Suite struct CommittedImageSizeAssertionTests {
    @Test func aHugeDeclaredSizeAndATwoGigabyteFrameAreMismatchesFoundAtOnce() throws {
        let root = try TinyPlan.root()
        let plan = try TinyPlan.plan()
        #expect(verifyFilmstrip(plan, outputs: root, record: .missing) != nil)
        let frames = root.appendingPathComponent("tiny/frames")
        try CommittedImageHeader.png(width: 60_000, height: 60_000).write(to: frames.appendingPathComponent("0001.png"))
        let sparse = frames.appendingPathComponent("0002.png")
        try FileManager.default.removeItem(at: sparse)
        #expect(FileManager.default.createFile(atPath: sparse.path, contents: nil))
        let handle = try FileHandle(forWritingTo: sparse)
        try handle.truncate(atOffset: 2_147_483_648)
        try handle.close()

        let started = Date()
        let message = verifyFilmstrip(plan, outputs: root, record: .never) ?? ""
        #expect(Date().timeIntervalSince(started) < 5)
        let lines = message.split(separator: "\n").map(String.init)
        #expect(lines.first == "tiny: 2 recorded files differ from a fresh run.", "\(message)")
        #expect(lines.contains("frames/0001.png (frame 1 at 250 ms): 60000×60000 pixels, a fresh render is 448×187"), "\(message)")
        #expect(
            lines.contains(
                "frames/0002.png (frame 2 at 500 ms): not a readable PNG (2,147,483,648 bytes, larger than 256 MiB (268,435,456 bytes), the most filmstrip reads as a committed image; nothing of it was read)"),
            "\(message)")
    }
}

/// A PNG of a signature, an IHDR declaring `width` × `height` 8-bit RGBA pixels and an IEND,
/// with their CRCs: 45 bytes that would decode to `width * height * 4` bytes.
enum CommittedImageHeader {
    static func png(width: UInt32, height: UInt32) -> Data {
        func bigEndian(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + body
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in typed {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
            }
            return bigEndian(UInt32(body.count)) + typed + bigEndian(~crc)
        }
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0]) + chunk("IEND", []))
    }
}
