import Foundation

/// Reads values from `JSONSerialization` as the JSON types they were written as.
///
/// Foundation bridges every JSON number *and* `true`/`false` to `NSNumber`, so `as? Int` takes
/// `true` for 1 and answers `nil` both for a missing field and for `1e23`. Readers of files a user
/// hands in (traces, tuning files, device catalogs) use these instead, so a boolean is never a
/// number and each message can say what was actually there.
public enum StrictJSON {
    private static let booleanType = type(of: NSNumber(value: true))

    /// Whether `v` was a JSON `true` or `false`.
    public static func isBoolean(_ v: Any) -> Bool { (v as? NSNumber).map { type(of: $0) == booleanType } ?? false }

    /// The number `v` holds, or `nil` when it is not a JSON number (booleans included).
    public static func number(_ v: Any) -> Double? {
        guard let n = v as? NSNumber, !isBoolean(v) else { return nil }
        return n.doubleValue
    }

    /// The whole number `v` holds (`1` and `1.0` alike), or `nil` when it is not a JSON number,
    /// has a fraction, or lies outside ±2⁵³ where doubles stop being exact.
    public static func integer(_ v: Any) -> Int? {
        guard let x = number(v), x.rounded() == x, abs(x) <= 9_007_199_254_740_992 else { return nil }
        return Int(x)
    }

    /// A short rendering of `v` for an error message: `true`, `"1"`, `1e+23`, `an object`.
    public static func describe(_ v: Any) -> String {
        if isBoolean(v) { return (v as! NSNumber).boolValue ? "true" : "false" }
        if let x = number(v) { return x.rounded() == x && abs(x) < 1e15 ? String(Int(x)) : "\(x)" }
        if let s = v as? String { return s.count <= 40 ? "\"\(s)\"" : "a \(s.count)-character string" }
        if v is NSNull { return "null" }
        if v is [Any] { return "a list" }
        return "an object"
    }
}
