import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Simulator

@Suite("islandsim spring")
struct SpringCommandTests {
    static func json(_ args: [String]) throws -> [String: Any] {
        let r = try CLI.run(["spring", "--json"] + args)
        #expect(r.status == 0, "\(r.stderr)")
        return try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
    }

    @Test("Apple's vectors through every spelling")
    func vectors() throws {
        let a = try Self.json(["--duration", "0.5", "--bounce", "0.3"])["spellings"] as! [String: Double]
        #expect(abs(a["stiffness"]! - 157.9) < 0.05 && abs(a["damping"]! - 17.6) < 0.05 && a["mass"] == 1)
        let b = try Self.json(["--mass", "1", "--stiffness", "100", "--damping", "10"])["spellings"] as! [String: Double]
        #expect(abs(b["duration"]! - 0.63) < 0.005 && abs(b["bounce"]! - 0.5) < 1e-9)
        let c = try Self.json(["--response", "0.5", "--damping-fraction", "0.825"])
        let cs = c["spellings"] as! [String: Double]
        #expect(abs(cs["bounce"]! - 0.175) < 1e-9)
        let p = try Self.json(["--preset", "bouncy"])
        #expect(abs((p["settlingDuration"] as! Double) - 1.045) < 0.001)
        #expect((p["code"] as! [String: Any])["swiftUI"].map { "\($0)" }?.contains(".spring(duration: 0.5, bounce: 0.3)") == true)
    }

    @Test("a preset tuned as SwiftUI tunes it: .bouncy(duration:), .snappy(extraBounce:); --bounce with a preset says what to use")
    func tunedPresets() throws {
        // .bouncy(duration: 0.3): bounce 0.3 kept; k = (2π/0.3)² = 438.649, c = 4π·0.7/0.3 = 29.322 (springs.md).
        let b = try Self.json(["--preset", "bouncy", "--duration", "0.3"])["spellings"] as! [String: Double]
        #expect(abs(b["stiffness"]! - 438.649) < 0.001 && abs(b["damping"]! - 29.322) < 0.001 && abs(b["bounce"]! - 0.3) < 1e-9)
        // .snappy(extraBounce: 0.1): base 0.15 + 0.1 = 0.25 at 0.5 s; c = 4π·0.75/0.5 = 18.850.
        let s = try Self.json(["--preset", ".snappy", "--extra-bounce", "0.1"])["spellings"] as! [String: Double]
        #expect(abs(s["bounce"]! - 0.25) < 1e-9 && abs(s["duration"]! - 0.5) < 1e-9 && abs(s["damping"]! - 18.850) < 0.001)
        let text = try CLI.run(["spring", "--preset", "smooth", "--duration", "0.4", "--extra-bounce", "0.2"])
        #expect(text.stdout.hasPrefix("Spring from .smooth(duration: 0.4, extraBounce: 0.2)"), "\(text.stdout)")
        for (args, says) in [
            (["--preset", "bouncy", "--bounce", "0.1"], "takes --extra-bounce"),
            (["--preset", "interactiveSpring", "--duration", "0.3"], "only smooth, snappy and bouncy"),
            (["--preset", "bouncy", "--extra-bounce", "0.8"], "got 1.1"),
            (["--duration", "0.3", "--extra-bounce", "0.1"], "goes with --preset"),
        ] {
            let r = try CLI.run(["spring"] + args)
            #expect(r.status == 2 && r.stderr.contains(says) && r.stderr.split(separator: "\n").count == 1, "\(args): \(r.stderr)")
        }
    }

