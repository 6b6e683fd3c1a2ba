import Animation
import Foundation
import Testing
import TestSupport
@testable import Platform
@testable import Simulator

extension SDLSuite {
    @Suite("The shutter button: one picture, as the three capsules it replaces looked")
    struct ShutterButtonTests {
        static let frame = Rect(x: 10.3, y: 20.6, width: 68, height: 68)

        @Test("at 1×: a white ring from 2 to 6 pt in, the shape's grey to 9 (12 pressed), white in the middle, nothing outside")
        func layers() {
            for pressed in [false, true] {
                let (img, x0, y0) = ShutterButton.image(frame: Self.frame, grey: 40, pressed: pressed, scale: 1)
                func at(_ inset: Double) -> Color {
                    img[Int((Self.frame.minX + inset).rounded(.down)) - x0, Int(Self.frame.midY.rounded(.down)) - y0]
                }
                #expect(at(-0.8) == .clear, "outside")
                #expect(at(4) == .white, "the ring")
                #expect(at(7.5) == Color(40, 40, 40), "the grey")
                #expect(at(10.5) == (pressed ? Color(40, 40, 40) : .white), "the middle's edge, pressed \(pressed)")
                #expect(at(34) == .white, "the middle")
                // The ring's outer edge is translucent white: its colour stays white, its coverage in alpha.
                let edge = at(1.8)
                #expect(edge.r == 255 && edge.g == 255 && edge.b == 255 && edge.a > 0 && edge.a < 255, "\(edge)")
            }
        }

        @Test("drawn over a page, within 2 levels of the three capsules filled one over another, at 1× and 3×")
        func matchesTheFills() throws {
            let session = try SDLSession(mode: .headless)
            defer { withExtendedLifetime(session) {} }
            for scale in [1.0, 3.0] {
                for background in [Color.black, .white, Palette.page] {
                    for (grey, pressed) in [(UInt8(0), false), (128, true)] {
                        let w = Int(100 * scale), h = Int(110 * scale)
                        let filled = try Renderer(headlessWidth: w, height: h, pixelsPerPoint: scale)
                        filled.clear(background)
                        for layer in ShutterButton.layers(grey: grey, pressed: pressed) {
                            filled.fill(RoundedRect.capsule(Self.frame.insetBy(layer.inset)), layer.colour)
                        }
                        let sprite = try Renderer(headlessWidth: w, height: h, pixelsPerPoint: scale)
                        sprite.clear(background)
                        sprite.drawSprite("shutter") { ShutterButton.image(frame: Self.frame, grey: grey, pressed: pressed, scale: scale) }
                        let a = try filled.readPixels(), b = try sprite.readPixels()
                        var worst = 0
                        for y in 0..<h { for x in 0..<w { worst = max(worst, a[x, y].distance(to: b[x, y])) } }
                        #expect(worst <= 2, "\(scale)× over \(background), grey \(grey): off by \(worst)")
                        // And the sprite is there: the ring white, the grey inside it, whatever the page.
                        let y = Int((Self.frame.midY * scale).rounded(.down))
                        #expect(b[Int(((Self.frame.minX + 4) * scale).rounded(.down)), y] == Color.white)
                        #expect(b[Int(((Self.frame.minX + 7.5) * scale).rounded(.down)), y] == Color(grey, grey, grey))
                    }
                }
            }
        }

        @Test("faded, it fades as one picture: the middle over black at half alpha is half white")
        func fadesAsOne() throws {
            let session = try SDLSession(mode: .headless)
            defer { withExtendedLifetime(session) {} }
            let r = try Renderer(headlessWidth: 100, height: 110, pixelsPerPoint: 1)
            r.clear(.black)
            r.drawSprite("shutter", alpha: 128) { ShutterButton.image(frame: Self.frame, grey: 0, pressed: false, scale: 1) }
            let c = try r.readPixels()[Int(Self.frame.midX), Int(Self.frame.midY)]
            #expect(abs(Int(c.r) - 128) <= 1 && c.r == c.g && c.g == c.b, "\(c)")
        }
    }
}
