import FilmstripCore
import Foundation

/// The state graph of a run, drawn by the tool as inline SVG for the contact sheet: the phases
/// entered as nodes on a circle (in the bench's order, outlined in the phase's colour), each
/// observed transition as an arrow bent to its right (so A→B and B→A stay apart) labelled with
/// its count. The arrows, counts, node grounds and labels take their colours from the page's
/// style sheet (classes `edge`, `head`, `count`, `node`), so the graph follows the page's theme;
/// the same transitions are a table on the page (``table(transitions:)``) that the graph names
/// with `aria-describedby`.
package enum StateGraph {
    /// The id of the table of transitions the graph is described by.
    static let tableID = "transitions"

    /// The SVG element; an empty string when the run has no transition.
    /// Coordinates are rounded to whole pixels, so the same run gives the same text. The SVG is
    /// `width` × `height` pixels and scales down to a narrower screen (`viewBox`).
    /// - Parameters:
    ///   - phaseColor: a phase's CSS colour (`#f5b841` or `var(--k0)`), from its bench's ``PhaseStyle``.
    ///   - describedBy: the id of the element that lists the transitions in words; nil: none.
    package static func svg(transitions: [PhaseTransition], phaseOrder: [String], phaseColor: (String) -> String, width: Int = 640, height: Int = 360, describedBy: String? = nil) -> String {
        guard !transitions.isEmpty else { return "" }
        let used = Set(transitions.flatMap { [$0.from, $0.to] })
        let nodes = phaseOrder.filter(used.contains) + used.subtracting(phaseOrder).sorted()
        let centerX = Double(width) / 2
        let centerY = Double(height) / 2
        let radius = min(centerX, centerY) - 50
        var position: [String: (x: Double, y: Double)] = [:]
        for (index, node) in nodes.enumerated() {
            let angle = -Double.pi / 2 + 2 * Double.pi * Double(index) / Double(nodes.count)
            position[node] = (centerX + radius * cos(angle), centerY + radius * sin(angle))
        }
        func n(_ value: Double) -> String { String(Int(value.rounded())) }
        let described = describedBy.map { " aria-describedby=\"\($0)\"" } ?? ""
        var svg = "<svg class=\"graph\" xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" role=\"img\" aria-label=\"state graph of the observed phase transitions\"\(described)>"
        svg += "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\"><path class=\"head\" d=\"M0,0 L10,5 L0,10 z\"/></marker></defs>"
        for transition in transitions {
            guard let a = position[transition.from], let b = position[transition.to] else { continue }
            let dx = b.x - a.x
            let dy = b.y - a.y
            let length = max(1, (dx * dx + dy * dy).squareRoot())
            // Start and end outside the node boxes; bend to the right of the direction of travel.
            let trim = 46.0
            let start = (x: a.x + dx / length * trim, y: a.y + dy / length * trim * 0.55)
            let end = (x: b.x - dx / length * trim, y: b.y - dy / length * trim * 0.55)
            let bend = 0.18 * length
            let control = (x: (a.x + b.x) / 2 - dy / length * bend, y: (a.y + b.y) / 2 + dx / length * bend)
            let label = (x: 0.25 * start.x + 0.5 * control.x + 0.25 * end.x, y: 0.25 * start.y + 0.5 * control.y + 0.25 * end.y)
            svg += "<path class=\"edge\" d=\"M\(n(start.x)),\(n(start.y)) Q\(n(control.x)),\(n(control.y)) \(n(end.x)),\(n(end.y))\" stroke-width=\"1.5\" marker-end=\"url(#arrow)\"><title>\(HTML.escape(transition.from)) → \(HTML.escape(transition.to)): \(transition.count)</title></path>"
            svg += "<circle class=\"count\" cx=\"\(n(label.x))\" cy=\"\(n(label.y))\" r=\"10\"/>"
            svg += "<text x=\"\(n(label.x))\" y=\"\(n(label.y + 4))\" text-anchor=\"middle\" font-size=\"11\">\(transition.count)</text>"
        }
        for node in nodes {
            guard let p = position[node] else { continue }
            let color = phaseColor(node)
            svg += "<rect class=\"node\" x=\"\(n(p.x - 46))\" y=\"\(n(p.y - 14))\" width=\"92\" height=\"28\" rx=\"6\" style=\"stroke:\(color)\" stroke-width=\"2\"/>"
            svg += "<text x=\"\(n(p.x))\" y=\"\(n(p.y + 4))\" text-anchor=\"middle\" font-size=\"12\">\(HTML.escape(node))</text>"
        }
        return svg + "</svg>"
    }

    /// The transitions in words, as the table the graph is described by (id ``tableID``): one
    /// row per observed transition, from, to and how many times, in the order of `transitions`.
    static func table(transitions: [PhaseTransition]) -> String {
        let table = HTMLTable(columns: [.text("from"), .text("to"), .number("times")])
        var html = table.open(caption: "The state graph's arrows: each observed phase transition and how many times it happened", name: "state graph transitions", id: tableID)
        for transition in transitions {
            html += table.row([HTML.escape(transition.from), HTML.escape(transition.to), "\(transition.count)"])
        }
        return html + HTMLTable.close
    }
}
