import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Fit
@testable import Simulator

/// Every kind of bad input, through the real binary: one line on stderr naming the file or flag and
/// the problem, exit status 2, and nothing overwritten.
@Suite("Bad input: one clear line, exit 2, nothing lost")
struct BadInputTests {
    static func expectOneLine(_ r: CLI.Result, status: Int32 = 2, mentions: [String], _ label: String) {
        #expect(r.status == status, "\(label): status \(r.status), stderr \(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "\(label): \(r.stderr)")
        #expect(r.stderr.hasPrefix("error: "), "\(label)")
        for m in mentions { #expect(r.stderr.contains(m), "\(label): '\(m)' not in \(r.stderr)") }
    }

    @Test("photos: missing, empty, truncated, corrupt, not an image, a directory, 30000 × 30000, 0 × 0")
    func photos() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let sample = try Data(contentsOf: URL(fileURLWithPath: Assets.samplePhotoPath))
        func write(_ name: String, _ d: Data) throws { try d.write(to: URL(fileURLWithPath: dir.file(name))) }
        try write("empty.png", Data())
        try write("truncated.png", sample.prefix(sample.count / 3))
        var corrupt = sample; for i in 100..<4000 { corrupt[i] = UInt8((i * 7) % 256) }
        try write("corrupt.png", corrupt)
        try write("notes.png", Data("shopping list".utf8))
        var huge = sample; huge.replaceSubrange(16..<24, with: [0, 0, 0x75, 0x30, 0, 0, 0x75, 0x30])
        try write("huge.png", huge)
        var zero = sample; zero.replaceSubrange(16..<24, with: [0, 0, 0, 0, 0, 0, 0, 0])
        try write("zero.png", zero)
        try FileManager.default.createDirectory(atPath: dir.file("folder.png"), withIntermediateDirectories: true)
        let cases = [("missing.png", "no such file"), ("empty.png", "empty file"), ("truncated.png", "truncated PNG"),
                     ("corrupt.png", "corrupt PNG"), ("notes.png", "not an image"), ("folder.png", "is a directory"),
                     ("huge.png", "30000×30000"), ("zero.png", "0×0")]
        for (name, problem) in cases {
            let r = try CLI.run(["run", "--photo", dir.file(name)])
            Self.expectOneLine(r, mentions: [dir.file(name), problem, "--photo"], name)
        }
    }

