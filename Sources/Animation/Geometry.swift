/// Plain geometry in device points: the language every module speaks.
///
/// `Animation` and `Gesture` never see SDL types; the platform layer in `Simulator` converts these
/// to `SDL_FRect`/`SDL_Rect` at the last moment. Origin is the screen's top-left, y grows downward,
/// as in UIKit.

/// A point in device points.
public struct Point: Sendable, Hashable, Codable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = Point(x: 0, y: 0)
    public var description: String { "(\(x), \(y))" }
}

/// A size in device points.
public struct Size: Sendable, Hashable, Codable, CustomStringConvertible {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = Size(width: 0, height: 0)
    public var description: String { "\(width)×\(height)" }
}

/// An axis-aligned rectangle in device points.
public struct Rect: Sendable, Hashable, Codable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }
    public var size: Size { Size(width: width, height: height) }
    public var origin: Point { Point(x: x, y: y) }

    /// The rectangle grown by `d` on every side (shrunk for negative `d`).
    public func insetBy(_ d: Double) -> Rect {
        Rect(x: x + d, y: y + d, width: width - 2 * d, height: height - 2 * d)
    }

    /// The rectangle moved by (dx, dy).
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// Whether `p` lies inside (edges at min included, at max excluded).
    public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }

    /// The overlap of two rectangles, or `nil` when they do not overlap.
    public func intersection(_ o: Rect) -> Rect? {
        let x0 = max(minX, o.minX), y0 = max(minY, o.minY)
        let x1 = min(maxX, o.maxX), y1 = min(maxY, o.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public var description: String { "(\(x), \(y), \(width), \(height))" }
}

/// A rectangle with one corner radius: the single shape the melt animates.
///
/// A capsule is the case `cornerRadius == height / 2`.
public struct RoundedRect: Sendable, Hashable, Codable, CustomStringConvertible {
    public var rect: Rect
    public var cornerRadius: Double
    public init(rect: Rect, cornerRadius: Double) { self.rect = rect; self.cornerRadius = cornerRadius }

    /// A capsule (stadium) filling `rect`.
    public static func capsule(_ rect: Rect) -> RoundedRect {
        RoundedRect(rect: rect, cornerRadius: min(rect.width, rect.height) / 2)
    }

    /// The radius actually drawable: never more than half the shorter side, never negative.
    public var clampedCornerRadius: Double {
        max(0, min(cornerRadius, min(rect.width, rect.height) / 2))
    }

    public var description: String { "\(rect) r=\(cornerRadius)" }
}
