/// A loading spinner: `spokeCount` spokes around a centre, one of them highlighted.
///
/// The highlighted spoke is a pure function of time: spoke `(timeMs / stepMs) % spokeCount`,
/// so the same instant always draws the same pixels. Spoke end points come from a fixed table
/// of integer offsets (eight directions), so no floating point is involved.
public struct Spinner: Sendable, Hashable {
    /// Centre pixel.
    package var center: Point
    /// Distance from the centre to a spoke's outer end, in pixels (≥ 2).
    package var radius: Int
    /// Milliseconds per spoke step.
    package var stepMs: Int
    /// Colour of the highlighted spoke.
    package var highlight: Color
    /// Colour of the other spokes.
    package var dim: Color

    /// The number of spokes (eight compass directions).
    package static let spokeCount = 8

    /// A spinner centred on `center` with spokes reaching `radius` pixels (at least 2), the
    /// highlight moving one spoke clockwise every `stepMs` milliseconds (at least 1); the
    /// highlighted spoke in `highlight`, the others in `dim`.
    public init(center: Point, radius: Int, stepMs: Int = 100, highlight: Color, dim: Color) {
        self.center = center
        self.radius = max(2, radius)
        self.stepMs = max(1, stepMs)
        self.highlight = highlight
        self.dim = dim
    }

    /// The highlighted spoke at `timeMs` (0 = straight up, then clockwise).
    package func highlightedSpoke(atMs timeMs: Int) -> Int {
        // Floor division without overflow, then a non-negative remainder.
        let quotient = timeMs / stepMs
        let step = timeMs % stepMs < 0 ? quotient - 1 : quotient
        return ((step % Self.spokeCount) + Self.spokeCount) % Self.spokeCount
    }

    /// Unit directions of the eight spokes, clockwise from straight up, scaled by 1000.
    static let directions: [(x: Int, y: Int)] = [
        (0, -1000), (707, -707), (1000, 0), (707, 707), (0, 1000), (-707, 707), (-1000, 0), (-707, -707),
    ]

    /// Draws the spinner as it looks at `timeMs` onto `target`.
    public func draw<Target: RasterTarget>(on target: inout Target, atMs timeMs: Int) {
        let lit = highlightedSpoke(atMs: timeMs)
        let inner = radius / 2
        for (index, direction) in Self.directions.enumerated() {
            let from = Point(x: center.x + direction.x * inner / 1000, y: center.y + direction.y * inner / 1000)
            let to = Point(x: center.x + direction.x * radius / 1000, y: center.y + direction.y * radius / 1000)
            target.line(from: from, to: to, with: index == lit ? highlight : dim)
        }
    }
}
