import FilmstripCore
import FilmstripRaster

/// The phase and depiction colours of one generated page, as CSS custom properties: each
/// distinct colour the page draws (timeline segments, legend swatches, frame borders, the state
/// graph's nodes, the index's thumbnails) is `var(--k0)`, `var(--k1)`, … in the order given, and
/// the page's style sheet (``css``) says what each one is on screen and in print.
///
/// On screen a colour is the bench's colour in the page's theme (``FilmstripCore/Theme/color(for:)``:
/// in the light theme darkened to 4.5:1 against white, the colour the light frames draw), then
/// moved towards the theme's text colour until it has a contrast of at least 3:1 (WCAG 1.4.11,
/// non-text contrast) with every background it is drawn on (``backgrounds(_:)``). In print, on
/// white paper, every page uses the light value, whatever its theme.
///
/// ```css
/// :root{--k0:#f5b841;--k1:#3ddc97}@media print{:root{--k0:#8a6720;--k1:#1e6d4b}}
/// ```
struct PagePalette {
    /// The smallest contrast WCAG 2.x asks of a graphical object against its neighbours (SC 1.4.11).
    static let minimumNonTextContrast = 3.0

    /// The page's theme on screen.
    let theme: Theme
    /// The distinct colours, in the order first given.
    private(set) var colors: [Color] = []
    private var positions: [Color: Int] = [:]

    /// A palette of `colors` (repeats are dropped) for a page in `theme`.
    init(theme: Theme, colors: [Color]) {
        self.theme = theme
        for color in colors where positions[color] == nil {
            positions[color] = self.colors.count
            self.colors.append(color)
        }
    }

    /// The palette of a page about one bench: its phases, then its depictions, then the grey of a
    /// name it does not list and of a dropped frame.
    init(theme: Theme, bench: BenchDefinition) {
        self.init(theme: theme, colors: bench.phaseNames.map { bench.style(ofPhase: $0).color } + bench.depictions.map(\.color) + Self.greys)
    }

    /// The grey of a phase or depiction a bench does not list (``PhaseStyle/unknown``) and the
    /// border of a dropped frame.
    static let greys = [PhaseStyle.unknown.color, Color(hex: 0x6B7280)]

    /// `var(--kN)` for `color`; a colour the palette was not given is written as its screen value.
    func reference(_ color: Color) -> String {
        positions[color].map { "var(--k\($0))" } ?? Self.shown(color, theme: theme).hexString
    }

    /// The custom properties: screen values, then the print values; then each colour's pattern
    /// (``pattern(_:)``), drawn over every timeline segment and swatch in that colour.
    var css: String {
        func block(_ theme: Theme) -> String {
            ":root{" + colors.enumerated().map { "--k\($0.offset):\(Self.shown($0.element, theme: theme).hexString)" }.joined(separator: ";") + "}"
        }
        var css = block(theme) + "@media print{" + block(.light) + "}"
        for (offset, pattern) in patternIndices.enumerated() where pattern > 0 {
            let styled = "[style*=\"var(--k\(offset))\"]"
            css += "\n.bar \(styled)::after,.swatch\(styled)::after{background:\(Self.patterns[pattern])}"
        }
        return css
    }

