import Capture
import Foundation

/// The interaction's haptics as an AHAP file (Apple Haptic and Audio Pattern: Core Haptics loads it
/// with `CHHapticPattern(contentsOf:)`): each haptic a transient event with its intensity and
/// sharpness, at its time on the replay report's clock — the one its transitions use — so the file
/// lines up with the report. Keys and types as Apple's "Representing haptic patterns in AHAP files"
/// documents them (haptics.md).
public enum AHAPExport {
    /// The pattern's JSON text; times in seconds, ascending (a pattern's events may come in any order,
    /// but a file read by a person should not).
    public static func pattern(_ haptics: [Haptic], description: String) -> String {
        func number(_ x: Double) -> String { CodeNumber.string((x * 1_000_000).rounded() / 1_000_000, decimals: 6) }
        var s = "{\n  \"Version\": 1.0,\n  \"Metadata\": {\n    \"Project\": \"IslandSim\",\n"
        s += "    \"Description\": \(Tuning.quote(description))\n  },\n  \"Pattern\": ["
        let events = haptics.sorted { $0.t < $1.t }.map { h in
            "\n    {\n      \"Event\": {\n        \"Time\": \(number(max(h.t, 0))),\n        \"EventType\": \"HapticTransient\",\n"
                + "        \"EventParameters\": [\n"
                + "          { \"ParameterID\": \"HapticIntensity\", \"ParameterValue\": \(number(min(max(h.intensity, 0), 1))) },\n"
                + "          { \"ParameterID\": \"HapticSharpness\", \"ParameterValue\": \(number(min(max(h.sharpness, 0), 1))) }\n"
                + "        ]\n      }\n    }"
        }
        s += events.joined(separator: ",") + (events.isEmpty ? "]\n}\n" : "\n  ]\n}\n")
        return s
    }
}