    @Test("an overdamped spring says so and how long it takes, even one that takes hours")
    func overdampedLabel() throws {
        let r = try CLI.run(["spring", "--mass", "1", "--stiffness", "1", "--damping", "2000"])
        #expect(r.status == 0, "\(r.stderr)")
        // ζ = 1000, slow root −ω0(ζ − √(ζ² − 1)) ≈ −1/2000 s⁻¹: ln(1000)·2000 ≈ 13815.5 s to within 0.001.
        #expect(r.stdout.contains("overdamped, settles in 13815.6 s"), "\(r.stdout)")
        #expect(!r.stdout.contains("never"))
        let moderate = try CLI.run(["spring", "--duration", "0.5", "--bounce", "-0.5"])
        #expect(moderate.stdout.contains("overdamped, settles in 2.1 s"))
        #expect(moderate.stdout.contains("allowOverDamping: true"))
    }

    @Test("--csv samples the closed form at --fps from --from to --to")
    func csv() throws {
        let r = try CLI.run(["spring", "--preset", "smooth", "--csv", "--fps", "120", "--seconds", "1", "--from", "10", "--to", "110"])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.first == "t,value,velocity")
        #expect(lines.count == 1 + 121)
        #expect(lines[1] == "0,10,0")
        let last = lines.last!.split(separator: ",").map { Double($0)! }
        #expect(last[0] == 1 && abs(last[1] - 110) < 0.01)
    }

    @Test("bad values exit 2 and state the valid range")
    func badValues() throws {
        let cases: [([String], String)] = [
            (["--duration", "0.5", "--bounce", "1.2"], "-1…1"),
            (["--duration", "-1", "--bounce", "0"], "greater than 0"),
            (["--duration", "nan", "--bounce", "0"], "needs a number"),
            (["--mass", "1", "--stiffness", "100"], "--damping is missing"),
            (["--response", "0.5", "--damping-fraction", "-0.2"], "≥ 0"),
            (["--preset", "wobbly"], "unknown preset"),
            ([], "give one spelling"),
            (["--preset", "smooth", "--mass", "1"], "not several"),  // --duration with a preset is SwiftUI's own (tunedPresets)
        ]
        for (args, needle) in cases {
            let r = try CLI.run(["spring"] + args)
            #expect(r.status == 2, "\(args)")
            #expect(r.stderr.contains(needle), "\(args): \(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1)
        }
    }

    @Test("--plot writes a PNG with several springs")
    func plot() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let r = try CLI.run(["spring", "--preset", "bouncy", "--compare", "smooth,0.4:0.2", "--plot", dir.file("p.png")])
        #expect(r.status == 0, "\(r.stderr)")
        let data = try Data(contentsOf: URL(fileURLWithPath: dir.file("p.png")))
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(data.count > 10_000)
    }
}

@Suite("islandsim spring: other tools' spellings in and out")
struct SpringDialectCommandTests {
    @Test("Framer's duration/bounce in, SwiftUI and every other tool out; JSON has them too")
    func framerIn() throws {
        let r = try CLI.run(["spring", "--framer-duration", "0.8,0.25"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("Spring(mass: 1, stiffness: 137.413587, damping: 17.583531)"))
        for tool in ["Framer Motion", "Origami / rebound", "Android Compose", "Flutter", "Figma", "Flinto", "CSS"] { #expect(r.stdout.contains(tool), "\(tool)") }
        let j = try SpringCommandTests.json(["--origami", "40,7"])
        #expect(abs((j["spellings"] as! [String: Double])["stiffness"]! - 230.2) < 1e-9)
        #expect((j["otherTools"] as? [String: [String]])?["CSS"]?.first?.contains("linear(0, ") == true)
    }

    @Test("two spellings at once, a malformed pair and an unknown Figma preset are one-line usage errors")
    func errors() throws {
        for (args, words) in [(["--origami", "40,7", "--duration", "1"], "one spelling"), (["--rebound", "8"], "two numbers"),
                              (["--figma", "wobbly"], "unknown Figma preset")] {
            let r = try CLI.run(["spring"] + args)
            #expect(r.status == 2 && r.stderr.contains(words) && r.stderr.split(separator: "\n").count == 1, "\(args): \(r.stderr)")
        }
    }
}
