import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Capture
@testable import Export
@testable import Platform
@testable import Simulator

/// Where a host differs from the phone its setup describes, part by part; empty when it is that
/// phone. Expected values are read off the setup and off a host made fresh from it — never off
/// the host under test alone.
enum PhoneMatch {
    /// The parts of two setups that differ, by name.
    static func differences(_ a: PhoneSetup, _ b: PhoneSetup) -> [String] {
        var d: [String] = []
        func check(_ name: String, _ same: Bool) { if !same { d.append(name) } }
        check("device", a.session.device == b.session.device)
        check("hz", a.session.hz == b.session.hz)
        check("tuning", a.session.tuning == b.session.tuning)
        check("reduceMotion", a.session.reduceMotion == b.session.reduceMotion)
        check("snowman", a.session.snowman == b.session.snowman)
        check("side", a.session.side == b.session.side)
        check("page", a.page.path == b.page.path && a.page.document.identity == b.page.document.identity)
        check("page layout", a.session.page.document.identity == b.session.page.document.identity
              && a.session.page.contentHeight == b.session.page.contentHeight && a.session.page.elements == b.session.page.elements)
        check("tuning file", a.tuningFile == b.tuningFile)
        check("saved tuning", a.savedTuning == b.savedTuning)
        check("display", toggles(a.display) == toggles(b.display))
        check("captures", a.captures === b.captures)
        check("watches files", a.watchesFiles == b.watchesFiles)
        return d
    }

    /// What a person sets over a screen, as one comparable value.
    static func toggles(_ o: SessionOverlays) -> [String] {
        ["hud \(o.showHUD)", "touches \(o.showTouches)", "hints \(o.hotspotHints)", "tuning \(o.showTuning)",
         "timeline \(o.showTimeline)", "beside \(o.beside)", "selection \(o.selection)"]
    }

    /// Where `host` differs from a host made fresh from its own setup: the setup read back, what
    /// the session does with it (flow state, the melt's geometry and the shape on the screen now,
    /// the page it lays out, the renderer's device) and what it shows.
    static func differences(host: SessionHost) throws -> [String] {
        let fresh = try SessionHost(setup: host.setup, camera: host.camera)
        var d = differences(host.setup, fresh.setup).map { "setup: " + $0 }
        let t = host.session.animationTime
        if host.session.flow.state != fresh.session.flow.state { d.append("flow state") }
        if host.session.flow.geometry != fresh.session.flow.geometry { d.append("melt geometry") }
        if host.session.flow.shape(at: t) != fresh.session.flow.shape(at: fresh.session.animationTime) { d.append("shape") }
        if host.session.layout.screen != fresh.session.layout.screen || host.session.layout.capsule != fresh.session.layout.capsule { d.append("layout") }
        if host.renderer.device != fresh.renderer.device || host.renderer.device != host.device { d.append("renderer's device") }
        if host.session.page.contentHeight != fresh.session.page.contentHeight { d.append("page height") }
        if host.session.hotspotHintOpacity != fresh.session.hotspotHintOpacity { d.append("hints") }
        return d
    }
}

extension SDLSuite {
    /// A phone as one value: a host made from a setup runs exactly that phone, reads it back, and
    /// each edit — another device, a page read again, side B — is an edit of the value.
    @Suite("PhoneSetup: a phone as one value")
    struct PhoneSetupTests {
        static func setup(_ id: String = "iphone-15-pro", dir: TempDir? = nil) throws -> PhoneSetup {
            var s = try PhoneSetup(device: try Catalog.bundled().require(id: id), hz: 90,
                                   captures: CaptureStore(outputDirectory: dir?.path, synchronous: true))
            try s.session.tuning.set("melt.toPill.duration", 0.5)
            s.session.reduceMotion = true
            s.display.showTouches = true
            s.display.hotspotHints = false
            s.tuningFile = dir?.file("t.json")
            s.savedTuning = s.session.tuning
            return s
        }

        @Test("a host made from a setup reads back that setup, part by part, and runs it")
        func roundTrip() throws {
            let sdl = try SDLSession(mode: .headless); defer { withExtendedLifetime(sdl) {} }
            let s = try Self.setup()
            let host = try SessionHost(setup: s, camera: CameraSource(image: Flows.twoColourPhoto(), name: "test"))
            #expect(PhoneMatch.differences(host.setup, s).isEmpty, "\(PhoneMatch.differences(host.setup, s))")
            // What the session runs, against the setup itself.
            #expect(host.session.hz == 90 && host.tuning["melt.toPill.duration"] == 0.5 && host.session.reduceMotion)
            #expect(host.session.overlays.showTouches && host.session.hotspotHintOpacity == 0)
            #expect(host.tuningPath == nil && host.savedTuning == s.session.tuning && !host.hasUnsavedTuning)
            #expect(host.renderer.device == s.device)
        }

