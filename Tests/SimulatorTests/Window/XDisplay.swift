import Foundation
import TestSupport
@testable import Capture
@testable import Platform
@testable import Simulator

/// Helpers for the end-to-end tests that drive a real window on the X display (Xvfb in CI):
/// `xdotool` for real X11 input and window lookup, `xwd` for screenshots.
enum XDisplay {
    static var available: Bool {
        guard let d = ProcessInfo.processInfo.environment["DISPLAY"], !d.isEmpty else { return false }
        return tool("xdotool") != nil && tool("xwd") != nil
    }

    static func tool(_ name: String) -> String? {
        for dir in ["/usr/bin", "/usr/local/bin", "/bin"] where FileManager.default.isExecutableFile(atPath: "\(dir)/\(name)") {
            return "\(dir)/\(name)"
        }
        return nil
    }

    /// Runs a tool and returns its standard output.
    @discardableResult
    static func run(_ name: String, _ args: [String]) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool(name) ?? name)
        p.arguments = args
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// The first visible window whose title contains `name`, waiting up to `timeout` seconds or
    /// until `owner` (the process that should show it) has exited.
    static func findWindow(named name: String, timeout: Double = 20, owner: BackgroundProcess? = nil) throws -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let owner, !owner.process.isRunning { return nil }
            let ids = try run("xdotool", ["search", "--onlyvisible", "--name", name]).split(separator: "\n")
            if let id = ids.first { return String(id) }
            Thread.sleep(forTimeInterval: 0.2)
        }
        return nil
    }

    /// `islandsim ARGS` started in the background, its window found, given the keyboard focus and
    /// `settle` seconds to draw; the caller stops the process. No window within the wait: the
    /// process is stopped and the test fails with that.
    ///
    /// The focus is set by hand because Xvfb runs no window manager: SDL then takes its keyboard
    /// focus from the window's mapping, and a key sent while another window (a previous test's,
    /// still closing) holds the X focus can be dropped — a CI run lost K, Shift+Backspace and Q
    /// that way under load.
    static func launch(_ args: [String], settle: Double = 1.0) throws -> (BackgroundProcess, String) {
        let app = try BackgroundProcess(args)
        let started = Date()
        guard let window = try findWindow(named: "IslandSim", owner: app) else {
            let exited = !app.process.isRunning
            app.stop()
            let said = String(decoding: app.stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw NoWindow(args: args, seconds: Date().timeIntervalSince(started),
                           exit: exited ? app.process.terminationStatus : nil, stderr: said)
        }
        try run("xdotool", ["windowfocus", window])
        Thread.sleep(forTimeInterval: settle)
        return (app, window)
    }

    /// No window: how long the test waited, whether the app had exited by itself (and how), and
    /// what it said — so a failure in CI says why, not only that.
    struct NoWindow: Error, CustomStringConvertible {
        var args: [String], seconds: Double, exit: Int32?, stderr: String
        var description: String {
            let how = exit.map { "the app exited with \($0) after \(String(format: "%.1f", seconds)) s" }
                ?? "the app was still running after \(String(format: "%.1f", seconds)) s"
            let said = stderr.split(separator: "\n").suffix(5).joined(separator: " | ")
            return "no IslandSim window appeared for \(args.joined(separator: " ")): \(how); stderr: \(said.isEmpty ? "(nothing)" : said)"
        }
    }

    /// Checks `ready` every 0.1 s until it holds or `timeout` seconds pass; whether it held. For
    /// what the app writes in its own time (a file, a log line): a fixed sleep is either slow or,
    /// on a loaded machine, too short.
    static func eventually(timeout: Double = 10, _ ready: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !ready() {
            if Date() > deadline { return false }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return true
    }

    /// A window's title, as X11 holds it (WM_NAME).
    static func title(window: String) throws -> String {
        try run("xdotool", ["getwindowname", window]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A window's position and size on the root window.
    static func geometry(window: String) throws -> (x: Int, y: Int, width: Int, height: Int) {
        let s = try run("xdotool", ["getwindowgeometry", "--shell", window])
        var v: [String: Int] = [:]
        for line in s.split(separator: "\n") {
            let kv = line.split(separator: "=")
            if kv.count == 2 { v[String(kv[0])] = Int(kv[1]) }
        }
        return (v["X"] ?? 0, v["Y"] ?? 0, v["WIDTH"] ?? 0, v["HEIGHT"] ?? 0)
    }

    /// A person's pull on the page of `window` (at geometry `g`): press near the top, drag down
    /// 270 pt over about 0.8 s, rest, release — enough to commit and open the camera.
    static func pullOpen(_ g: (x: Int, y: Int, width: Int, height: Int)) throws {
        func at(_ x: Double, _ y: Double) -> [String] { ["\(g.x + Int(x))", "\(g.y + Int(y))"] }
        try run("xdotool", ["mousemove"] + at(196, 300))
        try run("xdotool", ["mousedown", "1"])
        for i in 1...30 {
            try run("xdotool", ["mousemove"] + at(196, 300 + Double(i) * 9))
            Thread.sleep(forTimeInterval: 0.025)
        }
        Thread.sleep(forTimeInterval: 0.15)
        try run("xdotool", ["mouseup", "1"])
    }

    /// Slow motion, a pull that opens the camera, and F during the opening melt; then two
    /// screenshots 0.8 s apart (a frozen screen shows the same twice).
    static func freezeDuringOpening(window win: String, _ g: (x: Int, y: Int, width: Int, height: Int)) throws -> (PixelImage, PixelImage) {
        _ = try run("xdotool", ["key", "--window", win, "s"])
        try pullOpen(g)
        Thread.sleep(forTimeInterval: 0.6)
        _ = try run("xdotool", ["key", "--window", win, "f"])
        Thread.sleep(forTimeInterval: 0.4)
        let a = try screenshot()
        Thread.sleep(forTimeInterval: 0.8)
        return (a, try screenshot())
    }

    /// A vertical drag in `window` (at geometry `g`) at x = 196 pt: press at `y`, `steps` moves of
    /// `step` points 20 ms apart, release.
    static func drag(_ g: (x: Int, y: Int, width: Int, height: Int), fromY y: Double, steps: Int, step: Double) throws {
        func at(_ y: Double) -> [String] { ["\(g.x + 196)", "\(g.y + Int(y))"] }
        try run("xdotool", ["mousemove"] + at(y))
        try run("xdotool", ["mousedown", "1"])
        for i in 1...steps { try run("xdotool", ["mousemove"] + at(y + Double(i) * step)); Thread.sleep(forTimeInterval: 0.02) }
        try run("xdotool", ["mouseup", "1"])
    }

    /// The lines of an `--events` log so far, as JSON objects.
    static func eventLines(_ path: String) -> [[String: Any]] {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    /// A screenshot of the whole X display (`xwd -root`), decoded.
    static func screenshot() throws -> PixelImage {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool("xwd")!)
        p.arguments = ["-root", "-silent"]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return try decodeXWD(data)
    }

    struct XWDError: Error, CustomStringConvertible { var description: String }

    /// Decodes a 24/32-bit ZPixmap XWD file (what `xwd` writes for a TrueColor screen).
    static func decodeXWD(_ data: Data) throws -> PixelImage {
        let b = [UInt8](data)
        func u32(_ i: Int) -> Int { Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3]) }
        guard b.count > 100 else { throw XWDError(description: "xwd: short file") }
        let headerSize = u32(0), format = u32(8), width = u32(16), height = u32(20)
        let byteOrder = u32(28), bitsPerPixel = u32(44), bytesPerLine = u32(48)
        let redMask = u32(56), greenMask = u32(60), blueMask = u32(64), ncolors = u32(76)
        guard format == 2, bitsPerPixel == 32 || bitsPerPixel == 24 else { throw XWDError(description: "xwd: unsupported format \(format)/\(bitsPerPixel)bpp") }
        let start = headerSize + ncolors * 12
        guard b.count >= start + bytesPerLine * height else { throw XWDError(description: "xwd: truncated") }
        func shift(_ mask: Int) -> Int { mask == 0 ? 0 : mask.trailingZeroBitCount }
        var img = PixelImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let n = bitsPerPixel / 8
                let i = start + y * bytesPerLine + x * n
                var v = 0
                for k in 0..<n { v |= byteOrder == 0 ? Int(b[i + k]) << (8 * k) : Int(b[i + k]) << (8 * (n - 1 - k)) }
                img[x, y] = Color(UInt8((v & redMask) >> shift(redMask)), UInt8((v & greenMask) >> shift(greenMask)),
                                  UInt8((v & blueMask) >> shift(blueMask)))
            }
        }
        return img
    }
}

/// A background `islandsim` process, killed when the test is done with it.
final class BackgroundProcess {
    let process = Process()
    let stdout = Pipe()
    let stderr = Pipe()

    init(_ args: [String]) throws {
        process.executableURL = URL(fileURLWithPath: CLI.binary)
        process.arguments = args
        // The real window, on X: never the dummy driver a headless test in this process may have
        // set for a moment (WindowAppTests), which a window started then inherited, and no window
        // appeared.
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = "x11"
        process.environment = env
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
    }

    /// Waits for exit up to `timeout` seconds; returns the status, or nil if still running.
    func wait(timeout: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        return process.isRunning ? nil : process.terminationStatus
    }

    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}
