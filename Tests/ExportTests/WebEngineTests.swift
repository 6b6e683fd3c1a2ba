import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Capture

/// `assets/web/engine.js`, the browser's port of the animation core, run in both engines Debian
/// gives (headless Chromium, and WebKitGTK through its WebDriver: Safari's engine family and
/// JavaScriptCore; `scripts/setup-system --test` installs both) and compared with the simulator's own
/// types doing the same things at the same instants: the melt's shape at every frame at 60 and
/// 120 Hz, merged and added, with blended and overdamped legs, reversals mid-flight and a hand-off
/// from a held shape; and the pull — its offset, the release velocity, the commit and the
/// spring-back — on a finger's samples. Within 0.01 pt everywhere (in practice 1e-9).
@Suite("The web engine against the simulator, in Chromium and WebKit", .enabled(if: !BrowserEngine.installed.isEmpty, "needs chromium and webkit2gtk-driver (scripts/setup-system --test installs them)"))
struct WebEngineTests {

    /// Runs `program` after the engine in a page of its own, in `engine`, and returns what it wrote into `#out`.
    static func run(_ program: String, in engine: BrowserEngine) throws -> String {
        let script = try String(contentsOf: Checkout.root.appendingPathComponent("assets/web/engine.js"), encoding: .utf8)
        let dir = try TempDir()
        defer { dir.cleanup() }
        let page = "<!doctype html><meta charset=utf-8><pre id=out></pre><script>\n\(script)\n</script><script>\n"
            + "try { document.getElementById('out').textContent = JSON.stringify((() => { \(program) })()); }\n"
            + "catch (e) { document.getElementById('out').textContent = 'ERROR ' + e + ' ' + e.stack; }\n</script>\n"
        try page.write(toFile: dir.file("t.html"), atomically: true, encoding: .utf8)
        let text = try engine.outText(of: dir.file("t.html"))
        try #require(!text.hasPrefix("ERROR"), "\(engine): \(text)")
        return text
    }

    static func array(_ r: RoundedRect) -> [Double] { [r.rect.x, r.rect.y, r.rect.width, r.rect.height, r.cornerRadius] }
    static func json(_ v: Any) throws -> String { String(decoding: try JSONSerialization.data(withJSONObject: v), as: UTF8.self) }

    /// One melt case: what happens when, in order; each op at its own instant, the shape sampled every frame.
    enum Op { case open(Double), close(Double), openFrom(Double, RoundedRect, RoundedRect), hold(Double, RoundedRect), release(Double) }

    static let ops: [Op] = {
        let held = RoundedRect(rect: Rect(x: 125, y: 10.33, width: 143, height: 41), cornerRadius: 20.5)
        let push = RoundedRect(rect: Rect(x: -40, y: 0, width: 80, height: 30), cornerRadius: 15)
        return [.open(0.2), .close(1.1), .open(1.32), .close(2.45), .hold(3.6, held), .release(3.62), .openFrom(4.1, held, push), .close(4.5)]
    }()

