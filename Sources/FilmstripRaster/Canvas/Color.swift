/// An 8-bit-per-channel colour, straight (not premultiplied) alpha.
///
/// Stored in a ``Canvas`` as four consecutive bytes in the order R, G, B, A.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// Red, 0...255.
    package var red: UInt8
    /// Green, 0...255.
    package var green: UInt8
    /// Blue, 0...255.
    package var blue: UInt8
    /// Alpha, 0 (transparent) ... 255 (opaque).
    package var alpha: UInt8

    /// A colour from its four channels.
    package init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// An opaque colour from a 24-bit `0xRRGGBB` value, e.g. `Color(hex: 0xF43F5E)`.
    public init(hex: UInt32) {
        self.init(
            red: UInt8((hex >> 16) & 0xFF),
            green: UInt8((hex >> 8) & 0xFF),
            blue: UInt8(hex & 0xFF)
        )
    }

    /// `#rrggbb` for an opaque colour, `#rrggbbaa` otherwise (lowercase hex), as CSS reads it.
    package var hexString: String {
        func byte(_ value: UInt8) -> String {
            let digits = Array("0123456789abcdef")
            return String([digits[Int(value >> 4)], digits[Int(value & 0xF)]])
        }
        let rgb = "#" + byte(red) + byte(green) + byte(blue)
        return alpha == 255 ? rgb : rgb + byte(alpha)
    }

    /// The colour as ``hexString``: `#rrggbb`, or `#rrggbbaa` when not opaque.
    public var description: String { hexString }

    /// Opaque black.
    package static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white.
    package static let white = Color(red: 255, green: 255, blue: 255)
    /// Fully transparent black.
    package static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
}
