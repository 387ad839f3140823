extension HTTPScript {
    /// The device going offline or coming back online at an exact instant: in a plan's `http`,
    /// `{"atMs": 600, "network": "offline"}` and `{"atMs": 1800, "network": "online"}` beside the
    /// routes. The device is online from 0 ms until the first change.
    ///
    /// While offline, every request ``ScriptedTransport/send(_:)`` is given fails at once with
    /// `URLError(.notConnectedToInternet)` (its exchange says `offline`) and takes no turn of its
    /// route's answers; a request already in flight when the device goes offline is answered as
    /// scripted. A model that watches the connection gets the same instants from
    /// ``ScriptedTransport/network`` (a ``ScriptedNetwork``).
    public struct NetworkChange: Hashable, Sendable {
        /// When, in ms since the start of the run.
        public var atMs: Int
        /// True for `online`, false for `offline`.
        public var isOnline: Bool

        /// The device going online (`isOnline` true) or offline at `atMs` (ms since the start).
        public init(atMs: Int, isOnline: Bool) {
            self.atMs = atMs
            self.isOnline = isOnline
        }
    }

    /// Whether the device is online at `timeMs` (ms since the start): the last change at or
    /// before it decides (rule of time 3); online before the first.
    package func isOnline(atMs timeMs: Int) -> Bool {
        network.last(where: { $0.atMs <= timeMs })?.isOnline ?? true
    }
}