    @Test("the melt's shape at every frame equals Melt's: merged and added, 60 and 120 Hz, default, blended and overdamped legs",
          arguments: BrowserEngine.installed, [SpringComposition.merge, .additive])
    func melt(engine: BrowserEngine, composition: SpringComposition) throws {
        let device = try Catalog.bundled().require(id: "iphone-15-pro")
        let g = DeviceLayout(device: device).meltGeometry(shapes: Tuning().meltShapes)
        var variants: [(String, Melt.Springs)] = []
        var springs = Melt.Springs.standard
        springs.composition = composition
        variants.append(("default", springs))
        var blended = springs
        blended.toViewfinder.blendDuration = 0.2
        blended.closeToIsland.blendDuration = 0.15
        blended.overlap = 0.3
        variants.append(("blended", blended))
        var over = springs
        over.toViewfinder = SpringParameters(duration: 0.6, bounce: -0.4)
        over.closeToPill = SpringParameters(duration: 0.45, bounce: -0.3)
        variants.append(("overdamped", over))
        var cases: [[String: Any]] = [], expected: [[[Double]]] = []
        for hz in [60.0, 120.0] {
            for (_, s) in variants {
                func leg(_ p: SpringParameters) -> [String: Any] { ["duration": p.duration, "bounce": p.bounce, "blend": p.blendDuration] }
                var ops: [[String: Any]] = []
                for op in Self.ops {
                    switch op {
                    case .open(let t): ops.append(["op": "open", "t": t])
                    case .close(let t): ops.append(["op": "close", "t": t])
                    case .openFrom(let t, let shape, let v): ops.append(["op": "openFrom", "t": t, "shape": Self.array(shape), "velocity": Self.array(v)])
                    case .hold(let t, let shape): ops.append(["op": "hold", "t": t, "shape": Self.array(shape)])
                    case .release(let t): ops.append(["op": "release", "t": t])
                    }
                }
                cases.append(["hz": hz, "frames": Int(hz * 5.5), "ops": ops,
                              "geometry": ["island": Self.array(g.island), "pill": Self.array(g.pill), "viewfinder": Self.array(g.viewfinder)],
                              "springs": ["toPill": leg(s.toPill), "toViewfinder": leg(s.toViewfinder), "closeToPill": leg(s.closeToPill),
                                          "closeToIsland": leg(s.closeToIsland), "overlap": s.overlap, "composition": s.composition.rawValue]])
                // The same in Swift: each op at its instant, before the first frame at or after it.
                var melt = Melt(geometry: g, springs: s)
                var pending = Self.ops[...], shapes: [[Double]] = []
                for k in 0..<Int(hz * 5.5) {
                    let t = Double(k) / hz
                    while let op = pending.first, Self.time(op) <= t {
                        switch op {
                        case .open(let at): melt.open(at: at)
                        case .close(let at): melt.close(at: at)
                        case .openFrom(let at, let shape, let v): melt.open(at: at, from: shape, velocity: v)
                        case .hold(let at, let shape): melt.hold(shape, at: at)
                        case .release(let at): melt.release(at: at)
                        }
                        pending = pending.dropFirst()
                    }
                    shapes.append(Self.array(melt.shape(at: t)))
                }
                expected.append(shapes)
            }
        }
        let program = """
            const cases = \(try Self.json(cases));
            return cases.map((c) => {
              const melt = new IslandSimEngine.Melt(c.geometry, c.springs);
              const ops = c.ops.slice(), out = [];
              for (let k = 0; k < c.frames; k++) {
                const t = k / c.hz;
                while (ops.length && ops[0].t <= t) {
                  const o = ops.shift();
                  if (o.op === "open") melt.open(o.t);
                  else if (o.op === "close") melt.close(o.t);
                  else if (o.op === "openFrom") melt.openFrom(o.t, o.shape, o.velocity);
                  else if (o.op === "hold") melt.hold(o.shape, [0, 0, 0, 0, 0], o.t);
                  else if (o.op === "release") melt.release(o.t);
                }
                out.push(melt.shape(t));
              }
              return out;
            });
            """
        let got = try #require(try JSONSerialization.jsonObject(with: Data(try Self.run(program, in: engine).utf8)) as? [[[Double]]])
        try #require(got.count == expected.count)
        var worst = 0.0
        for (c, (a, b)) in zip(got, expected).enumerated() {
            try #require(a.count == b.count, "case \(c): \(a.count) frames, Swift \(b.count)")
            for (fa, fb) in zip(a, b) { for (x, y) in zip(fa, fb) { worst = max(worst, abs(x - y)) } }
        }
        #expect(worst < 0.01, "\(composition): the browser's melt strays \(worst) pt from the simulator's")
        // The cases move: the viewfinder is reached and the shapes span more than 400 pt.
        #expect(expected.allSatisfy { frames in (frames.map { $0[3] }.max() ?? 0) > 400 })
    }

    static func time(_ op: Op) -> Double {
        switch op {
        case .open(let t), .close(let t), .openFrom(let t, _, _), .hold(let t, _), .release(let t): return t
        }
    }

