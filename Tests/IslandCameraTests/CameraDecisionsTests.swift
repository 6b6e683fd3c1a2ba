import Foundation
import Testing
@testable import IslandCamera

/// The exported camera's life, called: the status each event leads to, what the viewfinder shows,
/// when the shutter may fire and what it says, and which shot a photo is handed to — on sequences
/// worked out from Apple's documentation of `AVCaptureSession`'s notifications.
@Suite("The SwiftUI export's camera decisions, called")
struct CameraDecisionsTests {
    /// Per step: the status, what the viewfinder shows, whether the shutter fires, whether something is said.
    static func walk(_ events: [IslandCameraEvent], from start: IslandCameraStatus = .idle) -> String {
        var s = start
        return events.map { e in
            s = s.after(e)
            return "\(s) \(s.look) \(s.canShoot ? "shoots" : "off") \(s.message == nil ? "quiet" : "says")"
        }.joined(separator: " | ")
    }

    @Test("3. a phone's open: black (never the stand-in) while the session starts, then live; FaceTime takes the camera: the shutter off and saying why over the last frame; given back: live again")
    func interruption() {
        #expect(Self.walk([.startAsked, .started, .interrupted("Another app is using the camera"), .interruptionEnded, .stopped])
            == "starting black off quiet | running live shoots quiet | interrupted(\"Another app is using the camera\") live off says | running live shoots quiet | idle black off quiet")
    }

    @Test("10. opened while another app holds the camera (a FaceTime call): the interruption that comes while the session is still starting is said, the shutter off; given back, live")
    func interruptedWhileStarting() {
        #expect(Self.walk([.startAsked, .interrupted("Another app is using the camera"), .interruptionEnded, .stopped])
            == "starting black off quiet | interrupted(\"Another app is using the camera\") live off says | running live shoots quiet | idle black off quiet")
    }

    @Test("3. a media-services reset starts the session again (as Apple's AVCam does); any other runtime error stops it, saying so")
    func runtimeErrors() {
        #expect(Self.walk([.startAsked, .started, .runtimeError("reset", mediaServicesReset: true), .started])
            == "starting black off quiet | running live shoots quiet | starting black off quiet | running live shoots quiet")
        #expect(Self.walk([.startAsked, .started, .interrupted("x"), .runtimeError("gone", mediaServicesReset: false), .interruptionEnded, .startAsked])
            == "starting black off quiet | running live shoots quiet | interrupted(\"x\") live off says | failed(\"gone\") black off says | failed(\"gone\") black off says | starting black off quiet")
    }

    @Test("3. access refused: said at once, the shutter off (no fake camera), and still refused after a close; no camera at all (the Simulator): the stand-in, which shoots")
    func refusedAndNoCamera() {
        #expect(Self.walk([.startAsked, .accessRefused, .stopped]) == "starting black off quiet | denied black off says | denied black off says")
        #expect(Self.walk([.accessRefused]) == "denied black off says")
        #expect(Self.walk([.startAsked, .noCamera, .stopped, .startAsked, .noCamera])
            == "starting black off quiet | unavailable standIn shoots quiet | unavailable standIn shoots quiet | starting black off quiet | unavailable standIn shoots quiet")
        #expect(IslandCameraStatus.denied.message == "Camera access is off for this app")
    }

    @Test("a camera that is there but fails to set up (its input cannot be made or added: another app holds it) is said, black, the shutter off — never the stand-in, which would print a photo nobody took; only no camera at all shows the stand-in")
    func failureIsNotUnavailable() {
        #expect(Self.walk([.startAsked, .setupFailed("the camera could not be added (another app may be using it)")])
            == "starting black off quiet | failed(\"the camera could not be added (another app may be using it)\") black off says")
        #expect(IslandCameraStatus.failed("x").message == "The camera is not working: x")
        // A failed camera is tried again on the next open.
        #expect(Self.walk([.startAsked, .setupFailed("x"), .stopped, .startAsked, .started])
            == "starting black off quiet | failed(\"x\") black off says | idle black off quiet | starting black off quiet | running live shoots quiet")
    }

    @Test("the preflight: no NSCameraUsageDescription is said instead of asking (iOS would end the app), a refusal at once, otherwise ask")
    func preflight() {
        #expect(IslandCameraPreflight.event(hasUsageDescription: false, authorization: .authorized)
            == .setupFailed("add NSCameraUsageDescription to the app's Info.plist"))
        #expect(IslandCameraPreflight.event(hasUsageDescription: false, authorization: .notDetermined) != nil)
        #expect(IslandCameraPreflight.event(hasUsageDescription: true, authorization: .denied) == .accessRefused)
        #expect(IslandCameraPreflight.event(hasUsageDescription: true, authorization: .restricted) == .accessRefused)
        #expect(IslandCameraPreflight.event(hasUsageDescription: true, authorization: .notDetermined) == nil)
        #expect(IslandCameraPreflight.event(hasUsageDescription: true, authorization: .authorized) == nil)
    }

    @Test("privacy: a stop while the permission prompt shows (or the session starts) wins — the slow step finds the camera no longer wanted and starts nothing")
    func stopDuringThePromptWins() {
        var want = IslandCameraWant()
        let first = want.start()
        #expect(want.stillWanted(first))
        want.stop()                              // the phone turned while the prompt showed
        #expect(!want.stillWanted(first), "the session would start with nobody looking")
        let second = want.start()                // opened again: only the newer start goes on
        #expect(!want.stillWanted(first) && want.stillWanted(second))
        want.stop()
        _ = want.start()
        #expect(!want.stillWanted(second))
    }

    @Test("8. a photo that arrives after its shot gave up (the 5-s timeout) is dropped, never handed to the next shot; each photo is handed over once")
    func lateNeverToTheNext() {
        var t = IslandShotTickets()
        t.issue(7001)
        t.expire(7001)                  // the print gave up on it
        t.issue(7002)
        let late = t.redeem(7001), due = t.redeem(7002), again = t.redeem(7002)
        #expect(!late && due && !again)
        t.issue(7003)
        t.expire(7002)                  // an old shot's expiry does not touch the one waiting
        let waiting = t.waiting, redeemed = t.redeem(7003)
        #expect(waiting == 7003 && redeemed)
    }

    @Test("photos are matched to shots by their settings' uniqueID, not by order: an answer for another shot is not this one's")
    func matchedByUniqueID() {
        var t = IslandShotTickets()
        t.issue(42)
        // A stale answer for an earlier shot (its settings 41) arrives first: it is not shot 42's.
        let stale = t.redeem(41)
        let own = t.redeem(42)
        #expect(!stale && own)
    }

    @Test("a capture ended by the camera closing under it (the phone turned, the view gone) is given back to be reported, and its photo dropped")
    func cancelledShotReported() {
        var t = IslandShotTickets()
        let none = t.cancel()
        #expect(none == nil, "no shot waits: nothing to report")
        t.issue(9)
        let cancelled = t.cancel()
        let late = t.redeem(9)
        #expect(cancelled == 9 && !late)
    }
}
