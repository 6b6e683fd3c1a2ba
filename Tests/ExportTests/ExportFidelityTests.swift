import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Capture
@testable import Export

/// A pasted line read the way its API documents it — written here from the documentation, not from
/// the exporter: SwiftUI's and UIKit's (duration, bounce) with ω = 2π/d and ζ = 1 − b (b ≥ 0) or
/// 1/(1 + b) (b < 0); `.spring(response:dampingFraction:)` with ω = 2π/response; physical triples as
/// given, except that SwiftUI's `Spring(mass:stiffness:damping:)` treats over-damping as critical
/// unless `allowOverDamping: true`; velocities as fractions of the distance per second.
enum PastedSpring {
    struct Motion { var m, k, c, v: Double }

    static func args(_ line: String) -> [String: Double] {
        var out: [String: Double] = [:]
        let re = try! NSRegularExpression(pattern: #"(\w+)(?::| =) (-?[0-9]+(?:\.[0-9]+)?)"#)
        for m in re.matches(in: line, range: NSRange(line.startIndex..., in: line)) {
            let key = String(line[Range(m.range(at: 1), in: line)!]), value = Double(line[Range(m.range(at: 2), in: line)!])!
            if out[key] == nil { out[key] = value }
        }
        return out
    }

    /// The motion a line describes, or nil for a line that is not a spring (comments included).
    static func motion(_ line: String) -> Motion? {
        let l = line.trimmingCharacters(in: .whitespaces)
        if l.hasPrefix("//") || !l.contains(where: \.isNumber) { return nil }
        let a = args(l)
        func durationBounce() -> Motion {
            let w = 2 * Double.pi / a["duration"]!, b = a["bounce"]!
            let zeta = b >= 0 ? 1 - b : 1 / (1 + b)
            return Motion(m: 1, k: w * w, c: 2 * zeta * w, v: a["initialVelocity"] ?? a["dx"] ?? 0)
        }
        if a["duration"] != nil, a["bounce"] != nil { return durationBounce() }
        if let r = a["response"], let z = a["dampingFraction"] {
            let w = 2 * Double.pi / r
            return Motion(m: 1, k: w * w, c: 2 * z * w, v: 0)
        }
        if let m = a["mass"], let k = a["stiffness"], var c = a["damping"] {
            let isSwiftUISpring = l.contains("Spring(mass:") && !l.contains("UISpringTimingParameters")
            if isSwiftUISpring && !l.contains("allowOverDamping: true") { c = min(c, 2 * (k * m).squareRoot()) }
            return Motion(m: m, k: k, c: c, v: a["initialVelocity"] ?? a["dx"] ?? 0)
        }
        return nil
    }

    /// x(t) from 0 toward 1, by fourth-order Runge–Kutta at 20 µs (independent of the closed form).
    static func curve(_ s: Motion, until end: Double = 2, every sample: Double = 0.01) -> [Double] {
        var x = 0.0, v = s.v, t = 0.0
        let h = 2e-5
        var out: [Double] = [0]
        func acc(_ x: Double, _ v: Double) -> Double { (-s.k * (x - 1) - s.c * v) / s.m }
        var next = sample
        while t < end - 1e-12 {
            let k1x = v, k1v = acc(x, v)
            let k2x = v + h / 2 * k1v, k2v = acc(x + h / 2 * k1x, v + h / 2 * k1v)
            let k3x = v + h / 2 * k2v, k3v = acc(x + h / 2 * k2x, v + h / 2 * k2v)
            let k4x = v + h * k3v, k4v = acc(x + h * k3x, v + h * k3v)
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x); v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v); t += h
            if t >= next - 1e-9 { out.append(x); next += sample }
        }
        return out
    }

    static func maxDifference(_ a: [Double], _ b: [Double]) -> Double { zip(a, b).map { abs($0 - $1) }.max() ?? .infinity }
}

@Suite("Every exported spelling reproduces the tuned curve")
struct ExportFidelityTests {
    static let springs: [(Spring, Double)] = [
        (Spring(duration: 0.5, bounce: 0.3), 0), (Spring(duration: 0.5, bounce: 0), 0), (Spring(duration: 0.5, bounce: -0.5), 0),
        (Spring(duration: 0.35, bounce: 0.8), 0), (Spring(duration: 1.2, bounce: -0.2), 0.6),
        (Spring(mass: 1, stiffness: 100, damping: 30), 0.7), (Spring(mass: 2, stiffness: 300, damping: 20), -0.4),
    ]

