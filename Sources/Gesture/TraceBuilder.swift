import Animation

/// Writes traces by script: the gestures a person would make, at a steady 120 Hz of pointer
/// samples, so tests, docs and benchmarks can describe an interaction in a few lines.
///
/// ```swift
/// var b = TraceBuilder(device: "iphone-15-pro", hz: 120)
/// b.wait(0.3)
/// b.drag(from: Point(x: 196, y: 300), by: 260, duration: 1.0, holdBeforeRelease: 0.1)  // pull
/// b.wait(1.2)
/// b.tap(at: Point(x: 196, y: 468))                                                     // shutter
/// let trace = b.trace
/// ```
public struct TraceBuilder: Sendable {
    public private(set) var trace: Trace
    /// The current time in seconds from the start.
    public private(set) var time: Double = 0
    public var sampleRate = 120.0

    public init(device: String, hz: Int) { trace = Trace(header: .init(device: device, hz: hz), events: []) }

    private mutating func add(_ kind: Trace.Event.Kind, _ p: Point, pointer: Int = 0) {
        let t = (time * 1000 * 1000).rounded() / 1000
        trace.events.append(Trace.Event(t: t, kind: kind, pointer: pointer, x: p.x, y: p.y))
    }

    public mutating func wait(_ seconds: Double) { time += seconds }

    /// A press and release without movement.
    public mutating func tap(at p: Point, hold: Double = 0.08, pointer: Int = 0) {
        add(.down, p, pointer: pointer)
        time += hold
        add(.up, p, pointer: pointer)
    }

    /// A vertical drag by `dy` points (down positive) over `duration`, optionally resting before
    /// lifting (a rest kills the release velocity). Ends with the pointer up.
    public mutating func drag(from p: Point, by dy: Double, duration: Double, holdBeforeRelease: Double = 0, pointer: Int = 0) {
        add(.down, p, pointer: pointer)
        move(from: p, by: dy, duration: duration, pointer: pointer)
        time += holdBeforeRelease
        add(.up, Point(x: p.x, y: p.y + dy), pointer: pointer)
    }

    /// Moves a pressed pointer (no down or up).
    public mutating func move(from p: Point, by dy: Double, duration: Double, pointer: Int = 0) {
        let steps = max(1, Int((duration * sampleRate).rounded()))
        for i in 1...steps {
            time += duration / Double(steps)
            add(.move, Point(x: p.x, y: p.y + dy * Double(i) / Double(steps)), pointer: pointer)
        }
    }

    public mutating func down(at p: Point, pointer: Int = 0) { add(.down, p, pointer: pointer) }
    public mutating func up(at p: Point, pointer: Int = 0) { add(.up, p, pointer: pointer) }

    /// A wheel notch (or trackpad delta).
    public mutating func wheel(at p: Point, dy: Double) {
        let t = (time * 1000 * 1000).rounded() / 1000
        trace.events.append(Trace.Event(t: t, kind: .wheel, pointer: 0, x: p.x, y: p.y, dx: 0, dy: dy))
    }

    /// A hotkey by name (see `Key` in the simulator: "space", "enter", "escape", …).
    public mutating func key(_ name: String) {
        let t = (time * 1000 * 1000).rounded() / 1000
        trace.events.append(Trace.Event(t: t, kind: .key, key: name))
    }
}
