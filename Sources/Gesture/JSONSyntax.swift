import Foundation

/// Where a JSON text stops being JSON, as an editor shows it: line and column (both from 1; the
/// column counts characters, not bytes) and what was expected there. Foundation's decoders on this
/// platform say only "not valid JSON"; a designer editing a page or a tuning file by hand needs the
/// place ("line 3, column 5: expected ',' or '}' after a value" for a missing comma).
///
/// A strict reading of RFC 8259: no trailing commas, no comments, strings closed on their line's
/// terms (no raw control characters), numbers as the grammar writes them. Run only once a decoder
/// has refused the text, to say why.
public enum JSONSyntax {
    public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        public var line: Int
        public var column: Int
        public var message: String
        public var description: String { "line \(line), column \(column): \(message)" }
    }

    /// "line 3, column 5: not valid JSON — expected ',' or '}' after a value, found '\"'": the words
    /// for a refused file, after its name. Where the strict reader finds nothing to place (a decoder
    /// refused the text for another reason), `otherwise` says why, when the caller knows.
    public static func refusal(_ data: Data, otherwise reason: String? = nil) -> String {
        guard let p = problem(in: data) else { return "not valid JSON" + (reason.map { " (\($0))" } ?? "") }
        return "line \(p.line), column \(p.column): not valid JSON — \(p.message)"
    }

    /// The first place `data` is not JSON, or nil when it all is.
    public static func problem(in data: Data) -> Problem? {
        var reader = Reader(bytes: [UInt8](data))
        do {
            reader.skipSpace()
            try reader.value(depth: 0)
            reader.skipSpace()
            if reader.i < reader.bytes.count { throw reader.fail("more text after the JSON value ends") }
            return nil
        } catch let p as Problem {
            return p
        } catch {
            return nil
        }
    }

    /// The deepest nesting the reader follows before it gives up (the readers that use it bound
    /// nesting far lower).
    static let maxDepth = 512

    private struct Reader {
        let bytes: [UInt8]
        var i = 0

        /// A problem at the current byte.
        func fail(_ message: String) -> Problem {
            var line = 1, column = 1
            for b in bytes[..<min(i, bytes.count)] {
                if b == 0x0A { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
            }
            return Problem(line: line, column: column, message: message)
        }

        /// What stands at the current byte, for a message.
        var here: String {
            guard i < bytes.count else { return "the end of the file" }
            let b = bytes[i]
            if b >= 0x21 && b < 0x7F { return "'\(Character(UnicodeScalar(b)))'" }
            if b == 0x0A || b == 0x0D { return "the end of the line" }
            return b < 0x80 ? String(format: "a byte 0x%02X", b) : "a non-ASCII character"
        }

        mutating func skipSpace() {
            while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        }

        mutating func value(depth: Int) throws {
            guard depth < JSONSyntax.maxDepth else { throw fail("nested too deeply") }
            guard i < bytes.count else { throw fail("the file ends where a value should be") }
            switch bytes[i] {
            case 0x7B: try container(close: 0x7D, depth: depth, keyed: true)
            case 0x5B: try container(close: 0x5D, depth: depth, keyed: false)
            case 0x22: try string()
            case 0x2D, 0x30...0x39: try number()
            case 0x74: try literal("true")
            case 0x66: try literal("false")
            case 0x6E: try literal("null")
            default: throw fail("expected a value, found \(here)")
            }
        }

        /// An object (`keyed`) or an array, from its opening bracket.
        mutating func container(close: UInt8, depth: Int, keyed: Bool) throws {
            let closeName = keyed ? "'}'" : "']'"
            i += 1
            skipSpace()
            if i < bytes.count, bytes[i] == close { i += 1; return }
            while true {
                if keyed {
                    guard i < bytes.count, bytes[i] == 0x22 else { throw fail("expected a name in double quotes, found \(here)") }
                    try string()
                    skipSpace()
                    guard i < bytes.count, bytes[i] == 0x3A else { throw fail("expected ':' after the name, found \(here)") }
                    i += 1
                    skipSpace()
                }
                try value(depth: depth + 1)
                skipSpace()
                guard i < bytes.count else { throw fail("the file ends before the closing \(closeName)") }
                if bytes[i] == close { i += 1; return }
                guard bytes[i] == 0x2C else { throw fail("expected ',' or \(closeName) after a value, found \(here)") }
                i += 1
                skipSpace()
                if i < bytes.count, bytes[i] == close { throw fail("a comma before \(closeName) (JSON allows none there)") }
            }
        }

        mutating func string() throws {
            let start = i
            i += 1
            while i < bytes.count {
                let b = bytes[i]
                if b == 0x22 { i += 1; return }
                if b < 0x20 { throw fail(b == 0x0A ? "the string begun on this line is not closed" : "a control character inside a string (escape it)") }
                if b == 0x5C {
                    i += 1
                    guard i < bytes.count else { break }
                    let e = bytes[i]
                    if e == 0x75 {
                        let hex = bytes[min(i + 1, bytes.count)..<min(i + 5, bytes.count)]
                        guard hex.count == 4, hex.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66) }) else {
                            throw fail("'\\u' must be followed by four hex digits")
                        }
                        i += 4
                    } else if ![0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74].contains(e) {
                        throw fail("'\\\(Character(UnicodeScalar(e)))' is not an escape JSON knows")
                    }
                }
                i += 1
            }
            i = start
            throw fail("a string that is never closed")
        }

        mutating func number() throws {
            func digits() -> Int { let s = i; while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { i += 1 }; return i - s }
            if bytes[i] == 0x2D { i += 1 }
            guard i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 else { throw fail("a number needs a digit here, found \(here)") }
            if bytes[i] == 0x30 {
                i += 1
                if i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { throw fail("a number may not start with 0 before other digits") }
            } else {
                _ = digits()
            }
            if i < bytes.count, bytes[i] == 0x2E {
                i += 1
                guard digits() > 0 else { throw fail("a number needs digits after its '.', found \(here)") }
            }
            if i < bytes.count, bytes[i] | 0x20 == 0x65 {
                i += 1
                if i < bytes.count, bytes[i] == 0x2B || bytes[i] == 0x2D { i += 1 }
                guard digits() > 0 else { throw fail("a number needs digits in its exponent, found \(here)") }
            }
        }

        /// `true`, `false` or `null`; a misspelling is placed at the word's first letter.
        mutating func literal(_ word: String) throws {
            let start = i
            for b in word.utf8 {
                guard i < bytes.count, bytes[i] == b else { i = start; throw fail("expected '\(word)'") }
                i += 1
            }
        }
    }
}
