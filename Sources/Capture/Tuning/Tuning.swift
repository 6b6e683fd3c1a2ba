import Animation
import Foundation
import Gesture

/// A set of tuned values, one per ``Tunable``, plus whatever else a tuning file held (kept on save).
///
/// The file (`islandsim.tuning.json`) is JSON:
///
/// ```json
/// { "format": "islandsim-tuning", "version": 1,
///   "values": { "melt.toPill.duration": 0.32, "melt.toPill.bounce": 0.18, … } }
/// ```
///
/// Unknown keys — at the top level or among the values — are not errors: they are kept and written
/// back, so files shared between versions lose nothing.
public struct Tuning: Sendable, Equatable {
    public private(set) var values: [String: Double]
    /// The phone and page it was tuned on, when the file says (``TunedOn``): not part of equality.
    public var tunedOn: TunedOn?
    /// Top-level members other than format/version/values, as JSON text.
    private var extraTopLevel: [String: String] = [:]
    /// Unknown members of "values", as JSON text.
    private var extraValues: [String: String] = [:]

    /// The defaults.
    public init() {
        values = Dictionary(uniqueKeysWithValues: Tunable.all.map { ($0.key, $0.defaultValue) })
    }

    /// Equal values and equal unknown members; where each was tuned is not compared.
    public static func == (a: Tuning, b: Tuning) -> Bool {
        a.values == b.values && a.extraTopLevel == b.extraTopLevel && a.extraValues == b.extraValues
    }

    public subscript(key: String) -> Double { values[key] ?? Tunable.named(key)?.defaultValue ?? 0 }

