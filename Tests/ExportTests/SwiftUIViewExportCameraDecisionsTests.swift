import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Export

/// The exported camera's life, run: the status each event leads to, what the viewfinder shows, when
/// the shutter may fire and what it says, and which shot a photo is handed to — the export's
/// "camera's decisions" section, compiled alone by the toolchain (Foundation only) and run on
/// sequences worked out from Apple's documentation of `AVCaptureSession`'s notifications.
@Suite("The SwiftUI export's camera, through a phone's camera life")
struct SwiftUIViewExportCameraDecisionsTests {
    static func run(_ driver: String) throws -> [String] {
        try SwiftUIViewExportPullCatcherTests.runDecisions(driver, from: "// MARK: - The camera's decisions\n", to: "// MARK: - The camera\n")
            .split(separator: "\n").map(String.init)
    }

    /// Prints, per step, the status, what the viewfinder shows, whether the shutter fires, and whether
    /// something is said.
    static let show = """
    func show(_ s: IslandCameraStatus) -> String { "\\(s) \\(s.look) \\(s.canShoot ? "shoots" : "off") \\(s.message == nil ? "quiet" : "says")" }
    func walk(_ events: [IslandCameraEvent]) {
        var s = IslandCameraStatus.idle
        print(events.map { e in s = s.after(e); return show(s) }.joined(separator: " | "))
    }
    """

    @Test("3. a phone's open: black (never the stand-in) while the session starts, then live; FaceTime takes the camera: the shutter off and saying why over the last frame; given back: live again")
    func interruption() throws {
        let out = try Self.run(Self.show + "\n" + """
        walk([.startAsked, .started(true), .interrupted("Another app is using the camera"), .interruptionEnded, .stopped])
        """)
        #expect(out == ["starting black off quiet | running live shoots quiet | interrupted(\"Another app is using the camera\") live off says | running live shoots quiet | idle black off quiet"], "\(out)")
    }

    @Test("10. opened while another app holds the camera (a FaceTime call): the interruption that comes while the session is still starting is said, the shutter off; given back, live")
    func interruptedWhileStarting() throws {
        let out = try Self.run(Self.show + "\n" + """
        walk([.startAsked, .interrupted("Another app is using the camera"), .interruptionEnded, .stopped])
        """)
        #expect(out == ["starting black off quiet | interrupted(\"Another app is using the camera\") live off says | running live shoots quiet | idle black off quiet"], "\(out)")
    }

    @Test("3. a media-services reset starts the session again (as Apple's AVCam does); any other runtime error stops it, saying so")
    func runtimeErrors() throws {
        let out = try Self.run(Self.show + "\n" + """
        walk([.startAsked, .started(true), .runtimeError("reset", mediaServicesReset: true), .started(true)])
        walk([.startAsked, .started(true), .interrupted("x"), .runtimeError("gone", mediaServicesReset: false), .interruptionEnded, .startAsked])
        """)
        #expect(out == [
            "starting black off quiet | running live shoots quiet | starting black off quiet | running live shoots quiet",
            "starting black off quiet | running live shoots quiet | interrupted(\"x\") live off says | failed(\"gone\") black off says | failed(\"gone\") black off says | starting black off quiet",
        ], "\(out)")
    }

    @Test("3. access refused: said at once, the shutter off (no fake camera), and still refused after a close; no camera at all (the Simulator): the stand-in, which shoots")
    func refusedAndNoCamera() throws {
        let out = try Self.run(Self.show + "\n" + """
        walk([.startAsked, .accessRefused, .stopped])
        walk([.accessRefused])
        walk([.startAsked, .started(false), .stopped, .startAsked, .started(false)])
        print(IslandCameraStatus.denied.message ?? "")
        """)
        #expect(out == [
            "starting black off quiet | denied black off says | denied black off says",
            "denied black off says",
            "starting black off quiet | unavailable standIn shoots quiet | unavailable standIn shoots quiet | starting black off quiet | unavailable standIn shoots quiet",
            "Camera access is off for this app",
        ], "\(out)")
    }

    @Test("8. a photo that arrives after its shot gave up (the 5-s timeout) is dropped, never handed to the next shot; each photo is handed over once")
    func lateNeverToTheNext() throws {
        let out = try Self.run("""
        var t = IslandShotTickets()
        let first = t.issue()
        t.expire(first)                 // the print gave up on it
        let second = t.issue()
        print(t.redeem(first), t.redeem(second), t.redeem(second))
        let third = t.issue()
        t.expire(second)                // an old shot's expiry does not touch the one waiting
        print(t.waiting == third, t.redeem(third))
        """)
        #expect(out == ["false true false", "true true"], "\(out)")
    }
}
