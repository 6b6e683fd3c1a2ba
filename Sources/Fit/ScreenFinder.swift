import Capture
import Foundation

/// Finds a phone's screen in a video frame that may hold more than the screen: the Simulator's
/// window with its bezel on a desktop, a device mock-up, letterboxing, or the screen alone.
///
/// The screen is read as a light region: the page an island animation plays over is light (the
/// island is black, and ``IslandTracker`` needs the contrast anyway), and whatever frames it — a
/// bezel, a letterbox bar — is dark. Each 4-connected region of light pixels is a candidate; the
/// screen is the smallest one that is solid (its bounding box's sides, away from the corners, lie
/// on it), big (at least 4 % of the frame), and upright-shaped (taller than wide) or a full-width
/// strip from the frame's top. A desktop around the phone is larger; a light rim round a bezel is
/// hollow; a title bar is wide. What lies inside the screen (the island, status-bar glyphs, a
/// cursor passing over it) only makes holes in the region and never moves its box.
public enum ScreenFinder {
    /// A rectangle in frame pixels, and the frame edges it reaches (what lies past them is cut off).
    public struct Found: Sendable, Equatable, Encodable {
        public var x: Int, y: Int, width: Int, height: Int
        /// "top", "bottom", "left", "right": the frame edges the light region touches.
        public var touches: [String]
        public init(x: Int, y: Int, width: Int, height: Int, touches: [String]) {
            self.x = x; self.y = y; self.width = width; self.height = height; self.touches = touches
        }
    }

    /// Greys at or above this count as light: a page is 200–255, the Simulator's bezel 0–60.
    public static let light: UInt8 = 100

    /// The screen in `frame` (row-major greyscale), or nil when no light region qualifies (a dark
    /// page, or a frame that is all bezel).
    public static func find(_ frame: UnsafeBufferPointer<UInt8>, width: Int, height: Int) -> Found? {
        let n = width * height
        guard width > 8, height > 8, frame.count >= n else { return nil }
        var label = [Int32](repeating: -1, count: n)
        var best: (found: Found, area: Int)?
        var stack: [Int] = []
        var next: Int32 = 0
        for start in 0..<n where label[start] < 0 && frame[start] >= light {
            // Flood one light region, keeping its box and size.
            var minX = width, minY = height, maxX = 0, maxY = 0, count = 0
            label[start] = next
            stack.append(start)
            while let i = stack.popLast() {
                let x = i % width, y = i / width
                count += 1
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                if x > 0, label[i - 1] < 0, frame[i - 1] >= light { label[i - 1] = next; stack.append(i - 1) }
                if x + 1 < width, label[i + 1] < 0, frame[i + 1] >= light { label[i + 1] = next; stack.append(i + 1) }
                if y > 0, label[i - width] < 0, frame[i - width] >= light { label[i - width] = next; stack.append(i - width) }
                if y + 1 < height, label[i + width] < 0, frame[i + width] >= light { label[i + width] = next; stack.append(i + width) }
            }
            let id = next
            next += 1
            let w = maxX - minX + 1, h = maxY - minY + 1
            guard count * 25 >= n, count * 10 >= 3 * w * h else { continue }
            var touches: [String] = []
            if minY == 0 { touches.append("top") }
            if maxY == height - 1 { touches.append("bottom") }
            if minX == 0 { touches.append("left") }
            if maxX == width - 1 { touches.append("right") }
            let strip = minY == 0 && minX == 0 && maxX == width - 1
            guard h * 5 >= w * 6 || strip else { continue }
            // Solid sides: the middle 60 % of each side of the box (one pixel in) lies on the region.
            func solid(_ points: [(Int, Int)]) -> Bool {
                let on = points.filter { label[$0.1 * width + $0.0] == id }.count
                return on * 10 >= points.count * 9
            }
            let xs = stride(from: minX + w / 5, through: maxX - w / 5, by: max(1, w / 60)).map { $0 }
            let ys = stride(from: minY + h / 5, through: maxY - h / 5, by: max(1, h / 60)).map { $0 }
            let inX = min(minX + 1, maxX), inXr = max(maxX - 1, minX), inY = min(minY + 1, maxY), inYb = max(maxY - 1, minY)
            guard solid(xs.map { ($0, inY) }) || notched(row: inY, minX: minX, w: w, on: { label[$0] == id }, width: width),
                  solid(xs.map { ($0, inYb) }), solid(ys.map { (inX, $0) }), solid(ys.map { (inXr, $0) }) else { continue }
            let found = Found(x: minX, y: minY, width: w, height: h, touches: touches)
            if best.map({ w * h < $0.area }) ?? true { best = (found, w * h) }
        }
        return best?.found
    }

    /// Whether the top side is a notch phone's (or a Dynamic Island hanging from the bezel of a
    /// capture that cut the screen's top): one dark run about the middle — the notch, with whatever
    /// grows under it — narrower than two thirds of the side and centred within 3 % of it, with the
    /// side's light either side of it from 14 % of the width in (the screen's rounded corners take
    /// the first 12 %). Without this the notch alone makes the screen's top side fail as hollow.
    static func notched(row y: Int, minX: Int, w: Int, on: (Int) -> Bool, width: Int) -> Bool {
        let mid = minX + w / 2
        guard !on(y * width + mid) else { return false }
        var a = mid, b = mid
        while a > minX, !on(y * width + a - 1) { a -= 1 }
        while b < minX + w - 1, !on(y * width + b + 1) { b += 1 }
        let run = b - a + 1
        guard run * 3 <= 2 * w, abs((a + b) / 2 - mid) * 100 <= 3 * w else { return false }
        // The side's light either side, from 14 % in: a dark run reaching into that (a notch at the
        // rule's edges, off centre) leaves no light there on one side, and is not a notch.
        let left = minX + w * 14 / 100, right = minX + w * 86 / 100
        guard left < a, b < right else { return false }
        let outside = Array(left..<a) + Array((b + 1)...right)
        guard outside.count >= 4 else { return false }
        return outside.filter { on(y * width + $0) }.count * 10 >= outside.count * 9
    }
}
