import FilmstripCore
import FilmstripRaster
import FilmstripReports

/// One recorded output of a plan that does not match a fresh run of it, as
/// ``PlanOutputs/compare(writingFailures:)`` and `filmstrip check` find it.
///
/// Images are compared by their decoded pixels (RGBA8, at the plan's scale), so re-encoding a
/// PNG changes nothing; `report.json` and `index.html` are compared byte for byte.
///
/// ```swift
/// for mismatch in try PlanOutputs(plan: plan, root: "captures", font: .bundled()).compare().mismatches {
///     print(mismatch)   // captures/checkout-timeout/frames/0003.png: 1 pixels differ from a fresh render, within x 40…40, y 12…12
/// }
/// ```
package struct OutputMismatch: Hashable, Sendable, CustomStringConvertible {
    /// Which output the file is.
    package enum Source: Hashable, Sendable {
        /// Frame `index` (from 0), taken at `tMs` (ms since the start of the run).
        case frame(index: Int, tMs: Int)
        /// The still `name`, taken at `tMs`.
        case still(name: String, tMs: Int)
        /// The strip of frames (`filmstrip.png`).
        case strip
        /// Any other file: `report.json`, `index.html`, or one the fresh run no longer writes.
        case other
    }

    /// How the recorded file differs from a fresh run.
    package enum Problem: Hashable, Sendable {
        /// The recorded report lists the file, but it is not there.
        case missing
        /// The file is not a readable PNG; `reason` is the decoder's.
        case unreadable(reason: String)
        /// The recorded image and a fresh render differ in size, in pixels.
        case sizeDiffers(recordedWidth: Int, recordedHeight: Int, freshWidth: Int, freshHeight: Int)
        /// Same size, different pixels.
        case pixelsDiffer(PixelMismatch)
        /// A document differs from `line` (from 1); `fresh` is that line of a fresh run
        /// (leading spaces dropped, at most 100 characters), or `(end of file)`.
        case documentDiffers(line: Int, fresh: String)
        /// A previous recording wrote the file; a fresh run no longer does.
        case noLongerWritten
        /// The animation (`animation.png`) differs byte for byte from a fresh run's, from
        /// animation frame `frame` (from 0; the frame count when only the end differs), or it is
        /// not a readable PNG (`frame` nil).
        case animationDiffers(frame: Int?)
        /// The file is in the plan's folder, but the recorded report does not list it: filmstrip
        /// did not write it.
        case unlisted
        /// A folder inside the plan's folder could not be listed (`reason`, the system's): what
        /// it holds cannot be told apart from what filmstrip wrote.
        case unlistable(reason: String)
        /// The committed file is not a plain file inside the folder (a symbolic link, say):
        /// what a viewer shows is not the folder's. `kind` names what it is.
        case notPlainFile(kind: String)
        /// The committed image holds a chunk filmstrip never writes in it (`acTL`, which makes
        /// it an animation a browser plays, `tEXt`, …): a viewer may show something else, or
        /// the file carries data its pixels do not explain. `type` is the first such chunk.
        case foreignChunk(type: String)
        /// The committed image has bytes after its `IEND` chunk.
        case bytesAfterEnd(count: Int)
        /// The committed image's samples are `bits` wide (16), which filmstrip never writes
        /// (`colourType` is its `IHDR` colour type); its pixels are not compared.
        case bitDepth(bits: Int, colourType: Int)
    }

    /// How two images of the same size differ, in the recorded image's pixel coordinates
    /// (origin top-left, x to the right, y down, at the plan's scale).
    package struct PixelMismatch: Hashable, Sendable {
        /// How many pixels differ (any of the four RGBA8 channels).
        package var count: Int
        /// The first differing pixel in row order: the top row first, left to right.
        package var first: Point
        /// The recorded colour at ``first``.
        package var recordedColor: Color
        /// A fresh render's colour at ``first``.
        package var freshColor: Color
        /// The smallest rectangle holding every differing pixel.
        package var bounds: Rect

        /// A difference of `count` pixels, the first at `first`, all inside `bounds`.
        package init(count: Int, first: Point, recordedColor: Color, freshColor: Color, bounds: Rect) {
            self.count = count
            self.first = first
            self.recordedColor = recordedColor
            self.freshColor = freshColor
            self.bounds = bounds
        }
    }

    /// Where the failure artifacts of one mismatch were written (absolute or relative to the
    /// working directory, as the output root was given).
    package struct Artifacts: Hashable, Sendable {
        /// The recorded file the fresh run was compared with.
        package var reference: String
        /// The fresh render, as a PNG at the plan's scale.
        package var fresh: String
        /// The difference image: the reference dimmed to a quarter of its brightness, each
        /// differing pixel in magenta (#ff00ff) and a yellow (#ffff00) frame two pixels outside
        /// the box around them. Nil when there is nothing to lay over (sizes differ, or the
        /// reference is missing or unreadable).
        package var difference: String?

        /// The three files of a mismatch (`difference` nil when none could be drawn).
        package init(reference: String, fresh: String, difference: String?) {
            self.reference = reference
            self.fresh = fresh
            self.difference = difference
        }
    }

    /// The plan's output folder, e.g. `captures/checkout-timeout`.
    package let folder: String
    /// The file's path inside ``folder``, e.g. `frames/0003.png`.
    package let file: String
    /// Which output the file is.
    package let source: Source
    /// How it differs.
    package let problem: Problem
    /// The failure artifacts, when they were written (see ``PlanOutputs/failuresFolder``).
    package internal(set) var artifacts: Artifacts?

    /// `folder/file`.
    package var path: String { "\(folder)/\(file)" }

    init(folder: String, file: String, source: Source, problem: Problem) {
        self.folder = folder
        self.file = file
        self.source = source
        self.problem = problem
    }

    /// One sentence naming the file and the difference, as `filmstrip check` prints it, e.g.
    /// `captures/x/frames/0003.png: 2 pixels differ from a fresh render, within x 5…9, y 7…8`.
    package var description: String {
        switch problem {
        case .missing:
            "\(path): missing; a fresh run writes it"
        case .unreadable(let reason):
            "\(path): not a readable PNG (\(reason))"
        case .sizeDiffers(let recordedWidth, let recordedHeight, let freshWidth, let freshHeight):
            "\(path): \(recordedWidth)×\(recordedHeight) pixels, a fresh render is \(freshWidth)×\(freshHeight)"
        case .pixelsDiffer(let pixels):
            "\(path): \(pixels.count) pixels differ from a fresh render, within x \(pixels.bounds.x)…\(pixels.bounds.maxX - 1), y \(pixels.bounds.y)…\(pixels.bounds.maxY - 1)"
        case .documentDiffers(let line, let fresh):
            "\(path): differs from a fresh run from line \(line); a fresh run has: \(fresh)"
        case .noLongerWritten:
            "\(path): recorded before, but a fresh run no longer writes it"
        case .animationDiffers(let frame?):
            "\(path): differs from a fresh run's animation from animation frame \(frame)"
        case .animationDiffers(nil):
            "\(path): not a readable PNG; a fresh run writes an animation"
        case .unlisted:
            "\(path): not written by filmstrip (the recorded report does not list it); remove it"
        case .unlistable(let reason):
            "\(path): a folder that could not be listed (\(reason)), so what it holds cannot be compared"
        case .notPlainFile(let kind):
            "\(path): is \(kind), not a plain file inside the plan's folder; a viewer would show another file"
        case .foreignChunk(let type):
            "\(path): holds a \(type) chunk, which filmstrip never writes in a \(path.hasSuffix("animation.png") ? "animation" : "still image") (a viewer may show something else)"
        case .bytesAfterEnd(let count):
            "\(path): has \(count) bytes after its IEND chunk, which filmstrip never writes"
        case .bitDepth(let bits, let colourType):
            "\(path): bit depth \(bits) (colour type \(colourType)), which filmstrip never writes: its images have 8 bits a sample or fewer, so this one is not compared"
        }
    }

    /// Where the output sits in the run: `frame 3 at 1,500 ms`, `still 'declined' at 900 ms`,
    /// `the strip`, or nil for any other file.
    package var moment: String? {
        switch source {
        case .frame(let index, let tMs): "frame \(index) at \(Quantity.ms(tMs))"
        case .still(let name, let tMs): "still '\(name)' at \(Quantity.ms(tMs))"
        case .strip: "the strip"
        case .other: nil
        }
    }
}
