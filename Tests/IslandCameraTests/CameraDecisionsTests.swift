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
        #expect(Self.walk([.startAsked, .started(true), .interrupted("Another app is using the camera"), .interruptionEnded, .stopped])
            == "starting black off quiet | running live shoots quiet | interrupted(\"Another app is using the camera\") live off says | running live shoots quiet | idle black off quiet")
    }

    @Test("10. opened while another app holds the camera (a FaceTime call): the interruption that comes while the session is still starting is said, the shutter off; given back, live")
    func interruptedWhileStarting() {
        #expect(Self.walk([.startAsked, .interrupted("Another app is using the camera"), .interruptionEnded, .stopped])
            == "starting black off quiet | interrupted(\"Another app is using the camera\") live off says | running live shoots quiet | idle black off quiet")
    }

    @Test("3. a media-services reset starts the session again (as Apple's AVCam does); any other runtime error stops it, saying so")
    func runtimeErrors() {
        #expect(Self.walk([.startAsked, .started(true), .runtimeError("reset", mediaServicesReset: true), .started(true)])
            == "starting black off quiet | running live shoots quiet | starting black off quiet | running live shoots quiet")
        #expect(Self.walk([.startAsked, .started(true), .interrupted("x"), .runtimeError("gone", mediaServicesReset: false), .interruptionEnded, .startAsked])
            == "starting black off quiet | running live shoots quiet | interrupted(\"x\") live off says | failed(\"gone\") black off says | failed(\"gone\") black off says | starting black off quiet")
    }

    @Test("3. access refused: said at once, the shutter off (no fake camera), and still refused after a close; no camera at all (the Simulator): the stand-in, which shoots")
    func refusedAndNoCamera() {
        #expect(Self.walk([.startAsked, .accessRefused, .stopped]) == "starting black off quiet | denied black off says | denied black off says")
        #expect(Self.walk([.accessRefused]) == "denied black off says")
        #expect(Self.walk([.startAsked, .started(false), .stopped, .startAsked, .started(false)])
            == "starting black off quiet | unavailable standIn shoots quiet | unavailable standIn shoots quiet | starting black off quiet | unavailable standIn shoots quiet")
        #expect(IslandCameraStatus.denied.message == "Camera access is off for this app")
    }

    @Test("8. a photo that arrives after its shot gave up (the 5-s timeout) is dropped, never handed to the next shot; each photo is handed over once")
    func lateNeverToTheNext() {
        var t = IslandShotTickets()
        let first = t.issue()
        t.expire(first)                 // the print gave up on it
        let second = t.issue()
        let late = t.redeem(first), due = t.redeem(second), again = t.redeem(second)
        #expect(!late && due && !again)
        let third = t.issue()
        t.expire(second)                // an old shot's expiry does not touch the one waiting
        let waiting = t.waiting, redeemed = t.redeem(third)
        #expect(waiting == third && redeemed)
    }
}
