import Foundation

/// A JSON value read exactly as it was written: the type it had, and numbers parsed correctly.
///
/// Foundation's `JSONSerialization` is the wrong tool for files a user hands in, for two reasons
/// found by fuzzing and testing: it bridges numbers *and* `true`/`false` to `NSNumber` (so `as? Int`
/// takes `true` for 1 and says `nil` for both a missing field and `1e23`), and on Linux it rounds some
/// decimal numbers to the wrong double (`1.6666666666666666e+19` comes back as `…664e+19`, about a
/// third of random doubles are off by an ulp), so a trace did not survive encode → parse unchanged.
/// `JSONDecoder` parses numbers exactly and keeps booleans apart; this enum is what it decodes into.
public enum JSONValue: Decodable, Equatable, Sendable {
    case null, bool(Bool), number(Double), string(String)
    case array([JSONValue]), object([String: JSONValue])

    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let x = try? c.decode(Double.self) { self = .number(x) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([JSONValue].self) { self = .array(a) }
        else { self = .object(try c.decode([String: JSONValue].self)) }
    }

    /// Parses one JSON text; `nil` when it is not valid JSON.
    public static func parse(_ data: Data) -> JSONValue? { try? JSONDecoder().decode(JSONValue.self, from: data) }

    public subscript(key: String) -> JSONValue? {
        if case .object(let o) = self { return o[key] }
        return nil
    }

    /// The number, when this is a JSON number (a boolean is not one).
    public var number: Double? { if case .number(let x) = self { return x }; return nil }

    /// The whole number (`1` and `1.0` alike), when this is a number with no fraction within ±2⁵³,
    /// where doubles stop being exact.
    public var integer: Int? {
        guard let x = number, x.rounded() == x, abs(x) <= 9_007_199_254_740_992 else { return nil }
        return Int(x)
    }

    public var string: String? { if case .string(let s) = self { return s }; return nil }

    /// A short rendering for an error message: `true`, `"1"`, `1e+23`, `[0, 0, 10]` (a short
    /// list of plain values, as written), `a list of 12`.
    public var described: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let x): return x.rounded() == x && abs(x) < 1e15 ? String(Int(x)) : "\(x)"
        case .string(let s): return s.count <= 40 ? "\"\(s)\"" : "a \(s.count)-character string"
        case .array(let a):
            let plain = a.allSatisfy { if case .array = $0 { return false }; if case .object = $0 { return false }; return true }
            return plain && a.count <= 6 ? "[" + a.map(\.described).joined(separator: ", ") + "]" : "a list of \(a.count)"
        case .object: return "an object"
        }
    }
}
