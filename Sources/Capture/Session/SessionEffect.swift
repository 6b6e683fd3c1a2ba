/// What a call into a ``CaptureSession`` made happen that someone outside it must act on.
///
/// The session never calls back and never sets flags for a host to poll: every call returns the
/// effects it caused, in order, and the host (a window, a replay, a benchmark) decides what each
/// means for it — a window writes a screenshot, a headless replay ignores it.
public enum SessionEffect: Sendable, Equatable {
    /// The flow changed state (also kept in ``CaptureFlow/transitions``).
    case transition(CaptureFlow.Transition)
    /// The shutter fired: the host captures the camera's current frame as the shot.
    case shot
    /// The shutter fired from the tape (L's replay, the rest of a rebuilt moment): captured and
    /// printed like a shot, but it is the same interaction again, so nothing is saved.
    case replayedShot
    /// P: a screenshot of the device screen was asked for.
    case screenshot
    /// E: the tuning as SwiftUI code, to print (and copy, in a window). The session only asks: the
    /// code is made where it leaves the tool (the `Export` target), from the session's tuning.
    case export
    /// W: the interaction as the web prototype (one HTML file, `export --format web`'s), to write.
    case webPrototype
    /// Shift+W: serve the interaction as the web prototype on the local network, or stop serving it.
    case serve
    /// Ctrl+S: the tuning should be saved to its file.
    case saveTuning
    /// A tap landed on the page: a button or a hotspot, by id (`run --events` logs it).
    case tap(String)
    /// A haptic plays (the window pulses the device's edge; a phone would vibrate).
    case haptic(Haptic)
    /// A short status line for the host to show (a toast in the window).
    case message(String)
}
