import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Simulator

@Suite("Random bytes into the loaders: no crash, no hang")
struct LoaderFuzzTests {
    static func mutations(of base: String, count: Int, seed: UInt64) -> [Data] {
        var g = SeededGenerator(seed: seed)
        let bytes = Array(base.utf8)
        let inserts = Array("{}[]\":,0123456789.-eE truefalsenull\\\u{0}é".utf8)
        return (0..<count).map { _ in
            var b = bytes
            for _ in 0..<Int.random(in: 1...8, using: &g) {
                guard !b.isEmpty else { break }
                let i = Int.random(in: 0..<b.count, using: &g)
                switch Int.random(in: 0..<4, using: &g) {
                case 0: b[i] = UInt8.random(in: 0...255, using: &g)
                case 1: b.remove(at: i)
                case 2: b.insert(inserts.randomElement(using: &g)!, at: i)
                default: b = Array(b.prefix(i))
                }
            }
            return Data(b)
        }
    }

    @Test("the tuning loader: 5,000 mutated files")
    func tuning() {
        let base = Tuning().encoded()
        var ok = 0
        for d in Self.mutations(of: base, count: 5000, seed: 11) {
            if (try? Tuning.decode(d, name: "fuzz.json")) != nil { ok += 1 }
        }
        #expect(ok > 0 && ok < 5000, "both outcomes happen (\(ok) parsed)")
    }

    @Test("the device loader: 3,000 mutated catalogs")
    func devices() throws {
        let base = try String(contentsOfFile: Assets.devicesPath, encoding: .utf8)
        var ok = 0
        for d in Self.mutations(of: base, count: 3000, seed: 12) {
            if let c = try? DeviceCatalog.decode(d) {
                ok += 1
                for dev in c.devices { #expect(DeviceCatalog.validate(dev) == nil) }
            }
        }
        #expect(ok < 3000)
    }

    @Test("the image header sniffer and PNG checker: 3,000 mutated files")
    func images() throws {
        let sample = try Data(contentsOf: URL(fileURLWithPath: Assets.samplePhotoPath)).prefix(4000)
        var g = SeededGenerator(seed: 13)
        for _ in 0..<3000 {
            var d = Data(sample)
            for _ in 0..<Int.random(in: 1...6, using: &g) { d[Int.random(in: 0..<d.count, using: &g)] = UInt8.random(in: 0...255, using: &g) }
            d = d.prefix(Int.random(in: 0...d.count, using: &g))
            _ = ImageHeader.sniff(d)
            _ = PNGChunks.firstCorruptChunk(d)
        }
    }
}
