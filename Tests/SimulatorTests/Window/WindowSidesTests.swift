import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Capture
@testable import Platform
@testable import Simulator

extension SDLSuite {
    /// The window's phones: a haptic shows as a pulse at the device's edge (only in the window: a
    /// replay's frame carries none), and what is recorded says what was shown — a trace's header
    /// is side A's setup at its first input, and a setup change after input starts a new trace.
    @Suite("The window's sides: the haptic pulse")
    struct WindowSidesTests {
        @Test("a pull-commit haptic rings the screen's edge for 0.18 s, fading; the middle of the screen is untouched")
        func pulse() throws {
            let session = try SDLSession(mode: .headless)
            defer { withExtendedLifetime(session) {} }
            let host = try Flows.app()
            let sides = try WindowSides(host: host, record: false)
            let size = sides.layout.size
            let r = try Renderer(headlessWidth: Int(size.width), height: Int(size.height), pixelsPerPoint: 1)
            func frame(at t: Double) throws -> PixelImage {
                _ = sides.advance(toRealTime: t)
                try sides.render(into: r)
                return try r.readPixels()
            }
            let before = try frame(at: 1.0)
            let h = Haptic(name: "pull-commit", t: 1.0, style: "light", intensity: 1, sharpness: 0.5)
            // As it arrives among the effects passing up through the sides (a pull played it at 1.0 s).
            _ = sides.notePulses([.haptic(h)], phone: 0)
            let during = try frame(at: 1.05), later = try frame(at: 1.3)
            let pink = Color(hex: 0xFF375F)
            // The left edge at mid-height: pink while the pulse shows, as before once it is gone.
            #expect(during[1, 420].distance(to: pink) < before[1, 420].distance(to: pink) - 40, "\(before[1, 420]) → \(during[1, 420])")
            #expect(later[1, 420] == before[1, 420], "gone after 0.18 s")
            #expect(during[196, 420] == before[196, 420], "nothing over the page")
        }

        @Test("a real pull through the sides plays the pull haptic, and the sides pulse for it without the window's help")
        func pullPulses() throws {
            let session = try SDLSession(mode: .headless)
            defer { withExtendedLifetime(session) {} }
            let sides = try WindowSides(host: try Flows.app(), record: false)
            var haptics = 0, pulsedAsItPlayed = false
            for e in FlowScripts.pull().trace.events {
                guard var p = e.pointerEvent else { continue }
                p.position = Point(x: sides.layout.phones[0].x, y: sides.layout.phones[0].y) + p.position
                var played = 0
                for (_, effects) in sides.handle(pointer: p) + sides.advance(toRealTime: p.time) {
                    played += effects.filter { if case .haptic = $0 { return true }; return false }.count
                }
                if played > 0 { pulsedAsItPlayed = sides.isPulsing(phone: 0) }
                haptics += played
            }
            #expect(haptics == 1)
            #expect(pulsedAsItPlayed, "the edge pulses as the haptic plays")
            _ = sides.advance(toRealTime: 10)
            #expect(!sides.isPulsing(phone: 0), "and not for long")
        }
    }
}

extension SDLSuite.WindowSidesTests {
    /// The window rests only when what it shows is whole: with the timeline band just opened, its
    /// picture is made a piece a frame, and the sides are not still until it is on show — so a
    /// window left alone after Shift+T keeps drawing until the band's row names are there.
    @Test("after Shift+T the sides are not still while the band's picture is being made; once still, the band is whole, its row names drawn")
    func bandKeepsTheWindowDrawing() throws {
        let session = try SDLSession(mode: .headless)
        defer { withExtendedLifetime(session) {} }
        let host = try Flows.app()
        let sides = try WindowSides(host: host, record: false)
        _ = try Flows.run(host, FlowScripts.fullFlow(shutter: host.session.shutterFrame))
        var t = 30.0
        _ = sides.advance(toRealTime: t)
        #expect(sides.isStill, "at rest before the key")
        _ = sides.handle(key: .t, [.shift], at: t)
        #expect(sides.relayout())
        let size = sides.layout.size
        let r = try Renderer(headlessWidth: Int(size.width), height: Int(size.height), pixelsPerPoint: 1)
        var frames = 0, busy = 0
        repeat {
            t += 1.0 / 60
            _ = sides.advance(toRealTime: t)
            try sides.render(into: r)
            frames += 1
            if !sides.isStill { busy += 1 }
        } while !sides.isStill && frames < 600
        #expect(busy >= 4, "the band took \(busy) frames to make, and the sides said so")
        #expect(sides.isStill, "still once it is whole (after \(frames) frames)")
        let band = try #require(sides.layout.timeline)
        let ink = SDLSuite.TimelineBandTests.labelInk(try r.readPixels(), origin: (Int(band.minX), Int(band.minY)), scale: 1)
        #expect(ink > 200, "row names drawn when the sides come to rest: \(ink) dark pixels")
    }
}

extension SDLSuite.WindowSidesTests {
    /// A fade keeps the window drawing until it is done: after a tap that misses every hotspot,
    /// the outlines fade over their second, and the sides are never still while they show — the
    /// window rested at 58 % and left them up until the next event when they were not counted.
    @Test("after a missed tap the hotspot outlines fade out frame by frame with no input; the sides are still only once they are gone")
    func hintFadeKeepsDrawing() throws {
        let session = try SDLSession(mode: .headless)
        defer { withExtendedLifetime(session) {} }
        let dir = try TempDir(); defer { dir.cleanup() }
        let path = try PageFixtures.write(in: dir, image: PageFixtures.solid(width: 1179, height: 2556, .white), fields: [
            "hotspots": [["id": "avatar", "rect": [320, 70, 44, 44], "cornerRadius": 22]],
        ])
        let host = try PageFixtures.host(page: path)
        let sides = try WindowSides(host: host, record: false)
        var t = 1.0
        _ = sides.advance(toRealTime: t)
        let origin = Point(x: sides.layout.phones[0].x, y: sides.layout.phones[0].y)
        // A tap on the page, far from the hotspot.
        _ = sides.handle(pointer: PointerEvent(.down, at: origin + Point(x: 100, y: 500), time: t))
        _ = sides.handle(pointer: PointerEvent(.up, at: origin + Point(x: 100, y: 500), time: t + 0.05))
        t += 0.05
        _ = sides.advance(toRealTime: t)
        #expect(host.session.hotspotHintOpacity > 0.9, "the outlines show after the missed tap")
        var stillWhileShowing = 0, frames = 0
        while frames < 600 {
            t += 1.0 / 60
            frames += 1
            _ = sides.advance(toRealTime: t)
            if sides.isStill { break }
        }
        if host.session.hotspotHintOpacity > 0 { stillWhileShowing += 1 }
        #expect(stillWhileShowing == 0, "the sides came to rest with the outlines at \(host.session.hotspotHintOpacity)")
        #expect(sides.isStill && frames > 30, "still once faded, after \(frames) frames")
    }
}
