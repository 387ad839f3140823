/// Every frame of a run, in time order, dropped ones included: a random-access collection of
/// ``FrameRecord`` whose elements are made when they are read, from the one sample the recorder
/// kept per frame instant.
///
/// A run of 100,000 frames therefore holds 100,000 samples (the instant, the measured time and
/// the bench's phase value), not 100,000 records with their panel lists and phase strings:
/// memory stays flat while a long run is analysed and written. Reading the same position twice
/// gives equal records.
public struct FrameRecords: RandomAccessCollection, Sendable {
    /// 0.
    public var startIndex: Int { 0 }
    /// The number of frames.
    public let endIndex: Int
    private let record: @Sendable (Int) -> FrameRecord

    /// Frames `0..<count`, each made by `record` from its position.
    init(count: Int, record: @escaping @Sendable (Int) -> FrameRecord) {
        endIndex = count
        self.record = record
    }

    /// Frames kept whole, in order (their ``FrameRecord/index`` need not match their position).
    package init(_ frames: [FrameRecord]) {
        endIndex = frames.count
        record = { frames[$0] }
    }

    /// The frame at `position` (0-based, equal to its ``FrameRecord/index`` in a recorded run).
    public subscript(position: Int) -> FrameRecord {
        precondition(position >= 0 && position < endIndex, "frame \(position) is outside 0..<\(endIndex)")
        return record(position)
    }
}
