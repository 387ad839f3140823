import Synchronization

/// The device's connection as the plan scripts it (``HTTPScript/NetworkChange``), for a model
/// that watches the network: whether it is online now, and each change at its exact instant.
///
/// Inject it where the app injects its own monitor (a wrapper of `NWPathMonitor`, say), as an
/// `AsyncStream<Bool>` of changes and the current state:
///
/// ```swift
/// make: { clock, http in
///     OrdersModel(clock: clock, transport: http.send, isOnline: http.network.isOnline, connectivity: http.network.updates())
/// }
/// ```
///
/// In a plan: `"http": [{"atMs": 600, "network": "offline"}, {"atMs": 1800, "network": "online"}, …]`.
/// On the virtual clock each change reaches the model at its instant, before a frame at that
/// instant is taken (rule of time 3). Requests sent while offline fail (``ScriptedTransport/send(_:)``).
public struct ScriptedNetwork: Sendable {
    private let changes: [HTTPScript.NetworkChange]
    private let clock: BenchClock

    init(changes: [HTTPScript.NetworkChange], clock: BenchClock) {
        self.changes = changes
        self.clock = clock
    }

    /// Whether the device is online now, on the bench's clock: online until the plan's first
    /// change, then as the last change at or before now says.
    public var isOnline: Bool {
        let now = clock.nowMs()
        return changes.last(where: { $0.atMs <= now })?.isOnline ?? true
    }

    /// Every change after now, each delivered at its instant on the bench's clock (`true`: back
    /// online, `false`: offline); the stream ends after the plan's last change, or when the task
    /// iterating it is cancelled. Each call makes a stream of its own.
    public func updates() -> AsyncStream<Bool> {
        let now = clock.nowMs()
        let pending = changes.filter { $0.atMs > now }
        let cursor = Cursor()
        let clock = self.clock
        return AsyncStream(unfolding: {
            guard let index = cursor.take(below: pending.count) else { return nil }
            do { try await clock.sleepUntilMs(pending[index].atMs) } catch { return nil }
            return pending[index].isOnline
        })
    }

    /// The position of the next change a stream delivers.
    private final class Cursor: Sendable {
        private let next = Mutex(0)

        /// The next position, advancing it; nil once it reaches `count`.
        func take(below count: Int) -> Int? {
            next.withLock { next in
                guard next < count else { return nil }
                defer { next += 1 }
                return next
            }
        }
    }
}

extension ScriptedTransport {
    /// The device's connection as the script has it: pass ``ScriptedNetwork/isOnline`` and
    /// ``ScriptedNetwork/updates()`` where the model takes its network monitor.
    public var network: ScriptedNetwork { ScriptedNetwork(changes: script.network, clock: clock) }

    /// A transport answering `script` on a ``ModelStage``'s clock, for a model's own unit tests.
    ///
    /// ```swift
    /// try ModelStage.run { stage in
    ///     let http = try ScriptedTransport(json: planText, clock: stage.clock)
    ///     let model = stage.read { ProfileModel(clock: stage.clock, transport: http.send) }
    ///     …
    /// }
    /// ```
    public convenience init(script: HTTPScript, clock: VirtualClock) {
        self.init(script: script, clock: .virtual(clock))
    }

    /// A transport answering the `http` script in `json` (a plan's `http` array, or a whole plan)
    /// on a ``ModelStage``'s clock: the same answers, delays and network changes a recording of
    /// that plan gives the model (``HTTPScript/init(json:)``).
    /// - Throws: ``PlanError`` with the JSON path of the first wrong member.
    public convenience init(json: String, clock: VirtualClock) throws(PlanError) {
        self.init(script: try HTTPScript(json: json), clock: .virtual(clock))
    }
}
