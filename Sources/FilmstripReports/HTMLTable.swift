/// The tables of the generated pages, written one way: a `<caption>`, column headers
/// `<th scope="col">`, each row's first cell a row header `<th scope="row">`, and every numeric
/// column right-aligned with its header aligned the same way (class `n`), text columns left.
/// Each table sits in a `.wide` box that scrolls sideways when the screen is narrower than the
/// table (a phone at 375 px), reachable with the keyboard (`tabindex="0"`) and named as a region.
struct HTMLTable {
    /// A column: its header text and whether it holds numbers.
    struct Column {
        /// The header, as plain text (escaped when written).
        var title: String
        /// Right-aligned (numbers, times, percentages) rather than left-aligned.
        var numeric: Bool

        /// A left-aligned text column.
        static func text(_ title: String) -> Column { Column(title: title, numeric: false) }
        /// A right-aligned numeric column.
        static func number(_ title: String) -> Column { Column(title: title, numeric: true) }
    }

    /// The columns, left to right; the first holds each row's header.
    let columns: [Column]

    /// `<table>` with `caption` (plain text, escaped) and the header row, in its scrolling box
    /// named `name` (plain text, unique on the page: a landmark; nil: the caption). `classes` (e.g. `events`) is added to the table's
    /// class attribute; `id` gives the table an id (for `aria-describedby`).
    func open(caption: String, name: String? = nil, classes: String? = nil, id: String? = nil) -> String {
        var html = "<div class=\"wide\" tabindex=\"0\" role=\"region\" aria-label=\"\(HTML.escape(name ?? caption))\">"
        html += "<table\(id.map { " id=\"\($0)\"" } ?? "")\(classes.map { " class=\"\($0)\"" } ?? "")><caption>\(HTML.escape(caption))</caption>\n<thead><tr>"
        for column in columns {
            html += "<th scope=\"col\"\(column.numeric ? " class=\"n\"" : "")>\(HTML.escape(column.title))</th>"
        }
        return html + "</tr></thead>\n<tbody>\n"
    }

    /// One row from `cells`, already HTML (one per column; missing ones are left empty): the
    /// first is the row's header cell. `attributes` adds raw attribute text to a cell by its
    /// column (`[1: "title=\"…\""]`), already escaped.
    func row(_ cells: [String], attributes: [Int: String] = [:]) -> String {
        var html = "<tr>"
        for (index, column) in columns.enumerated() {
            let cell = index < cells.count ? cells[index] : ""
            let tag = index == 0 ? "th scope=\"row\"" : "td"
            let extra = attributes[index].map { " " + $0 } ?? ""
            html += "<\(tag)\(column.numeric ? " class=\"n\"" : "")\(extra)>\(cell)</\(index == 0 ? "th" : "td")>"
        }
        return html + "</tr>\n"
    }

    /// `</tbody></table>`, the end of its box, and a newline.
    static let close = "</tbody></table></div>\n"
}
