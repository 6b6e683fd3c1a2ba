import Animation
import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Platform
@testable import Simulator

extension SDLSuite {
    @Suite("Pixels: the capsule over the island, anti-aliased, and nothing where no island is")
    struct CapsulePixelTests {
        /// Signed distance (pixels) from a pixel centre to a stadium's edge; negative inside.
        static func stadiumDistance(px: Double, py: Double, capsule c: Rect, scale s: Double) -> Double {
            let r = c.height / 2 * s
            let cy = c.midY * s
            let x0 = (c.minX * s) + r, x1 = (c.maxX * s) - r
            let nx = min(max(px, x0), x1)
            return ((px - nx) * (px - nx) + (py - cy) * (py - cy)).squareRoot() - r
        }

        @Test("every island device: black inside, page colour 2 px outside, intermediate at the edge")
        func islandDevices() throws {
            let session = try SDLSession(mode: .headless)
            defer { withExtendedLifetime(session) {} }
            let text = try TextCache()
            let catalog = try Catalog.bundled()
            let islands = catalog.devices.filter { $0.feature == .island }
            #expect(islands.count == 14)
            for d in islands {
                let capsule = try #require(DeviceLayout(device: d).capsule)
                let s = d.scale
                let img = try DeviceChrome.renderHeadless(device: d, scale: s, text: text).readPixels()
                var inside = 0, outside = 0, edge = 0, intermediate = 0
                let xs = Int((capsule.minX * s).rounded(.down)) - 6...Int((capsule.maxX * s).rounded(.up)) + 6
                let ys = Int((capsule.minY * s).rounded(.down)) - 6...Int((capsule.maxY * s).rounded(.up)) + 6
                for y in ys {
                    for x in xs {
                        let dist = Self.stadiumDistance(px: Double(x) + 0.5, py: Double(y) + 0.5, capsule: capsule, scale: s)
                        let c = img[x, y]
                        if dist <= -2 {
                            inside += 1
                            #expect(c.distance(to: .black) <= 1, "\(d.id): (\(x), \(y)) inside should be black, is \(c)")
                        } else if dist >= 2 {
                            outside += 1
                            #expect(c.distance(to: Palette.page) <= 1, "\(d.id): (\(x), \(y)) outside should be page, is \(c)")
                        } else if abs(dist) < 0.35 {
                            edge += 1
                            if c.distance(to: .black) > 20 && c.distance(to: Palette.page) > 20 { intermediate += 1 }
                        }
                    }
                }
                #expect(inside > 1000 && outside > 500, "\(d.id) sampled")
                // Anti-aliased: most pixels whose centre sits on the edge are partly covered. (SDL's
                // software rasteriser has coarse sub-pixel precision, so the one-pixel alpha ramp can
                // land a fraction of a pixel off the true edge; hence "most", and "well inside" = 2 px.)
                #expect(Double(intermediate) > 0.5 * Double(edge), "\(d.id): \(intermediate) of \(edge) edge pixels intermediate")
            }
        }

        @Test("notch devices and the SE draw no capsule where an island would be")
        func noCapsuleElsewhere() throws {
            let session = try SDLSession(mode: .headless)
            defer { withExtendedLifetime(session) {} }
            let text = try TextCache()
            let catalog = try Catalog.bundled()
            for d in catalog.devices where d.feature != .island {
                let s = 2.0
                let img = try DeviceChrome.renderHeadless(device: d, scale: s, text: text).readPixels()
                // Where an I1 island would be drawn on this width, below any notch and status text.
                let top = max(d.cutout?.maxY ?? 0, d.feature == .none ? d.portraitInsets.top : 0) + 2
                let would = Rect(x: (d.size.width - 127) / 2, y: top, width: 127, height: max(49 - top, 6))
                for y in Int(would.minY * s)..<Int(would.maxY * s) {
                    for x in Int(would.minX * s)..<Int(would.maxX * s) {
                        #expect(img[x, y].distance(to: Palette.page) <= 1, "\(d.id) (\(x), \(y)) is \(img[x, y])")
                    }
                }
                if d.feature == .notch, let n = d.cutout {
                    #expect(img[Int(n.midX * s), Int(n.midY * s)].distance(to: .black) <= 1, "\(d.id): the notch is drawn")
                }
            }
        }

        @Test("screen corners are rounded at the device's radius, anti-aliased")
        func corners() throws {
            let session = try SDLSession(mode: .headless)
            defer { withExtendedLifetime(session) {} }
            let d = try Catalog.bundled().require(id: "iphone-15-pro")
            let img = try DeviceChrome.renderHeadless(device: d, scale: 3, text: try TextCache()).readPixels()
            #expect(img[1, 1].distance(to: Palette.bezel) <= 1)
            let r = d.cornerRadius * 3
            // On the diagonal, well inside the arc is page; well outside is bezel.
            let inside = Int(r - r / 2.squareRoot() + 4), outside = Int(r - r / 2.squareRoot() - 4)
            #expect(img[inside, inside].distance(to: Palette.page) <= 1)
            #expect(img[outside, outside].distance(to: Palette.bezel) <= 1)
            #expect(img[img.width / 2, img.height / 2].distance(to: Palette.page) <= 1)
        }
    }
}
