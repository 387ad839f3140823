import FilmstripCore
import FilmstripSeedBenches
import Foundation
import Testing

/// The live inbox's phase value as the recorder keys its samples (docs/LIVE-NETWORK.md, "Large and
/// slow bodies"): hashed by a summary, never by its rows, so a 46,496-row screen costs a sample
/// what a two-row one does. Deterministic: the end-to-end test of the 5 MB body counts dropped
/// frames, which a loaded machine blurs.
@Suite struct LiveInboxPhaseTests {
    static func phase(_ rows: [ManifestRow], generation: Int = 1) -> LiveInboxPhase {
        LiveInboxPhase(task: LiveInboxPhase.Lane(screen: .loaded(rows), generation: generation), onAppear: nil, away: false)
    }

    @Test func aPhaseHashesASummaryNotItsRows() {
        let many = (0..<46_496).map { ManifestRow(title: "2.\($0 % 100).\($0) (\($0))", detail: "Ready for Review") }
        var other = many
        other[46_495] = ManifestRow(title: "changed", detail: "In Review")
        // Different rows, the same summary (generation, name, row count): the same hash, so the
        // rows were never read; equality still tells them apart.
        #expect(Self.phase(many).hashValue == Self.phase(other).hashValue)
        #expect(Self.phase(many) != Self.phase(other))
        #expect(Self.phase(many) == Self.phase(many))
        // What the summary holds does change the hash.
        #expect(Self.phase(many).hashValue != Self.phase(many, generation: 2).hashValue)
        #expect(Self.phase(many).hashValue != Self.phase(Array(many.dropLast())).hashValue)
    }
}
