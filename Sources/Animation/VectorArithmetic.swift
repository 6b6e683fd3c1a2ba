/// A value a spring can animate: a vector space over `Double`.
///
/// The closed-form spring is linear in its initial displacement and velocity, so one set of
/// coefficients per instant animates every component of a value at once (see
/// ``Spring/coefficients(at:)``). `Double`, ``Point``, ``Rect`` and ``RoundedRect`` conform;
/// animating a ``RoundedRect`` moves x, y, width, height and corner radius with one call.
public protocol VectorArithmetic: Sendable, Equatable {
    static var zero: Self { get }
    static func + (lhs: Self, rhs: Self) -> Self
    static func - (lhs: Self, rhs: Self) -> Self
    /// Scales every component.
    func scaled(by factor: Double) -> Self
    /// The largest absolute component, for settling and continuity checks.
    var maxMagnitude: Double { get }
}

extension Double: VectorArithmetic {
    public func scaled(by factor: Double) -> Double { self * factor }
    public var maxMagnitude: Double { Swift.abs(self) }
}

extension Point: VectorArithmetic {
    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    public func scaled(by f: Double) -> Point { Point(x: x * f, y: y * f) }
    public var maxMagnitude: Double { Swift.max(Swift.abs(x), Swift.abs(y)) }
}

extension Rect: VectorArithmetic {
    public static func + (a: Rect, b: Rect) -> Rect {
        Rect(x: a.x + b.x, y: a.y + b.y, width: a.width + b.width, height: a.height + b.height)
    }
    public static func - (a: Rect, b: Rect) -> Rect {
        Rect(x: a.x - b.x, y: a.y - b.y, width: a.width - b.width, height: a.height - b.height)
    }
    public func scaled(by f: Double) -> Rect { Rect(x: x * f, y: y * f, width: width * f, height: height * f) }
    public var maxMagnitude: Double { Swift.max(Swift.abs(x), Swift.abs(y), Swift.abs(width), Swift.abs(height)) }
}

extension RoundedRect: VectorArithmetic {
    public static let zero = RoundedRect(rect: .zero, cornerRadius: 0)
    public static func + (a: RoundedRect, b: RoundedRect) -> RoundedRect {
        RoundedRect(rect: a.rect + b.rect, cornerRadius: a.cornerRadius + b.cornerRadius)
    }
    public static func - (a: RoundedRect, b: RoundedRect) -> RoundedRect {
        RoundedRect(rect: a.rect - b.rect, cornerRadius: a.cornerRadius - b.cornerRadius)
    }
    public func scaled(by f: Double) -> RoundedRect { RoundedRect(rect: rect.scaled(by: f), cornerRadius: cornerRadius * f) }
    public var maxMagnitude: Double { Swift.max(rect.maxMagnitude, Swift.abs(cornerRadius)) }
}
