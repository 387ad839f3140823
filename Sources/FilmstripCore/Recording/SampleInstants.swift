/// The instants a recorder samples the bench at, ascending and without repeats: every frame
/// instant of the window (a stride, never held as an array) merged with the stills' instants.
struct SampleInstants: Sequence, Sendable {
    /// The frame instants: `from`, `from + by`, … below `to`, ms.
    let frames: StrideTo<Int>
    /// The stills' instants, ms, in any order.
    let stills: [Int]

    func makeIterator() -> Iterator {
        Iterator(frames: frames.makeIterator(), stills: Array(Set(stills)).sorted())
    }

    struct Iterator: IteratorProtocol {
        var frames: StrideToIterator<Int>
        let stills: [Int]
        var nextFrame: Int?
        var stillPosition = 0

        init(frames: StrideToIterator<Int>, stills: [Int]) {
            self.frames = frames
            self.stills = stills
            nextFrame = self.frames.next()
        }

        mutating func next() -> Int? {
            let still = stillPosition < stills.count ? stills[stillPosition] : nil
            switch (nextFrame, still) {
            case (nil, nil):
                return nil
            case (let frame?, nil):
                nextFrame = frames.next()
                return frame
            case (nil, let still?):
                stillPosition += 1
                return still
            case (let frame?, let still?):
                if still < frame {
                    stillPosition += 1
                    return still
                }
                if still == frame { stillPosition += 1 }
                nextFrame = frames.next()
                return frame
            }
        }
    }
}
