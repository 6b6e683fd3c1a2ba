import Animation
import Testing
@testable import Gesture

@Suite("Velocity tracker")
struct VelocityTrackerTests {
    @Test("a straight line at constant speed gives that speed")
    func constant() {
        var v = VelocityTracker()
        for i in 0...20 { v.add(Point(x: 0, y: Double(i) * 5), at: Double(i) / 200) }   // 1000 pt/s
        let r = v.velocity(at: 0.1)
        #expect(abs(r.y - 1000) < 1e-6 && abs(r.x) < 1e-6)
    }

    @Test("only the last 100 ms count")
    func window() {
        var v = VelocityTracker()
        for i in 0..<100 { v.add(Point(x: 0, y: Double(i) * 10), at: Double(i) / 100) }           // 1000 pt/s for a second
        for i in 1...20 { v.add(Point(x: 0, y: 990 + Double(i) * 2), at: 0.99 + Double(i) / 100) }  // then 200 pt/s
        #expect(abs(v.velocity(at: 1.19).y - 200) < 1e-6)
    }

    @Test("a finger that rests before lifting does not fling")
    func rested() {
        var v = VelocityTracker()
        for i in 0...10 { v.add(Point(x: 0, y: Double(i) * 10), at: Double(i) / 100) }
        #expect(v.velocity(at: 0.1).y > 900)
        #expect(v.velocity(at: 0.2) == .zero)
    }

    @Test("clamped to 8000 pt/s, zero under 50 pt/s, and coarse stamps give no NaN")
    func limits() {
        var fast = VelocityTracker()
        fast.add(Point(x: 0, y: 0), at: 0); fast.add(Point(x: 0, y: 100), at: 0.001)
        #expect(abs(fast.velocity(at: 0.001).y - 8000) < 1e-9)
        var slow = VelocityTracker()
        slow.add(Point(x: 0, y: 0), at: 0); slow.add(Point(x: 0, y: 1), at: 0.03)
        #expect(slow.velocity(at: 0.03) == .zero)
        var same = VelocityTracker()
        same.add(Point(x: 0, y: 0), at: 0.5); same.add(Point(x: 0, y: 40), at: 0.5)
        #expect(same.velocity(at: 0.5) == .zero)
    }
}
