#if canImport(Testing)
    import Testing

    /// A Swift Testing trait that sets the record mode of every
    /// ``assertFilmstrip(planFile:benches:outputs:record:font:bothClocks:testName:fileID:filePath:line:column:)``
    /// inside the suite or test it is attached to, as swift-snapshot-testing's
    /// `.snapshots(record:)` does for its assertions.
    ///
    /// ```swift
    /// @Suite(.filmstrip(record: .failed))
    /// struct CheckoutFilmstripTests {
    ///     @Test func timeoutThenRetry() {
    ///         assertFilmstrip(planFile: captures.appendingPathComponent("checkout-timeout.json"), benches: [.checkout])
    ///     }
    /// }
    /// ```
    ///
    /// Which mode an assertion uses, first match wins: the `record:` argument of the assertion;
    /// the nearest trait (a test's own over its suite's, an inner suite's over an outer one's);
    /// `FILMSTRIP_RECORD`; ``FilmstripRecordMode/missing``. A trait is code, so it wins over the
    /// environment variable, as a mode passed to the assertion does: a suite marked
    /// `.filmstrip(record: .all)` records in CI too, and fails every test it records in.
    public struct FilmstripTrait: SuiteTrait, TestTrait, TestScoping {
        /// The record mode assertions inside the suite or test use.
        public let record: FilmstripRecordMode

        /// - Parameter record: the record mode assertions inside the suite or test use.
        public init(record: FilmstripRecordMode) {
            self.record = record
        }

        /// True: attached to a suite, the trait applies to every test inside it, nested suites
        /// included.
        public var isRecursive: Bool { true }

        /// Runs `function` (one test, or one case of a parameterised test) with this trait's
        /// record mode in effect for the assertions it makes.
        public func provideScope(
            for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
        ) async throws {
            try await FilmstripRecordMode.$scoped.withValue(record) { try await function() }
        }
    }

    extension Trait where Self == FilmstripTrait {
        /// The record mode for every `assertFilmstrip` in this suite or test:
        /// `@Suite(.filmstrip(record: .failed))`, `@Test(.filmstrip(record: .never))`.
        /// - Parameter record: the record mode (``FilmstripRecordMode``).
        public static func filmstrip(record: FilmstripRecordMode) -> Self {
            FilmstripTrait(record: record)
        }
    }
#endif
