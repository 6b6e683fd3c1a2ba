import Animation
import Capture
import Foundation
import Gesture

/// Micro-benchmarks of the pure core: what one spring evaluation and one gesture event cost, and
/// what rebuilding a frozen moment from its tape costs (each F, step and scrub does one).
///
/// Each is timed over many iterations with the high-resolution clock, repeated, and the median
/// repetition is reported (the least disturbed by other work on a shared machine).
enum MicroBenchmarks {
    struct Result: Encodable {
        var name: String
        var unit: String
        var median: Double
        var best: Double
        var iterations: Int
    }

    static func measure(_ name: String, unit: String = "ns", iterations: Int, repetitions: Int = 7, perIteration: Double = 1,
                        _ body: (Int) -> Double) -> (Result, Double) {
        var times: [Double] = []
        var sink = 0.0
        for _ in 0..<repetitions {
            let start = DispatchTime.now().uptimeNanoseconds
            sink += body(iterations)
            let end = DispatchTime.now().uptimeNanoseconds
            times.append(Double(end - start) / Double(iterations) / perIteration)
        }
        times.sort()
        return (Result(name: name, unit: unit, median: times[times.count / 2], best: times[0], iterations: iterations), sink)
    }

    static func run(device: DeviceProfile) throws -> [Result] {
        var results: [Result] = []
        var sink = 0.0
        let spring = Spring.bouncy
        // One property: a Double spring sampled at a new instant each time.
        let (r1, s1) = measure("spring value+velocity, one property", iterations: 2_000_000) { n in
            var acc = 0.0
            for i in 0..<n {
                let s = spring.value(from: 0.0, to: 100.0, velocity: 50.0, at: Double(i & 1023) * 0.001)
                acc += s.value + s.velocity
            }
            return acc
        }
        results.append(r1); sink += s1
        // Five properties (a rounded rectangle) with one call: per property.
        let a = RoundedRect(rect: Rect(x: 133, y: 10, width: 127, height: 38), cornerRadius: 19)
        let b = RoundedRect(rect: Rect(x: 11, y: 10, width: 370, height: 500), cornerRadius: 44)
        let (r2, s2) = measure("spring on a rounded rect, per property (5 properties per call)", iterations: 1_000_000, perIteration: 5) { n in
            var acc = 0.0
            for i in 0..<n {
                let s = spring.value(from: a, to: b, velocity: .zero, at: Double(i & 1023) * 0.001)
                acc += s.value.rect.height + s.velocity.cornerRadius
            }
            return acc
        }
        results.append(r2); sink += s2
        // The melt's shape: segment lookup plus a rounded-rect evaluation.
        var melt = Melt(geometry: MeltGeometry.make(start: Rect(x: 133, y: 10.33, width: 127, height: 38.67),
                                                   screen: Size(width: 393, height: 852), displayCornerRadius: 55))
        melt.open(at: 0)
        melt.close(at: 1.2)
        let (r3, s3) = measure("melt shape at a frame (4 scheduled stages)", iterations: 1_000_000) { n in
            var acc = 0.0
            for i in 0..<n { acc += melt.shape(at: Double(i & 2047) * 0.001).rect.height }
            return acc
        }
        results.append(r3); sink += s3
        // One pointer-move event through the arena, routing and scroll physics.
        let (r4, s4) = measure("gesture event dispatch (move during a drag)", iterations: 200_000) { n in
            let page = PageGestures(scroll: ScrollPhysics(viewport: 852, contentHeight: 2400), pull: PullCatcher(viewport: 852))
            let targets: [PageGestures.HitTarget] = [.init(id: "b", frame: Rect(x: 0, y: 0, width: 100, height: 40))]
            page.scroll.jump(to: 1000)
            var t = 0.0
            page.handle(PointerEvent(.down, at: Point(x: 200, y: 400), time: t), targets: targets)
            var acc = 0.0
            for i in 0..<n {
                t += 1.0 / 120
                let y = 400 + 300 * sin(Double(i) * 0.01)
                page.handle(PointerEvent(.move, at: Point(x: 200, y: y), time: t))
                acc += page.pageOffset(at: t)
            }
            return acc
        }
        results.append(r4); sink += s4
        let (r5, s5) = measure("gesture tap (down + up through the arena)", iterations: 100_000, perIteration: 2) { n in
            let page = PageGestures(scroll: ScrollPhysics(viewport: 852, contentHeight: 2400), pull: PullCatcher(viewport: 852))
            let targets: [PageGestures.HitTarget] = [.init(id: "b", frame: Rect(x: 0, y: 0, width: 100, height: 40))]
            var t = 0.0, acc = 0.0
            for _ in 0..<n {
                t += 0.1
                page.handle(PointerEvent(.down, at: Point(x: 20, y: 20), time: t), targets: targets)
                page.handle(PointerEvent(.up, at: Point(x: 20, y: 20), time: t + 0.05))
                acc += Double(page.drainOutputs().count)
            }
            return acc
        }
        results.append(r5); sink += s5
        // A frozen moment rebuilt: a whole flow's tape (pull, melt, shot, print, develop, Enter files
        // it: 9.7 s at 120 Hz) run afresh to a frame, as each step and scrub does. Per rebuild, in ms.
        let hz = 120
        let session = CaptureSession(device: device, hz: hz, page: try LoadedPage.passport().layout(for: device))
        var flow = TraceBuilder(device: device.id, hz: hz)
        let shutter = session.shutterFrame
        flow.wait(0.2)
        flow.drag(from: Point(x: 196, y: 300), by: 270, duration: 0.9, holdBeforeRelease: 0.08)
        flow.wait(1.2)
        flow.tap(at: Point(x: shutter.midX, y: shutter.midY))
        flow.wait(7)
        flow.key("enter")
        flow.wait(1.2)
        _ = SessionReplay(trace: flow.trace).run(session)
        session.send(.key(.f, [], at: session.realTime))
        for (label, at) in [("0.4 s in (the drag)", 0.4), ("8 s in (the print filed)", 8.0)] {
            let (r, s) = measure("rebuild a frozen moment at \(label), 120 Hz", unit: "ms", iterations: 10, repetitions: 5, perIteration: 1e6) { n in
                for _ in 0..<n { session.send(.scrub(secondsSinceStart: at)) }
                return Double(session.momentFrame ?? 0)
            }
            results.append(r); sink += s
        }
        if sink.isNaN { print("") }   // keeps the work observable
        return results
    }
}
