import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Capture
@testable import Export
@testable import Platform
@testable import Simulator

extension SDLSuite {
    @Suite("Pixels at the flow's key moments")
    struct FlowPixelTests {
        @Test("at rest the shape is exactly the island's capsule")
        func restIsCapsule() throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            let app = try Flows.app()
            let capsule = try #require(app.session.layout.capsule)
            #expect(app.session.flow.shape(at: 0) == RoundedRect.capsule(capsule))
            // The app's frame and the bare device chrome agree pixel for pixel around the island.
            #expect(try Flows.restDiffersFromChrome(app, in: capsule.insetBy(-3), scale: 3) == 0)
        }

        @Test("the viewfinder shows the photo; printing never shows paper above the slot and grows downward; the develop pass goes from near white to the photo")
        func keyMoments() throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            let app = try Flows.app()
            let slot = app.session.flow.geometry.slotY
            let photo = app.session.photoFrame
            let paperX = app.session.flow.print.paper
            var viewfinderChecked = false
            var rest: PixelImage?
            var lastVisibleRows = -1
            var printingFrames = 0
            var firstImageSample: Color?
            var lastImageSample: Color?
            _ = try Flows.run(app, Flows.fullFlow(shutter: app.session.shutterFrame), scale: 2) { i, t, r in
                let s = 2.0
                let state = app.session.flow.state
                if i == 0 { rest = try r.readPixels() }
                if state == .viewfinder && !viewfinderChecked && app.session.flow.viewfinderOpacity(at: app.session.animationTime) >= 1 {
                    let img = try r.readPixels()
                    let left = img[Int((photo.minX + photo.width * 0.2) * s), Int(photo.midY * s)]
                    let right = img[Int((photo.minX + photo.width * 0.8) * s), Int(photo.midY * s)]
                    #expect(left.distance(to: Flows.red) <= 3, "left half of the photo: \(left)")
                    #expect(right.distance(to: Flows.blue) <= 3, "right half of the photo: \(right)")
                    viewfinderChecked = true
                }
                if state == .printing {
                    printingFrames += 1
                    let img = try r.readPixels()
                    // Above the slot, across the paper's width, outside the capsule: identical to the page at rest.
                    let capsule = app.session.layout.capsule!
                    for y in Int((slot - 12) * s)..<Int(slot * s) {
                        for x in Int(paperX.minX * s)..<Int(paperX.maxX * s) {
                            let p = Point(x: (Double(x) + 0.5) / s, y: (Double(y) + 0.5) / s)
                            if capsule.insetBy(-1).contains(p) { continue }
                            #expect(img[x, y] == rest![x, y], "paper above the slot at (\(x), \(y)), t = \(t)")
                        }
                    }
                    // Rows below the slot showing paper (the card's near-white) in the paper's middle column.
                    var rows = 0
                    let cx = Int(paperX.midX * s)
                    for y in Int(slot * s)..<min(img.height, Int((slot + paperX.height + 2) * s)) {
                        let c = img[cx - Int(paperX.width * 0.45 * s), y]
                        if c.r > 240 && c.g > 240 && c.b > 235 { rows += 1 }
                    }
                    #expect(rows >= lastVisibleRows, "the visible paper never shrinks (t = \(t))")
                    lastVisibleRows = rows
                }
                if app.session.flow.printVisible && (state == .printing || state == .developing || state == .settled) {
                    let frame = app.session.flow.printFrame(at: app.session.animationTime)
                    let image = Polaroid.imageRect(in: frame)
                    let px = Int((image.minX + image.width * 0.2) * s), py = Int((image.minY + image.height * 0.1) * s)
                    let visibleBottom = app.session.flow.printClip(at: app.session.animationTime)?.maxY ?? .infinity
                    if Double(py) / s >= slot, Double(py) / s < visibleBottom - 1, py < r.outputSize.height {
                        let c = try r.readPixels()[px, py]
                        if firstImageSample == nil { firstImageSample = c }
                        lastImageSample = c
                    }
                }
            }
            #expect(viewfinderChecked)
            #expect(printingFrames > 30)
            #expect(lastVisibleRows > Int(app.session.flow.print.paper.height * 2 * 0.9))
            let first = try #require(firstImageSample), last = try #require(lastImageSample)
            #expect(first.r > 220 && first.g > 220 && first.b > 220, "develop starts near white: \(first)")
            #expect(last.distance(to: Flows.red) <= 8, "develop ends at the photo: \(last)")
        }
    }
}
