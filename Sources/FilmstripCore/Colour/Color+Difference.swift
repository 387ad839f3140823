import Foundation
import FilmstripRaster

extension Color {
    /// The colour in CIE L*a*b* (D65 white point): `l` 0 (black) ... 100 (white), `a` green (−)
    /// to red (+), `b` blue (−) to yellow (+). Alpha is ignored.
    ///
    /// The sRGB channels are linearised (IEC 61966-2-1), turned into CIE XYZ with the sRGB
    /// matrix, and into L*a*b* with the CIE 1976 formulas (ε = 216 ÷ 24389, κ = 24389 ÷ 27) against
    /// the D65 reference white (0.95047, 1, 1.08883).
    package var lab: (l: Double, a: Double, b: Double) {
        func linear(_ value: UInt8) -> Double {
            let c = Double(value) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        let (r, g, b) = (linear(red), linear(green), linear(blue))
        let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
        let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
        let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883
        func f(_ t: Double) -> Double {
            t > 216.0 / 24389.0 ? cbrt(t) : (24389.0 / 27.0 * t + 16) / 116
        }
        let (fx, fy, fz) = (f(x), f(y), f(z))
        return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }

    /// The CIEDE2000 colour difference ΔE₀₀ between this colour and `other` (kL = kC = kH = 1),
    /// from their ``lab`` values: 0 for the same colour; about 1 is the smallest difference a
    /// person notices side by side; two swatches that must be told apart at a glance, in a thin
    /// bar, want ``minimumDistinctDifference`` or more.
    ///
    /// Source: CIE 142-2001 / ISO/CIE 11664-6, as written out by G. Sharma, W. Wu and E. N.
    /// Dalal, "The CIEDE2000 Color-Difference Formula: Implementation Notes, Supplementary Test
    /// Data, and Mathematical Observations", Color Research and Application 30(1), 2005 (its
    /// test pairs are in this module's tests).
    ///
    /// ```swift
    /// Color(hex: 0xB91C1C).difference(from: Color(hex: 0xF0555A))   // ≈ 18.7
    /// ```
    package func difference(from other: Color) -> Double {
        Self.ciede2000(lab, other.lab)
    }

    /// 10: the smallest CIEDE2000 difference (``difference(from:)``) at which two colours of one
    /// contact-sheet bar or legend count as distinguishable. ΔE₀₀ ≈ 1 is a just-noticeable
    /// difference side by side and 2–3 is perceptible at a glance; 10 leaves room for the small
    /// swatches (10 × 10 pixels) and thin bars the colours are shown in, for displays that are not
    /// calibrated, and for mild colour-vision deficiency.
    public static let minimumDistinctDifference = 10.0

    /// CIEDE2000 between two L*a*b* colours (Sharma, Wu and Dalal 2005, equations 1–17).
    static func ciede2000(_ first: (l: Double, a: Double, b: Double), _ second: (l: Double, a: Double, b: Double)) -> Double {
        let degrees = 180 / Double.pi
        let c1 = (first.a * first.a + first.b * first.b).squareRoot()
        let c2 = (second.a * second.a + second.b * second.b).squareRoot()
        let meanC = (c1 + c2) / 2
        let meanC7 = pow(meanC, 7)
        let g = 0.5 * (1 - (meanC7 / (meanC7 + pow(25, 7))).squareRoot())
        let a1 = (1 + g) * first.a
        let a2 = (1 + g) * second.a
        let cp1 = (a1 * a1 + first.b * first.b).squareRoot()
        let cp2 = (a2 * a2 + second.b * second.b).squareRoot()
        func hue(_ b: Double, _ a: Double) -> Double {
            if a == 0 && b == 0 { return 0 }
            let h = atan2(b, a) * degrees
            return h < 0 ? h + 360 : h
        }
        let hp1 = hue(first.b, a1)
        let hp2 = hue(second.b, a2)
        let deltaL = second.l - first.l
        let deltaC = cp2 - cp1
        var deltah = 0.0
        if cp1 * cp2 != 0 {
            deltah = hp2 - hp1
            if deltah > 180 { deltah -= 360 } else if deltah < -180 { deltah += 360 }
        }
        let deltaH = 2 * (cp1 * cp2).squareRoot() * sin(deltah / 2 / degrees)
        let meanL = (first.l + second.l) / 2
        let meanCp = (cp1 + cp2) / 2
        var meanH = hp1 + hp2
        if cp1 * cp2 != 0 {
            if abs(hp1 - hp2) <= 180 { meanH = (hp1 + hp2) / 2 } else if hp1 + hp2 < 360 { meanH = (hp1 + hp2 + 360) / 2 } else { meanH = (hp1 + hp2 - 360) / 2 }
        }
        let t = 1 - 0.17 * cos((meanH - 30) / degrees) + 0.24 * cos(2 * meanH / degrees)
            + 0.32 * cos((3 * meanH + 6) / degrees) - 0.20 * cos((4 * meanH - 63) / degrees)
        let deltaTheta = 30 * exp(-pow((meanH - 275) / 25, 2))
        let meanCp7 = pow(meanCp, 7)
        let rc = 2 * (meanCp7 / (meanCp7 + pow(25, 7))).squareRoot()
        let lMinus50Squared = (meanL - 50) * (meanL - 50)
        let sl = 1 + 0.015 * lMinus50Squared / (20 + lMinus50Squared).squareRoot()
        let sc = 1 + 0.045 * meanCp
        let sh = 1 + 0.015 * meanCp * t
        let rt = -sin(2 * deltaTheta / degrees) * rc
        let terms = (deltaL / sl, deltaC / sc, deltaH / sh)
        return (terms.0 * terms.0 + terms.1 * terms.1 + terms.2 * terms.2 + rt * terms.1 * terms.2).squareRoot()
    }
}
