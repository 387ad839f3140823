import FilmstripCore
import FilmstripRaster
import FilmstripSeedBenches
import Testing

/// Every seed bench's phase and depiction colours can be told apart on a contact sheet
/// (``BenchDefinition/colorConflicts(minimumDifference:)``, CIEDE2000 ≥ 10).
@Suite struct BenchColorTests {
    static let benches: [BenchDefinition] = [.inbox, .scenes, .orders, .liveInbox]

    @Test(arguments: benches)
    func everySeedBenchsColoursAreDistinguishable(bench: BenchDefinition) {
        let conflicts = bench.colorConflicts()
        #expect(conflicts.isEmpty, "\(bench.name): \(conflicts.map(\.description))")
    }

    /// Within one panel: the naive orders panel draws a status code, a live Try again and
    /// "Something went wrong"; they once shared #b91c1c.
    @Test func theNaivePanelsThreeErrorDepictionsDiffer() throws {
        let ids = ["errorStatusCode", "errorRetryLive", "somethingWentWrong", "errorRetry"]
        let colors = try ids.map { try #require(BenchDefinition.orders.style(ofDepiction: $0)?.color) }
        for (index, first) in colors.enumerated() {
            for second in colors[(index + 1)...] {
                #expect(first.difference(from: second) >= Color.minimumDistinctDifference, "\(first) \(second)")
            }
        }
    }

    /// The check can fail: at a threshold no two colours reach, it names every pair, phases
    /// first; a depiction wearing its phase's exact colour is never a conflict.
    @Test func conflictsNameBothColoursAndTheirDifference() {
        let conflicts = BenchDefinition.inbox.colorConflicts(minimumDifference: 1_000)
        // 4 phases: 6 pairs; 5 depictions: 10 pairs; 4 × 5 phase–depiction pairs less the 4 equal ones.
        #expect(conflicts.count == 6 + 10 + 16)
        #expect(conflicts.first?.first == "phase loading")
        #expect(conflicts.first?.second == "phase empty")
        #expect(!conflicts.contains { $0.first == "phase loading" && $0.second == "depiction spinner" })
        let rounded = ((conflicts.first?.difference ?? 0) * 10).rounded() / 10
        #expect(conflicts.first?.description == "phase loading #f5b841 and phase empty #5ab0f0 differ by ΔE00 \(rounded) (at least 10 needed)")
    }
}
