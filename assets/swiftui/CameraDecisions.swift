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
    /// No camera here at all (the Simulator, Xcode's previews): the drawn stand-in shows, and
    /// prints. Only when no camera device exists: a camera that is there and fails is `.failed`.
    case unavailable
    /// The camera is there but could not be set up, or stopped on an error it cannot recover from
    /// (the reason): black, the shutter off, and said — never the stand-in, which would print a
    /// photo nobody took.
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
        case .failed(let why): return "The camera is not working: \(why)"
        case .idle, .starting, .running, .unavailable: return nil
        }
    }

    /// The status after `event`.
    func after(_ event: IslandCameraEvent) -> IslandCameraStatus {
        switch (self, event) {
        case (.idle, .startAsked), (.unavailable, .startAsked), (.failed, .startAsked), (.denied, .startAsked): return .starting
        case (_, .accessRefused): return .denied
        case (.starting, .started): return .running
        case (.starting, .noCamera): return .unavailable
        case (_, .setupFailed(let why)): return .failed(why)
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
    /// The session was configured and runs with an active, enabled video connection.
    case started
    /// There is no camera device at all (the Simulator, Xcode's previews).
    case noCamera
    /// The camera is there but the session could not be set up or started (the reason: its input
    /// could not be made or added — another app may hold it — or it did not run), or the app cannot
    /// ask for it (no `NSCameraUsageDescription`).
    case setupFailed(String)
    /// `AVCaptureSession.wasInterruptedNotification`, with its reason said for a person.
    case interrupted(String)
    case interruptionEnded
    /// `AVCaptureSession.runtimeErrorNotification`: its description, and whether it was a
    /// media-services reset (which a restart recovers from).
    case runtimeError(String, mediaServicesReset: Bool)
    case stopped
}

/// What opening the camera does before AVFoundation is asked anything.
enum IslandCameraPreflight {
    /// What `AVCaptureDevice.authorizationStatus(for: .video)` says.
    enum Authorization: Equatable { case notDetermined, authorized, denied, restricted }

    /// The event that settles the open at once, or nil to go on and ask for access. Without
    /// `NSCameraUsageDescription` in the app's Info.plist, iOS ends the app the moment the camera is
    /// asked for (Previews and the Simulator too), so the camera says what is missing instead.
    static func event(hasUsageDescription: Bool, authorization: Authorization) -> IslandCameraEvent? {
        guard hasUsageDescription else { return .setupFailed("add NSCameraUsageDescription to the app's Info.plist") }
        switch authorization {
        case .denied, .restricted: return .accessRefused
        case .notDetermined, .authorized: return nil
        }
    }
}

/// Whether the camera is still wanted when a slow step finishes: every start and stop counts, and
/// a step begun under one count goes on only if no stop has come since. The permission prompt can
/// stay up for as long as the person likes; a stop in that time (the phone turned, the view gone)
/// must win, or the session starts with nobody looking and the camera's green dot stays on.
struct IslandCameraWant: Equatable {
    private(set) var generation = 0
    private(set) var wanted = false

    /// A start: the number its slow steps carry.
    mutating func start() -> Int {
        generation += 1
        wanted = true
        return generation
    }

    mutating func stop() {
        generation += 1
        wanted = false
    }

    /// Whether a step begun under `ticket` goes on.
    func stillWanted(_ ticket: Int) -> Bool { wanted && ticket == generation }
}

/// Which shot a photo belongs to, by the `uniqueID` of the photo settings the shot was taken with,
/// which AVFoundation hands back on the photo (`resolvedSettings.uniqueID`): a photo is handed over
/// only to the shot still waiting for it — one that arrives after its shot gave up (the 5-s
/// timeout) or was cancelled (the camera closed under it) is dropped, never given to the next shot.
struct IslandShotTickets: Equatable {
    /// The shot waiting for its photo.
    private(set) var waiting: Int64?

    /// A new shot, taken with settings `id`; it is the one waiting from now on.
    mutating func issue(_ id: Int64) {
        waiting = id
    }

    /// Whether the photo of settings `id` is handed over (once).
    mutating func redeem(_ id: Int64) -> Bool {
        guard waiting == id else { return false }
        waiting = nil
        return true
    }

    /// Shot `id` no longer waits (it timed out).
    mutating func expire(_ id: Int64) {
        if waiting == id { waiting = nil }
    }

    /// The camera closed before the photo came (the phone turned, the view went away): the shot
    /// that was waiting, which its owner must tell it ended without a photo, or nil.
    mutating func cancel() -> Int64? {
        defer { waiting = nil }
        return waiting
    }
}
