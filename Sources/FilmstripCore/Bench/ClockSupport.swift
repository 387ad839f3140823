/// Which clocks a bench runs on (``BenchDefinition/clocks``), and the refusal of any other.
///
/// Most benches run on both: the virtual clock gives exact, repeatable runs. A bench whose work
/// is real — HTTP requests to a server — means something only on the real clock, and says so
/// with `clocks: [.real]`; commands then default to the real clock for its plans and refuse
/// `--clock virtual` with exit code 2.
package enum ClockSupport {
    /// Throws when `clock` is not one of `supported`.
    ///
    /// - Throws: ``RunError``, e.g. `the profile bench runs on the real clock only, not on the
    ///   virtual clock: run it with --clock real, or without --clock`.
    package static func require(_ clock: ClockKind, of bench: String, supported: [ClockKind]) throws(RunError) {
        guard !supported.contains(clock) else { return }
        let names = supported.map(\.rawValue)
        let only = names.count == 1 ? "the \(names[0]) clock only" : "the \(names.joined(separator: " or ")) clocks"
        throw RunError(message: "the \(bench) bench runs on \(only), not on the \(clock.rawValue) clock: run it with --clock \(names[0]), or without --clock")
    }
}
