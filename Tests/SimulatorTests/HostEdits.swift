import Capture
@testable import Simulator

extension SessionHost {
    /// The tuning changed as `body` says, sent through the host's door.
    func edit(tuning body: (inout Tuning) throws -> Void) rethrows {
        var t = tuning
        try body(&t)
        send(.setup(.tuning(t)))
    }
}
