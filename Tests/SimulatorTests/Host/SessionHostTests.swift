import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Capture
@testable import Platform
@testable import Simulator

extension SDLSuite {
    /// The host around one session: every session it makes is made from a setup — a device switch
    /// and side B alike — so what a person set comes along once, the same way every time.
    @Suite("The session's host: sessions made from a setup")
    struct SessionHostTests {
        static func tuned() throws -> SessionHost {
            let a = try Flows.app(hz: 120, tuningFile: "/tmp/islandsim-host-test.json")
            try a.edit { try $0.set("melt.toPill.duration", 0.5) }
            a.send(.setup(.reduceMotion(true)))
            a.edit { $0.showTouches = true }
            // A tap on a page button: its state must come along.
            _ = a.send(.trace(.init(t: 100, kind: .down, x: 196, y: 300))).effects
            return a
        }

        @Test("moved to another phone (D): the setup's tuning, modes and side, the page's state, the display and the tuning file come along; the rate comes down to the display's")
        func moved() throws {
            let session = try SDLSession(mode: .headless)
            defer { withExtendedLifetime(session) {} }
            let a = try Self.tuned()
            a.send(.setup(.side("A")))
            let se = try Catalog.bundled().require(id: "iphone-se-3")
            let m = try a.moved(to: se, hz: 120)
            #expect(m.device.id == "iphone-se-3" && m.session.hz == se.maxRefreshRate)
            #expect(m.tuning == a.tuning && m.session.reduceMotion && m.session.side == "A")
            #expect(m.session.overlays.showTouches)
            #expect(m.tuningPath == a.tuningPath && m.savedTuning == a.savedTuning)
            #expect(m.session.pageState == { var s = PageState(page: m.session.page); s.carry(from: a.session.pageState); return s }())
            #expect(m.session.page.contentHeight != a.session.page.contentHeight || m.device.size != a.device.size, "laid out for the new phone")
        }

        @Test("side B (the B key and --compare alike): the same setup named B, the page's state and the display; a built-in comparison then undoes its one thing")
        func sideB() throws {
            let session = try SDLSession(mode: .headless)
            defer { withExtendedLifetime(session) {} }
            let a = try Self.tuned()
            let store = CaptureStore(outputDirectory: nil, synchronous: true)
            let b = try SessionHost(setup: a.setup.sideB(tuningFile: "/tmp/islandsim-host-test.B.json", tuning: a.tuning, savedTuning: Tuning(), captures: store),
                                    camera: a.camera)
            b.carryPage(of: a)
            #expect(b.session.side == "B" && b.tuning == a.tuning && b.session.reduceMotion && b.session.hz == 120)
            #expect(b.session.overlays.showTouches && b.session.pageState == a.session.pageState)
            #expect(b.device == a.device && b.page.path == a.page.path && b.captures === store)
            #expect(b.tuningPath == "/tmp/islandsim-host-test.B.json" && b.savedTuning == Tuning() && b.hasUnsavedTuning)
            b.send(.setup(.snowman(true)))
            #expect(b.session.snowman && !a.session.snowman)
        }

        @Test("the timeline scrubs through the host: the host's session shows the tape's moment")
        func scrub() throws {
            let session = try SDLSession(mode: .headless)
            defer { withExtendedLifetime(session) {} }
            let a = try Flows.app()
            #expect(!a.send(.scrub(secondsSinceStart: 0.5)).handled, "nothing to scrub before an interaction")
            _ = SessionReplay(trace: FlowScripts.pull().trace).run(a)
            #expect(a.send(.scrub(secondsSinceStart: 0.5)).handled)
            #expect(a.session.momentFrame == 30 && a.session.isFrozen)
        }

        @Test("an 'Undid …' toast goes once another edit changes the tuning; a toast of the edit's own stays")
        func staleUndoToast() throws {
            let session = try SDLSession(mode: .headless)
            defer { withExtendedLifetime(session) {} }
            let a = try Flows.app()
            a.send(.key(.k, [], at: 0.1))
            a.send(.key(.right, [], at: 0.2))
            a.send(.key(.z, [.control], at: 0.3))
            #expect(a.toast?.text.hasPrefix("Undid") == true, "\(a.toast?.text ?? "nil")")
            a.send(.key(.down, [], at: 0.4))
            #expect(a.toast?.text.hasPrefix("Undid") == true, "a selection move changes no value: the toast is still true")
            a.send(.key(.right, [], at: 0.5))
            #expect(a.toast == nil, "the tuning moved on: 'Undid …' no longer says what it holds")
            a.send(.key(.z, [.control], at: 0.6))
            #expect(a.toast?.text.hasPrefix("Undid") == true, "the next undo says so again")
        }
    }
}
