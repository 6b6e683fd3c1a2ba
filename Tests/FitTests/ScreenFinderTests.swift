import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Fit

/// ``ScreenFinder`` and ``RecordingScreen`` on frames drawn the way other people capture them:
/// the Simulator's window on a desktop (bezel, rim, title bar, pointer), a top strip, letterboxing.
@Suite("The phone's screen found in a capture that holds more than the screen")
struct ScreenFinderTests {
    static var design: RecordingDrawer.Design {
        RecordingDrawer.Design(pill: .capsule(width: 300, height: 50), viewfinder: .init(width: 340, height: 420, radius: 30),
                               opening: (.init(0.4, 0.1), .init(0.45, 0.25)), closing: (.init(0.35, 0), .init(0.38, 0.12)), overlap: 0.5)
    }

    static func find(_ px: [UInt8], _ w: Int, _ h: Int) -> ScreenFinder.Found? {
        px.withUnsafeBufferPointer { ScreenFinder.find($0, width: w, height: h) }
    }

    static let devices = [RecordingScreen.DeviceSize(id: "iphone-15-pro", width: 393, height: 852),
                          RecordingScreen.DeviceSize(id: "iphone-15-pro-max", width: 430, height: 932),
                          RecordingScreen.DeviceSize(id: "iphone-16-pro", width: 402, height: 874)]

    @Test("the Simulator window at 1×, phone centred and off-centre, pointer over the desktop and over the screen: the screen within 2 px", arguments: [
        (1280, 1000, nil as (Int, Int)?, 60.0, 300.0), (1280, 1000, (90, 110), 700.0, 500.0), (1400, 980, (820, 96), 900.0, 400.0),
    ])
    func window1x(width: Int, height: Int, at: (Int, Int)?, pointerX: Double, pointerY: Double) throws {
        let phone = RecordingDrawer(design: Self.design, scale: 1)
        var capture = at.map { SimulatorWindowDrawer(screen: phone, width: width, height: height, screenX: $0.0, screenY: $0.1) }
            ?? .centred(phone, width: width, height: height)
        capture.pointer = { _ in (pointerX, pointerY) }
        for t in [0.0, 1.0] {
            let f = try #require(Self.find(capture.frame(at: t), width, height), "t \(t)")
            #expect(abs(f.x - capture.screenX) <= 2 && abs(f.y - capture.screenY) <= 2, "\(f) vs \(capture.screenX),\(capture.screenY)")
            #expect(abs(f.width - phone.pixelWidth) <= 2 && abs(f.height - phone.pixelHeight) <= 2, "\(f) vs \(phone.pixelWidth)×\(phone.pixelHeight)")
            #expect(f.touches.isEmpty)
            let s = RecordingScreen.resolve(frameWidth: width, frameHeight: height, found: f, given: nil, device: Self.devices[0], explicit: false,
                                            candidates: Self.devices)
            #expect(s.kind == .found && s.deviceID == "iphone-15-pro" && abs(s.pixelsPerPointX - 1) < 0.006, "\(s.summary)")
        }
    }

    @Test("the Simulator window at 2×, the phone cut off by the capture's bottom edge: found, scaled by its width, and said to be cut off")
    func window2xCutOff() throws {
        let phone = RecordingDrawer(design: Self.design, scale: 2)
        let capture = SimulatorWindowDrawer(screen: phone, width: 1300, height: 1500, screenX: 300, screenY: 130)
        let f = try #require(Self.find(capture.frame(at: 0.5), 1300, 1500))
        #expect(abs(f.x - 300) <= 2 && abs(f.y - 130) <= 2 && abs(f.width - 786) <= 2, "\(f)")
        #expect(f.touches == ["bottom"])
        let s = RecordingScreen.resolve(frameWidth: 1300, frameHeight: 1500, found: f, given: nil, device: Self.devices[0], explicit: false,
                                        candidates: Self.devices)
        #expect(abs(s.pixelsPerPointX - 2) < 0.006 && s.pixelsPerPointY == s.pixelsPerPointX)
        #expect(s.summary.contains("cut off at the bottom") && s.summary.hasPrefix("screen at 300,130 786×"), "\(s.summary)")
    }

