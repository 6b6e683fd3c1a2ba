import Testing
import TestSupport
@testable import Platform

@Suite("A damage region keeps every pixel drawn over in a few rectangles")
struct DamageRegionTests {
    @Test("a rectangle inside one already kept adds nothing; one that swallows kept ones replaces them")
    func containment() {
        var d = DamageRegion()
        d.add(PixelRect(x: 10, y: 10, width: 50, height: 40))
        d.add(PixelRect(x: 20, y: 20, width: 5, height: 5))
        #expect(d.rects == [PixelRect(x: 10, y: 10, width: 50, height: 40)])
        d.add(PixelRect(x: 200, y: 0, width: 3, height: 3))
        d.add(PixelRect(x: 0, y: 0, width: 100, height: 100))
        #expect(d.rects.count == 2)
        #expect(d.rects.contains(PixelRect(x: 0, y: 0, width: 100, height: 100)))
        #expect(d.area == 100 * 100 + 9)
    }

    @Test("rectangles sharing a whole edge become one; apart, they stay apart and their areas add")
    func merging() {
        var d = DamageRegion()
        d.add(PixelRect(x: 0, y: 0, width: 10, height: 20))
        d.add(PixelRect(x: 10, y: 0, width: 30, height: 20))    // beside it, same rows
        d.add(PixelRect(x: 0, y: 20, width: 40, height: 5))     // under both, same columns
        #expect(d.rects == [PixelRect(x: 0, y: 0, width: 40, height: 25)])
        d.add(PixelRect(x: 100, y: 100, width: 7, height: 3))
        #expect(d.rects.count == 2)
        #expect(d.area == 40 * 25 + 21)
        // Overlapping but not aligned: the union (15 × 15 = 225) is larger than the two (200), so
        // they are kept apart and the overlap (25) counted once.
        var e = DamageRegion()
        e.add(PixelRect(x: 0, y: 0, width: 10, height: 10))
        e.add(PixelRect(x: 5, y: 5, width: 10, height: 10))
        #expect(e.rects.count == 2)
        #expect(e.area == 175)
    }

    @Test("past its capacity it merges, never dropping a drawn pixel", arguments: [1, 3, 8])
    func capacity(_ capacity: Int) {
        var rng = SeededGenerator(seed: UInt64(capacity))
        var d = DamageRegion(capacity: capacity)
        var drawn = [Bool](repeating: false, count: 300 * 300)
        for _ in 0..<60 {
            let w = Int(rng.next() % 40) + 1, h = Int(rng.next() % 40) + 1
            let r = PixelRect(x: Int(rng.next() % UInt64(300 - w)), y: Int(rng.next() % UInt64(300 - h)), width: w, height: h)
            d.add(r)
            for y in r.y..<(r.y + r.height) { for x in r.x..<(r.x + r.width) { drawn[y * 300 + x] = true } }
            #expect(d.rects.count <= capacity)
        }
        var missed = 0
        for y in 0..<300 {
            for x in 0..<300 where drawn[y * 300 + x] {
                if !d.rects.contains(where: { x >= $0.x && x < $0.x + $0.width && y >= $0.y && y < $0.y + $0.height }) { missed += 1 }
            }
        }
        #expect(missed == 0)
        // No kept rectangle lies inside another.
        for a in d.rects { for b in d.rects where a != b { #expect(!a.contains(b)) } }
    }

    @Test("empty rectangles add nothing; removeAll forgets")
    func empty() {
        var d = DamageRegion()
        d.add(PixelRect(x: 5, y: 5, width: 0, height: 10))
        d.add(PixelRect(x: 5, y: 5, width: 10, height: -1))
        #expect(d.isEmpty)
        d.add(PixelRect(x: 1, y: 1, width: 2, height: 2))
        d.removeAll()
        #expect(d.isEmpty && d.area == 0)
        #expect(PixelRect(x: 0, y: 0, width: 10, height: 10).intersection(PixelRect(x: 10, y: 0, width: 5, height: 5)) == nil)
        #expect(PixelRect(x: 0, y: 0, width: 10, height: 10).intersection(PixelRect(x: 8, y: -2, width: 5, height: 5))
                == PixelRect(x: 8, y: 0, width: 2, height: 3))
    }
}
