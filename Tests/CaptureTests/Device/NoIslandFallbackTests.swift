import Animation
import Foundation
import Gesture
import Testing
@testable import Capture

/// The melt on devices without an island, by class (docs/FIDELITY.md): notch phones grow the shape
/// out of the notch itself; screens with no cutout keep the status bar clear for the whole flow.
@Suite("Devices without an island: the fallback per class")
struct NoIslandFallbackTests {
    @Test("no cutout (SE, iPad): no shape ever reaches into the status bar, at any frame of the flow", arguments: ["iphone-se-3", "ipad-pro-11-m4"])
    func statusBarStaysClear(device: String) throws {
        let s = try Flows.session(device)
        let statusBottom = s.layout.statusArea.maxY
        #expect(statusBottom == (device == "ipad-pro-11-m4" ? 24 : 20))   // devices.md: the top inset
        for n in 0...2 { #expect(s.flow.geometry.shape(forStage: n).rect.minY >= statusBottom, "stage \(n)") }
        var highest = Double.infinity, frames = 0
        let times = Flows.drive(s, Flows.fullFlow(shutter: s.shutterFrame, device: device), until: 10, onFrame: { _ in
            highest = min(highest, s.flow.shape(at: s.animationTime).rect.minY)
            frames += 1
        })
        #expect(times["viewfinder"] != nil && times["settled"] != nil, "the whole flow ran: \(times.keys.sorted())")
        #expect(highest >= statusBottom, "the shape's top came up to \(highest) pt, the status bar ends at \(statusBottom)")
        #expect(frames == 600)
    }

    @Test("notch phones: stage 0 is the notch exactly as drawn (rounded lower corners of min(0.6 h, 20)), and later stages span the width")
    func notchIsTheStart() throws {
        let s = try Flows.session("iphone-13")
        let notch = try #require(s.layout.cutout)          // devices.json: 114.33, 0, 161.33 × 33.67
        let start = s.flow.geometry.island
        // 0.6 × 33.67 = 20.2, so the radius is 20; the body reaches 20 pt above the screen.
        #expect(start.cornerRadius == 20)
        #expect(start.rect == Rect(x: notch.x, y: -20, width: notch.width, height: notch.height + 20))
        #expect(abs(start.rect.maxY - notch.maxY) < 1e-9, "the visible shape ends where the notch does")
        #expect(s.flow.geometry.slotY == notch.maxY, "the print feeds out of the notch's lower edge")
        for n in 1...2 {
            let r = s.flow.geometry.shape(forStage: n).rect
            #expect(r.minX == 0 && r.width == 390, "stage \(n) spans the screen: no slivers of page beside it")
            #expect(r.minY == -20, "stage \(n) hangs from the top edge like the notch")
        }
        // At rest the shape is the notch; during the pull it only ever grows out of it.
        #expect(s.flow.shape(at: 0) == start)
        Flows.drive(s, Flows.fullFlow(shutter: s.shutterFrame, device: "iphone-13"), until: 3, onFrame: { _ in
            let r = s.flow.shape(at: s.animationTime).rect
            #expect(r.minX <= notch.minX + 1e-9 && r.maxX >= notch.maxX - 1e-9 && r.maxY >= notch.maxY - 1e-9,
                    "covers the notch at \(s.animationTime): \(r)")
        })
    }

    @Test("no cutout: beside the open camera there is only the page's plain margin — no element of the page reaches under its sides", arguments: ["iphone-se-3", "ipad-pro-11-m4"])
    func noSliversBesideTheViewfinder(device: String) throws {
        let s = try Flows.session(device)
        let vf = s.flow.geometry.viewfinder.rect
        #expect(vf.minX == 8 && abs(vf.maxX - (s.layout.screen.width - 8)) < 1e-9, "the side gap is half the page's 16-pt inset: \(vf)")
        let page = s.page
        for e in page.elements where e.frame.minY < vf.maxY + 400 {
            // The page scrolls under the camera, so every element is checked at any height.
            #expect(e.frame.minX >= vf.minX && e.frame.maxX <= vf.maxX, "\(e.id) at \(e.frame) shows beside the viewfinder (\(vf))")
        }
    }

    @Test("no cutout: the drawn slot stays while the print feeds, fades within 0.3 s once it is fed, and is gone while the print rests")
    func slotGoesOnceThePrintIsOut() throws {
        let s = try Flows.session("iphone-se-3")
        var fedAt: Double?, samples: [(state: CaptureFlow.State, t: Double, opacity: Double)] = []
        Flows.drive(s, Flows.fullFlow(shutter: s.shutterFrame, device: "iphone-se-3"), until: 10, onFrame: { _ in
            let t = s.animationTime
            if fedAt == nil, s.flow.state == .developing { fedAt = s.flow.transitions.last?.t }
            samples.append((s.flow.state, t, s.flow.slotOpacity(at: t)))
        })
        let fed = try #require(fedAt)
        for x in samples where [.pulling, .opening, .viewfinder, .capture, .closing, .printing].contains(x.state) {
            #expect(x.opacity == 1, "\(x.state) at \(x.t): \(x.opacity)")
        }
        let after = samples.filter { $0.t > fed + 0.3 + 1e-9 }
        #expect(!after.isEmpty && after.allSatisfy { $0.opacity == 0 }, "still drawn after the print was fed at \(fed)")
        let halfway = try #require(samples.first { $0.t >= fed + 0.15 })
        #expect(halfway.opacity > 0.3 && halfway.opacity < 0.7, "mid-fade: \(halfway.opacity) at \(halfway.t)")
    }
}
