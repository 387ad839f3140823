import Foundation
import Testing

@testable import FilmstripReports

/// A frame row written directly (``RunReport/Frame/appendJSON(to:indent:)``) has the bytes
/// Foundation's encoder gives it in `report.json`, for every shape a row takes and every string.
@Suite struct FrameRowJSONTests {
    /// The row as the encoder writes it, indented into the frames array.
    static func encoded(_ frame: RunReport.Frame) -> [UInt8] {
        var data = Data()
        RunReport.JSONWriter.appendElement(frame, first: true, to: &data)
        return Array(data.dropFirst())  // the newline before the first element
    }

    static func written(_ frame: RunReport.Frame) -> [UInt8] {
        var bytes: [UInt8] = []
        frame.appendJSON(to: &bytes, indent: 4)
        return bytes
    }

    static func frame(
        index: Int = 3, phase: String? = "loading", detail: String? = "elapsed 0 ms", file: String? = "frames/0003.png",
        dropped: Bool = false, panels: [RunReport.Panel] = [], pixels: String? = "ab", fileDigest: String? = "cd"
    ) -> RunReport.Frame {
        RunReport.Frame(
            index: index, tMs: index * 100, scheduledMs: index * 100 - 7, phase: phase, phaseDetail: detail, file: file,
            dropped: dropped, panels: panels, pixelsSHA256: pixels, fileSHA256: fileDigest)
    }

    @Test func everyShapeOfARowIsWrittenAsTheEncoderWritesIt() {
        let panels = [
            RunReport.Panel(panel: "loadedOnly", depiction: "dash", texts: nil, elements: []),
            RunReport.Panel(panel: "allFour", depiction: "spinner", texts: ["FETCHING", ""], elements: ["progressIndicator: Loading", "text: 0 ms"]),
            RunReport.Panel(panel: "p", depiction: "d", texts: [], elements: nil),
        ]
        let frames = [
            Self.frame(),
            Self.frame(panels: panels),
            Self.frame(index: 0, phase: nil, detail: nil, file: nil, dropped: true, pixels: nil, fileDigest: nil),
            Self.frame(index: Int.max / 200, panels: [panels[2]]),
            Self.frame(index: -5, detail: nil, panels: [panels[0]], pixels: nil),
        ]
        for frame in frames {
            #expect(Self.written(frame) == Self.encoded(frame), "\(String(decoding: Self.encoded(frame), as: UTF8.self))")
        }
    }

    @Test func everyStringIsEscapedAsTheEncoderEscapesIt() {
        // Every ASCII code point, some beyond (DEL, the line and paragraph separators, a BOM,
        // letters of two to four bytes) and the slash, which the report leaves unescaped.
        var texts = (0..<0x80).map { String(UnicodeScalar(UInt8($0))) }
        texts += ["\u{7F}", "\u{2028}", "\u{2029}", "\u{FEFF}", "é", "日本", "😀", "a/b", "\"quoted\" \\ back", "e\u{301}", ""]
        let all = texts.joined()
        let panel = RunReport.Panel(panel: all, depiction: "d\u{0}", texts: texts, elements: texts.reversed())
        let frame = Self.frame(phase: all, detail: "\n\t\r", file: "frames/\"x\".png", panels: [panel], pixels: "\u{1F}")
        #expect(Self.written(frame) == Self.encoded(frame))
        let written = String(decoding: Self.written(frame), as: UTF8.self)
        #expect(written.contains(#""depiction" : "d\u0000","#))
        #expect(written.contains(#""phaseDetail" : "\n\t\r","#))
    }
}
