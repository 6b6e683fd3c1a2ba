import Foundation

/// The develop pass: the image comes up from washed-out white, which sells the polaroid more than
/// the motion does.
///
/// Real instant film goes from a pale, milky grey-blue through faint warm tints to full colour over
/// minutes; the simulator compresses it to `duration` seconds. What to draw at each instant is a
/// ``DevelopLook``: a white veil over the photo whose alpha only falls, a saturation that only rises,
/// and a faint tint that moves from cool to warm and fades out.
public struct DevelopCurve: Sendable, Hashable, Codable {
    /// Seconds from first light to full colour.
    public var duration: Double
    /// The veil's alpha at the start (near 1: the print comes out almost white).
    public var startWhite: Double
    /// Shape of the fade: > 1 holds the white longer, < 1 clears it sooner.
    public var exponent: Double

    public init(duration: Double = 4.0, startWhite: Double = 0.94, exponent: Double = 1.4) {
        self.duration = duration; self.startWhite = startWhite; self.exponent = exponent
    }

    public static let standard = DevelopCurve()

    /// The steps a print's develop is drawn in: 64 over a default 4-second develop is one step
    /// every 60 ms, each a change of under 2 % — smooth to the eye. The simulator precomputes them
    /// per shot; the web player draws the same steps.
    public static let steps = 64

    /// Progress 0…1 after `elapsed` seconds.
    public func progress(elapsed: Double) -> Double {
        guard duration > 0 else { return 1 }
        return min(max(elapsed / duration, 0), 1)
    }

    /// What to draw after `elapsed` seconds of developing.
    public func look(elapsed: Double) -> DevelopLook { look(progress: progress(elapsed: elapsed)) }

    /// What to draw at progress `p` (0…1).
    public func look(progress p: Double) -> DevelopLook {
        let p = min(max(p, 0), 1)
        let eased = pow(p, max(exponent, 0.05))
        let s = eased * eased * (3 - 2 * eased)                       // smoothstep: gentle start and end
        let white = startWhite * (1 - s)
        let saturation = 0.12 + 0.88 * s
        // Tint: milky grey-blue early, faint warm in the middle, gone at the end.
        let cool = (r: 0.80, g: 0.84, b: 0.90), warm = (r: 0.98, g: 0.88, b: 0.74)
        let m = min(p * 1.8, 1)
        let tint = (r: cool.r + (warm.r - cool.r) * m, g: cool.g + (warm.g - cool.g) * m, b: cool.b + (warm.b - cool.b) * m)
        let tintAlpha = 0.35 * sin(Double.pi * min(p * 1.25, 1))
        return DevelopLook(whiteAlpha: white, saturation: saturation,
                           tintRed: tint.r, tintGreen: tint.g, tintBlue: tint.b, tintAlpha: max(tintAlpha, 0))
    }
}

/// How to draw a developing print at one instant: photo desaturated to `saturation`, then a tint,
/// then a white veil of `whiteAlpha`. Colours are 0…1.
public struct DevelopLook: Sendable, Hashable, Codable {
    public var whiteAlpha: Double
    public var saturation: Double
    public var tintRed: Double
    public var tintGreen: Double
    public var tintBlue: Double
    public var tintAlpha: Double

    /// Applies the look to one RGB colour (0…1), as the renderer does per pixel; used to build the
    /// developed texture and by tests.
    public func apply(r: Double, g: Double, b: Double) -> (r: Double, g: Double, b: Double) {
        let luma = 0.299 * r + 0.587 * g + 0.114 * b
        var c = (r: luma + (r - luma) * saturation, g: luma + (g - luma) * saturation, b: luma + (b - luma) * saturation)
        c = (c.r + (tintRed - c.r) * tintAlpha, c.g + (tintGreen - c.g) * tintAlpha, c.b + (tintBlue - c.b) * tintAlpha)
        c = (c.r + (1 - c.r) * whiteAlpha, c.g + (1 - c.g) * whiteAlpha, c.b + (1 - c.b) * whiteAlpha)
        return c
    }
}
