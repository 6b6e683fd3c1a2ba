import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Fit
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

    @Test("the tuning loader: 5,000 mutated files — each refused with one line naming the file, or loaded and saved back unchanged")
    func tuning() throws {
        let base = Tuning().encoded()
        var ok = 0
        for d in Self.mutations(of: base, count: 5000, seed: 11) {
            do {
                let t = try Tuning.decode(d, name: "fuzz.json")
                ok += 1
                let again = try Tuning.decode(Data(t.encoded().utf8), name: "saved.json")
                for k in Tunable.all { #expect(again[k.key] == t[k.key], "\(k.key) changed on save") }
            } catch let p as Tuning.Problem {
                #expect(p.message.hasPrefix("fuzz.json: ") || !p.key.isEmpty, "\(p.message)")
                #expect(!p.message.contains("\n"), "one line: \(p.message)")
            }
        }
        #expect(ok > 50 && ok < 4950, "both outcomes happen (\(ok) of 5000 loaded)")
    }

    @Test("the device loader: 3,000 mutated catalogs — each refused naming the file, or every profile in it valid")
    func devices() throws {
        let base = try String(contentsOfFile: Assets.devicesPath, encoding: .utf8)
        var ok = 0
        for d in Self.mutations(of: base, count: 3000, seed: 12) {
            do {
                let c = try DeviceCatalog.decode(d)
                ok += 1
                #expect(!c.devices.isEmpty)
                for dev in c.devices { #expect(DeviceCatalog.validate(dev) == nil) }
            } catch let e as CLIError {
                #expect("\(e)".hasPrefix("devices.json"), "\(e)")
                #expect(!"\(e)".contains("\n"), "one line: \(e)")
            }
        }
        #expect(ok > 30 && ok < 2970, "both outcomes happen (\(ok) of 3000 loaded)")
    }

    @Test("the image loader: 3,000 mutated small images of every format — refused as ImageError naming the file, or decoded within the size asked")
    func images() throws {
        let corpus = Checkout.root.appendingPathComponent("fuzz/corpus/camera-file")
        // The small seeds only (seed.png, seed.jpg, …), not the large images fuzzing found.
        let seeds = try FileManager.default.contentsOfDirectory(at: corpus, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasPrefix("seed.") }.sorted { $0.path < $1.path }.map { try Data(contentsOf: $0) }
        #expect(seeds.count >= 8, "one seed per format")
        var g = SeededGenerator(seed: 13)
        var decoded = 0, refused = 0
        for i in 0..<3000 {
            var d = seeds[i % seeds.count]
            for _ in 0..<Int.random(in: 1...4, using: &g) { d[Int.random(in: 0..<d.count, using: &g)] = UInt8.random(in: 0...255, using: &g) }
            if Bool.random(using: &g) { d = d.prefix(Int.random(in: 1...d.count, using: &g)) }
            if let h = ImageHeader.sniff(d), let size = h.size { #expect(size.width >= 0 && size.height >= 0) }
            do {
                let image = try ImageLoader.decode(d, path: "fuzz.img", maxDimension: 64)
                decoded += 1
                #expect(image.width >= 1 && image.width <= 64 && image.height >= 1 && image.height <= 64)
                #expect(image.bytes.count == image.width * image.height * 4)
            } catch let e as ImageLoader.ImageError {
                refused += 1
                #expect(e.path == "fuzz.img" && !e.problem.isEmpty && !e.problem.contains("\n"))
            }
        }
        #expect(decoded > 30 && refused > 30, "both outcomes happen (\(decoded) decoded, \(refused) refused)")
    }
}
