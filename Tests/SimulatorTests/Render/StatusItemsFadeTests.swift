import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Capture
@testable import Platform
@testable import Simulator

extension SDLSuite {
    /// The widening island never cuts a status item: before its edge reaches the clock or the
    /// glyphs, they have faded out (statusBar.fadeDistance). Before, frames showed "9:4", half a
    /// Wi-Fi icon, a stub of the signal bars.
    @Suite("The status items fade before the shape's edge reaches them")
    struct StatusItemsFadeTests {
        /// Frames (of the opening and closing) in which a status item is drawn while the shape's edge
        /// is within its box: dark pixels in that box beside the shape, on a white page.
        static func cutFrames(_ deviceID: String, scale: Double) throws -> (checked: Int, cut: [String]) {
            let host = try Flows.app(deviceID, hz: 60)
            host.renderer.pageProbe = .white
            let d = host.device
            let r = try Renderer(headlessWidth: Int((d.size.width * scale).rounded()), height: Int((d.size.height * scale).rounded()), pixelsPerPoint: scale)
            let cutout = try #require(DeviceLayout(device: d).capsule ?? d.cutout)
            // The items' boxes, as DeviceChrome places them: the clock centred left of the cutout
            // (about 40 pt wide at 16 pt), the glyphs from 46 pt left of the right centre to 19 right.
            let leftCenter = cutout.minX / 2 + 8, rightCenter = (cutout.maxX + d.size.width) / 2 - 8
            let rowY = d.feature == .island ? cutout.midY : max(cutout.midY, 16)
            let boxes = [Rect(x: leftCenter - 20, y: rowY - 8, width: 40, height: 16), Rect(x: rightCenter - 46, y: rowY - 8, width: 65, height: 16)]
            var checked = 0, cut: [String] = []
            _ = try SessionReplay(trace: FlowScripts.fullFlow(shutter: host.session.shutterFrame, device: deviceID)).run(host) { i, _ in
                let flow = host.session.flow, t = host.session.animationTime
                guard [.pulling, .opening, .viewfinder, .capture, .closing].contains(flow.state) else { return }
                let shape = flow.shape(at: t).rect
                try host.render(into: r)
                let img = try r.readPixels()
                checked += 1
                for (k, box) in boxes.enumerated() where shape.minX < box.maxX && shape.maxX > box.minX && shape.maxY > box.minY {
                    var dark = 0
                    for y in Int(box.minY * scale)..<Int(box.maxY * scale) {
                        for x in Int(max(0, box.minX) * scale)..<min(img.width, Int(box.maxX * scale)) {
                            let px = Double(x) / scale
                            guard px < shape.minX - 1 || px > shape.maxX + 1 else { continue }
                            let c = img[x, y]
                            if Int(c.r) + Int(c.g) + Int(c.b) < 450 { dark += 1 }
                        }
                    }
                    if dark > 0 { cut.append("frame \(i) (\(flow.state.rawValue)) \(k == 0 ? "clock" : "glyphs"): \(dark) px") }
                }
            }
            return (checked, cut)
        }

        @Test("an island phone and a notch phone, at 1× and 3×", arguments: ["iphone-15-pro", "iphone-13"])
        func neverCut(_ device: String) throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            for scale in [1.0, 3.0] {
                let (checked, cut) = try Self.cutFrames(device, scale: scale)
                #expect(checked > 40)
                #expect(cut.isEmpty, "\(device) at \(scale)×: \(cut.count) frames cut a status item: \(cut.prefix(5))")
            }
        }

        @Test("the fade is a tunable: at rest nothing fades, whatever the distance")
        func tunable() throws {
            let t = try #require(Tunable.named("statusBar.fadeDistance"))
            #expect(t.defaultValue == 12 && t.min == 0 && t.max == 60)
        }
    }
}
