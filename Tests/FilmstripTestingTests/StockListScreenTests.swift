import Filmstrip
import FilmstripCLI
import Foundation
#if canImport(FoundationNetworking)  // no other branch: on Darwin URLRequest and HTTPURLResponse are part of Foundation
import FoundationNetworking
#endif
import Observation
import Testing

/// ``OrdersListModel`` (written without filmstrip) filmed with the stock list panel from 40 lines
/// of glue: each slot shows at its exact instant, and its pixels are the slot's at 1× and 2×.
@Suite(.serialized) struct StockListScreenTests {
    /// Orders load after 1,500 ms (the spinner from 1,000 ms), a refresh fails, the next one
    /// succeeds under the kept snackbar, then the device goes offline and comes back.
    static let rowsPlan = """
        {"bench": "orderslist", "windowMs": 4500, "frameIntervalMs": 100, "scale": 1,
         "script": [{"atMs": 0, "event": "appear"}, {"atMs": 2000, "tap": "refresh"}, {"atMs": 3000, "tap": "refresh"}],
         "http": [
           {"path": "/orders", "answers": [
             {"headersAfterMs": 1500, "body": "Order #1042|Shipped · 2 items\\nOrder #1041|Delivered\\nOrder #1040|Refunded"},
             {"status": 503, "headersAfterMs": 300},
             {"headersAfterMs": 200, "body": "Order #1043|Packed · 1 item\\nOrder #1042|Shipped · 2 items"}]},
           {"atMs": 3500, "network": "offline"}, {"atMs": 4000, "network": "online"}]}
        """

    /// Offline from the start (the pattern screen's offline state), back at 1,000 ms: the screen retries by
    /// itself, fails, and Try again at 1,500 ms loads an empty list (first use).
    static let offlinePlan = """
        {"bench": "orderslist", "windowMs": 2000, "frameIntervalMs": 100, "scale": 1,
         "script": [{"atMs": 0, "event": "appear"}, {"atMs": 1500, "tap": "retry"}],
         "http": [
           {"atMs": 0, "network": "offline"}, {"atMs": 1000, "network": "online"},
           {"path": "/orders", "answers": [{"status": 503, "headersAfterMs": 200}, {"status": 200, "headersAfterMs": 100}]}]}
        """

    static func run(_ json: String) throws -> RecordedRun {
        try CapturePlan(json: Data(json.utf8), name: "orderslist", benches: [.ordersList]).run(clock: .virtual)
    }

    static func depictions(_ run: RecordedRun, panel: String = "orders") -> [String] {
        (run.depictionSegments[panel] ?? []).map { "\($0.name) \($0.enterMs)-\($0.exitMs)" }
    }

    @Test func theGlueIsAtMostFortyLinesOfCode() throws {
        let glue = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("OrdersListGlue.swift")
        let code = try String(contentsOf: glue, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("//") }
        #expect(code.count <= 40, "OrdersListGlue.swift has \(code.count) lines of code")
        #expect(code.count == 25)
    }

    @Test func theStockColoursCanBeToldApart() {
        #expect(BenchDefinition.ordersList.colorConflicts().isEmpty)
        #expect(BenchDefinition.receipt.colorConflicts().isEmpty)
    }

    /// The single-value screen: a skeleton card until the answer, then the card, then the snackbar.
    @Test func theDetailScreenShowsItsSlots() throws {
        let json = """
            {"bench": "receipt", "windowMs": 900, "frameIntervalMs": 300, "scale": 1, "script": [{"atMs": 0, "event": "appear"}, {"atMs": 500, "tap": "refresh"}],
             "http": [{"path": "/receipt", "answers": [{"headersAfterMs": 300, "body": "Order #1042"}, {"status": 503, "headersAfterMs": 100}]}]}
            """
        let run = try CapturePlan(json: Data(json.utf8), name: "receipt", benches: [.receipt]).run(clock: .virtual)
        #expect(Self.depictions(run, panel: "screen") == ["skeleton 0-300", "card 300-500", "cardRefreshing 500-600", "cardSnackbar 600-900"])
        let font = try BitmapFont.bundled()
        let texts = Array(run.frames).map { frame in run.render(frame, font: font, scale: 1).map { $0.panels[0].texts.map(\.text) } ?? [] }
        #expect(texts == [[], ["Order #1042", "Paid"], ["Order #1042", "Paid", "Couldn't refresh the receipt"]])
    }

