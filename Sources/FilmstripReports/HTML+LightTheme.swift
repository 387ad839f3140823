extension HTML {
    /// The light theme's overrides of ``style`` (contact sheets of plans drawn in ``FilmstripCore/Theme/light``):
    /// a white page, near-black text, grey secondary text, light panels and bars, and the state
    /// graph's arrows in the secondary text colour on its light ground. Every text colour here has a contrast of at least 4.5:1 with the background it sits on (WCAG 2.x AA;
    /// a test computes each pair).
    static let lightStyle = """
        body{background:#ffffff;color:#111827}a{color:#1d4ed8}h2{color:#1f2937}
        .facts,th[scope=col],caption,summary,.barlabel,.scale,.frame .dep,.thumbs figcaption{color:#4b5563}
        td,th{border-bottom-color:#e5e7eb}.bar div+div{border-left-color:#ffffff}.pass{background:#ecfdf5;border-color:#047857}.fail{background:#fef2f2;border-color:#b91c1c}
        .lint{background:#fffbeb;border-color:#b45309}.bar{background:#e5e7eb}.ticks span{border-left-color:#4b5563}
        .frame{background:#f3f4f6}.frame .broken{color:#b91c1c}.graph{background:#f3f4f6}.graph .edge,.graph .count{stroke:#4b5563}.graph .head{fill:#4b5563}.graph .count,.graph .node{fill:#ffffff}.graph text{fill:#111827}.dropped{color:#4b5563}
        :root{--gap:#ffffff}.bar .lbl{color:#111827}
        """
}
