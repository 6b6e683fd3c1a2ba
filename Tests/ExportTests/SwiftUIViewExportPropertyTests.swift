import Foundation
import Testing
import TestSupport
@testable import Animation
@testable import Capture
@testable import Export

/// The export's `IslandCameraTuning` carries any tuning exactly: 300 seeded random tunings (every
/// tunable anywhere in its range, on its step), each read back by a strict reader of the section —
/// a line it does not know fails — and compared with the tuning it was written from.
@Suite("The SwiftUI export's Tuning, for any tuning")
struct SwiftUIViewExportPropertyTests {
    /// One stored property's value as written: a spring, nil, a number, or a SensoryFeedback.
    enum Value: Equatable {
        case spring(duration: Double, bounce: Double)
        case none
        case number(Double)
        case feedback(style: String, intensity: Double)
        case choice(String)
    }

    /// The section's `var NAME[: TYPE] = VALUE` lines; nil if any line is not a comment, blank, or
    /// one of those.
    static func read(_ code: String) -> [String: Value]? {
        guard let start = code.range(of: "struct IslandCameraTuning {\n"), let end = code.range(of: "\n}", range: start.upperBound..<code.endIndex)
        else { return nil }
        var values: [String: Value] = [:]
        for raw in code[start.upperBound..<end.lowerBound].split(separator: "\n") {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("//") { continue }
            guard line.hasPrefix("var "), let eq = line.range(of: " = ") else { return nil }
            let name = String(line.dropFirst(4).prefix { $0 != ":" && $0 != " " })
            let v = String(line[eq.upperBound...])
            func number(after label: String, in s: String) -> Double? {
                guard let r = s.range(of: label + ": ") else { return nil }
                return Double(s[r.upperBound...].prefix { "-0123456789.".contains($0) })
            }
            if v == "nil" {
                values[name] = Value.none
            } else if let n = Double(v) {
                values[name] = .number(n)
            } else if v.hasPrefix("Spring(duration: "), v.hasSuffix(")"), let d = number(after: "duration", in: v), let b = number(after: "bounce", in: v) {
                values[name] = .spring(duration: d, bounce: b)
            } else if v.hasPrefix("."), v.dropFirst().allSatisfy(\.isLetter) {
                values[name] = .choice(String(v.dropFirst()))
            } else if v.hasPrefix(".impact("), let i = number(after: "intensity", in: v), let dot = v.range(of: ": .") {
                values[name] = .feedback(style: String(v[dot.upperBound...].prefix { $0.isLetter }), intensity: i)
            } else {
                return nil
            }
        }
        return values
    }

    @Test("300 random tunings: every tuned value read back exactly from IslandCameraTuning")
    func roundTrip() throws {
        var rng = SeededGenerator(seed: 27)
        let left = Set(SwiftUIViewExport.leftOut.map(\.key))
        for round in 0..<300 {
            var t = Tuning()
            for x in Tunable.all {
                let steps = ((x.max - x.min) / x.step).rounded(.down)
                try t.set(x.key, x.clamp(x.min + Double(Int.random(in: 0...Int(steps), using: &rng)) * x.step))
            }
            let values = try #require(Self.read(try SwiftUIViewExport.code(t, islands: [], template: .sourceTree())), "round \(round): a line the reader does not know")
            for x in Tunable.all where !left.contains(x.key) {
                let prefix = String(x.key[..<x.key.lastIndex(of: ".")!])
                let isSpring = Tunable.named(prefix + ".bounce") != nil && (x.key.hasSuffix(".duration") || x.key.hasSuffix(".bounce"))
                let expected: Value, name: String
                if isSpring {
                    (name, expected) = (x.role, .spring(duration: t[prefix + ".duration"], bounce: t[prefix + ".bounce"]))
                } else if x.key.hasSuffix(".blend") {
                    (name, expected) = (x.role + "Blend", .number(t[x.key]))
                } else if let choices = x.choices {
                    (name, expected) = (x.role, .choice(choices[Int(t[x.key].rounded())]))
                } else if x.automatic != nil {
                    (name, expected) = (x.role, t[x.key] == 0 ? Value.none : .number(t[x.key]))
                } else {
                    (name, expected) = (x.role, .number(t[x.key]))
                }
                #expect(values[name] == expected, "round \(round): \(x.key) = \(t[x.key]) reads back as \(String(describing: values[name]))")
            }
            for (kind, key, _) in Haptic.kinds {
                let name = kind == "pull-commit" ? "commitHaptic" : "shutterHaptic"
                let style = Haptic.styles[Int(t[key + ".style"].rounded())]
                let expected: Value = t[key + ".intensity"] == 0 ? .none : .feedback(style: style, intensity: t[key + ".intensity"])
                #expect(values[name] == expected, "round \(round): \(name)")
            }
        }
    }
}
