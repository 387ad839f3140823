import FilmstripCore

/// HTML text escaping for the generated pages.
enum HTML {
    /// `text` with `&`, `<`, `>`, `"` and `'` escaped, safe in element content and quoted attributes.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }

    /// A percentage for CSS widths with three decimals, from integers: `part / whole`.
    static func percent(_ part: Int, of whole: Int) -> String {
        guard whole > 0 else { return "0" }
        let thousandths = part * 100_000 / whole
        let fraction = String(thousandths % 1000)
        return "\(thousandths / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }

    /// The style sheet of a page drawn in `theme`: ``style`` for dark, with ``lightStyle`` after
    /// it for light.
    static func style(_ theme: Theme) -> String {
        theme == .dark ? style : style + lightStyle
    }

    /// The shared style sheet of the contact sheet and the index page.
    static let style = """
        body{font:14px/1.45 -apple-system,system-ui,'DejaVu Sans',sans-serif;margin:24px;background:#0f1115;color:#e6e8ee}
        a{color:#7dd3fc}h1{font-size:22px;margin:0 0 4px}h2{font-size:16px;margin:28px 0 8px;color:#cbd0db}
        .facts{color:#8a90a0;margin:0 0 12px}.verdict{padding:10px 14px;border-radius:6px;margin:12px 0;font-weight:600}
        .pass{background:#12352a;border:1px solid #3ddc97}.fail{background:#3a1518;border:1px solid #f0555a}
        .verdict ul{margin:6px 0 0;font-weight:400}.lint{background:#3a2f12;border:1px solid #f5b841;padding:8px 14px;border-radius:6px}
        table{border-collapse:collapse}td,th{padding:3px 10px;border-bottom:1px solid #2a2e38;text-align:left;vertical-align:top}
        .n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}th[scope=col]{color:#8a90a0;font-weight:500}th[scope=row]{font-weight:400}
        caption{caption-side:top;text-align:left;color:#8a90a0;font-size:12px;padding:0 0 4px}
        .swatch{display:inline-block;width:10px;height:10px;border-radius:2px;margin-right:6px;vertical-align:baseline}
        .bar{display:flex;height:22px;border-radius:4px;overflow:hidden;background:#1e2128;margin:4px 0}
        .bar div{height:100%;min-width:0}.barlabel{color:#8a90a0;font-size:12px;margin-top:10px}
        .ticks{position:relative;height:10px;margin-bottom:4px}.ticks span{position:absolute;top:0;width:1px;height:8px;background:#8a90a0}
        .scale{display:flex;justify-content:space-between;color:#8a90a0;font-size:12px}
        .frames{display:flex;flex-wrap:wrap;gap:10px}.frame{margin:0;padding:4px;border:3px solid;border-radius:6px;background:#1e2128;width:228px}
        .frame img{width:100%;display:block}.frame figcaption{font-size:12px;margin-top:4px}
        .frame .dep{color:#8a90a0}.frame .broken{color:#ff6b6b;font-weight:600}.graph{background:#14161b;border-radius:6px}.dropped{border-style:dashed;color:#8a90a0}
        .strip{max-width:100%}.events td{font-family:monospace;font-size:12px}
        .plans td,.plans th{vertical-align:middle}.thumbs{display:flex;gap:6px}.thumbs img{width:150px;display:block;border:2px solid;border-radius:4px}.thumbs figure{margin:0}.thumbs figcaption{font-size:11px;color:#8a90a0}
        """
}
