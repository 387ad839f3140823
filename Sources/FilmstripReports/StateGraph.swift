import FilmstripCore
import Foundation

/// The state graph of a run, drawn by the tool as inline SVG for the contact sheet: the phases
/// entered as nodes on a circle (in the bench's order, coloured by phase), each observed
/// transition as an arrow bent to its right (so A→B and B→A stay apart) labelled with its count.
public enum StateGraph {
    /// The SVG element; an empty string when the run has no transition.
    /// Coordinates are rounded to whole pixels, so the same run gives the same text.
    /// - Parameter phaseColor: a phase's CSS colour (`#f5b841`), from its bench's ``PhaseStyle``.
    public static func svg(transitions: [PhaseTransition], phaseOrder: [String], phaseColor: (String) -> String, width: Int = 640, height: Int = 360) -> String {
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
        var svg = "<svg class=\"graph\" xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" role=\"img\" aria-label=\"observed phase transitions\">"
        svg += "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#cbd0db\"/></marker></defs>"
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
            svg += "<path d=\"M\(n(start.x)),\(n(start.y)) Q\(n(control.x)),\(n(control.y)) \(n(end.x)),\(n(end.y))\" fill=\"none\" stroke=\"#cbd0db\" stroke-width=\"1.5\" marker-end=\"url(#arrow)\"><title>\(HTML.escape(transition.from)) → \(HTML.escape(transition.to)): \(transition.count)</title></path>"
            svg += "<circle cx=\"\(n(label.x))\" cy=\"\(n(label.y))\" r=\"10\" fill=\"#0f1115\" stroke=\"#cbd0db\"/>"
            svg += "<text x=\"\(n(label.x))\" y=\"\(n(label.y + 4))\" text-anchor=\"middle\" font-size=\"11\" fill=\"#e6e8ee\">\(transition.count)</text>"
        }
        for node in nodes {
            guard let p = position[node] else { continue }
            let color = phaseColor(node)
            svg += "<rect x=\"\(n(p.x - 46))\" y=\"\(n(p.y - 14))\" width=\"92\" height=\"28\" rx=\"6\" fill=\"#1e2128\" stroke=\"\(color)\" stroke-width=\"2\"/>"
            svg += "<text x=\"\(n(p.x))\" y=\"\(n(p.y + 4))\" text-anchor=\"middle\" font-size=\"12\" fill=\"#e6e8ee\">\(HTML.escape(node))</text>"
        }
        return svg + "</svg>"
    }
}