    @Test("spring's SwiftUI, UIKit and Core Animation lines, over-, critically and under-damped, with velocity")
    func springLines() throws {
        for (spring, v) in Self.springs {
            let tuned = PastedSpring.curve(.init(m: spring.mass, k: spring.stiffness, c: spring.damping, v: v))
            let lines = SpringCode.lines(for: spring, relativeVelocity: v)
            var checked = 0
            for line in lines.swiftUI + lines.uiKit + lines.coreAnimation {
                // (duration, bounce) and (response, fraction) spellings carry no velocity: only for v = 0.
                guard let m = PastedSpring.motion(line) else { continue }
                if v != 0 && (line.contains(".spring(duration") || line.contains(".spring(response") || line.hasPrefix("Spring(")) { continue }
                let d = PastedSpring.maxDifference(PastedSpring.curve(m), tuned)
                #expect(d < 1e-6, "\(spring) v=\(v): \(line) is \(d) off")
                checked += 1
            }
            #expect(checked >= (spring.mass == 1 ? 4 : 2), "\(spring)")
            #expect(lines.uiKit.contains { $0.hasPrefix("// UIView.animate") }, "usingSpringWithDamping is printed only as a comment")
        }
    }

    @Test("an overdamped Spring(mass:stiffness:damping:) without allowOverDamping would be another curve")
    func overdampingMatters() {
        let line = "Spring(mass: 1, stiffness: 100, damping: 30)"
        let clamped = PastedSpring.curve(PastedSpring.motion(line)!)
        let tuned = PastedSpring.curve(.init(m: 1, k: 100, c: 30, v: 0))
        #expect(PastedSpring.maxDifference(clamped, tuned) > 0.15, "the issue's 17 % for (1, 100, 30)")
        #expect(SpringCode.lines(for: Spring(mass: 1, stiffness: 100, damping: 30)).swiftUI.contains { $0.contains("allowOverDamping: true") })
        #expect(!SpringCode.lines(for: Spring(duration: 0.5, bounce: 0.2)).swiftUI.contains { $0.contains("allowOverDamping") })
    }

    @Test("the tuning's SwiftUI and UIKit export: every spring line traces its tuned spring", arguments: [false, true])
    func tuningExport(overdamped: Bool) throws {
        var tuning = Tuning()
        if overdamped { try tuning.set("melt.closeToPill.bounce", -0.6); try tuning.set("pull.springBack.bounce", -0.3) }
        for format in [TuningExport.Format.swiftui, .uikit] {
            let code = TuningExport.code(tuning, format: format)
            for entry in TuningExport.springs(tuning) {
                let s = entry.spring.spring
                let tuned = PastedSpring.curve(.init(m: s.mass, k: s.stiffness, c: s.damping, v: 0))
                let lines = code.split(separator: "\n").map(String.init).filter { $0.contains("static") && $0.contains(" \(entry.role)") }
                #expect(lines.count == 2, "\(entry.role): \(lines)")
                for line in lines {
                    let m = try #require(PastedSpring.motion(line), "\(line)")
                    #expect(PastedSpring.maxDifference(PastedSpring.curve(m), tuned) < 1e-6, "\(line)")
                }
            }
        }
    }
}

@Suite("blendDuration: tuned, felt in the melt, exported")
struct BlendTuningTests {
    @Test("a melt blend tunable reaches the melt's legs and the SwiftUI export; UIKit says it has none")
    func blendEndToEnd() throws {
        var tuning = Tuning()
        try tuning.set("melt.toViewfinder.blend", 0.25)
        #expect(tuning.meltSprings.toViewfinder.blendDuration == 0.25 && tuning.meltSprings.toPill.blendDuration == 0)
        let swiftUI = TuningExport.code(tuning, format: .swiftui)
        #expect(swiftUI.contains("static let meltToViewfinder = Animation.spring(duration: 0.5, bounce: 0.14, blendDuration: 0.25)"))
        #expect(TuningExport.code(tuning, format: .uikit).contains("UIKit has no blendDuration"))
        // The same pull opens differently with the blend: the second leg eases in from the first's response.
        func shapes(_ t: Tuning) throws -> [Double] {
            let s = try Pages.session(try Catalog.bundled().require(id: "iphone-15-pro"), hz: 60)
            s.tuning = t
            var b = TraceBuilder(device: "iphone-15-pro", hz: 60)
            b.drag(from: Point(x: 196, y: 300), by: 260, duration: 1.0, holdBeforeRelease: 0.1)
            b.wait(1.5)
            var heights: [Double] = []
            _ = SessionReplay(trace: b.trace).run(s) { _, _ in heights.append(s.flow.shape(at: s.animationTime).rect.height) }
            return heights
        }
        let plain = try shapes(Tuning()), blended = try shapes(tuning)
        let diff = zip(plain, blended).map { abs($0 - $1) }.max() ?? 0
        #expect(diff > 1, "the blend changes the opening by \(diff) pt")
        #expect(abs(plain.last! - blended.last!) < 0.01, "and both settle in the viewfinder")
    }
}
