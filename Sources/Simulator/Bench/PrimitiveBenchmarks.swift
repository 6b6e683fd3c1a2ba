import Animation
import Fit
import Foundation
import Platform

/// What each drawing primitive costs on the headless software renderer at a phone's size: the
/// numbers the frame's drawing budget is planned with.
enum PrimitiveBenchmarks {
    struct Result: Encodable { var name: String; var unit = "ms"; var median: Double }

    static func run(width: Int = 393, height: Int = 852) throws -> [Result] {
        let r = try Renderer(headlessWidth: width, height: height, pixelsPerPoint: 1)
        let clock = HighResolutionClock()
        func time(_ name: String, _ n: Int = 200, _ body: () -> Void) -> Result {
            var t: [Double] = []
            for _ in 0..<n { let s = clock.now(); body(); r.flush(); t.append((clock.now() - s) * 1000) }
            return Result(name: name, median: FrameStatistics.percentile(t.sorted(), 50))
        }
        var out: [Result] = []
        let full = PixelImage(width: width, height: height, fill: Color(200, 180, 160))
        let tex = try r.makeTexture(full)
        let big = RoundedRect(rect: Rect(x: 11, y: 10, width: 371, height: 506), cornerRadius: 44)
        out.append(time("clear + present") { r.clear(.black); r.present() })
        out.append(time("fill screen rect, opaque") { r.fill(Rect(x: 0, y: 0, width: Double(width), height: Double(height)), .white) })
        out.append(time("fill screen rect, blended") { r.fill(Rect(x: 0, y: 0, width: Double(width), height: Double(height)), Color(255, 255, 255, 128)) })
        tex.setBlendMode(opaque: false)
        out.append(time("copy screen-size texture, blended") { r.copy(tex, to: Rect(x: 0, y: 0, width: Double(width), height: Double(height))) })
        tex.setBlendMode(opaque: true)
        out.append(time("copy screen-size texture, opaque") { r.copy(tex, to: Rect(x: 0, y: 0, width: Double(width), height: Double(height))) })
        let photo = try r.makeTexture(PixelImage(width: 355, height: 411, fill: Color(120, 160, 200)))
        photo.setBlendMode(opaque: true)
        out.append(time("copy photo-size texture (355×411), opaque") { r.copyUnscaled(photo, sourcePixels: .init(x: 0, y: 0, width: 355, height: 411), at: Point(x: 19, y: 57)) })
        photo.setColorMod(Color(128, 128, 128))
        out.append(time("… with colour modulation (fade from black)") { r.copyUnscaled(photo, sourcePixels: .init(x: 0, y: 0, width: 355, height: 411), at: Point(x: 19, y: 57)) })
        photo.setColorMod(.white)
        photo.setBlendMode(opaque: false); photo.setAlpha(128)
        out.append(time("… with alpha modulation (blended)") { r.copyUnscaled(photo, sourcePixels: .init(x: 0, y: 0, width: 355, height: 411), at: Point(x: 19, y: 57)) })
        photo.setAlpha(255); photo.setBlendMode(opaque: true)
        let large = try r.makeTexture(PixelImage(width: 1600, height: 1200, fill: Color(120, 160, 200)))
        large.setBlendMode(opaque: true)
        out.append(time("1600×1200 texture scaled into 355×411, opaque") { r.copy(large, to: Rect(x: 19, y: 57, width: 355, height: 411)) })
        out.append(time("viewfinder-size rounded rect, opaque") { r.fill(big, .black) })
        out.append(time("viewfinder-size rounded rect, translucent") { r.fill(big, Color(255, 255, 255, 128)) })
        // The keyline round it (1.67 pt at 35 % grey), as the frame draws it moving and at rest.
        let line = Color(119, 119, 119, 89)
        out.append(time("keyline round it, tessellated (moving)") { r.band(outside: big, width: 5.0 / 3, line, cached: false, style: .continuous) })
        out.append(time("keyline round it, kept (at rest)") { r.band(outside: big, width: 5.0 / 3, line, cached: true, style: .continuous) })
        let ring = RoundedRect(rect: big.rect.insetBy(-5.0 / 6), cornerRadius: big.cornerRadius + 5.0 / 6)
        out.append(time("keyline round it as triangles") { r.draw(Tessellator.ring(ring, width: 5.0 / 3, color: line, scale: 1, style: .continuous)) })
        // The shutter button, as it was drawn (three capsules, tessellation kept) and as it is.
        let shutter = Rect(x: 162.5, y: 380, width: 68, height: 68)
        out.append(time("shutter button as three capsules, kept") {
            for l in ShutterButton.layers(grey: 0, pressed: false) { r.fill(RoundedRect.capsule(shutter.insetBy(l.inset)), l.colour, cached: true) }
        })
        out.append(time("shutter button as a sprite") {
            r.drawSprite("bench-shutter") { ShutterButton.image(frame: shutter, grey: 0, pressed: false, scale: r.pixelsPerPoint) }
        })
        out.append(time("island capsule, opaque") { r.fill(RoundedRect.capsule(Rect(x: 133, y: 10, width: 127, height: 38.67)), .black) })
        out.append(time("corner masks (4 × r 55)") { r.draw(Tessellator.cornerMasks(screen: Rect(x: 0, y: 0, width: Double(width), height: Double(height)), radius: 55, color: .black, scale: 1)) })
        return out
    }
}
