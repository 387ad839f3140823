import Foundation
import FilmstripRaster

extension Color {
    /// The colour's relative luminance, 0 (black) ... 1 (white), as WCAG 2.x defines it: each
    /// sRGB channel c = value ÷ 255 is linearised (c ≤ 0.04045: c ÷ 12.92, otherwise
    /// ((c + 0.055) ÷ 1.055)^2.4) and L = 0.2126 R + 0.7152 G + 0.0722 B. Alpha is ignored: the
    /// colour is taken as opaque.
    ///
    /// Source: W3C, Web Content Accessibility Guidelines 2.2, definition of "relative
    /// luminance" (the 0.04045 threshold of IEC 61966-2-1, which WCAG 2.2 uses; WCAG 2.0 printed
    /// 0.03928, which gives the same result for every 8-bit value).
    package var relativeLuminance: Double {
        func linear(_ value: UInt8) -> Double {
            let c = Double(value) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// The contrast ratio between this colour and `other`, 1 (same luminance) ... 21 (black and
    /// white): (L1 + 0.05) ÷ (L2 + 0.05) with L1 the lighter colour's ``relativeLuminance``.
    /// The order of the two colours does not matter.
    ///
    /// WCAG 2.x success criterion 1.4.3 (Contrast, Minimum, level AA) asks for at least 4.5:1
    /// between text and its background (``minimumTextContrast``).
    ///
    /// Source: W3C, Web Content Accessibility Guidelines 2.2, definition of "contrast ratio".
    ///
    /// ```swift
    /// Color.black.contrastRatio(with: .white)   // 21.0
    /// ```
    public func contrastRatio(with other: Color) -> Double {
        let (a, b) = (relativeLuminance, other.relativeLuminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// 4.5: the smallest contrast ratio WCAG 2.x level AA allows between text and its background
    /// (success criterion 1.4.3, Contrast (Minimum), for text under 18 point: every frame's text
    /// is a 13-pixel bitmap font).
    public static let minimumTextContrast = 4.5
}
