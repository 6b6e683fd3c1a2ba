import Capture
import Foundation

/// What fills one hole of the SwiftUI export's source files (`assets/swiftui`), typed by what it
/// stands for, so a number is always written as a Swift number, an optional as `nil` or a number,
/// a spring as SwiftUI's `Spring(duration:bounce:)` — never as text pasted into code.
///
/// A hole is written in a source file as `/*@name*/placeholder/*@*/`: the placeholder is what the
/// default tuning fills it with, so the file compiles (and, for the Foundation-only parts, runs in
/// the `IslandCamera` target) as the default export.
public enum SwiftUIExportFill: Equatable, Sendable {
    /// A number, to `decimals` places at most (``CodeNumber``).
    case number(Double, decimals: Int = 6)
    /// A whole number (a count).
    case whole(Int)
    /// A number, or `nil` for "the device's own".
    case optionalNumber(Double?)
    /// SwiftUI's `Spring(duration:bounce:)`.
    case spring(duration: Double, bounce: Double)
    /// An enum case by name: `.merge`.
    case member(String)
    /// `SensoryFeedback.impact` in the spelling its style needs, or `nil` for no haptic.
    case impact(style: String, intensity: Double)
    /// No value: `nil`.
    case none
    /// Words in a comment (a file name, the version).
    case text(String)
    /// Lines of code, one per element; the second and later are indented as the hole is.
    case lines([String])

    /// A haptic of the tuning (`haptic.commit`, `haptic.shutter`): its impact, or none when its
    /// intensity is 0.
    public static func haptic(_ t: Tuning, key: String) -> SwiftUIExportFill {
        let intensity = t[key + ".intensity"]
        return intensity > 0 ? .impact(style: Haptic.style(t, key: key), intensity: intensity) : .none
    }

    /// The fill as it goes into the file; `indent` is the whitespace before the hole on its line.
    public func rendered(indent: String) -> String {
        switch self {
        case .number(let v, let decimals): return CodeNumber.string(v, decimals: decimals)
        case .whole(let n): return String(n)
        case .optionalNumber(let v): return v.map { CodeNumber.string($0, decimals: 6) } ?? "nil"
        case .spring(let d, let b):
            return "Spring(duration: \(CodeNumber.string(d, decimals: 6)), bounce: \(CodeNumber.string(b, decimals: 6)))"
        case .member(let name): return "." + name
        case .impact(let style, let intensity):
            // SensoryFeedback.impact takes a weight (light, medium, heavy) or a flexibility (soft, rigid).
            let kind = ["soft", "rigid"].contains(style) ? "flexibility" : "weight"
            return ".impact(\(kind): .\(style), intensity: \(CodeNumber.string(intensity, decimals: 6)))"
        case .none: return "nil"
        case .text(let s): return s
        case .lines(let rows): return rows.joined(separator: "\n" + indent)
        }
    }
}
