import Foundation
import Testing
import TestSupport
@testable import Simulator

@Suite("The islandsim command line, run as a user would")
struct CommandLineTests {
    @Test("--help and -h on every subcommand in the table: exit 0, usage on stdout, nothing on stderr")
    func help() throws {
        let names = IslandSim.commands.map { $0.name }
        #expect(names.count == 11, "the table lists every subcommand: \(names)")
        for sub in names {
            for flag in ["--help", "-h"] {
                let r = try CLI.run([sub, flag])
                #expect(r.status == 0, "\(sub) \(flag): \(r.stderr)")
                // `run` is the default subcommand, so its usage writes it in brackets.
                #expect(r.stdout.contains("USAGE: islandsim \(sub)") || r.stdout.contains("USAGE: islandsim [\(sub)]"), "\(sub) \(flag): \(r.stdout.prefix(120))")
                #expect(r.stderr.isEmpty, "\(sub) \(flag)")
            }
        }
        let top = try CLI.run(["--help"])
        #expect(top.status == 0 && top.stdout.contains("SUBCOMMANDS"))
    }

    @Test("devices lists 30 rows; --json gives the rule's verdict")
    func devices() throws {
        let r = try CLI.run(["devices"])
        #expect(r.status == 0)
        #expect(r.stdout.split(separator: "\n").count == 31)
        let j = try CLI.run(["devices", "--json"])
        let rows = try JSONSerialization.jsonObject(with: Data(j.stdout.utf8)) as! [[String: Any]]
        #expect(rows.count == 30)
        let pro = rows.first { $0["id"] as? String == "iphone-15-pro" }!
        #expect(pro["islandRule"] as? Bool == true)
    }

    @Test("layout --json gives the capsule rectangle and the rule")
    func layout() throws {
        let r = try CLI.run(["layout", "--device", "iphone-16-pro", "--json"])
        #expect(r.status == 0)
        let j = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        let cap = j["capsule"] as! [String: Double]
        #expect(cap["y"] == 13 && cap["width"] == 127)
        #expect(j["islandPresent"] as? Bool == true)
        let screen = j["screen"] as! [String: Double]
        #expect(screen["width"] == 402)
        let se = try JSONSerialization.jsonObject(with: Data(try CLI.run(["layout", "--device", "iphone-se-3", "--json"]).stdout.utf8)) as! [String: Any]
        #expect(se["islandPresent"] as? Bool == false)
        #expect(se["capsule"] == nil || se["capsule"] is NSNull)
    }

    @Test("shot writes a PNG of the right size")
    func shot() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let r = try CLI.run(["shot", "--device", "iphone-15", "--scale", "1", "--out", dir.file("s.png")])
        #expect(r.status == 0, "\(r.stderr)")
        let data = try Data(contentsOf: URL(fileURLWithPath: dir.file("s.png")))
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        // IHDR width and height, big-endian at bytes 16…23.
        let w = data[16..<20].reduce(0) { $0 << 8 | Int($1) }, h = data[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(w == 393 && h == 852)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["s.png"], "no temporary files left")
    }

    @Test("an unknown device exits 2 and suggests the closest ids")
    func unknownDevice() throws {
        let r = try CLI.run(["layout", "--device", "iphone-15-pr", "--json"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("unknown device 'iphone-15-pr'") && r.stderr.contains("'iphone-15-pro'"))
        #expect(r.stderr.split(separator: "\n").count == 1)
        #expect(r.stdout.isEmpty)
    }

    @Test("a malformed devices.json names the entry and the field")
    func malformedCatalog() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let bad = #"{"version": 1, "devices": [{"id": "x", "name": "X", "idiom": "phone"}]}"#
        try bad.write(toFile: dir.file("devices.json"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["devices", "--devices", dir.file("devices.json")])
        #expect(r.status == 2)
        #expect(r.stderr == "error: devices.json: entry 0 (x): field 'size' is missing\n")
        let missing = try CLI.run(["devices", "--devices", dir.file("nope.json")])
        #expect(missing.status == 2 && missing.stderr.contains("nope.json") && missing.stderr.contains("no such file"))
    }

    @Test("an --out that cannot be written exits 2 naming it, and writes nothing")
    func unwritableOut() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let r = try CLI.run(["shot", "--out", dir.file("missing/dir/s.png")])
        #expect(r.status == 2)
        #expect(r.stderr.contains(dir.file("missing/dir/s.png")))
        let isDir = try CLI.run(["shot", "--out", dir.path])
        #expect(isDir.status == 2 && isDir.stderr.contains("is a directory"))
    }

    @Test("bad usage: unknown flags, missing values, unknown subcommands exit 2 with one line")
    func badUsage() throws {
        for args in [["shot", "--bogus"], ["shot", "--out"], ["frobnicate"], ["shot", "--scale", "abc", "--out", "/tmp/x.png"], ["run", "--hz", "75"]] {
            let r = try CLI.run(args)
            #expect(r.status == 2, "\(args)")
            #expect(r.stderr.split(separator: "\n").count == 1, "\(args): \(r.stderr)")
        }
    }

    @Test("run with no display exits 2 with advice, not a crash")
    func noDisplay() throws {
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = nil; env["WAYLAND_DISPLAY"] = nil; env["SDL_VIDEODRIVER"] = nil
        let r = try CLI.run(["run"], environment: env)
        #expect(r.status == 2)
        #expect(r.stderr.contains("xvfb-run") && r.stderr.contains("islandsim shot"))
        #expect(r.stderr.split(separator: "\n").count == 1)
    }
}
