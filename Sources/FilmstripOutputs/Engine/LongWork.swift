import FilmstripCore
import FilmstripRaster
import FilmstripReports

/// What `record` says before long work: a plan past a threshold of frames, pixels a frame or
/// estimated bytes gets one line on standard error naming its frames, their size and an
/// estimate of the disk it will take, before anything is run or drawn.
///
/// The estimate comes from the shipped captures: their frames and animation together take about
/// 0.015 bytes a pixel a frame (flat colours compress well), and the report rows and contact
/// sheet about 1 KB a frame. It is a guide, not a promise.
package struct LongWork: Equatable {
    /// A plan with more frames than this is long work.
    package static let frameThreshold = 5_000
    /// A frame (at the plan's scale) with more pixels than this is long work.
    package static let pixelThreshold = 4_000_000
    /// A plan whose outputs are estimated at more bytes than this is long work.
    package static let byteThreshold = 500_000_000

    /// Frames in the window.
    package let frames: Int
    /// A frame's width and height in pixels, at the plan's scale.
    package let width: Int
    package let height: Int
    /// The plan's scale.
    package let scale: Int
    /// Estimated bytes of every output.
    package let bytes: Int

    /// The figures of `plan` drawn with `font`.
    package init(plan: CapturePlan, font: BitmapFont) {
        let size = RecordedRun.logicalFrameSize(panelCount: plan.panels.count, font: font)
        frames = plan.frameCount
        scale = plan.scale
        width = size.width * plan.scale
        height = size.height * plan.scale
        let images = frames + plan.stills.count + 1
        bytes = images * (width * height * 15 / 1000 + 1000)
    }

    /// Past any threshold.
    package var isLong: Bool {
        frames > Self.frameThreshold || width * height > Self.pixelThreshold || bytes > Self.byteThreshold
    }

    /// `captures/big.json: 100,000 frames of 896 × 374 px (scale 2), about 503 MB on disk; this will take a while`.
    package func notice(file: String) -> String {
        "\(file): \(Quantity.count(frames, "frame")) of \(Quantity.grouped(width)) × \(Quantity.grouped(height)) px (scale \(scale)), about \(Self.bytesText(bytes)) on disk; this will take a while"
    }

    /// `12 KB`, `503 MB`, `1.6 GB` (decimal units; one decimal from 1 GB).
    package static func bytesText(_ bytes: Int) -> String {
        if bytes >= 1_000_000_000 {
            let tenths = (bytes + 50_000_000) / 100_000_000
            return "\(tenths / 10).\(tenths % 10) GB"
        }
        if bytes >= 1_000_000 { return "\((bytes + 500_000) / 1_000_000) MB" }
        return "\(max(1, (bytes + 500) / 1000)) KB"
    }
}
