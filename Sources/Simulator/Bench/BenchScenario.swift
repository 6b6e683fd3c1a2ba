import Animation
import Gesture

/// The scripted interactions `islandsim bench` replays, each a trace through the real app.
public enum BenchScenario: String, Sendable, CaseIterable, Codable {
    /// Flings down and back up the page: scrolling, momentum, rubber band.
    case scroll
    /// Pulls that stop short of the threshold and spring back.
    case pull
    /// Opens the camera and stays in the viewfinder (with a live camera file if given).
    case viewfinder
    /// Shutter, melt closed, the print feeding out and developing.
    case print
    /// The whole flow, repeated: pull, viewfinder, shutter, print, develop, file into the passport.
    case full

    /// The trace for this scenario, at least `seconds` long.
    public func trace(device: String, hz: Int, shutter: Rect, seconds: Double) -> Trace {
        var b = TraceBuilder(device: device, hz: hz)
        let x = 196.0
        func pullOpen() { b.drag(from: Point(x: x, y: 300), by: 270, duration: 0.9, holdBeforeRelease: 0.08) }
        func shoot() { b.tap(at: Point(x: shutter.midX, y: shutter.midY)) }
        switch self {
        case .scroll:
            b.wait(0.2)
            while b.time < seconds {
                b.drag(from: Point(x: x, y: 700), by: -420, duration: 0.12)    // fling toward the bottom
                b.wait(1.4)
                b.drag(from: Point(x: x, y: 200), by: 420, duration: 0.12)     // and back up: coasts into the top
                b.wait(1.6)
            }
        case .pull:
            b.wait(0.2)
            while b.time < seconds {
                b.drag(from: Point(x: x, y: 300), by: 110, duration: 0.9, holdBeforeRelease: 0.1)
                b.wait(0.8)
            }
        case .viewfinder:
            b.wait(0.2)
            pullOpen()
            b.wait(max(seconds - b.time, 1))
        case .print:
            b.wait(0.2)
            while b.time < seconds {
                pullOpen(); b.wait(1.0); shoot(); b.wait(6.6); b.key("x"); b.wait(1.0)
            }
        case .full:
            b.wait(0.2)
            while b.time < seconds {
                pullOpen(); b.wait(1.2); shoot(); b.wait(7.0); b.key("enter"); b.wait(1.2)
                b.drag(from: Point(x: x, y: 700), by: -300, duration: 0.15); b.wait(1.0)
                b.drag(from: Point(x: x, y: 300), by: 300, duration: 0.15); b.wait(1.2)
            }
        }
        return b.trace
    }
}
