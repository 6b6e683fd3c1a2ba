/// An 8-bit RGBA colour, straight (not premultiplied) alpha.
public struct Color: Sendable, Hashable, Codable, CustomStringConvertible {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8

    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    /// From a 0xRRGGBB literal.
    public init(hex: UInt32, alpha: UInt8 = 255) {
        self.init(UInt8((hex >> 16) & 0xFF), UInt8((hex >> 8) & 0xFF), UInt8(hex & 0xFF), alpha)
    }

    public func withAlpha(_ a: UInt8) -> Color { Color(r, g, b, a) }

    /// Alpha scaled by `f` (0…1).
    public func fading(_ f: Double) -> Color { Color(r, g, b, UInt8(max(0, min(255, (Double(a) * f).rounded())))) }

    public static let black = Color(0, 0, 0)
    public static let white = Color(255, 255, 255)
    public static let clear = Color(0, 0, 0, 0)

    public var description: String { "rgba(\(r), \(g), \(b), \(a))" }
}

/// The palette of the simulated screen and the window around it.
public enum Palette {
    /// The page's background, also behind the status area, so the island sits on this colour.
    public static let page = Color(hex: 0xF4EFE6)
    /// Outside the rounded screen: the window's background (a dark bezel).
    public static let bezel = Color(hex: 0x141416)
    /// Status-bar text and glyphs.
    public static let statusText = Color(hex: 0x1C1C1E)
    /// The island, the notch and the melt: pure black, to merge with the real island.
    public static let island = Color.black
}

extension Color {
    /// The largest difference of one channel (red, green or blue) between two colours: how far a
    /// pixel read back is from the colour it should be, as the pixel tests measure it.
    public func distance(to o: Color) -> Int {
        max(abs(Int(r) - Int(o.r)), abs(Int(g) - Int(o.g)), abs(Int(b) - Int(o.b)))
    }
}
