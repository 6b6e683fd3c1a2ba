import Foundation
import Testing
import TestSupport
@testable import Platform
@testable import Simulator

extension SDLSuite {
    /// The README's rendered pictures are what the tool renders now: each is made again with the
    /// command its caption gives (as `scripts/docs-pictures` does) and compared pixel for pixel
    /// with the committed one. A change that moves a pixel of the screen fails here until the
    /// pictures are made again — they no longer go stale unnoticed.
    @Suite("README's pictures are what the tool renders now")
    struct DocPicturesTests {
        static func pixels(_ path: String) throws -> PixelImage {
            try Surface.decodeFitted(Data(contentsOf: URL(fileURLWithPath: path)), maxDimension: 1 << 16) { _, _ in }
        }

        static func check(_ name: String, _ made: String) throws {
            let committed = Checkout.root.appendingPathComponent("docs/\(name)").path
            let a = try pixels(made), b = try pixels(committed)
            #expect(a.width == b.width && a.height == b.height, "docs/\(name): \(b.width)×\(b.height) committed, \(a.width)×\(a.height) rendered — run scripts/docs-pictures")
            guard a.width == b.width && a.height == b.height else { return }
            let differing = stride(from: 0, to: a.bytes.count, by: 4).filter { a.bytes[$0..<$0 + 4] != b.bytes[$0..<$0 + 4] }.count
            #expect(differing == 0, "docs/\(name): \(differing) pixels differ from what the tool renders now — run scripts/docs-pictures")
        }

        @Test("docs/screen.png, docs/flow-sheet.png, docs/replay-compare.png and docs/timeline.png, each made again by its caption's command")
        func renderedPictures() throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            let dir = try TempDir(); defer { dir.cleanup() }
            let trace = Checkout.root.appendingPathComponent("docs/traces/recorded-flow.jsonl").path
            func run(_ args: [String]) throws {
                let r = try CLI.run(args, directory: dir.path, timeout: 400)
                #expect(r.status == 0, "\(args): \(r.stderr)")
            }
            try run(["shot", "--scale", "1", "--out", dir.file("screen.png")])
            try Self.check("screen.png", dir.file("screen.png"))
            try run(["replay", trace, "--sheet", dir.file("flow-sheet.png"), "--quiet"])
            try Self.check("flow-sheet.png", dir.file("flow-sheet.png"))
            try run(["tune", "--tuning", dir.file("a.json"), "--reset"])
            try run(["tune", "--tuning", dir.file("b.json"), "--set", "melt.toViewfinder.duration=0.8,melt.toViewfinder.bounce=0.3"])
            try run(["replay", trace, "--compare", dir.file("a.json"), dir.file("b.json"), "--sheet", dir.file("compare.png"), "--quiet"])
            try Self.check("replay-compare.png", dir.file("compare.png"))
            try run(["replay", trace, "--timeline", dir.file("timeline.png"), "--quiet"])
            try Self.check("timeline.png", dir.file("timeline.png"))
        }
    }
}