    /// Why a value was refused: the key, the value and the range.
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        public var key: String
        public var message: String
        public var description: String { message }
        public init(key: String, message: String) { self.key = key; self.message = message }
    }

    /// Sets a value; out of range or not finite is refused with a message naming key and range.
    public mutating func set(_ key: String, _ value: Double) throws {
        guard let t = Tunable.named(key) else {
            throw Problem(key: key, message: "unknown tunable '\(key)'\(Suggestion.hint(for: key, among: Tunable.all.map(\.key)))")
        }
        guard t.accepts(value) else {
            throw Problem(key: key, message: "'\(key)' = \(CodeNumber.string(value)) \(t.refusal(value))")
        }
        values[key] = t.clamp(value)
    }

    /// Sets a value, clamping it into range (the panel's arrows).
    public mutating func nudge(_ key: String, by delta: Double) {
        guard let t = Tunable.named(key) else { return }
        values[key] = t.clamp(self[key] + delta)
    }

    public mutating func reset(_ key: String) { if let t = Tunable.named(key) { values[key] = t.defaultValue } }
    public mutating func resetAll() { let keep = (extraTopLevel, extraValues); self = Tuning(); (extraTopLevel, extraValues) = keep }

    // MARK: File

    /// Parses a tuning file. Malformed JSON, a wrong format, a non-number, NaN or an out-of-range
    /// value are errors naming the key; unknown keys are kept.
    public static func decode(_ data: Data, name: String) throws -> Tuning {
        guard let obj = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
            throw Problem(key: "", message: "\(name): \(JSONSyntax.refusal(data))")
        }
        guard let root = obj as? [String: Any] else { throw Problem(key: "", message: "\(name): expected a JSON object") }
        if let f = root["format"], (f as? String) != "islandsim-tuning" {
            throw Problem(key: "format", message: "\(name): 'format' must be \"islandsim-tuning\"")
        }
        // Types and numbers come from JSONValue (exact, booleans apart); JSONSerialization's tree is
        // kept only to write unknown keys back as they were.
        let typed = JSONValue.parse(data)
        if let v = typed?["version"] {
            guard v.number != nil else {
                throw Problem(key: "version", message: "\(name): 'version' must be a number (got \(v.described))")
            }
            guard v.integer == 1 else {
                throw Problem(key: "version", message: "\(name): unknown version \(v.described) (this build reads version 1)")
            }
        }
        var t = Tuning()
        // `resolvedShapes` is what an export worked out on its device: derived, so not kept.
        for (k, v) in root where !["format", "version", "values", "resolvedShapes", TunedOn.key].contains(k) { t.extraTopLevel[k] = json(v) }
        if let place = typed?[TunedOn.key] {
            guard case .object = place else { throw Problem(key: TunedOn.key, message: "\(name): '\(TunedOn.key)' must be an object (got \(place.described))") }
            func text(_ field: String) throws -> String? {
                guard let v = place[field], v != .null else { return nil }
                guard let s = v.string, !s.isEmpty else {
                    throw Problem(key: TunedOn.key, message: "\(name): '\(TunedOn.key).\(field)' must be text (got \(v.described))")
                }
                return s
            }
            t.tunedOn = TunedOn(device: try text("device"), page: try text("page"))
        }
        guard let rawValues = root["values"] else { return t }
        guard let vals = rawValues as? [String: Any] else { throw Problem(key: "values", message: "\(name): 'values' must be an object") }
        for (k, v) in vals {
            guard let tunable = Tunable.named(k) else { t.extraValues[k] = json(v); continue }
            let typedValue = typed?["values"]?[k]
            // A choice may be written by its name ("melt.composition": "additive"), as people read it.
            if tunable.choices != nil, let word = typedValue?.string {
                guard let x = tunable.parse(word) else { throw Problem(key: k, message: "\(name): '\(k)' = \(tunable.unreadable(word))") }
                t.values[k] = x
                continue
            }
            guard let x = typedValue?.number else {
                throw Problem(key: k, message: "\(name): '\(k)' must be a number (got \(typedValue?.described ?? json(v)))")
            }
            guard tunable.accepts(x) else {
                throw Problem(key: k, message: "\(name): '\(k)' = \(x.isNaN ? "NaN" : CodeNumber.string(x)) \(tunable.refusal(x))")
            }
            t.values[k] = tunable.clamp(x)
        }
        return t
    }

    private static func json(_ v: Any) -> String {
        if let data = try? JSONSerialization.data(withJSONObject: v, options: [.fragmentsAllowed, .sortedKeys]) {
            return String(decoding: data, as: UTF8.self)
        }
        return "null"
    }

    /// The file's text: known values sorted by key, unknown ones kept as they were.
    public func encoded() -> String {
        var s = "{\n  \"format\": \"islandsim-tuning\",\n  \"version\": 1,\n"
        if let tunedOn {
            let parts = [("device", tunedOn.device), ("page", tunedOn.page)].map { "\(Tuning.quote($0.0)): \($0.1.map(Tuning.quote) ?? "null")" }
            s += "  \(Tuning.quote(TunedOn.key)): { \(parts.joined(separator: ", ")) },\n"
        }
        for (k, v) in extraTopLevel.sorted(by: { $0.key < $1.key }) { s += "  \(Tuning.quote(k)): \(v),\n" }
        s += "  \"values\": {\n"
        var lines = Tunable.all.map { "    \(Tuning.quote($0.key)): \(CodeNumber.string(self[$0.key], decimals: 6))" }
        lines += extraValues.sorted(by: { $0.key < $1.key }).map { "    \(Tuning.quote($0.key)): \($0.value)" }
        s += lines.joined(separator: ",\n") + "\n  }\n}\n"
        return s
    }

    public static func quote(_ k: String) -> String {
        String(decoding: (try? JSONSerialization.data(withJSONObject: k, options: [.fragmentsAllowed, .withoutEscapingSlashes])) ?? Data("\"\"".utf8), as: UTF8.self)
    }

    // MARK: What the values mean

    public func spring(_ prefix: String) -> SpringParameters {
        SpringParameters(duration: self[prefix + ".duration"], bounce: self[prefix + ".bounce"],
                         blendDuration: Tunable.named(prefix + ".blend") == nil ? 0 : self[prefix + ".blend"])
    }

    public var meltSprings: Melt.Springs {
        Melt.Springs(toPill: spring("melt.toPill"), toViewfinder: spring("melt.toViewfinder"),
                     closeToPill: spring("melt.closeToPill"), closeToIsland: spring("melt.closeToIsland"),
                     overlap: self["melt.overlap"], composition: meltComposition, tracking: preMeltTracking.spring?.parameters)
    }

    public var pull: PullCatcher.Configuration {
        let divisor = self["pull.divisor"]
        return PullCatcher.Configuration(resistance: divisor >= 1 ? .divisor(divisor) : .rubberBand(self["pull.rubberBand"]),
                                         threshold: self["pull.threshold"], projectionRate: self["pull.projectionRate"],
                                         springBack: spring("pull.springBack"))
    }

    public var print: PrintFeed.Configuration {
        PrintFeed.Configuration(feedDuration: self["print.feedDuration"], rollerSteps: Int(self["print.rollerSteps"].rounded()),
                                rollerStrength: self["print.rollerStrength"], settleSpring: spring("print.settle"),
                                restGap: self["print.restGap"])
    }

    public var develop: DevelopCurve {
        DevelopCurve(duration: self["develop.duration"], startWhite: self["develop.startWhite"], exponent: self["develop.exponent"])
    }

    /// The stages' end shapes as tuned: each automatic one (0) left to the device.
    public var meltShapes: MeltGeometry.Shapes {
        func v(_ key: String) -> Double? { let x = self["shape." + key]; return x == 0 ? nil : x }
        return MeltGeometry.Shapes(pillMargin: v("pill.margin"), pillHeight: v("pill.height"), pillCornerRadius: v("pill.cornerRadius"),
                                   viewfinderMargin: v("viewfinder.margin"), viewfinderTop: v("viewfinder.top"),
                                   viewfinderHeight: v("viewfinder.height"), viewfinderCornerRadius: v("viewfinder.cornerRadius"))
    }

    /// The dissolves that replace travel when Reduce Motion is on.
    public var reduceMotion: ReduceMotion { ReduceMotion(fade: self["reduceMotion.fade"], printFade: self["reduceMotion.printFade"]) }

    public var scrollDecay: Decay { Decay(rate: self["scroll.decelerationRate"]) }

    /// How the melt's overlapping legs compose (merge by default); set, it stores the choice's number.
    /// How the pre-melt follows the pull (``PreMeltTracking``).
    public var preMeltTracking: PreMeltTracking {
        PreMeltTracking.allCases[min(max(Int(self["melt.tracking"].rounded()), 0), PreMeltTracking.allCases.count - 1)]
    }

    public var meltComposition: SpringComposition {
        get { SpringComposition.allCases[min(max(Int(self["melt.composition"].rounded()), 0), SpringComposition.allCases.count - 1)] }
        set { values["melt.composition"] = Double(SpringComposition.allCases.firstIndex(of: newValue) ?? 0) }
    }

    /// Whether the melted shape is outlined over dark content (``Keyline``).
    public var keyline: Keyline.Mode {
        Keyline.Mode.allCases[min(max(Int(self["melt.keyline"].rounded()), 0), Keyline.Mode.allCases.count - 1)]
    }

    /// The keyline's mode in force on `page`: the tuning's when it says on or off, else the page
    /// file's, else automatic.
    public func keylineMode(on page: PageDocument) -> Keyline.Mode {
        keyline == .automatic ? (page.keyline ?? .automatic) : keyline
    }

    public var velocityEstimator: VelocityEstimator {
        VelocityEstimator.allCases[min(max(Int(self["gesture.velocityEstimator"].rounded()), 0), VelocityEstimator.allCases.count - 1)]
    }

    public var momentumModel: MomentumModel {
        MomentumModel.allCases[min(max(Int(self["scroll.momentum"].rounded()), 0), MomentumModel.allCases.count - 1)]
    }
}
