@testable import FilmstripOutputs
import FilmstripPNG
import FilmstripRaster
import Foundation
import Testing

/// `check` compares documents piece by piece with the recorded file read alongside (so
/// check holds a bounded amount of a long run). Each outcome is checked against a whole-file
/// oracle written here, on every split of the fresh document into pieces.
@Suite struct DocumentComparisonTests {
    static func file(_ name: String, _ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("filmstrip-document-\(getpid())-\(name)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Gives `fresh` in pieces of `size` bytes.
    static func outcome(recorded path: String, fresh: [UInt8], size: Int, animation: Bool = false) -> DocumentComparison.Outcome {
        let comparison = DocumentComparison(recordedPath: path, isAnimation: animation)
        var start = 0
        while start < fresh.count {
            comparison.take(Data(fresh[start..<min(fresh.count, start + size)]))
            start += size
        }
        return comparison.finish()
    }

    /// The whole-file rule: the first line that differs (1-based) and its fresh text, leading
    /// spaces dropped, at most 100 characters.
    static func oracle(recorded: String, fresh: String) -> DocumentComparison.Outcome {
        if recorded == fresh { return .same }
        let new = fresh.split(separator: "\n", omittingEmptySubsequences: false)
        let old = recorded.split(separator: "\n", omittingEmptySubsequences: false)
        let line = zip(new, old).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(new.count, old.count)
        return .text(line: line + 1, fresh: String(new[line].drop(while: { $0 == " " }).prefix(100)))
    }

    @Test func textDifferencesNameTheLineOnEverySplit() throws {
        let recorded = "{\n  \"a\" : 1,\n  \"b\" : \"two\",\n  \"c\" : [\n    3\n  ]\n}\n"
        let path = try Self.file("text.json", Array(recorded.utf8))
        defer { unlink(path) }
        let variants = [
            recorded,
            recorded.replacingOccurrences(of: "\"two\"", with: "\"too\""),
            recorded.replacingOccurrences(of: "    3", with: "    4"),
            recorded.replacingOccurrences(of: "{\n", with: "[\n"),
            recorded + "extra\n",
            String(recorded.dropLast(4)) + "\n",
            recorded.replacingOccurrences(of: "\"b\"", with: String(repeating: "x", count: 150)),
        ]
        for fresh in variants {
            let expected = Self.oracle(recorded: recorded, fresh: fresh)
            for size in [1, 2, 3, 7, 16, 1000] {
                #expect(Self.outcome(recorded: path, fresh: Array(fresh.utf8), size: size) == expected, "pieces of \(size): \(fresh)")
            }
        }
        #expect(Self.outcome(recorded: path, fresh: Array(variants[1].utf8), size: 5) == .text(line: 3, fresh: "\"b\" : \"too\","))
        #expect(Self.outcome(recorded: "/nonexistent/report.json", fresh: [1, 2], size: 1) == .missing)
    }

    /// The animation's first differing frame, against a whole-file walk of both files' chunks.
    @Test func animationDifferencesNameTheFirstDifferingFrame() throws {
        func animation(_ colors: [Color]) throws -> [UInt8] {
            var writer = try AnimatedPNGWriter(width: 3, height: 2, frameCount: colors.count)
            var file: [UInt8] = []
            var previous: Canvas?
            for color in colors {
                let canvas = Canvas(width: 3, height: 2, background: color)
                file += try writer.bytes(for: AnimatedPNGFrame.encode(canvas, after: previous, scale: 1, delayMs: 100))
                previous = canvas
            }
            return try file + writer.finish()
        }
        let red = Color(red: 255, green: 0, blue: 0)
        let blue = Color(red: 0, green: 0, blue: 255)
        let green = Color(red: 0, green: 255, blue: 0)
        let recorded = try animation([red, blue, red, blue])
        let path = try Self.file("animation.png", recorded)
        defer { unlink(path) }
        for size in [1, 5, 64, 100_000] {
            #expect(Self.outcome(recorded: path, fresh: recorded, size: size, animation: true) == .same)
            #expect(Self.outcome(recorded: path, fresh: try animation([red, blue, green, blue]), size: size, animation: true) == .animation(frame: 2))
            #expect(Self.outcome(recorded: path, fresh: try animation([blue, blue, red, blue]), size: size, animation: true) == .animation(frame: 0))
            #expect(Self.outcome(recorded: path, fresh: try animation([red, blue, red, green]), size: size, animation: true) == .animation(frame: 3))
        }
    }
}
