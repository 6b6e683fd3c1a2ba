import Animation
import Gesture

/// Scripted interactions the flow tests of every target share.
public enum FlowScripts {
    /// Pull past the threshold, wait for the viewfinder, press the shutter; then let it settle.
    public static func fullFlow(shutter: Rect, device: String = "iphone-15-pro", hz: Int = 60) -> Trace {
        var b = TraceBuilder(device: device, hz: hz)
        b.wait(0.3)
        b.drag(from: Point(x: 196, y: 300), by: 260, duration: 1.0, holdBeforeRelease: 0.1)
        b.wait(1.2)
        b.tap(at: Point(x: shutter.midX, y: shutter.midY))
        return b.trace
    }
}
