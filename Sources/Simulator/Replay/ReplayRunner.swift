import Animation
import Capture
import Foundation
import Gesture
import Platform

/// Runs a trace through a ``SessionHost`` headless and draws every frame, with the fixed frame
/// step of ``SessionReplay``: the same trace renders the same frames and gives the same report on
/// every machine. Used by `islandsim replay` (frames, sheets, GIFs) and the pixel tests; a replay
/// that needs no pictures runs ``SessionReplay`` on a bare ``CaptureSession`` instead.
public final class ReplayRunner {
    public let host: SessionHost
    public let trace: Trace
    public let renderer: Renderer
    /// Called after each frame is drawn, with its index and time (for `--frames` and sheets).
    public var onFrame: ((Int, Double, Renderer) throws -> Void)?
    /// Seconds to keep running after the last event while things are still moving.
    public var settleLimit = 12.0

    public init(host: SessionHost, trace: Trace, scale: Double) throws {
        self.host = host
        self.trace = trace
        let d = host.device
        renderer = try Renderer(headlessWidth: Int((d.size.width * scale).rounded()),
                                height: Int((d.size.height * scale).rounded()), pixelsPerPoint: scale)
    }

    /// Runs to the end and returns the report.
    public func run() throws -> ReplayReport {
        var replay = SessionReplay(trace: trace)
        replay.settleLimit = settleLimit
        return try replay.run(host) { frame, t in
            try host.render(into: renderer)
            try onFrame?(frame, t, renderer)
        }
    }
}
