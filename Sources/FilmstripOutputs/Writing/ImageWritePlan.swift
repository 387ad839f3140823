/// What ``FrameWriter`` does with one image of a batch, decided in output order so the files
/// and the counts do not depend on which core encoded what.
enum ImageWritePlan {
    /// A new image: encoded (by ``FrameWriter/prepare(_:_:)`` or when the batch is finished).
    case encode
    /// Its key was written in an earlier batch: compared with that file (decoded), whose bytes
    /// are written again when the pixels are the same, else encoded.
    case confirm(earlierFile: String)
    /// The same image as the one at this earlier position of the batch: its bytes written again.
    case copy(of: Int)

    /// The plan of every image of `batch`: a repeat of an earlier image in the batch is a copy
    /// of it; one whose key was written in an earlier batch (`known`: per image, that batch's
    /// file) is confirmed; the rest are encoded.
    static func plans(for batch: [FrameWriter.Prepared], known: [String?]) -> [ImageWritePlan] {
        var plans: [ImageWritePlan] = []
        for (index, image) in batch.enumerated() {
            let twin = batch.indices.prefix(index).first { earlier in
                if case .copy = plans[earlier] { return false }
                return batch[earlier].sameImage(as: image)
            }
            if let twin {
                plans.append(.copy(of: twin))
            } else if let file = known[index] {
                plans.append(.confirm(earlierFile: file))
            } else {
                plans.append(.encode)
            }
        }
        return plans
    }
}
