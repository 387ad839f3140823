/// Runs a team's own `@MainActor` model on a virtual clock, exactly: every job of the main actor
/// and of the tasks the model starts runs one at a time, in a repeatable order, on the calling
/// thread, and the stage knows when none is left.
///
/// Use it in tests of a model written without filmstrip (Swift Testing or XCTest), and under a
/// model bench. Give the model the stage's ``clock``; change it with ``perform(_:)``; move time
/// with ``advance(to:onStep:)``; read its state with ``read(_:)``:
///
/// ```swift
/// try ModelStage.run { stage in
///     let model = stage.read { ProfileModel(clock: stage.clock) }
///     try stage.perform { model.appear() }
///     try stage.advance(to: 299)
///     #expect(stage.read { model.isLoading } == false)
///     try stage.advance(to: 300)
///     #expect(stage.read { model.isLoading } == true)
/// }
/// ```
///
/// While ``run(_:)`` runs, the main actor of the whole process is the stage's (the runtime's
/// hooks are process-wide): runs are serialised by a process-wide lock, and suites that use it
/// should be `.serialized`. The model's own calls into time run on the stage's clock too:
/// `Task.sleep`, a `ContinuousClock()` it makes, `DispatchQueue.main.asyncAfter`; a blocking wait
/// (`Thread.sleep`) is refused with ``RunError`` naming it and its instant, and so is main-actor
/// work that comes back from a thread of the model's own (docs/OWN-CODE.md).
public final class ModelStage: @unchecked Sendable {
    /// The virtual clock: pass it to the model as its `any Clock<Duration>`.
    public let clock: VirtualClock
    let executor: DrainingExecutor

    private init(clock: VirtualClock, executor: DrainingExecutor) {
        self.clock = clock
        self.executor = executor
    }

    /// Hosts the main actor for the length of `body`, at 0 ms on a fresh virtual clock, and
    /// ends every task still asleep on the clock when `body` returns.
    ///
    /// Call it from synchronous code (a test function that is not `async`).
    /// - Throws: what `body` throws; ``RunError`` when work reached the main actor from another
    ///   thread, or a task did not end once its sleep was cancelled.
    public static func run<R>(_ body: (ModelStage) throws -> R) throws -> R {
        let clock = VirtualClock()
        let stage = ModelStage(clock: clock, executor: DrainingExecutor())
        let (result, outside) = try MainActorHosting.host(queue: stage.executor, clock: clock) {
            let result = try body(stage)
            try stage.finish()
            return result
        }
        if let first = outside.first { throw outsideWork(count: outside.count, firstMs: first) }
        return result
    }

    /// Now, in ms since the start of the stage.
    public var nowMs: Int { clock.now.ms }

    /// Runs `action` on the main actor now, then every job it makes runnable, until the model is idle.
    /// - Throws: ``RunError`` for work without end or work that came from another thread.
    public func perform(_ action: @MainActor () throws -> Void) throws {
        try asModelCode { try MainActor.assumeIsolated { try action() } }
        try settle()
    }

    /// Reads the model (or anything on the main actor) between jobs.
    public func read<T: Sendable>(_ body: @MainActor () throws -> T) rethrows -> T {
        try asModelCode { try MainActor.assumeIsolated { try body() } }
    }

    /// Runs `body` as the model's own code: its clocks read the stage's virtual now and its
    /// Dispatch blocks come to the stage (``HostedTime``).
    private func asModelCode<T>(_ body: () throws -> T) rethrows -> T {
        guard let time = executor.hostedTime else { return try body() }
        return try time.capturing(body)
    }

    /// Advances the clock to `ms`, waking sleepers one at a time in (deadline, sequence) order
    /// and running the work each wakes until idle; `onStep` runs after each wake-up's work and
    /// once at `ms`, with ``nowMs`` at that instant (rules of time 2–5). Work already runnable
    /// runs first, at the current instant.
    /// - Throws: ``RunError`` for work without end or work that came from another thread.
    public func advance(to ms: Int, onStep: () throws -> Void = {}) throws {
        // Work made runnable outside ``perform(_:)`` (a task cancelled by the caller) runs now,
        // at the instant it became runnable, before time moves.
        try settle()
        do {
            try clock.advance(to: ms) {
                try settle()
                try onStep()
            }
        } catch let error as RunawayWorkError {
            throw RunError(message: "the model was stopped: \(error)")
        }
        try settle()
        try onStep()
    }

    /// Drains every runnable job; throws when work came from another thread or would not stop.
    func settle() throws {
        do { try executor.drain(nowMs: clock.now.ms) } catch let error as RunawayWorkError {
            throw RunError(message: "the model was stopped: \(error)")
        }
        if let escape = executor.hostedTime?.escapes.first { throw Self.escaped(escape) }
        let outside = HostedMainExecutor.shared.outsideArrivals
        if let first = outside.first { throw Self.outsideWork(count: outside.count, firstMs: first) }
    }

    /// The error of a run whose model escaped the virtual clock: the first escape's sentence.
    static func escaped(_ escape: ClockEscape) -> RunError {
        RunError(message: "the model waits on real time: \(escape.message)")
    }

    private func finish() throws {
        clock.cancelAllSleepers()
        try settle()
        guard clock.sleeperCount == 0 else {
            throw RunError(message: "the model kept \(clock.sleeperCount) task(s) asleep on the clock after its sleeps were cancelled at \(nowMs) ms")
        }
    }

    static func outsideWork(count: Int, firstMs: Int) -> RunError {
        RunError(message: """
            \(count) main-actor job(s) arrived from outside the run, the first at \(firstMs) ms: the model waits on real \
            time or a real thread (a thread of its own, a task on an executor of its own); give it the \
            bench's clock and transport instead (docs/OWN-CODE.md)
            """)
    }
}