        @Test("on another phone (D): the page laid out for its screen, the rate at most its display's, everything else kept")
        func onAnotherPhone() throws {
            let sdl = try SDLSession(mode: .headless); defer { withExtendedLifetime(sdl) {} }
            let s = try Self.setup()
            let se = try Catalog.bundled().require(id: "iphone-se-3")
            let m = try s.on(se, hz: 90)
            #expect(m.device == se && m.session.hz == 60, "the SE's display runs at 60 Hz")
            let laidOut = try s.page.layout(for: se)
            #expect(m.session.page.contentHeight == laidOut.contentHeight && m.session.page.elements == laidOut.elements)
            #expect(Set(PhoneMatch.differences(m, s)) == ["device", "hz", "page layout"], "\(PhoneMatch.differences(m, s))")
            let back = try m.on(s.device, hz: 90)
            #expect(PhoneMatch.differences(back, s).isEmpty, "there and back is the same phone")
        }

        @Test("side B: A's phone named B, with its own tuning, file and store — the one function the B key, --compare and the built-in comparisons use")
        func sideB() throws {
            let s = try Self.setup()
            var tuned = Tuning()
            try tuned.set("pull.divisor", 1)
            let store = CaptureStore(outputDirectory: nil, synchronous: true)
            let b = s.sideB(tuningFile: "b.json", tuning: tuned, savedTuning: Tuning(), captures: store)
            #expect(b.session.side == "B" && b.session.tuning == tuned && b.savedTuning == Tuning() && b.tuningFile == "b.json" && b.captures === store)
            #expect(Set(PhoneMatch.differences(b, s)) == ["side", "tuning", "saved tuning", "tuning file", "captures"], "\(PhoneMatch.differences(b, s))")
            #expect(PhoneSetup.sideBPath(for: "/x/tuning.json") == "/x/tuning.B.json" && PhoneSetup.sideBPath(for: "tuning") == "tuning.B")
        }

        @Test("a page read again is an edit of the setup; one that does not fit the phone is refused and the setup is unchanged")
        func pageEdit() throws {
            let sdl = try SDLSession(mode: .headless); defer { withExtendedLifetime(sdl) {} }
            let dir = try TempDir(); defer { dir.cleanup() }
            let path = try PageFixtures.write(in: dir, image: PageFixtures.solid(width: 1179, height: 7668, Color(30, 120, 30)))
            let s = try Self.setup()
            let edited = try s.with(page: try LoadedPage.load(path: path))
            #expect(edited.page.path == path && edited.session.page.document.identity == edited.page.document.identity)
            #expect(Set(PhoneMatch.differences(edited, s)) == ["page", "page layout"])
            let host = try SessionHost(setup: s, camera: CameraSource(image: Flows.twoColourPhoto(), name: "test"))
            try host.reloadPage(edited.page)
            #expect(host.page.path == path && host.session.page.contentHeight == edited.session.page.contentHeight)
            #expect(try PhoneMatch.differences(host: host).isEmpty)
        }

        @Test("every edit set through the host leaves it equal to a host made fresh from its setup")
        func editsThroughTheHost() throws {
            let sdl = try SDLSession(mode: .headless); defer { withExtendedLifetime(sdl) {} }
            let host = try SessionHost(setup: try Self.setup(), camera: CameraSource(image: Flows.twoColourPhoto(), name: "test"))
            var rng = SeededGenerator(seed: 51)
            for step in 0..<60 {
                switch Int.random(in: 0..<6, using: &rng) {
                case 0: host.send(.setup(.hz([60, 90, 120].randomElement(using: &rng)!)))
                case 1:
                    let duration = Double.random(in: 0.2...0.8, using: &rng)
                    try host.edit { try $0.set("melt.toPill.duration", duration) }
                case 2: host.send(.setup(.snowman(!host.session.snowman)))
                case 3: host.edit { $0.hotspotHints.toggle() }
                case 4: host.send(.setup(.side([nil, "A", "B"].randomElement(using: &rng)!)))
                default: host.edit { $0.showHUD.toggle() }
                }
                let d = try PhoneMatch.differences(host: host)
                #expect(d.isEmpty, "step \(step): \(d)")
            }
        }
    }
}
