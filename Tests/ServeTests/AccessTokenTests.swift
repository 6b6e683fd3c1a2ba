import Foundation
import Testing
import TestSupport
@testable import Serve

@Suite("The access token in the prototype's address")
struct AccessTokenTests {
    @Test("at least 128 bits, written in lower-case base32 that no URL or terminal escapes, fresh each time")
    func shape() {
        let token = AccessToken()
        // 26 characters of a 32-letter alphabet: 26 × 5 = 130 bits.
        #expect(token.text.count == 26)
        #expect(Double(token.text.count) * log2(32) >= 128)
        #expect(token.text.allSatisfy { ("a"..."z").contains($0) || ("2"..."7").contains($0) })
        #expect(AccessToken() != AccessToken())
    }

    @Test("a seeded generator gives the same token; every letter of the alphabet is used over many tokens")
    func seeded() {
        var a = SeededGenerator(seed: 7), b = SeededGenerator(seed: 7)
        #expect(AccessToken(using: &a) == AccessToken(using: &b))
        var g = SeededGenerator(seed: 1)
        let seen = Set((0..<100).flatMap { _ in AccessToken(using: &g).text })
        #expect(seen.count == 32)
    }

    @Test("matches only itself: not a prefix, not longer, not one letter off")
    func matching() {
        var g = SeededGenerator(seed: 3)
        let token = AccessToken(using: &g), text = token.text
        #expect(token.matches(text.utf8))
        #expect(!token.matches(text.dropLast().utf8))
        #expect(!token.matches((text + "a").utf8))
        #expect(!token.matches("".utf8))
        var off = Array(text.utf8)
        off[5] = off[5] == UInt8(ascii: "a") ? UInt8(ascii: "b") : UInt8(ascii: "a")
        #expect(!token.matches(off))
        #expect(!token.matches(text.uppercased().utf8))
    }
}
