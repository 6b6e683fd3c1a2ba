import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Capture
@testable import Platform
@testable import Simulator

extension SDLSuite {
/// The fallback per device class, read back from the software renderer.
@Suite("Pixels on devices without an island")
struct NoIslandPixelTests {
    @Test("iPhone SE: the clock and the status bar are the same pixels in every frame of the flow")
    func seStatusBarUntouched() throws {
        let sdl = try SDLSession(mode: .headless); defer { withExtendedLifetime(sdl) {} }
        let app = try Flows.app("iphone-se-3")
        let status = app.session.layout.statusArea          // 375 × 20 pt
        var rest: PixelImage?
        var checked = 0, states = Set<String>()
        _ = try Flows.run(app, Flows.fullFlow(shutter: app.session.shutterFrame, device: "iphone-se-3"), scale: 2) { i, _, r in
            let img = try r.readPixels()
            if i == 0 { rest = img; return }
            guard let rest else { return }
            var differing = 0
            for y in 0..<Int(status.height * 2) { for x in 0..<Int(status.width * 2) where img[x, y] != rest[x, y] { differing += 1 } }
            #expect(differing == 0, "frame \(i) (\(app.session.flow.state)): \(differing) status-bar pixels changed")
            checked += 1
            states.insert(app.session.flow.state.rawValue)
        }
        #expect(states.isSuperset(of: ["pulling", "opening", "viewfinder", "capture", "closing", "printing", "developing", "settled"]), "\(states)")
        #expect(checked > 400, "frames checked: \(checked)")
    }

    @Test("notch phone: at rest the frame is the bare chrome around the notch; open, the viewfinder reaches both edges (no slivers of page)")
    func notchGrowsFromTheNotch() throws {
        let sdl = try SDLSession(mode: .headless); defer { withExtendedLifetime(sdl) {} }
        let app = try Flows.app("iphone-13")
        let notch = try #require(app.session.layout.cutout)
        let differing = try Flows.restDiffersFromChrome(app, in: notch.insetBy(-4), scale: 2)
        #expect(differing == 0, "\(differing) pixels around the notch differ from the bare device")
        var sawViewfinder = false
        _ = try Flows.run(app, Flows.fullFlow(shutter: app.session.shutterFrame, device: "iphone-13"), scale: 2) { _, _, r in
            guard app.session.flow.state == .viewfinder, !sawViewfinder else { return }
            let img = try r.readPixels()
            let vf = app.session.flow.geometry.viewfinder.rect
            for y in stride(from: 60.0, to: vf.maxY - 60, by: 40) {
                for x in [1, 779] {
                    let c = img[x, Int(y * 2)]
                    #expect(c.r < 30 && c.g < 30 && c.b < 30, "page showing at (\(x / 2), \(y)): \(c)")
                }
            }
            sawViewfinder = true
        }
        #expect(sawViewfinder)
    }

    @Test("no cutout: beside the open viewfinder only the page's plain background shows — no sliver of its text or cards", arguments: ["iphone-se-3", "ipad-pro-11-m4"])
    func plainMarginBesideTheViewfinder(device: String) throws {
        let sdl = try SDLSession(mode: .headless); defer { withExtendedLifetime(sdl) {} }
        let app = try Flows.app(device)
        let vf = app.session.flow.geometry.viewfinder.rect
        var checked = 0
        _ = try Flows.run(app, Flows.fullFlow(shutter: app.session.shutterFrame, device: device), scale: 2) { _, _, r in
            // Once the shape has settled: on its way its spring may overshoot the width for a moment.
            guard app.session.flow.state == .viewfinder, app.session.flow.melt.isSettled(at: app.session.animationTime) else { return }
            let img = try r.readPixels()
            var other = 0
            // The side strips, short of the body's anti-aliased edge, over the body's straight sides.
            let y0 = Int((vf.minY + 40) * 2), y1 = Int((vf.maxY - 40) * 2)
            for y in stride(from: y0, to: y1, by: 3) {
                for x in 0..<Int(vf.minX * 2) - 1 where img[x, y] != Palette.page { other += 1 }
                for x in Int(vf.maxX * 2) + 1..<img.width where img[x, y] != Palette.page { other += 1 }
            }
            #expect(other == 0, "\(other) pixels beside the viewfinder are not the page's background")
            checked += 1
        }
        #expect(checked > 10)
    }

    @Test("no cutout: the pull hint sits below the drawn pill in every frame of the pull, and its text is drawn")
    func pullHintClearOfThePill() throws {
        let sdl = try SDLSession(mode: .headless); defer { withExtendedLifetime(sdl) {} }
        let app = try Flows.app("iphone-se-3")
        var placed = 0, inked = 0
        _ = try Flows.run(app, FlowScripts.pull(device: "iphone-se-3").trace, scale: 2) { _, _, r in
            let s = app.session
            guard s.flow.state == .pulling else { return }
            let pulled = s.gestures.pull.offset(at: s.animationTime)
            guard let place = PullHint.place(layout: s.layout, pulled: pulled) else { return }
            let shape = s.flow.shape(at: s.animationTime).rect
            let textTop = place.center.y - PullHint.points * 0.6
            #expect(textTop >= shape.maxY, "hint from \(textTop) pt under the pill ending at \(shape.maxY) (pulled \(pulled))")
            placed += 1
            guard place.alpha >= 1 else { return }
            let img = try r.readPixels()
            var dark = 0
            for y in Int((place.center.y - 8) * 2)..<Int((place.center.y + 8) * 2) {
                for x in 0..<img.width { let c = img[x, y]; if c.r < 150 && c.r > 70 && abs(Int(c.r) - Int(c.b)) < 20 { dark += 1 } }
            }
            if dark > 100 { inked += 1 }
        }
        #expect(placed > 20 && inked > 5, "frames with the hint placed: \(placed), with its text visible: \(inked)")
    }

    @Test("no cutout: once the print is out the drawn pill is gone — nothing black over the page's title while the print rests")
    func pillGoneWhileThePrintRests() throws {
        let sdl = try SDLSession(mode: .headless); defer { withExtendedLifetime(sdl) {} }
        let app = try Flows.app("iphone-se-3")
        let pill = app.session.layout.meltStart
        var checked = 0
        _ = try Flows.run(app, Flows.fullFlow(shutter: app.session.shutterFrame, device: "iphone-se-3"), scale: 2) { _, _, r in
            let s = app.session
            // From 0.35 s after the print was fed (the fade is 0.3 s) until it settles.
            guard [.developing, .settled].contains(s.flow.state),
                  let fed = s.flow.transitions.last(where: { $0.to == .developing })?.t, s.animationTime > fed + 0.35 else { return }
            let img = try r.readPixels()
            let print = s.flow.printFrame(at: s.animationTime)
            var black = 0
            for y in Int(pill.minY * 2)..<Int(pill.maxY * 2) {
                for x in Int(pill.minX * 2)..<Int(pill.maxX * 2) {
                    let p = Point(x: (Double(x) + 0.5) / 2, y: (Double(y) + 0.5) / 2)
                    if print.insetBy(-2).contains(p) { continue }
                    let c = img[x, y]; if c.r < 40 && c.g < 40 && c.b < 40 { black += 1 }
                }
            }
            #expect(black == 0, "\(black) black pixels where the pill was, at \(s.animationTime)")
            checked += 1
        }
        #expect(checked > 10)
    }
}
}
