import FilmstripPNG
import FilmstripRaster
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A plan's failure folder, `<plan folder>/.failures/`: where a comparison that found image
/// mismatches writes, for each one, the fresh render and a difference image, at the recorded
/// file's path with `.fresh.png` and `.difference.png` in place of `.png`
/// (`captures/x/frames/0003.png` → `captures/x/.failures/frames/0003.fresh.png` and
/// `captures/x/.failures/frames/0003.difference.png`).
///
/// Every comparison replaces the folder's contents: the files the previous one wrote (listed
/// in `.failures/.filmstrip-failures`) are removed first, and nothing else is ever removed; the
/// folder is removed when it is left empty. A plan name cannot start with `.`, so the folder
/// never collides with a plan's outputs, and a recording never lists it.
package struct FailureFolder {
    /// The folder's name inside the plan folder.
    static let name = ".failures"
    /// The list of files the last comparison wrote, relative to the failure folder.
    static let manifest = ".filmstrip-failures"
    /// Magenta: a differing pixel in a difference image.
    static let changed = Color(hex: 0xFF00FF)
    /// Yellow: the frame around the differing pixels.
    static let outline = Color(hex: 0xFFFF00)

    let planFolder: String

    var path: String { "\(planFolder)/\(Self.name)" }

    /// Removes what the last comparison wrote, then writes the artifacts of `found`.
    /// - Returns: the mismatches, in order, each with its artifacts when it has any.
    /// - Throws: ``FilmstripError`` (output) when a file cannot be written.
    func replace(with found: [OutputComparison.Found]) throws(FilmstripError) -> [OutputMismatch] {
        try clear()
        var written: [String] = []
        var result: [OutputMismatch] = []
        for item in found { result.append(try write(item, written: &written)) }
        try close(written: written)
        return result
    }

    /// The failure folder inside the output root: from the root down, `.failures` included, no
    /// component may be a link (a linked `.failures` would let removals leave the root).
    private var folder: OutputFolder {
        let planInRoot = planFolder.contains("/")
            ? OutputFolder(root: String(planFolder[..<planFolder.lastIndex(of: "/")!]), name: String(planFolder[planFolder.index(after: planFolder.lastIndex(of: "/")!)...]))
            : OutputFolder(root: ".", name: planFolder)
        return OutputFolder(inside: planInRoot, name: Self.name)
    }

    /// Removes what the last comparison wrote (the files its manifest lists, and the manifest).
    /// - Throws: ``FilmstripError`` (output) naming a link in the way.
    func clear() throws(FilmstripError) {
        let folder = self.folder
        _ = try folder.inside("")
        let previous = folder.read(Self.manifest).map { String(decoding: $0, as: UTF8.self).split(separator: "\n").map(String.init) } ?? []
        try folder.removeStale(previous: previous + (previous.isEmpty ? [] : [Self.manifest]), keeping: { _ in false })
    }

    /// Writes the artifacts of one mismatch (nothing when it has no fresh image), appending
    /// their paths (relative to the failure folder) to `written`.
    /// - Returns: the mismatch with its ``OutputMismatch/artifacts``.
    /// - Throws: ``FilmstripError`` (output) when a file cannot be written.
    func write(_ item: OutputComparison.Found, written: inout [String]) throws(FilmstripError) -> OutputMismatch {
        var mismatch = item.mismatch
        guard let (canvas, scale) = item.fresh else { return mismatch }
        let folder = self.folder
        let base = String(mismatch.file.dropLast(mismatch.file.hasSuffix(".png") ? 4 : 0))
        let freshFile = base + ".fresh.png"
        let subfolders = freshFile.contains("/") ? [String(freshFile[..<freshFile.lastIndex(of: "/")!])] : []
        try folder.prepare(subfolders: subfolders)
        try write(encoded(canvas, scale: scale, name: freshFile), to: freshFile, in: folder)
        written.append(freshFile)
        var differenceFile: String?
        if let recorded = item.recorded {
            let name = base + ".difference.png"
            try write(encoded(Self.difference(recorded: recorded, fresh: canvas, scale: scale), scale: 1, name: name), to: name, in: folder)
            written.append(name)
            differenceFile = "\(path)/\(name)"
        }
        mismatch.artifacts = OutputMismatch.Artifacts(reference: mismatch.path, fresh: "\(path)/\(freshFile)", difference: differenceFile)
        return mismatch
    }

    /// Ends a comparison: removes folders left empty, and lists `written` in the manifest.
    /// - Throws: ``FilmstripError`` (output) when the manifest cannot be written.
    func close(written: [String]) throws(FilmstripError) {
        // Folders left empty go (rmdir removes only an empty folder).
        for sub in ["frames", "stills", ""] { _ = rmdir(sub.isEmpty ? path : "\(path)/\(sub)") }
        if !written.isEmpty {
            try folder.write(Data((written.joined(separator: "\n") + "\n").utf8), to: Self.manifest)
        }
    }

    /// The difference image at the recorded image's size: the recorded pixels dimmed to a
    /// quarter of their brightness (alpha opaque), every pixel that differs from
    /// `fresh.scaled(by: scale)` in ``changed``, and a one-pixel ``outline`` two pixels outside
    /// the box around them (clipped to the image), drawn under the changed pixels.
    static func difference(recorded: Canvas, fresh: Canvas, scale: Int) -> Canvas {
        var image = Canvas(width: recorded.width, height: recorded.height, background: .black)
        var changed: [Point] = []
        var box = (minX: Int.max, minY: Int.max, maxX: -1, maxY: -1)
        for y in 0..<recorded.height {
            for x in 0..<recorded.width {
                let old = recorded.pixel(x: x, y: y)!
                image.setPixel(x: x, y: y, to: Color(red: old.red / 4, green: old.green / 4, blue: old.blue / 4))
                if old != fresh.pixel(x: x / scale, y: y / scale)! {
                    changed.append(Point(x: x, y: y))
                    box = (min(box.minX, x), min(box.minY, y), max(box.maxX, x), max(box.maxY, y))
                }
            }
        }
        if !changed.isEmpty {
            image.stroke(Rect(x: box.minX - 2, y: box.minY - 2, width: box.maxX - box.minX + 5, height: box.maxY - box.minY + 5), with: outline)
        }
        for point in changed { image.setPixel(x: point.x, y: point.y, to: Self.changed) }
        return image
    }

    private func encoded(_ canvas: Canvas, scale: Int, name: String) throws(FilmstripError) -> [UInt8] {
        do {
            return try PNGCodec.encode(canvas, scale: scale)
        } catch {
            throw FilmstripError(.output(path: "\(path)/\(name)", reason: error.description))
        }
    }

    private func write(_ bytes: [UInt8], to name: String, in folder: OutputFolder) throws(FilmstripError) {
        try folder.write(Data(bytes), to: name)
    }
}
