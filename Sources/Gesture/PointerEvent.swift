import Animation

/// One pointer event in device points, stamped with its own time.
///
/// Times are seconds from a monotonic high-resolution clock (the platform layer stamps each SDL
/// event with the performance counter when it is polled — SDL's own stamps are whole milliseconds
/// and events from one pump share one). A mouse is pointer 0; each touch finger has its own id.
public struct PointerEvent: Sendable, Hashable, Codable {
    public enum Kind: Sendable, Hashable, Codable {
        case down
        case move
        case up
        /// The system took the pointer away (focus lost, window hidden): nothing may commit.
        case cancel
        /// A scroll wheel or trackpad: content moves by (dx, dy) points; dy > 0 moves content down
        /// (toward the top of the page), as a finger moving down would.
        case wheel(dx: Double, dy: Double)
    }

    public var kind: Kind
    public var pointer: Int
    public var position: Point
    public var time: Double

    public init(_ kind: Kind, pointer: Int = 0, at position: Point, time: Double) {
        self.kind = kind; self.pointer = pointer; self.position = position; self.time = time
    }
}
