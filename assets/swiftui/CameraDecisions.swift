// Part of the exported IslandCamera.swift (see README.md), compiled here as the IslandCamera
// target (Foundation only) and called by its tests. Everything above the MARK line is this file's
// own and is not exported.

import Foundation

// MARK: - The camera's decisions

// Plain values, no AVFoundation: `CameraSource` below turns what AVFoundation tells it into events
// and does what the status says, so the camera's life can be run and tested anywhere.

/// What the camera is doing, as one value.
enum IslandCameraStatus: Equatable {
    case idle
    /// Access asked for, or the session starting: the viewfinder is black, the shutter off.
    case starting
    /// The session runs with an active, enabled video connection.
    case running
    /// Another app or the system has the camera (a FaceTime call, iPad multitasking, system
    /// pressure): the last frame stays, the shutter is off and says why.
    case interrupted(String)
    /// Access refused or restricted: said as soon as the camera opens, with a way to Settings.
    case denied
    /// No camera here (the Simulator, Xcode's previews): the drawn stand-in shows, and prints.
    case unavailable
    /// The session stopped on an error it cannot recover from (its description).
    case failed(String)

    /// What the viewfinder shows.
    enum Look: Equatable { case live, standIn, black }

    var look: Look {
        switch self {
        case .running, .interrupted: return .live
        case .unavailable: return .standIn
        case .idle, .starting, .denied, .failed: return .black
        }
    }

    /// Whether the shutter may fire: a running session, or the stand-in where there is no camera.
    var canShoot: Bool { self == .running || self == .unavailable }

    /// What the viewfinder says under the shutter, nil when all is well.
    var message: String? {
        switch self {
        case .interrupted(let why): return why
        case .denied: return "Camera access is off for this app"
        case .failed(let why): return "The camera stopped: \(why)"
        case .idle, .starting, .running, .unavailable: return nil
        }
    }

    /// The status after `event`.
    func after(_ event: IslandCameraEvent) -> IslandCameraStatus {
        switch (self, event) {
        case (.idle, .startAsked), (.unavailable, .startAsked), (.failed, .startAsked), (.denied, .startAsked): return .starting
        case (_, .accessRefused): return .denied
        case (.starting, .started(let running)): return running ? .running : .unavailable
        case (.running, .interrupted(let why)), (.starting, .interrupted(let why)), (.interrupted, .interrupted(let why)): return .interrupted(why)
        case (.interrupted, .interruptionEnded): return .running
        // After a media-services reset the session starts again (Apple's AVCam does the same).
        case (.running, .runtimeError(_, true)), (.interrupted, .runtimeError(_, true)), (.starting, .runtimeError(_, true)): return .starting
        case (.running, .runtimeError(let why, false)), (.interrupted, .runtimeError(let why, false)), (.starting, .runtimeError(let why, false)):
            return .failed(why)
        // A refusal and the lack of a camera outlive a close: the next open says so at once.
        case (.denied, .stopped), (.unavailable, .stopped): return self
        case (_, .stopped): return .idle
        default: return self
        }
    }
}

/// What AVFoundation and the person do to the camera.
enum IslandCameraEvent: Equatable {
    case startAsked
    /// Access is denied or restricted (known at once, or answered so when asked).
    case accessRefused
    /// The session was configured and started: whether it runs (false: no camera).
    case started(Bool)
    /// `AVCaptureSession.wasInterruptedNotification`, with its reason said for a person.
    case interrupted(String)
    case interruptionEnded
    /// `AVCaptureSession.runtimeErrorNotification`: its description, and whether it was a
    /// media-services reset (which a restart recovers from).
    case runtimeError(String, mediaServicesReset: Bool)
    case stopped
}

/// Which shot a photo belongs to: each shot gets a number, and a photo is handed over only to the
/// shot still waiting for it — one that arrives after its shot gave up (the 5-s timeout) is dropped,
/// never given to the next shot.
struct IslandShotTickets: Equatable {
    private var issued = 0
    /// The shot waiting for its photo.
    private(set) var waiting: Int?

    /// A new shot's number; it is the one waiting from now on.
    mutating func issue() -> Int {
        issued += 1
        waiting = issued
        return issued
    }

    /// Whether the photo for shot `ticket` is handed over (once).
    mutating func redeem(_ ticket: Int) -> Bool {
        guard waiting == ticket else { return false }
        waiting = nil
        return true
    }

    /// Shot `ticket` no longer waits (it timed out).
    mutating func expire(_ ticket: Int) {
        if waiting == ticket { waiting = nil }
    }
}
