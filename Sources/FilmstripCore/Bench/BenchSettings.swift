/// A bench's own part of a capture plan — its script, its settings — decoded and validated by
/// its ``BenchDefinition`` and carried, typed, by the ``CapturePlan``.
///
/// The bench-neutral part of a plan (window, frames, stills, scale, expectations) is decoded
/// once, outside any bench; everything else a plan says is the bench's and lives here.
public protocol BenchSettings: Hashable, Sendable {}