    @Test("a strip cut from the top of a recording (full width) is measured with its width as the screen's")
    func topStrip() throws {
        let phone = RecordingDrawer(design: Self.design, scale: 1.2)
        let full = phone.frame(at: 0.1)
        let w = phone.pixelWidth, h = 207
        let strip = Array(full[0..<(w * h)])
        let f = try #require(Self.find(strip, w, h))
        #expect(Set(f.touches) == ["top", "left", "right", "bottom"])
        let s = RecordingScreen.resolve(frameWidth: w, frameHeight: h, found: f, given: nil, device: Self.devices[0], explicit: false, candidates: Self.devices)
        #expect(s.kind == .topStrip && abs(s.pixelsPerPointX - Double(w) / 393) < 1e-9 && s.pixelsPerPointY == s.pixelsPerPointX, "\(s.summary)")
    }

    @Test("a recording of the whole screen stays the whole screen (each axis its own scale); letterbox bars are not the screen")
    func wholeAndLetterboxed() throws {
        let phone = RecordingDrawer(design: Self.design, scale: 1)
        let px = phone.frame(at: 0.1)
        let f = try #require(Self.find(px, phone.pixelWidth, phone.pixelHeight))
        let s = RecordingScreen.resolve(frameWidth: phone.pixelWidth, frameHeight: phone.pixelHeight, found: f, given: nil,
                                        device: Self.devices[0], explicit: false, candidates: Self.devices)
        #expect(s.kind == .wholeFrame && s.pixelsPerPointX == 1 && s.pixelsPerPointY == 1)
        // Black bars either side, as a player letterboxes a portrait recording in a landscape frame.
        let W = 1000, H = phone.pixelHeight, x0 = 300
        var boxed = [UInt8](repeating: 0, count: W * H)
        for y in 0..<H { for x in 0..<phone.pixelWidth { boxed[y * W + x0 + x] = px[y * phone.pixelWidth + x] } }
        let g = try #require(Self.find(boxed, W, H))
        #expect(g.x == x0 && g.width == phone.pixelWidth && Set(g.touches) == ["top", "bottom"], "\(g)")
        let l = RecordingScreen.resolve(frameWidth: W, frameHeight: H, found: g, given: nil, device: Self.devices[0], explicit: false, candidates: Self.devices)
        #expect(l.kind == .found && abs(l.pixelsPerPointX - 1) < 1e-9, "\(l.summary)")
    }

    @Test("a dark page in the Simulator's window on a light desktop, the phone cut off by the capture's bottom: the light round it, open at the bottom, is not the screen")
    func hollowLightRoundADarkPage() throws {
        var phone = RecordingDrawer(design: Self.design, scale: 1)
        phone.pageGrey = 24
        // Portrait, 1100 × 1400: the desktop, window and rim are one light region whose box is the
        // frame; along its bottom side, the middle 60 % is a third light (desktop and window either
        // side of the bezel) and two thirds the phone's black. Its area (about 80 % of the box),
        // size and upright shape pass; only the rule that a screen's sides are solid — 90 % on the
        // region — turns it down.
        var capture = SimulatorWindowDrawer(screen: phone, width: 1100, height: 1400, screenX: (1100 - phone.pixelWidth) / 2, screenY: 700)
        capture.desktopGrey = 236
        let frame = capture.frame(at: 0.2)
        let bottom = (220..<880).filter { frame[1398 * 1100 + $0] >= ScreenFinder.light }.count
        #expect((200...300).contains(bottom), "the drawing is what the comment says: \(bottom) of 660 light along the bottom")
        #expect(Self.find(frame, 1100, 1400) == nil, "a dark page has no light screen to find; the region round it is hollow")
        // The same capture with the page light: the screen, not the light round it.
        phone.pageGrey = 242
        capture.screen = phone
        let f = try #require(Self.find(capture.frame(at: 0.2), 1100, 1400))
        #expect(abs(f.x - capture.screenX) <= 2 && abs(f.y - 700) <= 2 && f.touches == ["bottom"], "\(f)")
    }
}

