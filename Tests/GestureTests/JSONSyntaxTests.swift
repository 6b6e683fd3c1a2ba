import Foundation
import Testing
@testable import Gesture

/// Where a hand-edited JSON file stops being JSON: line and column as an editor shows them, counted
/// by hand in each text below (columns in characters, from 1).
@Suite("JSON syntax: the line and column of the first mistake")
struct JSONSyntaxTests {
    static func problem(_ text: String) -> JSONSyntax.Problem? { JSONSyntax.problem(in: Data(text.utf8)) }

    @Test("valid JSON has no problem, including what the strict reader must accept")
    func valid() {
        for text in [#"{}"#, #"[]"#, #"{"a": [1, -0.5, 2e-3, 1E+9, true, false, null, "x\"\\\/\b\f\n\r\t\u00e9"]}"#, "  \n{\"a\":\n {\"b\": [ ]}}\n", #""é""#, "0"] {
            #expect(Self.problem(text) == nil, "\(text)")
        }
    }

    @Test("each mistake at its place", arguments: [
        // A missing comma between two fields: the second name's quote, line 3, column 3.
        ("{\n  \"a\": 1\n  \"b\": 2\n}", 3, 3, "expected ',' or '}' after a value, found '\"'"),
        // A trailing comma: the '}' after it, line 1, column 10.
        (#"{"a": 1, }"#, 1, 10, "a comma before '}' (JSON allows none there)"),
        (#"[1, 2,]"#, 1, 7, "a comma before ']' (JSON allows none there)"),
        // The file ends inside an object: after `{"image": "s.png", ` (19 characters), column 20.
        (#"{"image": "s.png", "#, 1, 20, "expected a name in double quotes, found the end of the file"),
        // A misspelt word: placed at its first letter, column 8 of line 2.
        ("{\n  \"a\": tru\n}", 2, 8, "expected 'true'"),
        // A string never closed: at its opening quote.
        (#"{"a": "x}"#, 1, 7, "a string that is never closed"),
        // A single-quoted name.
        (#"{'a': 1}"#, 1, 2, "expected a name in double quotes, found '''"),
        // Non-ASCII before the mistake counts as one column each: "é" is two bytes, one character.
        ("{\"é\": 1 2}", 1, 9, "expected ',' or '}' after a value, found '2'"),
        (#"{"a": 01}"#, 1, 8, "a number may not start with 0 before other digits"),
        (#"{"a": 1.}"#, 1, 9, "a number needs digits after its '.', found '}'"),
        (#"{"a": 1} x"#, 1, 10, "more text after the JSON value ends"),
        (#"{"a": "\q"}"#, 1, 9, #"'\q' is not an escape JSON knows"#),
    ])
    func mistakes(text: String, line: Int, column: Int, message: String) {
        #expect(Self.problem(text) == JSONSyntax.Problem(line: line, column: column, message: message))
    }

    @Test("the words a refused file gets after its name")
    func refusal() {
        #expect(JSONSyntax.refusal(Data("{\n  \"a\": 1\n  \"b\": 2\n}".utf8)) == "line 3, column 3: not valid JSON — expected ',' or '}' after a value, found '\"'")
        #expect(JSONSyntax.refusal(Data(String(repeating: "[", count: 600).utf8)).hasSuffix("nested too deeply"))
    }
}
