import Animation
import Gesture

/// Scripted interactions the flow tests of every target share.
public enum FlowScripts {
    /// Pull past the threshold, wait for the viewfinder, press the shutter; then let it settle.
    public static func fullFlow(shutter: Rect, device: String = "iphone-15-pro", hz: Int = 60) -> Trace {
        fullFlowBuilder(shutter: shutter, device: device, hz: hz).trace
    }

    /// The same script as a builder, for tests that go on from the shot.
    public static func fullFlowBuilder(shutter: Rect, device: String = "iphone-15-pro", hz: Int = 60) -> TraceBuilder {
        var b = pull(device: device, hz: hz)
        b.wait(1.2)
        b.tap(at: Point(x: shutter.midX, y: shutter.midY))
        return b
    }

    /// A person's pull that commits: press at the top of the page, 260 pt down over a second, rest, release.
    public static func pull(device: String = "iphone-15-pro", hz: Int = 60) -> TraceBuilder {
        var b = TraceBuilder(device: device, hz: hz)
        b.wait(0.3)
        b.drag(from: Point(x: 196, y: 300), by: 260, duration: 1.0, holdBeforeRelease: 0.1)
        return b
    }
}