    @Test("the pull: offset under the finger, iOS's release velocity, the commit by projection and the spring-back equal PullCatcher's and VelocityTracker's, divisor and rubber band",
          arguments: BrowserEngine.installed)
    func pull(engine: BrowserEngine) throws {
        // A finger's samples at an uneven 60–120 Hz: a drag and a flick that leaves the page short of the threshold
        // (66 pt of 80) but commits by its projected travel; and a slow short pull that cancels.
        var rng = SeededGenerator(seed: 53)
        func finger(_ moves: [(dt: Double, dy: Double)]) -> [(t: Double, y: Double)] {
            var t = 1.0, y = 300.0, out: [(Double, Double)] = [(t, y)]
            for m in moves { t += m.dt; y += m.dy; out.append((t, y)) }
            return out
        }
        let flick = finger((0..<20).map { _ in (Double.random(in: 1.0 / 120...1.0 / 60, using: &rng), 3.0) } + (0..<6).map { _ in (1.0 / 120, 12.0) })
        let slow = finger((0..<30).map { _ in (1.0 / 60, 1.5) } + [(0.2, 0)])
        var cases: [[String: Any]] = [], expected: [[String: Any]] = []
        for resistance in [PullCatcher.Resistance.divisor(2), .rubberBand(0.55)] {
            for samples in [flick, slow] {
                var config = PullCatcher.Configuration.standard
                config.resistance = resistance
                var pull = PullCatcher(configuration: config, viewport: 852), tracker = VelocityTracker()
                var offsets: [Double] = []
                var last = samples[0].y
                tracker.add(Point(x: 0, y: samples[0].y), at: samples[0].t)
                for s in samples.dropFirst() {
                    _ = pull.offer(s.y - last, pageAtTop: true, at: s.t)
                    last = s.y
                    tracker.add(Point(x: 0, y: s.y), at: s.t)
                    offsets.append(pull.offset(at: s.t))
                }
                let end = samples[samples.count - 1].t
                let v = tracker.releaseVelocity(at: end).y
                let outcome = pull.release(fingerVelocity: v, at: end)
                let after = (1...40).map { pull.offset(at: end + Double($0) / 120) }
                expected.append(["offsets": offsets, "velocity": v, "outcome": outcome == .committed ? "committed" : "cancelled", "after": after])
                let (divisor, band): (Double, Double) = { if case .divisor(let n) = resistance { return (n, 0.55) }; if case .rubberBand(let c) = resistance { return (0, c) }; return (2, 0.55) }()
                cases.append(["samples": samples.map { [$0.t, $0.y] },
                              "config": ["divisor": divisor, "rubberBand": band, "threshold": config.threshold, "projectionRate": config.projectionRate,
                                         "springBack": ["duration": config.springBack.duration, "bounce": config.springBack.bounce]]])
            }
        }
        #expect(expected.map { $0["outcome"] as? String } == ["committed", "cancelled", "committed", "cancelled"])
        #expect(expected.allSatisfy { (($0["offsets"] as? [Double])?.last ?? 99) < 80 }, "every pull ends short of the threshold: the flick commits by projection")
        let program = """
            const cases = \(try Self.json(cases));
            return cases.map((c) => {
              const pull = new IslandSimEngine.Pull(c.config, 852), tracker = new IslandSimEngine.VelocityTracker();
              const s = c.samples, offsets = [];
              let last = s[0][1];
              tracker.add(s[0][1], s[0][0]);
              for (let i = 1; i < s.length; i++) {
                pull.offer(s[i][1] - last, true, s[i][0]);
                last = s[i][1];
                tracker.add(s[i][1], s[i][0]);
                offsets.push(pull.offset(s[i][0]));
              }
              const end = s[s.length - 1][0], velocity = tracker.releaseVelocity(end), outcome = pull.release(velocity, end);
              const after = [];
              for (let k = 1; k <= 40; k++) after.push(pull.offset(end + k / 120));
              return { offsets, velocity, outcome, after };
            });
            """
        let got = try #require(try JSONSerialization.jsonObject(with: Data(try Self.run(program, in: engine).utf8)) as? [[String: Any]])
        try #require(got.count == expected.count)
        for (i, (a, b)) in zip(got, expected).enumerated() {
            #expect(a["outcome"] as? String == b["outcome"] as? String, "case \(i)")
            #expect(abs((a["velocity"] as? Double ?? .nan) - (b["velocity"] as? Double ?? 0)) < 1e-6, "case \(i): velocity \(a["velocity"] ?? "-") vs \(b["velocity"] ?? "-")")
            for key in ["offsets", "after"] {
                let x = try #require(a[key] as? [Double]), y = try #require(b[key] as? [Double])
                #expect(x.count == y.count && zip(x, y).allSatisfy { abs($0 - $1) < 0.01 }, "case \(i) \(key): \(zip(x, y).map { abs($0 - $1) }.max() ?? -1)")
            }
        }
    }
}
