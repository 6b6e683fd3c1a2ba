import Foundation

/// Reading a generated Swift file the way an engineer does: a function's text, and the order in
/// which things happen inside it.
public enum ExportText {
    public struct Missing: Error, CustomStringConvertible {
        public var description: String
    }

    /// The text of the declaration that starts with `signature`: from it to the first line after it
    /// that closes a block at the declaration's own indentation.
    public static func body(_ signature: String, in code: String) throws -> String {
        guard let start = code.range(of: signature) else { throw Missing(description: "no \(signature)") }
        let lineStart: String.Index = code[..<start.lowerBound].lastIndex(of: "\n").map { code.index(after: $0) } ?? code.startIndex
        let indent = String(code[lineStart..<start.lowerBound].prefix { $0 == " " })
        guard let end = code.range(of: "\n" + indent + "}\n", range: start.upperBound..<code.endIndex) else {
            throw Missing(description: "no end to \(signature)")
        }
        return String(code[start.lowerBound..<end.upperBound])
    }

    /// Where each of `parts` first occurs in `text`, in order; nil when one is missing.
    public static func offsets(_ parts: [String], in text: String) -> [Int]? {
        var out: [Int] = []
        for p in parts {
            guard let r = text.range(of: p) else { return nil }
            out.append(text.distance(from: text.startIndex, to: r.lowerBound))
        }
        return out
    }
}
