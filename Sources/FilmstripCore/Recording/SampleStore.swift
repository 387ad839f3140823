/// The samples a recorder took, one per instant of its ``SampleInstants``, kept compactly: a
/// long run's 100,000 samples take 4 bytes each on the virtual clock (12 on the real clock)
/// beside one copy of each distinct phase value.
///
/// A sample is the phase on screen at its instant (nil when the real clock dropped it) and the
/// time it was taken (its instant on the virtual clock, measured on the real clock). Phase values
/// that are equal (`Hashable` phases, as every seed bench's) are stored once and shared.
struct SampleStore<Phase: Sendable>: Sendable {
    /// One sample, as the recorder took it.
    struct Sample: Sendable {
        /// The instant it was scheduled for, ms.
        var scheduledMs: Int
        /// The instant it was taken, ms.
        var tMs: Int
        /// The phase on screen; nil when dropped.
        var phase: Phase?
    }

    /// The instants, in sample order.
    let instants: SampleInstants
    /// Each distinct phase value.
    private var phases: [Phase] = []
    /// Per sample: its phase's position in `phases`, or ``dropped``.
    private var phaseIndices: [UInt32] = []
    /// Per sample on the real clock: the measured time, ms; empty on the virtual clock.
    private var measuredMs: [Int] = []
    private static var dropped: UInt32 { .max }

    /// How many samples were taken.
    var count: Int { phaseIndices.count }

    /// The sample at `position` (0-based, in instant order).
    subscript(position: Int) -> Sample {
        let scheduled = instants.instant(at: position)
        let index = phaseIndices[position]
        return Sample(
            scheduledMs: scheduled, tMs: measuredMs.isEmpty ? scheduled : measuredMs[position],
            phase: index == Self.dropped ? nil : phases[Int(index)])
    }

    /// Builds a store while the recorder samples, sharing equal phase values.
    struct Builder {
        private var store: SampleStore
        private var known: [AnyHashable: UInt32] = [:]
        private let measured: Bool

        /// A builder for the samples at `instants`, `count` of them; `measured`: times are
        /// measured (real clock) and kept.
        init(instants: SampleInstants, count: Int, measured: Bool) {
            store = SampleStore(instants: instants)
            store.phaseIndices.reserveCapacity(count)
            if measured { store.measuredMs.reserveCapacity(count) }
            self.measured = measured
        }

        /// Adds the next sample, taken at `tMs`.
        mutating func append(phase: Phase?, tMs: Int) {
            if measured { store.measuredMs.append(tMs) }
            guard let phase else {
                store.phaseIndices.append(SampleStore.dropped)
                return
            }
            if let key = phase as? AnyHashable {
                if let index = known[key] {
                    store.phaseIndices.append(index)
                    return
                }
                known[key] = UInt32(store.phases.count)
            }
            store.phaseIndices.append(UInt32(store.phases.count))
            store.phases.append(phase)
        }

        /// The samples taken.
        var samples: SampleStore { store }
    }
}
