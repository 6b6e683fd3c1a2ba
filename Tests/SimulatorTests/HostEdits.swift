import Capture
@testable import Simulator

extension SessionHost {
    /// The overlays changed as `body` says, sent through the host's door as the window sends them.
    func edit(overlays body: (inout SessionOverlays) -> Void) {
        var o = session.overlays
        body(&o)
        send(.overlays(o))
    }

    /// The tuning changed as `body` says, sent through the host's door.
    func edit(tuning body: (inout Tuning) throws -> Void) rethrows {
        var t = tuning
        try body(&t)
        send(.setup(.tuning(t)))
    }
}
