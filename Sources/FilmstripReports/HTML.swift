import FilmstripCore

/// HTML text escaping for the generated pages.
enum HTML {
    /// `text` with `&`, `<`, `>`, `"` and `'` escaped, safe in element content and quoted attributes.
    ///
    /// Read as UTF-8 bytes, not Characters: the five are ASCII, so no other character's bytes
    /// contain them, and a quote followed by a combining mark (one Character, `"\u{301}`) is
    /// escaped too rather than left to close an attribute. Text with none of the five comes back
    /// as it is, without a copy (most of a page's text).
    static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: needsEscape) else { return text }
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): result += Array("&amp;".utf8)
            case UInt8(ascii: "<"): result += Array("&lt;".utf8)
            case UInt8(ascii: ">"): result += Array("&gt;".utf8)
            case UInt8(ascii: "\""): result += Array("&quot;".utf8)
            case UInt8(ascii: "'"): result += Array("&#39;".utf8)
            default: result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Whether `byte` is one of the five ``escape(_:)`` replaces.
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }

    /// A percentage for CSS widths with three decimals, from integers: `part / whole`.
    static func percent(_ part: Int, of whole: Int) -> String {
        guard whole > 0 else { return "0" }
        let thousandths = part * 100_000 / whole
        let fraction = String(thousandths % 1000)
        return "\(thousandths / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }

    /// The style sheet of a page drawn in `theme`: ``style`` for dark, with ``lightStyle`` after
    /// it for light, then ``printStyle`` (every page prints light, whatever its theme).
    static func style(_ theme: Theme) -> String {
        (theme == .dark ? style : style + lightStyle) + printStyle
    }

    /// The `<head>` lines every page starts with: the character set, a viewport that lays the
    /// page out at the device's width (a phone otherwise lays it out 980 px wide), the title.
    static func head(title: String) -> String {
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\n<title>\(escape(title))</title>\n"
    }

    /// The shared style sheet of the contact sheet, the index page and `compare.html`, dark.
    /// Timeline segments, swatches and ticks are drawn as borders in `currentColor` (set per
    /// element from ``PagePalette``), not backgrounds, so they survive printing without
    /// background graphics; tables sit in a `.wide` box that scrolls sideways on a narrow screen;
    /// `.sr` text is for screen readers only.
    static let style = """
        body{font:14px/1.45 -apple-system,system-ui,'DejaVu Sans',sans-serif;margin:24px;background:#0f1115;color:#e6e8ee;overflow-wrap:anywhere}
        a{color:#7dd3fc}h1{font-size:22px;margin:0 0 4px}h2{font-size:16px;margin:28px 0 8px;color:#cbd0db}
        .facts{color:#8a90a0;margin:0 0 12px}.verdict{padding:10px 14px;border-radius:6px;margin:12px 0;font-weight:600;border:1px solid}
        .verdict h2{font-size:14px;margin:0;color:inherit}
        .pass{background:#12352a;border-color:#3ddc97}.fail{background:#3a1518;border-color:#f0555a}
        .verdict ul{margin:6px 0 0;font-weight:400}.verdict .when{margin:6px 0 0}.lint{background:#3a2f12;border:1px solid #f5b841;padding:8px 14px;border-radius:6px}
        .wide{max-width:100%;overflow-x:auto;position:relative}table{border-collapse:collapse}td,th{padding:3px 10px;border-bottom:1px solid #2a2e38;text-align:left;vertical-align:top;overflow-wrap:normal}
        .n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}th:has(>.swatch:first-child),td:has(>.swatch:first-child){white-space:nowrap}th[scope=col]{color:#8a90a0;font-weight:500}th[scope=row]{font-weight:400}
        caption{caption-side:top;text-align:left;color:#8a90a0;font-size:12px;padding:0 0 4px}
        .swatch{display:inline-block;width:0;height:0;border:5px solid;border-radius:2px;margin-right:6px;vertical-align:baseline}
        .bar{display:flex;height:22px;border-radius:4px;overflow:hidden;background:#1e2128;margin:4px 0}
        .bar div{box-sizing:border-box;height:22px;min-width:0;border-top:22px solid}.bar div+div{border-left:1px solid #0f1115}.barlabel{color:#8a90a0;font-size:12px;margin-top:10px}
        .ticks{position:relative;height:10px;margin-bottom:4px}.ticks span{position:absolute;top:0;width:0;height:8px;border-left:1px solid #8a90a0}
        .scale{display:flex;justify-content:space-between;color:#8a90a0;font-size:12px}
        details{margin:2px 0 6px;font-size:12px}summary{color:#8a90a0;cursor:pointer}details ol{margin:4px 0;padding-left:24px}
        .frames{display:flex;flex-wrap:wrap;gap:10px}.frame{margin:0;padding:4px;border:3px solid;border-radius:6px;background:#1e2128;width:228px;max-width:100%;box-sizing:border-box}
        .frame img{width:100%;height:auto;display:block}.frame figcaption{font-size:12px;margin-top:4px}
        .frame .dep{color:#8a90a0}.frame .broken{color:#ff6b6b;font-weight:600}.dropped{border-style:dashed;color:#8a90a0}
        .graph{background:#14161b;border-radius:6px;max-width:100%;height:auto;display:block}.graph .edge{stroke:#cbd0db;fill:none}.graph .head{fill:#cbd0db}
        .graph .count{fill:#0f1115;stroke:#cbd0db}.graph .node{fill:#1e2128}.graph text{fill:#e6e8ee}
        .strip,.animation{max-width:100%;height:auto}.events td{font-family:monospace;font-size:12px}
        .plans td,.plans th{vertical-align:middle}.thumbs{display:flex;flex-wrap:wrap;gap:6px}.thumbs img{width:150px;height:auto;display:block;border:2px solid;border-radius:4px}.thumbs figure{margin:0}.thumbs figcaption{font-size:11px;color:#8a90a0}
        .sr{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
        :root{--gap:#0f1115}.bar div{position:relative;container-type:inline-size}.swatch{position:relative}
        .bar div::after,.swatch::after{content:"";position:absolute}.bar div::after{left:0;right:0;top:-22px;height:22px}.swatch::after{inset:-5px}
        .bar .lbl{display:none;position:absolute;top:-18px;left:3px;max-width:calc(100% - 6px);box-sizing:border-box;font-size:11px;line-height:14px;padding:0 3px;border-radius:2px;background:var(--gap);color:#e6e8ee;white-space:nowrap;overflow:hidden;z-index:1}
        a.fl{display:inline-block;min-width:24px;min-height:24px;line-height:24px;text-align:center}
        @media (forced-colors:active){.bar,.swatch{forced-color-adjust:none}.bar{background:Canvas;outline:1px solid CanvasText}
        .bar div,.swatch{--gap:Canvas;color:CanvasText!important;border-color:CanvasText}.bar div+div{border-left:3px solid Canvas}.bar .lbl{background:Canvas;color:CanvasText;outline:1px solid CanvasText}}
        """ + segmentLabelWidths

    /// The longest segment label (characters) the timeline shows; a longer name is left to the
    /// legend and the segment's list entry.
    static let longestSegmentLabel = 32

    /// Container queries that show a segment's label (`.lbl.wN`, N its characters) only when the
    /// segment is wide enough to hold it whole: 7 px a character at 11 px, plus its padding and
    /// margins.
    static let segmentLabelWidths = (1...longestSegmentLabel).map { "\n@container (min-width:\(7 * $0 + 14)px){.bar .w\($0){display:block}}" }.joined()

    /// One timeline segment `width` (a CSS percentage, ``percent(_:of:)``) of its bar, drawn in
    /// `color` (a CSS colour) with its pattern (``PagePalette/css``) and, when the segment is wide
    /// enough, its `name` on it; a screen reader reads `words` as a list item, and `title` shows
    /// on hover.
    static func segment(name: String, words: String, width: String, color: String, title: String) -> String {
        let label = name.count <= longestSegmentLabel ? "<span class=\"lbl w\(name.count)\" aria-hidden=\"true\">\(escape(name))</span>" : ""
        return "<div role=\"listitem\" style=\"width:\(width)%;color:\(color)\" title=\"\(title)\">\(label)<span class=\"sr\">\(words)</span></div>"
    }

    /// The print style of every page: the light theme's colours (paper is white), no margin of
    /// its own, the navigation and the animation left out, tables unfolded, no frame card,
    /// thumbnail or table row split across two pages, and the timeline's patterns left out (at
    /// print resolutions their stripes blend into the phase colours; the labels on the segments
    /// still name the phases).
    static let printStyle = "\n@media print{" + lightStyle + """
        body{margin:0}nav,.animation{display:none}.wide{overflow:visible}.bar{outline:1px solid #4b5563}
        .frame,.thumbs figure,tr,.verdict,.graph{break-inside:avoid}h2{break-after:avoid}.bar div::after,.swatch::after{display:none}}
        """
}
