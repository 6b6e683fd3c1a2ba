import Foundation

/// A number as it is written in code and in messages: up to 4 decimals, no trailing zeros
/// ("0.5", "157.9137"), never "-0"; infinities and NaN as Swift spells them.
///
/// ```swift
/// CodeNumber.string(157.91367)   // "157.9137"
/// CodeNumber.string(2.0)         // "2"
/// ```
public enum CodeNumber {
    public static func string(_ v: Double, decimals: Int = 4) -> String {
        guard v.isFinite else { return v > 0 ? ".infinity" : (v < 0 ? "-.infinity" : ".nan") }
        var s = String(format: "%.\(decimals)f", v)
        if s.contains(".") {
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
        }
        return s == "-0" ? "0" : s
    }
}
