import FilmstripCore
import FilmstripSeedBenches
import FilmstripRaster
import FilmstripTestSupport
import Testing

@Suite struct StillTests {
    func still(_ plan: String) throws -> RenderedFrame {
        let run = try (try TestSupport.shippedPlan(plan)).run(clock: .virtual)
        let still = try #require(run.stills.first)
        return try #require(run.render(still.frame, font: TestSupport.font))
    }

    @Test func loadingStillAt1093msShowsTheLiveCounterAndTheControlsLabel() throws {
        let frame = try still("inbox-pinned-loading")
        let control = try #require(frame.panels.first { $0.panel == "loadedOnly" })
        let candidate = try #require(frame.panels.first { $0.panel == "allFour" })
        #expect(candidate.depiction == .spinner)
        #expect(candidate.texts.map(\.text) == ["FETCHING", "1093 ms"])
        #expect(control.depiction == .dash)
        #expect(control.texts.map(\.text) == ["—", "no .loaded yet", "ignored loading 1093ms"])
        #expect(control.elements.isEmpty, "the control stays silent to assistive technology")
        #expect(candidate.elements.map(\.description) == ["progressIndicator: Loading", "text: FETCHING", "text: 1093 ms"])
        #expect(frame.missing.isEmpty, "the bundled font covers — and ·")
    }

    @Test func emptyFailedAndLoadedStillsSayWhatTheSeedSays() throws {
        let empty = try still("inbox-pinned-empty").panels
        #expect(empty[0].texts.map(\.text) == ["—", "no .loaded yet", "ignored empty"])
        #expect(empty[1].texts.map(\.text) == ["0 pending", "EMPTY STATE"])
        let failed = try still("inbox-pinned-failed").panels
        #expect(failed[0].texts.map(\.text) == ["—", "no .loaded yet", "ignored failed"])
        #expect(failed[1].texts.map(\.text) == ["FAILED", "ASC 409 · version already exists", "RETRY"])
        #expect(failed[1].elements.last == SemanticElement(role: .button, label: "RETRY"))
        let loaded = try still("inbox-pinned-loaded").panels
        #expect(loaded[0].depiction == .rows)
        #expect(loaded[0].texts.map(\.text) == loaded[1].texts.map(\.text))
        #expect(loaded[1].texts.map(\.text).first == "2.4.0 (118)")
        #expect(loaded[0].texts.first?.color == Palette.text)
    }

    @Test func theFourStillsHaveDifferentPixels() throws {
        let canvases = try ["loading", "empty", "failed", "loaded"].map { try still("inbox-pinned-\($0)").canvas }
        for i in canvases.indices {
            for j in canvases.indices where j > i {
                #expect(canvases[i].pixels != canvases[j].pixels, "stills \(i) and \(j)")
            }
        }
        #expect(canvases[0].width == 896 && canvases[0].height == 374)
    }

    @Test func panelsAreTintedRoseAndMint() throws {
        let frame = try still("inbox-pinned-loading").canvas
        // Title bars at 2×: the control's starts at (16, 38), the candidate's at (456, 38).
        #expect(frame.pixel(x: 20, y: 42) == Palette.rose)
        #expect(frame.pixel(x: 460, y: 42) == Palette.mint)
    }

    @Test func renderingTheSameFrameTwiceGivesTheSamePixels() throws {
        #expect(try still("inbox-pinned-failed").canvas == still("inbox-pinned-failed").canvas)
    }
}
