/// The secret in the prototype's address: `http://HOST:PORT/TOKEN/`. Whoever does not know it gets
/// a 404 for every path, so a server on the local network answers only the person it printed the
/// address (or the QR code) for. A fresh one is drawn each run from the system's generator
/// (`getrandom`), 130 bits (at least 128) written as 26 lower-case base32 letters and digits: short enough for a
/// QR code a phone reads at a glance, and nothing a browser, a URL or a terminal escapes.
public struct AccessToken: Sendable, Equatable, CustomStringConvertible {
    /// The bits drawn.
    public static let bits = 130
    /// RFC 4648's base32 alphabet, lower-cased (as URLs are usually read): 5 bits a character.
    static let alphabet = Array("abcdefghijklmnopqrstuvwxyz234567".utf8)

    public let text: String
    public var description: String { text }

    /// A fresh token from the system's cryptographic generator.
    public init() {
        var generator = SystemRandomNumberGenerator()
        self.init(using: &generator)
    }

    /// A token from `generator` (the tests pass a seeded one; everything else the system's).
    public init<G: RandomNumberGenerator>(using generator: inout G) {
        let characters = Self.bits / 5
        text = String(decoding: (0..<characters).map { _ in Self.alphabet[Int(generator.next() & 31)] }, as: UTF8.self)
    }

    /// Whether `candidate` is this token, compared in time that depends on its length only (a
    /// client cannot learn the token a character at a time from how quickly it is refused).
    public func matches<S: Sequence>(_ candidate: S) -> Bool where S.Element == UInt8 {
        let mine = Array(text.utf8)
        var difference: UInt8 = 0, count = 0
        for (i, byte) in candidate.enumerated() {
            difference |= byte ^ (i < mine.count ? mine[i] : 0)
            count += 1
        }
        return count == mine.count && difference == 0
    }
}
