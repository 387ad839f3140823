@testable import FilmstripOutputs
import FilmstripCore
import FilmstripReports
import FilmstripSeedBenches
import Foundation
import Testing

/// `check`'s real-clock comparison at the edges of its tolerance (one frame interval, 100 ms
/// here): a frame's phase matches when the fresh run showed the recorded phase within the
/// tolerance of the recorded instant, and the request log compares statuses, not body lengths.
/// The runs are on the virtual clock so every instant is exact; the comparison reads only times.
@Suite struct RealClockComparisonTests {
    /// An inbox run whose reply lands at `replyMs`; frames every 100 ms over 1,000 ms.
    static func run(replyMs: Int) throws -> RecordedRun {
        let json = #"{"bench": "inbox", "mode": "pinned", "windowMs": 1000, "frameIntervalMs": 100, "script": [{"reply": "loaded", "latencyMs": \#(replyMs)}]}"#
        return try CapturePlan(json: Data(json.utf8), name: "tolerance", benches: [.inbox]).run(clock: .virtual)
    }

    /// The findings of a fresh run answered at `freshMs` against a recording answered at `recordedMs`.
    static func findings(recordedMs: Int, freshMs: Int) throws -> [String] {
        let recorded = try run(replyMs: recordedMs)
        let report = RunReport(run: recorded, analysis: Analysis(recorded), lint: [], renderedStills: [], withFiles: true)
        return TimingTolerantComparison(recorded: report, folder: "tolerance").findings(fresh: try run(replyMs: freshMs))
    }

    /// Recorded: loaded at 400, so frame 4 (400 ms) shows loaded. A fresh reply up to 100 ms
    /// later leaves frame 4 loading, and matches; 101 ms later does not.
    @Test func aReplyLaterByAtMostTheToleranceMatches() throws {
        #expect(try Self.findings(recordedMs: 400, freshMs: 450) == [])
        #expect(try Self.findings(recordedMs: 400, freshMs: 500) == [])
        #expect(
            try Self.findings(recordedMs: 400, freshMs: 501) == [
                "tolerance/report.json: frame 4 (scheduled at 400 ms) shows loading, recorded loaded",
                "tolerance/report.json: phase change 2 (loaded) at 501 ms, recorded at 400 ms: more than 100 ms apart",
            ])
    }

    /// Recorded: loaded at 401, so frame 4 (400 ms) shows loading. A fresh reply up to 100 ms
    /// earlier shows loaded at frame 4 and matches; 101 ms earlier does not.
    @Test func aReplyEarlierByAtMostTheToleranceMatches() throws {
        #expect(try Self.findings(recordedMs: 401, freshMs: 399) == [])
        #expect(try Self.findings(recordedMs: 401, freshMs: 301) == [])
        #expect(
            try Self.findings(recordedMs: 401, freshMs: 300) == [
                "tolerance/report.json: frame 4 (scheduled at 400 ms) shows loaded, recorded loading",
                "tolerance/report.json: phase change 2 (loaded) at 300 ms, recorded at 401 ms: more than 100 ms apart",
            ])
    }

    /// The request log keeps each exchange's status and words; measured times and body lengths
    /// (a server may add a request id to an error body) are left out.
    @Test func theRequestLogComparesStatusesNotBodyLengths() {
        let compare = TimingTolerantComparison.comparableEvent
        #expect(compare("task request 1: first byte, status 500, Content-Length 63") == "task request 1: first byte, status 500, Content-Length #")
        #expect(compare("task request 1: first byte after 12 ms, ended after 1,040 ms: status 500, 1,063 bytes") == "task request 1: first byte after # ms, ended after # ms: status 500, # bytes")
        #expect(compare("task request 1: first byte, status 500, Content-Length 37") == compare("task request 1: first byte, status 500, Content-Length 63"))
        #expect(compare("task request 1: first byte, status 502, Content-Length 63") != compare("task request 1: first byte, status 500, Content-Length 63"))
        #expect(compare("refresh at 2 s: 3 rows") == "refresh at 2 s: 3 rows")
    }
}