    /// The patterns drawn over a colour, so that phases differ without hue: in greyscale, in
    /// forced colours (where every colour becomes the system's text colour) and to a reader who
    /// does not tell the hues apart. Stripes, bars and dots in the page's ground (`--gap`, which
    /// has at least ``minimumNonTextContrast`` with every colour ``shown(_:theme:)`` gives);
    /// the first is none (solid).
    static let patterns = [
        "none",
        "repeating-linear-gradient(45deg,var(--gap) 0 2px,transparent 2px 7px)",
        "repeating-linear-gradient(90deg,var(--gap) 0 2px,transparent 2px 6px)",
        "repeating-linear-gradient(0deg,var(--gap) 0 2px,transparent 2px 6px)",
        "radial-gradient(var(--gap) 1.5px,transparent 2px) 0 0/6px 6px",
        "repeating-linear-gradient(-45deg,var(--gap) 0 2px,transparent 2px 7px)",
        "repeating-linear-gradient(45deg,var(--gap) 0 1px,transparent 1px 5px),repeating-linear-gradient(-45deg,var(--gap) 0 1px,transparent 1px 5px)",
        "repeating-linear-gradient(0deg,var(--gap) 0 1px,transparent 1px 5px),repeating-linear-gradient(90deg,var(--gap) 0 1px,transparent 1px 5px)",
        "repeating-linear-gradient(45deg,var(--gap) 0 4px,transparent 4px 12px)",
        "repeating-linear-gradient(90deg,var(--gap) 0 1px,transparent 1px 4px)",
        "repeating-linear-gradient(0deg,var(--gap) 0 1px,transparent 1px 4px)",
        "radial-gradient(var(--gap) 2.5px,transparent 3px) 0 0/10px 10px",
        "repeating-linear-gradient(-45deg,var(--gap) 0 4px,transparent 4px 12px)",
        "conic-gradient(var(--gap) 25%,transparent 0 50%,var(--gap) 0 75%,transparent 0) 0 0/8px 8px",
        "repeating-linear-gradient(90deg,var(--gap) 0 4px,transparent 4px 12px)",
        "repeating-linear-gradient(0deg,var(--gap) 0 4px,transparent 4px 10px)",
    ]

    /// The index in ``patterns`` of `color`'s pattern; 0 (solid) for a colour the palette was not
    /// given. The first colours (a bench's phases come first) each have their own pattern, in
    /// order; each later one has the first pattern that no earlier colour within
    /// ``minimumNonTextContrast`` of it (as ``shown(_:theme:)`` draws both) has, so two colours
    /// that share a pattern differ in lightness by at least 3:1 where the patterns run out.
    func pattern(_ color: Color) -> Int {
        positions[color].map { patternIndices[$0] } ?? 0
    }

    /// ``pattern(_:)`` of each of ``colors``, in order.
    private var patternIndices: [Int] {
        var indices: [Int] = []
        let shown = colors.map { Self.shown($0, theme: theme) }
        for (position, color) in shown.enumerated() {
            guard position >= Self.patterns.count else {
                indices.append(position)
                continue
            }
            let taken = Set(shown.prefix(position).indices.filter { shown[$0].contrastRatio(with: color) < Self.minimumNonTextContrast }.map { indices[$0] })
            indices.append((0..<Self.patterns.count).first { !taken.contains($0) } ?? position % Self.patterns.count)
        }
        return indices
    }

    /// The backgrounds a phase or depiction colour is drawn on in `theme`: the page, the state
    /// graph's and a frame card's ground, and the timeline bar's.
    static func backgrounds(_ theme: Theme) -> [Color] {
        theme == .dark
            ? [Color(hex: 0x0F1115), Color(hex: 0x14161B), Color(hex: 0x1E2128)]
            : [Color(hex: 0xFFFFFF), Color(hex: 0xF3F4F6), Color(hex: 0xE5E7EB)]
    }

    /// `color` as a page in `theme` draws it: ``FilmstripCore/Theme/color(for:)``, then mixed
    /// towards white (dark theme) or black (light theme) in steps of 1/32 until its contrast with
    /// each of ``backgrounds(_:)`` is at least ``minimumNonTextContrast``.
    static func shown(_ color: Color, theme: Theme) -> Color {
        let base = theme.color(for: color)
        let target = theme == .dark ? Color.white : Color.black
        let grounds = backgrounds(theme)
        for step in 0...32 {
            func mix(_ from: UInt8, _ to: UInt8) -> UInt8 { UInt8((Int(from) * (32 - step) + Int(to) * step) / 32) }
            let mixed = Color(red: mix(base.red, target.red), green: mix(base.green, target.green), blue: mix(base.blue, target.blue))
            if grounds.allSatisfy({ mixed.contrastRatio(with: $0) >= minimumNonTextContrast }) { return mixed }
        }
        return target
    }
}