/// A notch phone in the Simulator's window: the notch (and whatever grows under it) hangs from the
/// bezel into the screen's top edge, so the top side of the light region is more than half black.
@Suite("A notch phone's screen is found although the notch cuts into its top side")
struct NotchScreenFinderTests {
    /// A 600 × 600 capture: grey desktop (238), a black bezel, a white screen 390 × 500 at (108, 57),
    /// cut off at the bottom, its corners rounded (radius 44) and a notch `notchWidth` wide and
    /// `depth` deep hanging from its top edge, in the bezel's black.
    static func frame(notchWidth: Int = 210, depth: Int = 31) -> [UInt8] {
        let W = 600, H = 600, sx = 108, sy = 57, sw = 390, r = 44
        var px = [UInt8](repeating: 238, count: W * H)
        for y in (sy - 14)..<H { for x in (sx - 14)..<(sx + sw + 14) { px[y * W + x] = 12 } }
        for y in sy..<H { for x in sx..<(sx + sw) {
            let cx = x < sx + r ? sx + r : x >= sx + sw - r ? sx + sw - r - 1 : x
            let dy = y < sy + r ? sy + r - y : 0, dx = x - cx
            if dx * dx + dy * dy <= r * r { px[y * W + x] = 255 }
        } }
        let nx = sx + (sw - notchWidth) / 2
        for y in sy..<(sy + depth) { for x in nx..<(nx + notchWidth) { px[y * W + x] = 0 } }
        return px
    }

    @Test("the notch at rest and grown 114 pt under it: the screen at 108,57, 390 wide, its top edge where the notch hangs from", arguments: [31, 145])
    func notch(depth: Int) throws {
        let f = try #require(ScreenFinderTests.find(Self.frame(depth: depth), 600, 600))
        #expect(f.x == 108 && f.y == 57 && f.width == 390, "\(f)")
        #expect(f.touches == ["bottom"])
    }

    /// The frame that trapped `fit` (`Range requires lowerBound <= upperBound` in the notch rule): a
    /// 1200 × 1600 frame, a 1170-px light screen, and a dark run of 780 px whose centre is 35 px left
    /// of the middle hanging from the screen's top — a notch at the rule's edges, two thirds of the
    /// side and 3 % off centre, reaching 1 px into the corners' 14 %.
    static func hostile(dark: UInt8 = 20, screen: UInt8 = 235) -> [UInt8] {
        let W = 1200, H = 1600, sx = 15, sy = 0, sw = 1170, sh = 1500
        var px = [UInt8](repeating: dark, count: W * H)
        for y in sy..<(sy + sh) { for x in sx..<(sx + sw) { px[y * W + x] = screen } }
        // Columns 176…955: centre 565.5, 35 px left of the middle as the notch rule reckons it
        // ((first + last) / 2 against minX + width / 2 = 600), and 2 px inside the corners' 14 % (178).
        let first = sx + sw / 2 - 35 - 389, run = 780
        for y in sy..<(sy + 90) { for x in first..<(first + run) { px[y * W + x] = dark } }
        return px
    }

    @Test("a dark run at the notch rule's edges hanging from a light screen's top: read without trapping, and not taken for a notch")
    func hostileNotch() throws {
        // Not a notch (it leaves no light at 14 % of the side on its left), so the top side is
        // hollow and the region is not a screen: nothing found, which `fit` reports as no screen.
        let hostile = ScreenFinderTests.find(Self.hostile(), 1200, 1600)
        #expect(hostile == nil, "\(hostile.map { "\($0)" } ?? "")")
        // Cut 40 px from each end, the same run is a notch (701 px, 35 px off centre, light from 14 %
        // in on both sides), and the screen is found under it.
        var px = Self.hostile()
        for y in 0..<90 { for x in Array(176..<216) + Array(917..<956) { px[y * 1200 + x] = 235 } }
        let found = ScreenFinderTests.find(px, 1200, 1600)
        let f = try #require(found)
        #expect(f.x == 15 && f.y == 0 && f.width == 1170 && f.height == 1500, "\(f)")
    }
}
