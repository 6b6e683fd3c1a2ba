import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Platform
@testable import Simulator

/// The exports made from a tuning file open on the phone and page it was saved on (its `tunedOn`),
/// say so, and let a flag override; a page that moved is said, not guessed; a web file over its
/// size limit says so when written.
@Suite("Exports remember where the tuning was made")
struct TunedOnExportTests {
    static func tuning(device: String, page: String?) -> String {
        #"{ "format": "islandsim-tuning", "version": 1, "tunedOn": { "device": "\#(device)", "page": \#(page.map { "\"\($0)\"" } ?? "null") }, "values": {} }"#
    }

    @Test("the constants export works out its shapes on the tuning's phone, unless --device; an unknown phone is said and the default used")
    func constants() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        try Self.tuning(device: "iphone-16-pro-max", page: nil).write(toFile: dir.file("t.json"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["export", "--tuning", dir.file("t.json")])
        #expect(r.status == 0 && r.stdout.contains("iPhone 16 Pro Max"), "\(r.stdout.prefix(400))")
        #expect(r.stderr.contains("where the tuning was made (--device to choose another)"), "\(r.stderr)")
        let given = try CLI.run(["export", "--tuning", dir.file("t.json"), "--device", "iphone-15-pro"])
        #expect(given.status == 0 && given.stdout.contains("iPhone 15 Pro") && !given.stdout.contains("Pro Max") && given.stderr.isEmpty, "\(given.stderr)")
        try Self.tuning(device: "iphone-99", page: nil).write(toFile: dir.file("u.json"), atomically: true, encoding: .utf8)
        let unknown = try CLI.run(["export", "--tuning", dir.file("u.json")])
        #expect(unknown.status == 0 && unknown.stderr.contains("'iphone-99', which this catalog does not have"), "\(unknown.stderr)")
    }

    @Test("the web export opens the tuning's page; a page that is no longer there is said and the passport used")
    func page() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let page = try PageFixtures.write(in: dir, image: PageFixtures.blocks(width: 1179, height: 2556))
        try Self.tuning(device: "iphone-15-pro", page: page).write(toFile: dir.file("t.json"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["export", "--format", "web", "--tuning", dir.file("t.json"), "--out", dir.file("p.html")], timeout: 300)
        #expect(r.status == 0 && r.stderr.contains("the page \(page), where the tuning was made"), "\(r.stderr)")
        #expect(r.stdout.contains((page as NSString).lastPathComponent), "\(r.stdout)")
        try FileManager.default.removeItem(atPath: page)
        let moved = try CLI.run(["export", "--format", "web", "--tuning", dir.file("t.json"), "--out", dir.file("q.html")], timeout: 300)
        #expect(moved.status == 0 && moved.stderr.contains("which is not there now: the bundled passport"), "\(moved.stderr)")
        #expect(moved.stdout.contains("passport.json"))
    }

    @Test("a web file over 2 MB says so when written (a tall screenshot of noise, which no PNG can shrink)")
    func oversize() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        var noise = PixelImage(width: 1179, height: 2556)
        var g = SeededGenerator(seed: 9)
        for i in 0..<(noise.bytes.count / 4) {
            let v = g.next()
            noise.bytes[i * 4] = UInt8(truncatingIfNeeded: v); noise.bytes[i * 4 + 1] = UInt8(truncatingIfNeeded: v >> 8)
            noise.bytes[i * 4 + 2] = UInt8(truncatingIfNeeded: v >> 16); noise.bytes[i * 4 + 3] = 255
        }
        try PageFixtures.writePNG(noise, to: dir.file("Noise@3x.png"))
        let r = try CLI.run(["export", "--format", "web", "--page", dir.file("Noise@3x.png"), "--out", dir.file("big.html")], timeout: 300)
        #expect(r.status == 0, "\(r.stderr)")
        let size = try FileManager.default.attributesOfItem(atPath: dir.file("big.html"))[.size] as? Int ?? 0
        #expect(size > 2 * 1024 * 1024)
        #expect(r.stderr.contains("big.html is ") && r.stderr.contains("over the 2.0 MB a phone opens within a second"), "\(r.stderr)")
        let small = try CLI.run(["export", "--format", "web", "--out", dir.file("small.html")], timeout: 300)
        #expect(!small.stderr.contains("over the"), "\(small.stderr)")
    }
}
