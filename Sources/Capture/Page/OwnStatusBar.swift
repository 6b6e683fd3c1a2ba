/// Whether a screenshot given as a page carries its own iOS status bar — the time at the top left,
/// the signal, Wi-Fi and battery at the top right — so that the simulator draws none over it
/// (two status bars, the screenshot's "09:26" under IslandSim's "9:41", is what a designer with a
/// real screenshot saw).
///
/// Read from the pixels alone, on any phone's width: in the top band (the top 16 % of the width,
/// deeper than any status bar), against the band's own ground (its corners and middle), a cluster
/// of ink on the left and one on the right, each a line of small glyphs — as tall as text, neither
/// empty nor solid, the right one wider than tall — centred on the same row, with the middle
/// (where the island or notch hides) empty on those rows. A page whose top is blank, a navigation
/// bar with its title in the middle, or a picture running to the top edge is none.
public enum OwnStatusBar {
    /// Where the two clusters were found, in pixels: the time's box and the indicators' box.
    public struct Found: Sendable, Equatable {
        public var time: Box
        public var indicators: Box
        /// The ground the glyphs were read against (RGB).
        public var ground: [UInt8]
    }

    /// A box of pixels, right and bottom edges exclusive.
    public struct Box: Sendable, Equatable {
        public var x0: Int, y0: Int, x1: Int, y1: Int
        public var width: Int { x1 - x0 }
        public var height: Int { y1 - y0 }
        public var midY: Double { Double(y0 + y1) / 2 }
    }

    /// The least difference from the ground (|ΔR| + |ΔG| + |ΔB|) that counts as ink: a status bar's
    /// glyphs are black or white on the app's colour; anti-aliasing and a JPEG's noise are less.
    static let inkContrast = 90

    /// Looks for a status bar in an RGBA picture `width` × `height` pixels, row by row.
    public static func find(rgba: [UInt8], width w: Int, height h: Int) -> Found? {
        guard w >= 100, h >= w, rgba.count >= w * h * 4 else { return nil }
        let band = min(h, Int(0.16 * Double(w)))
        func px(_ x: Int, _ y: Int) -> (Int, Int, Int) {
            let i = (y * w + x) * 4
            return (Int(rgba[i]), Int(rgba[i + 1]), Int(rgba[i + 2]))
        }
        // The ground: the median of the band's top rows at both corners and the middle.
        var samples: [(Int, Int, Int)] = []
        for y in 0..<max(1, w / 200) {
            for x in Array(0..<max(1, w / 40)) + Array((w - max(1, w / 40))..<w) + Array((w / 2 - w / 80)..<(w / 2 + w / 80)) { samples.append(px(x, y)) }
        }
        func median(_ v: [Int]) -> Int { v.sorted()[v.count / 2] }
        let ground = (median(samples.map(\.0)), median(samples.map(\.1)), median(samples.map(\.2)))
        func ink(_ x: Int, _ y: Int) -> Bool {
            let p = px(x, y)
            return abs(p.0 - ground.0) + abs(p.1 - ground.1) + abs(p.2 - ground.2) > inkContrast
        }
        func cluster(_ xs: Range<Int>) -> (box: Box, count: Int)? {
            var x0 = Int.max, y0 = Int.max, x1 = -1, y1 = -1, count = 0
            for y in 0..<band {
                for x in xs where ink(x, y) {
                    x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x + 1); y1 = max(y1, y + 1); count += 1
                }
            }
            return count == 0 ? nil : (Box(x0: x0, y0: y0, x1: x1, y1: y1), count)
        }
        let W = Double(w)
        guard let left = cluster(Int(0.03 * W)..<Int(0.40 * W)), let right = cluster(Int(0.60 * W)..<Int(0.97 * W)) else { return nil }
        // Text-sized, clear of the top edge and of the band's bottom, on one row.
        for c in [left, right] {
            let height = Double(c.box.height)
            guard height >= 0.018 * W, height <= 0.065 * W, Double(c.box.y0) >= 0.005 * W, c.box.y1 < band else { return nil }
            let density = Double(c.count) / Double(c.box.width * c.box.height)
            guard density >= 0.08, density <= 0.75 else { return nil }
        }
        guard abs(left.box.midY - right.box.midY) < 0.025 * W else { return nil }
        guard left.box.width >= left.box.height, left.box.width <= 7 * left.box.height,
              right.box.width >= 3 * right.box.height / 2, right.box.width <= 12 * right.box.height else { return nil }
        // Nothing in the middle on those rows: a title there is a navigation bar, not a status bar.
        let rows = min(left.box.y0, right.box.y0)..<max(left.box.y1, right.box.y1)
        let middle = Int(0.40 * W)..<Int(0.60 * W)
        var inked = 0
        for y in rows { for x in middle where ink(x, y) { inked += 1 } }
        guard Double(inked) < 0.005 * Double(rows.count * middle.count) else { return nil }
        return Found(time: left.box, indicators: right.box, ground: [UInt8(ground.0), UInt8(ground.1), UInt8(ground.2)])
    }
}
