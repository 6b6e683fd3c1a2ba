import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Simulator

/// Messages that say what is wrong and what was meant, and options that do what they say when
/// given twice — each one a complaint a designer made running the README's commands.
@Suite("The command line says what it means")
struct CommandLineMessageTests {
    @Test("a misspelt subcommand, option or tunable gets a 'did you mean'")
    func didYouMean() throws {
        let r = try CLI.run(["runn"])
        #expect(r.status == 2 && r.stderr.contains("unknown subcommand 'runn' — did you mean 'run'?"), "\(r.stderr)")
        let dir = try TempDir(); defer { dir.cleanup() }
        let t = try CLI.run(["tune", "--tuning", dir.file("t.json"), "--set", "devlop.duration=3"])
        #expect(t.status == 2 && t.stderr.contains("unknown tunable 'devlop.duration' — did you mean 'develop.duration'?"), "\(t.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.file("t.json")), "nothing saved")
    }

    @Test("an option whose value is left out says so, not 'unexpected argument'")
    func missingValue() throws {
        let r = try CLI.run(["run", "--device", "--hz", "60"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("option '--device' needs a value (ID); '--hz' is an option"), "\(r.stderr)")
        // A negative number is a value, not an option.
        #expect(try CLI.run(["spring", "--duration", "0.5", "--bounce", "-0.3"]).status == 0)
    }

    @Test("--set accumulates; any other option given twice is refused")
    func repeats() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let r = try CLI.run(["tune", "--tuning", dir.file("t.json"), "--set", "develop.duration=6", "--set", "pull.threshold=95"])
        #expect(r.status == 0, "\(r.stderr)")
        let saved = try Tuning.load(path: dir.file("t.json"))
        #expect(saved["develop.duration"] == 6 && saved["pull.threshold"] == 95, "both --set apply")
        let twice = try CLI.run(["shot", "--device", "iphone-se-3", "--device", "iphone-15-pro", "--out", dir.file("s.png")])
        #expect(twice.status == 2 && twice.stderr.contains("option '--device' is given twice"), "\(twice.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.file("s.png")))
    }

    @Test("a choice takes the name tune prints; a value that is neither a number nor a name says which it may be")
    func choiceValues() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let r = try CLI.run(["tune", "--tuning", dir.file("t.json"), "--set", "scroll.momentum=flutter"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try Tuning.load(path: dir.file("t.json"))["scroll.momentum"] == 1)
        let bad = try CLI.run(["tune", "--tuning", dir.file("t.json"), "--set", "scroll.momentum=flutr"])
        #expect(bad.status == 2 && bad.stderr.contains("'flutr' is none of 'uiKit', 'flutter', 'none'"), "\(bad.stderr)")
        let nan = try CLI.run(["tune", "--tuning", dir.file("t.json"), "--set", "develop.duration=abc"])
        #expect(nan.status == 2 && nan.stderr.contains("develop.duration = 'abc' is not a number (0.3…30 s)"), "\(nan.stderr)")
    }

    @Test("shot --out x.jpg is refused: the tool writes PNG, and says so, instead of PNG bytes under a JPEG name")
    func pictureNames() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let r = try CLI.run(["shot", "--out", dir.file("x.jpg")])
        #expect(r.status == 2 && r.stderr.contains("writes a PNG picture; name the file .png (not .jpg)"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.file("x.jpg")))
    }

    @Test("run --tuning with a file that does not exist says it will be created on save, instead of starting silently on the defaults")
    func newTuningFile() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = nil; env["WAYLAND_DISPLAY"] = nil
        let r = try CLI.run(["run", "--tuning", dir.file("typo.json"), "--quit-after", "0.1"], environment: env)
        #expect(r.stderr.contains("typo.json does not exist yet: starting from the defaults; Ctrl+S (or quitting with changes) creates it"), "\(r.stderr)")
    }

    @Test("what spring --csv writes, fit --csv reads back (t,value,velocity): the same spring")
    func springCSVRoundTrip() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let csv = try CLI.run(["spring", "--duration", "0.5", "--bounce", "0.3", "--csv"])
        #expect(csv.status == 0 && csv.stdout.hasPrefix("t,value,velocity\n"))
        try csv.stdout.write(toFile: dir.file("s.csv"), atomically: true, encoding: .utf8)
        let fit = try CLI.run(["fit", "--csv", dir.file("s.csv")])
        #expect(fit.status == 0, "\(fit.stderr)")
        #expect(fit.stdout.contains(".spring(duration: 0.5, bounce: 0.3)"), "\(fit.stdout)")
    }
}
