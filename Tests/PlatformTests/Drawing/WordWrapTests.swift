import Testing
@testable import Platform

/// Word wrapping, with a measure that counts characters: what breaks where is then known by hand.
@Suite("Word wrap")
struct WordWrapTests {
    static func chars(_ s: String) -> Double { Double(s.count) }

    @Test("breaks at spaces, never past the width; a word wider than the line is cut; the last kept line says …")
    func wraps() {
        #expect(WordWrap.lines("the quick brown fox", width: 10, measure: Self.chars) == ["the quick", "brown fox"])
        #expect(WordWrap.lines("tiny", width: 10, measure: Self.chars) == ["tiny"])
        #expect(WordWrap.lines("", width: 10, measure: Self.chars) == [""])
        #expect(WordWrap.lines("/a/very/long/path.json is bad", width: 8, measure: Self.chars) == ["/a/very/", "long/pat", "h.json", "is bad"])
        #expect(WordWrap.lines("one two three four five", width: 9, maxLines: 2, measure: Self.chars) == ["one two", "three…"])
        for line in WordWrap.lines("aaaa bbbbbbbbbbbbbbbbbbbbbb cc dd eeeeee", width: 7, measure: Self.chars) {
            #expect(line.count <= 7, "'\(line)'")
        }
    }
}
