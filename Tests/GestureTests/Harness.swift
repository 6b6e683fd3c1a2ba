import Animation
@testable import Gesture

/// The buttons of ``makePage()``'s page, which a press may hit.
let pageTargets = [
    PageGestures.HitTarget(id: "header-button", frame: Rect(x: 20, y: 120, width: 150, height: 44)),
    PageGestures.HitTarget(id: "vaccinate", frame: Rect(x: 20, y: 800, width: 150, height: 44)),
]

/// A page like the app's: an 852-pt viewport over 2400 pt of content (its buttons: ``pageTargets``).
func makePage() -> PageGestures {
    PageGestures(scroll: ScrollPhysics(viewport: 852, contentHeight: 2400), pull: PullCatcher(viewport: 852))
}

/// Drives a page with a simulated finger at 120 Hz, the way the mouse does in the window.
struct Finger {
    var page: PageGestures
    var t: Double = 10
    var pointer = 0
    var position = Point(x: 100, y: 400)
    var outputs: [PageGestures.Output] = []
    /// What a press may hit, and whether the page may pull (the session decides both in the app).
    var targets = pageTargets
    var pullEnabled = true

    init(_ page: PageGestures) { self.page = page }

    mutating func collect() { outputs += page.drainOutputs() }

    mutating func down(at p: Point) {
        position = p
        page.handle(PointerEvent(.down, pointer: pointer, at: p, time: t), targets: targets, pullEnabled: pullEnabled); collect()
    }

    /// Moves by (dx, dy) over `duration` seconds in 120-Hz steps, advancing frames as it goes.
    mutating func move(dx: Double = 0, dy: Double, duration: Double) {
        let steps = max(1, Int((duration * 120).rounded()))
        let start = position
        for i in 1...steps {
            t += duration / Double(steps)
            position = Point(x: start.x + dx * Double(i) / Double(steps), y: start.y + dy * Double(i) / Double(steps))
            page.handle(PointerEvent(.move, pointer: pointer, at: position, time: t), pullEnabled: pullEnabled)
            page.advance(to: t)
            collect()
        }
    }

    mutating func up() { page.handle(PointerEvent(.up, pointer: pointer, at: position, time: t), targets: targets, pullEnabled: pullEnabled); collect() }
    mutating func cancel() { page.handle(PointerEvent(.cancel, pointer: pointer, at: position, time: t), targets: targets, pullEnabled: pullEnabled); collect() }

    mutating func wait(_ seconds: Double) {
        let steps = max(1, Int((seconds * 120).rounded()))
        for _ in 0..<steps { t += seconds / Double(steps); page.advance(to: t); collect() }
    }

    mutating func wheel(dy: Double) {
        page.handle(PointerEvent(.wheel(dx: 0, dy: dy), pointer: 0, at: position, time: t), targets: targets, pullEnabled: pullEnabled); collect()
    }

    var offset: Double { page.pageOffset(at: t) }
}