    @Test func everySlotIsOnScreenAtItsInstant() throws {
        let rows = try Self.run(Self.rowsPlan)
        #expect(Self.depictions(rows) == [
            "blank 0-1000", "spinner 1000-1500", "rows 1500-2000", "rowsRefreshing 2000-2300", "rowsSnackbar 2300-3000",
            "rowsRefreshingSnackbar 3000-3200", "rows 3200-3500", "rowsOffline 3500-4000", "rows 4000-4500",
        ])
        #expect(rows.phaseSegments.map { "\($0.name) \($0.enterMs)-\($0.exitMs)" } == [
            "blank 0-0", "loading 0-1500", "loaded 1500-2000", "refreshing 2000-2300", "loaded 2300-3000", "refreshing 3000-3200", "loaded 3200-4500",
        ])
        let offline = try Self.run(Self.offlinePlan)
        #expect(Self.depictions(offline) == ["offlineMessage 0-1000", "blank 1000-1200", "errorRetry 1200-1500", "blank 1500-1600", "emptyFirstUse 1600-2000"])
        #expect(offline.loadTimings.map(\.label) == [
            "GET https://shop.example.com/orders sent 0 ms, offline, last byte 0 ms",
            "GET https://shop.example.com/orders sent 1000 ms, 503 at 1200 ms, last byte 1200 ms",
            "GET https://shop.example.com/orders sent 1500 ms, 200 at 1600 ms, last byte 1600 ms",
        ])
    }

    /// One frame per slot, decoded at 1× and 2×: the pixel that only that slot paints.
    @Test(arguments: [1, 2])
    func eachSlotPaintsItsOwnPixels(scale: Int) throws {
        let font = try BitmapFont.bundled()
        let rows = try Self.run(Self.rowsPlan)
        let offline = try Self.run(Self.offlinePlan)
        func frame(_ run: RecordedRun, _ ms: Int) throws -> RenderedFrame {
            let record = try #require(Array(run.frames).first { $0.tMs == ms })
            return try #require(run.render(record, font: font, scale: scale))
        }
        func colour(_ frame: RenderedFrame, _ point: Point) -> Color? {
            let origin = frame.layout.panelOrigin(0)
            return frame.canvas.pixel(x: (origin.x + point.x) * scale, y: (origin.y + point.y) * scale)
        }
        func texts(_ frame: RenderedFrame) -> [String] { frame.panels[0].texts.map(\.text) }
        let layout = try frame(rows, 0).layout
        let bullet = Point(x: layout.contentLeft + 1, y: layout.lineTop(0) + layout.ascent / 2)
        let band = layout.band(line: PanelLayout.bodyLines - 1)
        let barPixel = Point(x: band.x + band.width - layout.advance, y: band.y + band.height / 2)
        let buttonEdge = { (line: Int, label: String) in Point(x: layout.button(line: line, labelWidth: font.width(of: label)).x, y: layout.lineTop(line)) }

        let blank = try frame(rows, 500)
        #expect(texts(blank).isEmpty && blank.panels[0].elements.isEmpty)
        #expect(colour(blank, bullet) == Palette.panel)
        let spinner = try frame(rows, 1000)
        #expect(spinner.panels[0].elements.map(\.label) == ["Loading"])
        #expect(colour(spinner, bullet) == Palette.panel)
        let loaded = try frame(rows, 1500)
        #expect(texts(loaded) == ["Order #1042", "Shipped · 2 items", "Order #1041", "Delivered", "Order #1040", "Refunded"])
        #expect(colour(loaded, bullet) == Palette.mint)
        #expect(colour(loaded, barPixel) == Palette.panel)
        let refreshing = try frame(rows, 2000)
        #expect(texts(refreshing).last == "Refreshing…")
        let snackbar = try frame(rows, 2300)
        #expect(texts(snackbar).last == "Couldn't refresh orders")
        #expect(colour(snackbar, barPixel) == Palette.text)
        let both = try frame(rows, 3000)
        #expect(Array(texts(both).suffix(2)) == ["Refreshing…", "Couldn't refresh orders"])
        #expect(texts(try frame(rows, 3200)).first == "Order #1043")
        let offlineRows = try frame(rows, 3500)
        #expect(texts(offlineRows).last == "Offline · showing saved items")
        #expect(colour(offlineRows, barPixel) == Palette.faint)

        let offlineScreen = try frame(offline, 0)
        #expect(texts(offlineScreen) == ["You're offline", "It loads when you reconnect.", "Try again"])
        #expect(colour(offlineScreen, buttonEdge(4, "Try again")) == Palette.mint)
        let failed = try frame(offline, 1200)
        #expect(texts(failed) == ["Couldn't load your orders.", "Try again"])
        #expect(colour(failed, buttonEdge(4, "Try again")) == Palette.mint)
        let empty = try frame(offline, 1600)
        #expect(texts(empty) == ["No orders yet", "Orders you place appear here.", "Create order"])
        #expect(colour(empty, buttonEdge(5, "Create order")) == Palette.mint)
        for rendered in [blank, spinner, loaded, refreshing, snackbar, both, offlineRows, offlineScreen, failed, empty] {
            #expect(rendered.layoutProblems().isEmpty)
        }
    }
}

/// A receipt screen's model: one value, loaded on appear, refreshed on a tap.
@MainActor @Observable
final class ReceiptModel {
    private(set) var receipt: String?
    private(set) var isLoading = false
    private(set) var isRefreshing = false
    private(set) var error: String?
    @ObservationIgnored private let transport: @Sendable (URLRequest) async throws -> (Data, HTTPURLResponse)

    init(transport: @escaping @Sendable (URLRequest) async throws -> (Data, HTTPURLResponse)) { self.transport = transport }

    func load(refreshing: Bool) {
        if refreshing { isRefreshing = true } else { isLoading = true }
        Task {
            let (data, response) = try await transport(URLRequest(url: URL(string: "https://shop.example.com/receipt")!))
            if response.statusCode == 200 { receipt = String(decoding: data, as: UTF8.self) } else { error = "Couldn't refresh the receipt" }
            isLoading = false
            isRefreshing = false
        }
    }
}

extension BenchDefinition {
    static let receipt = BenchDefinition.model(
        name: "receipt", summary: "a receipt screen on the stock detail panel", phaseStyle: DetailScreen.style, depictions: DetailScreen.depictions,
        panels: [PanelEntry<DetailScreen, ModelSettings>(DetailScreenPanel())], defaultExpectations: .init(), initialPhase: DetailScreen(),
        make: { _, http in ReceiptModel(transport: http.send) },
        phase: { model in
            DetailScreen(
                card: model.receipt.map { DetailScreen.Card(title: $0, lines: ["Paid"]) }, loading: model.isLoading ? .skeleton : nil,
                refreshing: model.isRefreshing, banner: model.error)
        },
        perform: { model, event in model.load(refreshing: event.action == .tap("refresh")) })
}
