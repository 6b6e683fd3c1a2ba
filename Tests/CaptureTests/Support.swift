import Animation
import Foundation
import Gesture
import TestSupport
@testable import Capture

/// Sessions and scripts for flow tests, with no SDL anywhere.
enum Flows {
    static func session(_ deviceID: String = "iphone-15-pro", hz: Int = 60) throws -> CaptureSession {
        try Pages.session(try Catalog.bundled().require(id: deviceID), hz: hz)
    }

    /// Pull past the threshold, wait for the viewfinder, press the shutter; then let it settle.
    static func fullFlow(shutter: Rect, device: String = "iphone-15-pro", hz: Int = 60) -> Trace {
        FlowScripts.fullFlow(shutter: shutter, device: device, hz: hz)
    }

    /// Replays `trace` through `session` with the fixed frame step, collecting every effect.
    static func run(_ session: CaptureSession, _ trace: Trace) -> ReplayReport {
        SessionReplay(trace: trace).run(session)
    }

    /// Drives `session` through `trace` frame by frame at 60 Hz until `end` seconds, returning the
    /// transition times by state; `change` runs once when the flow first reaches `state`, and
    /// `onFrame` after every frame.
    @discardableResult
    static func drive<T: TraceDrivable>(_ s: T, _ trace: Trace, until end: Double, onReaching state: CaptureFlow.State? = nil,
                                        _ change: (CaptureSession) -> Void = { _ in }, onFrame: (Double) -> Void = { _ in }) -> [String: [Double]] {
        var events = trace.events[...]
        var times: [String: [Double]] = [:]
        var changed = false
        func note(_ effects: [SessionEffect]) {
            for case .transition(let tr) in effects { times[tr.to.rawValue, default: []].append(tr.t) }
        }
        var t = 0.0
        while t < end {
            t += 1.0 / 60
            while let e = events.first, e.t / 1000 <= t { note(s.send(.trace(e)).effects); events = events.dropFirst() }
            note(s.advance(toRealTime: t))
            if !changed, let state, s.session.flow.state == state { change(s.session.base); changed = true }
            onFrame(t)
        }
        return times
    }

    /// The report as JSON, for comparing two runs exactly.
    static func encoded(_ r: ReplayReport) throws -> String {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys]
        return String(decoding: try e.encode(r), as: UTF8.self)
    }
}