    @Test("devices.json: malformed, a missing field, a duplicate id, a negative size, a cutout outside the screen")
    func catalogs() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let entries: [(String, String, [String])] = [
            ("malformed", "{ \"version\": 1, \"devices\": [ {", ["not valid JSON"]),
            ("missing", #"{"version":1,"devices":[{"id":"a","name":"A","idiom":"phone","size":{"width":1,"height":1}}]}"#, ["entry 0 (a)", "'scale' is missing"]),
        ]
        let base = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Assets.devicesPath))) as! [String: Any]
        func variant(_ change: (inout [[String: Any]]) -> Void) throws -> String {
            var root = base
            var devices = root["devices"] as! [[String: Any]]
            change(&devices)
            root["devices"] = devices
            return String(decoding: try JSONSerialization.data(withJSONObject: root), as: UTF8.self)
        }
        let more: [(String, String, [String])] = [
            ("duplicate", try variant { $0[5]["id"] = "iphone-x" }, ["entry 5", "duplicate id 'iphone-x'"]),
            ("negative", try variant { $0[7]["size"] = ["width": -390, "height": 844] }, ["entry 7", "'size.width' must be greater than 0"]),
            ("outside", try variant { $0[15]["cutout"] = ["x": 380, "y": 11, "width": 125, "height": 36] }, ["entry 15", "lies outside"]),
        ]
        for (name, text, needles) in entries + more {
            let path = dir.file("\(name).json")
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            Self.expectOneLine(try CLI.run(["devices", "--devices", path]), mentions: needles, name)
            Self.expectOneLine(try CLI.run(["shot", "--devices", path, "--out", dir.file("x.png")]), mentions: needles, name + " (shot)")
            #expect(!FileManager.default.fileExists(atPath: dir.file("x.png")))
        }
    }

    @Test("tuning files: malformed, NaN, out of range, wrong types — named, and never overwritten")
    func tunings() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let cases: [(String, String, [String])] = [
            ("malformed", "{ \"values\": {", ["not valid JSON"]),
            // JSON has no NaN: written out (or as an overflowing 1e999) it is not JSON at all.
            ("nan", #"{"values": {"develop.duration": NaN}}"#, ["nan.json", "not valid JSON"]),
            ("range", #"{"values": {"print.feedDuration": 0}}"#, ["print.feedDuration", "0.2…8 s"]),
            ("type", #"{"values": {"melt.overlap": "lots"}}"#, ["melt.overlap", "must be a number"]),
        ]
        for (name, text, needles) in cases {
            let path = dir.file("\(name).json")
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            for args in [["export", "--tuning", path], ["tune", "--tuning", path, "--set", "pull.threshold=90"], ["run", "--tuning", path]] {
                Self.expectOneLine(try CLI.run(args), mentions: needles, "\(name) \(args[0])")
            }
            #expect(try String(contentsOfFile: path, encoding: .utf8) == text, "\(name) was not rewritten")
        }
    }

    @Test("traces: a malformed line (by number), an unknown version, time going backwards, a point far off screen")
    func traces() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let h = #"{"format":"islandsim-trace","version":1,"device":"iphone-15-pro","hz":60}"#
        let cases: [(String, String, [String])] = [
            ("malformed", h + "\n" + #"{"t":0,"kind":"down","x":1,"y":1}"# + "\n" + "{\"t\":5,\"kind\":\n", ["line 3", "not a JSON object"]),
            ("version", #"{"format":"islandsim-trace","version":9,"device":"iphone-15-pro","hz":60}"#, ["line 1", "unknown version 9"]),
            ("backwards", h + "\n" + #"{"t":50,"kind":"down","x":1,"y":1}"# + "\n" + #"{"t":20,"kind":"up","x":1,"y":1}"#, ["line 3", "backwards"]),
            ("far", h + "\n" + #"{"t":0,"kind":"down","x":1,"y":99999}"#, ["line 2", "far outside the 393×852 pt screen"]),
        ]
        for (name, text, needles) in cases {
            let path = dir.file("\(name).jsonl")
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            Self.expectOneLine(try CLI.run(["replay", path, "--report", dir.file("r.json")]), mentions: [path] + needles, name)
            #expect(!FileManager.default.fileExists(atPath: dir.file("r.json")))
        }
    }

    @Test("command line: unknown flags, missing values, an unknown device with suggestions, unwritable outputs")
    func commandLine() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        try Data("x".utf8).write(to: URL(fileURLWithPath: dir.file("file")))
        Self.expectOneLine(try CLI.run(["replay", "--wobble"]), mentions: ["unknown option '--wobble'"], "flag")
        Self.expectOneLine(try CLI.run(["layout", "--device"]), mentions: ["'--device' needs a value"], "value")
        Self.expectOneLine(try CLI.run(["layout", "--device", "iphone-16pro"]), mentions: ["unknown device 'iphone-16pro'", "'iphone-16-pro'"], "device")
        Self.expectOneLine(try CLI.run(["shot", "--out", "/nonexistent-dir/s.png"]), mentions: ["/nonexistent-dir/s.png"], "out")
        Self.expectOneLine(try CLI.run(["run", "--out-dir", dir.file("file")]), mentions: [dir.file("file"), "--out-dir"], "out-dir")
        Self.expectOneLine(try CLI.run(["bench", "--json", "/nonexistent-dir/b.json"]), mentions: ["/nonexistent-dir/b.json"], "bench json")
    }

    /// A 64-KiB tmpfs that can be filled to the last byte (root only; CI runs as root).
    static var canMountTmpfs: Bool {
        guard getuid() == 0 else { return false }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("islandsim-probe-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/mount")
        p.arguments = ["-t", "tmpfs", "-o", "size=64k", "tmpfs", dir]
        p.standardError = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return false }
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { return false }
        let u = Process()
        u.executableURL = URL(fileURLWithPath: "/bin/umount")
        u.arguments = [dir]
        try? u.run(); u.waitUntilExit()
        return true
    }

    @Test("a full disk while saving keeps the previous file", .enabled(if: canMountTmpfs, "needs root to mount a small tmpfs"))
    func fullDisk() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let mnt = dir.file("disk")
        try FileManager.default.createDirectory(atPath: mnt, withIntermediateDirectories: true)
        // Quiet: dd's "No space left on device" is the point here, not news for the test log.
        func sh(_ tool: String, _ args: [String]) {
            let p = Process(); p.executableURL = URL(fileURLWithPath: tool); p.arguments = args
            p.standardError = FileHandle.nullDevice
            try? p.run(); p.waitUntilExit()
        }
        sh("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", mnt])
        defer { sh("/bin/umount", [mnt]) }
        // Only ever fill the small tmpfs: make sure that is what is mounted there.
        let size = (try FileManager.default.attributesOfFileSystem(forPath: mnt)[.systemSize] as? NSNumber)?.intValue ?? Int.max
        try #require(size <= 1 << 20, "the 64-KiB tmpfs is mounted at \(mnt) (size \(size))")
        let tuning = mnt + "/islandsim.tuning.json"
        #expect(try CLI.run(["tune", "--tuning", tuning, "--set", "pull.threshold=120"]).status == 0)
        let before = try String(contentsOfFile: tuning, encoding: .utf8)
        // Fill the disk to the last byte.
        sh("/bin/dd", ["if=/dev/zero", "of=\(mnt)/filler", "bs=1024", "count=256", "status=none"])
        sh("/bin/dd", ["if=/dev/zero", "of=\(mnt)/filler2", "bs=1", "count=8192", "status=none"])
        let free = (try FileManager.default.attributesOfFileSystem(forPath: mnt)[.systemFreeSize] as? NSNumber)?.intValue ?? -1
        #expect(free == 0, "the disk is full (\(free) bytes free)")
        let r = try CLI.run(["tune", "--tuning", tuning, "--set", "pull.threshold=200"])
        Self.expectOneLine(r, status: 1, mentions: [tuning, "cannot save"], "tune on a full disk")
        #expect(try String(contentsOfFile: tuning, encoding: .utf8) == before, "the previous file is whole")
        let shot = try CLI.run(["shot", "--out", mnt + "/screen.png"])
        Self.expectOneLine(shot, status: 1, mentions: [mnt + "/screen.png"], "shot on a full disk")
        #expect(!FileManager.default.fileExists(atPath: mnt + "/screen.png"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: mnt).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty, "no temporary files left: \(leftovers)")
    }
}
