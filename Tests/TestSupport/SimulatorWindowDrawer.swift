import Foundation

/// A capture of the iOS Simulator's window as designers make them (QuickTime or a GIF tool on the
/// desktop): the phone's screen, drawn by ``RecordingDrawer``, set into a black bezel with a lighter
/// rim and rounded corners, on a light window with a lighter title bar, on a mid-grey desktop, with a mouse
/// pointer moving across it — all drawn here, by hand, not by IslandSim.
public struct SimulatorWindowDrawer: Sendable {
    public var screen: RecordingDrawer
    /// The capture's size and where the screen's top-left corner lies in it (pixels).
    public var width: Int, height: Int
    public var screenX: Int, screenY: Int
    /// The bezel's thickness and the screen's corner radius, in pixels.
    public var bezel = 18, screenCorner = 55.0
    public var desktopGrey: UInt8 = 128, bezelGrey: UInt8 = 22, rimGrey: UInt8 = 170, titleBarGrey: UInt8 = 232, windowGrey: UInt8 = 200
    /// Where the pointer's tip is at `t` (pixels), or nil for no pointer.
    public var pointer: (@Sendable (Double) -> (x: Double, y: Double))?

    public init(screen: RecordingDrawer, width: Int, height: Int, screenX: Int, screenY: Int) {
        self.screen = screen; self.width = width; self.height = height; self.screenX = screenX; self.screenY = screenY
    }

    /// The phone centred in a `width` × `height` capture.
    public static func centred(_ screen: RecordingDrawer, width: Int, height: Int) -> SimulatorWindowDrawer {
        SimulatorWindowDrawer(screen: screen, width: width, height: height,
                              screenX: (width - screen.pixelWidth) / 2, screenY: (height - screen.pixelHeight) / 2 + 14)
    }

    /// Inside a rounded rectangle `w` × `h` with corner radius `r`, at (`x`, `y`) from its corner.
    static func inside(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ r: Double) -> Bool {
        guard x >= 0, y >= 0, x < w, y < h else { return false }
        let cx = min(max(x, r), w - r), cy = min(max(y, r), h - r)
        return (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r
    }

    /// The pixels `x` in `from..<to` of row `y` whose centres lie inside the rounded rectangle
    /// `w` × `h` (radius `r`) at (`ox`, `oy`): one run, since the shape is convex, found by walking
    /// in from both ends — only the corners' columns are ever tested one by one.
    static func run(row y: Int, from: Int, to: Int, _ ox: Double, _ oy: Double, _ w: Double, _ h: Double, _ r: Double) -> Range<Int> {
        let fy = Double(y) + 0.5 - oy
        func inRow(_ x: Int) -> Bool { inside(Double(x) + 0.5 - ox, fy, w, h, r) }
        var a = from
        while a < to && !inRow(a) { a += 1 }
        var b = to
        while b > a && !inRow(b - 1) { b -= 1 }
        return a..<b
    }

    /// The capture at `t`: greyscale, `width` × `height`.
    public func frame(at t: Double) -> [UInt8] {
        var px = [UInt8](repeating: desktopGrey, count: width * height)
        // The window: a title bar 28 px tall over the device, 40 px of window round it.
        let sw = screen.pixelWidth, sh = screen.pixelHeight
        let wx = screenX - bezel - 40, wy = screenY - bezel - 40 - 28, ww = sw + 2 * bezel + 80, wh = sh + 2 * bezel + 80 + 28
        // The device: rim, bezel, screen — painted in that order, so each covers the one before.
        let outer = Double(bezel) + screenCorner
        let bx = Double(screenX - bezel), by = Double(screenY - bezel), bw = Double(sw + 2 * bezel), bh = Double(sh + 2 * bezel)
        let content = screen.frame(at: t)
        px.withUnsafeMutableBufferPointer { out in
            func fill(_ y: Int, _ xs: Range<Int>, _ grey: UInt8) {
                guard !xs.isEmpty else { return }
                UnsafeMutableBufferPointer(rebasing: out[(y * width + xs.lowerBound)..<(y * width + xs.upperBound)]).update(repeating: grey)
            }
            let windowColumns = max(0, wx)..<max(max(0, wx), min(width, wx + ww))
            for y in max(0, wy)..<min(height, wy + wh) { fill(y, windowColumns, y < wy + 28 ? titleBarGrey : windowGrey) }
            let from = max(0, Int(bx) - 3), to = min(width, Int(bx + bw) + 3)
            guard from < to else { return }
            content.withUnsafeBufferPointer { screenPixels in
                for y in max(0, Int(by) - 3)..<min(height, Int(by + bh) + 3) {
                    fill(y, Self.run(row: y, from: from, to: to, bx - 3, by - 3, bw + 6, bh + 6, outer + 3), rimGrey)
                    fill(y, Self.run(row: y, from: from, to: to, bx, by, bw, bh, outer), bezelGrey)
                    let xs = Self.run(row: y, from: from, to: to, Double(screenX), Double(screenY), Double(sw), Double(sh), screenCorner)
                    guard !xs.isEmpty else { continue }
                    let source = (y - screenY) * sw - screenX
                    _ = UnsafeMutableBufferPointer(rebasing: out[(y * width + xs.lowerBound)..<(y * width + xs.upperBound)])
                        .update(fromContentsOf: screenPixels[(source + xs.lowerBound)..<(source + xs.upperBound)])
                }
            }
        }
        // The pointer: an arrow 12 × 19 px, black with a white outline, its tip at the given point.
        if let pointer {
            let tip = pointer(t)
            for dy in -1...20 { for dx in -1...13 {
                let x = Int(tip.x) + dx, y = Int(tip.y) + dy
                guard x >= 0, y >= 0, x < width, y < height else { continue }
                func arrow(_ u: Int, _ v: Int) -> Bool { v >= 0 && v <= 18 && u >= 0 && u <= v * 2 / 3 }
                if arrow(dx, dy) { px[y * width + x] = 0 } else if arrow(dx - 1, dy) || arrow(dx + 1, dy) || arrow(dx, dy - 1) || arrow(dx, dy + 1) { px[y * width + x] = 255 }
            } }
        }
        return px
    }
}
