import Checkout
import Filmstrip
import Foundation
import Testing

/// The checkout's panels place everything through the painter's `PanelLayout`, so misc-fixed
/// 4x6, 6x13, 10x20 and 12x24 draw every frame of every plan with no text run crossing its
/// panel's edge, another line or a figure (`RenderedFrame.layoutProblems()`).
@Suite struct CheckoutLayoutTests {
    /// The filmstrip repository this example sits in, found from this file's path.
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The four sizes: the repository's test fonts and its bundled 6x13.
    static let fonts: [(name: String, font: BitmapFont)] = [
        ("4x6", "Tests/Fonts/4x6.bdf"), ("6x13", "Sources/FilmstripOutputs/Resources/Fonts/6x13.bdf"),
        ("10x20", "Tests/Fonts/10x20.bdf"), ("12x24", "Tests/Fonts/12x24.bdf"),
    ].map { name, path in
        let data = try! Data(contentsOf: repository.appendingPathComponent(path))
        return (name, try! BitmapFont(bdf: String(decoding: data, as: UTF8.self)))
    }

    @Test(arguments: ["checkout-fast-success", "checkout-decline-then-retry", "checkout-timeout"])
    func everyFrameFitsEveryFont(plan: String) throws {
        let file = CheckoutFilmstripTests.captures.appendingPathComponent("\(plan).json")
        let run = try CapturePlan(json: try Data(contentsOf: file), name: plan, benches: [.checkout]).run()
        var seen = Set<[PanelDepiction]>()
        var problems: [String] = []
        for frame in run.frames + run.stills.map(\.frame) where seen.insert(frame.panels).inserted {
            for (name, font) in Self.fonts {
                let rendered = try #require(run.render(frame, font: font, scale: 1))
                problems += rendered.layoutProblems().map { "\(frame.tMs) ms in \(name): \($0)" }
            }
        }
        #expect(seen.count >= 3)
        #expect(problems.isEmpty, "\(problems.prefix(8).joined(separator: "\n"))")
    }
}
