import Foundation
import Testing
import FilmstripTestSupport

/// A bench author's misspelled member is a compile error, not a silently ignored function: the
/// bench below is type-checked as a user's package would compile it (`import Filmstrip`, public
/// declarations only, against this build's modules), once as written and once with one member's
/// label changed. The first must compile, so the harness is known to work; the second must not.
@Suite struct BenchMemberSpellingTests {
    /// A whole bench and panel as a user writes them, with `MEMBER` standing for the one line
    /// whose spelling is under test.
    static let source = """
        import Filmstrip
        import Synchronization

        enum TinyPhase: BenchPhase, Equatable {
            enum Name: String, CaseIterable, Sendable { case loading, loaded }
            case loading, loaded
            var name: Name { self == .loading ? .loading : .loaded }
        }

        final class TinyBench: Bench {
            private let shown = Mutex(TinyPhase.loading)
            var initialPhase: TinyPhase { .loading }
            var counters: [String: Int] { [:] }
            var notes: [String] { [] }
            var loadTimings: [LoadTiming] { [] }
            MEMBER
            func phase(atMs timeMs: Int) -> TinyPhase { shown.withLock { $0 } }
            func run(clock: BenchClock, timeline: TimelineLog<TinyPhase>) async {
                guard (try? await clock.sleep(forMs: 600)) != nil else { return }
                shown.withLock { $0 = .loaded }
                timeline.enter(.loaded, atMs: clock.nowMs())
            }
        }

        struct TinyPanel: Panel {
            var id: String { "tiny" }
            var title: String { "TINY" }
            var tint: Color { Color(hex: 0x4C_AF_50) }
            func depiction(for phase: TinyPhase, atMs timeMs: Int) -> Depiction { Depiction(phase == .loading ? "spinner" : "rows") }
            func depictionChanges(in phase: TinyPhase, enteredAtMs: Int) -> [Int] { [] }
            func draw(_ phase: TinyPhase, atMs timeMs: Int, on painter: inout PanelPainter) {}
        }

        """

    /// The bench's `phaseDetail` as the protocol declares it.
    static let spelled = "func phaseDetail(of phase: TinyPhase, atMs timeMs: Int) -> String? { nil }"

    /// Type-checks ``source`` with `member` in place of `MEMBER` (and `edit` applied) against the
    /// built modules; the compiler's exit status and what it said.
    static func typecheck(member: String, edit: (String) -> String = { $0 }) throws -> (status: Int32, output: String) {
        let build = CommandRunner.binary.deletingLastPathComponent()
        let folder = CommandRunner.scratch.appendingPathComponent("spelling-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("TinyBench.swift")
        try edit(source.replacingOccurrences(of: "MEMBER", with: member)).write(to: file, atomically: true, encoding: .utf8)
        let sources = CommandRunner.root.appendingPathComponent("Sources")
        let maps = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { $0.hasPrefix("C") }
            .map { sources.appendingPathComponent("\($0)/module.modulemap") }
            + ["CPNGShim", "CHostedRun"].map { build.appendingPathComponent("\($0).build/module.modulemap") }
        var arguments = ["swiftc", "-typecheck", "-swift-version", "6", "-I", build.appendingPathComponent("Modules").path, file.path]
        for map in maps where FileManager.default.fileExists(atPath: map.path) {
            arguments += ["-Xcc", "-fmodule-map-file=\(map.path)"]
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    @Test func theMemberAsDeclaredCompiles() throws {
        let result = try Self.typecheck(member: Self.spelled)
        #expect(result.status == 0, "\(result.output)")
    }

    /// Each misspelling with the compiler's words for it: another label on the right name, or
    /// another name (then the requirement is unmet).
    @Test(arguments: [
        ("func phaseDetail(for phase: TinyPhase, atMs timeMs: Int) -> String? { nil }",
         "error: instance method 'phaseDetail(for:atMs:)' has different argument labels from those required by protocol 'Bench' ('phaseDetail(of:atMs:)')"),
        ("func phaseDetails(of phase: TinyPhase, atMs timeMs: Int) -> String? { nil }",
         "error: type 'TinyBench' does not conform to protocol 'Bench'"),
    ])
    func aMisspelledMemberDoesNotCompile(member: String, error: String) throws {
        let result = try Self.typecheck(member: member)
        #expect(result.status == 1)
        #expect(result.output.contains(error), "\(result.output)")
    }

    @Test func aPanelWithAMisspelledDepictionChangesDoesNotCompile() throws {
        let result = try Self.typecheck(member: Self.spelled) {
            $0.replacingOccurrences(of: "func depictionChanges(in phase:", with: "func depictionChanges(during phase:")
        }
        #expect(result.status == 1)
        #expect(result.output.contains("error: instance method 'depictionChanges(during:enteredAtMs:)' has different argument labels from those required by protocol 'Panel' ('depictionChanges(in:enteredAtMs:)')"), "\(result.output)")
    }
}
