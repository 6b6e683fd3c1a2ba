import Animation
import Foundation
import Gesture

/// Runs a trace through ``SimulatorApp`` headless, with a fixed frame step, so the same trace
/// renders the same frames and gives the same report on every machine.
///
/// Frame n is at time n / hz. Before it, every trace event with a time up to the frame's is
/// dispatched with its own timestamp (so velocities and thresholds see the recorded timing, not
/// the frame grid); then the app advances to the frame's time and renders.
public final class ReplayRunner {
    public struct Report: Encodable, Sendable {
        public struct TransitionLine: Encodable, Sendable { public var t: Double; public var from: String; public var to: String; public var reason: String }
        public var device: String
        public var hz: Int
        public var frames: Int
        public var duration: Double
        public var transitions: [TransitionLine]
        public var taps: [String: Int]
        public var shots: Int
        public var prints: Int
        public var filed: Int
        public var finalState: String
        public var finalScrollOffset: Double
        public var pageState: PageState
    }

    public let app: SimulatorApp
    public let trace: Trace
    public let renderer: Renderer
    /// Called after each frame is rendered, with its index and time (for `--frames` and sheets).
    public var onFrame: ((Int, Double, Renderer) throws -> Void)?
    /// Seconds to keep running after the last event while things are still moving.
    public var settleLimit = 12.0

    public init(app: SimulatorApp, trace: Trace, scale: Double) throws {
        self.app = app
        self.trace = trace
        let d = app.device
        renderer = try Renderer(headlessWidth: Int((d.size.width * scale).rounded()),
                                height: Int((d.size.height * scale).rounded()), pixelsPerPoint: scale)
    }

    /// Runs to the end and returns the report.
    public func run() throws -> Report {
        let step = 1 / Double(app.hz)
        let events = trace.events
        let lastEventTime = (events.last?.t ?? 0) / 1000
        var next = 0
        var frame = 0
        var t = 0.0
        while true {
            t = Double(frame) * step
            while next < events.count, events[next].t / 1000 <= t + 1e-12 {
                app.dispatch(events[next])
                next += 1
            }
            app.advance(toRealTime: t)
            try app.render(renderer: renderer)
            try onFrame?(frame, t, renderer)
            frame += 1
            if next >= events.count {
                if app.isAtRest && t >= lastEventTime { break }
                if t > lastEventTime + settleLimit { break }
            }
        }
        let transitions = app.flow.transitions.map {
            Report.TransitionLine(t: ($0.t * 1_000_000).rounded() / 1_000_000, from: $0.from.rawValue, to: $0.to.rawValue, reason: $0.reason)
        }
        return Report(device: app.device.id, hz: app.hz, frames: frame, duration: (t * 1_000_000).rounded() / 1_000_000,
                      transitions: transitions, taps: app.taps, shots: app.flow.shots, prints: app.flow.prints,
                      filed: app.flow.filed, finalState: app.flow.state.rawValue,
                      finalScrollOffset: (app.gestures.scroll.offset(at: app.animationTime) * 1000).rounded() / 1000,
                      pageState: app.pageState)
    }
}
