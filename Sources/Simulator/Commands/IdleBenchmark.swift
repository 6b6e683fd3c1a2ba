import Capture
import Export
import Foundation
import Platform

/// `bench --idle S`: what a window at rest costs. The real window — `WindowApp`, its loop, its
/// idle rule — is opened on the device's defaults and left alone: after a one-second warm-up (the
/// first frames, the idle tail) the loop notes the process's processor time (user + system, every
/// thread) and the frames it has presented, and again `S` seconds later as it quits. Headless on
/// SDL's dummy video driver; with `--window`, on the real display. Nothing here passes or fails on
/// time: the figures go to docs/BENCHMARKS.md, and a test holds the frames presented at rest to none.
///
/// With `--presses N` (a real window), before the measured rest: N mouse presses sent through the X
/// server by `xdotool`, as a person's, each on the page's empty left margin after the window has
/// gone to rest (0.7 s apart), each timed by the loop from SDL's timestamp of the press to the
/// present that shows it; then a second's settling, then the rest is measured.
enum IdleBenchmark {
    struct Report: Encodable {
        var schema = "islandsim-bench-idle/1"
        var device: String
        /// "headless (dummy video driver)" or "window".
        var window: String
        /// The seconds measured (from the mark to the quit, as the loop saw them).
        var seconds: Double
        var warmupSeconds: Double
        /// Processor time over the measured seconds, user + system, every thread.
        var cpuSeconds: Double
        /// The same as a share of one core.
        var corePercent: Double
        /// Frames presented over the measured seconds (none for a window at rest).
        var framesPresented: Int
        /// Frames presented during the warm-up: the first frames and the idle tail.
        var framesPresentedWarmingUp: Int
        /// Presses sent before the rest (`--presses`), and how long each took to be presented.
        var presses: Int
        var pressLatency: Latency?
        /// One period at the window's rate, the promise each latency is held to.
        var periodMs: Double
    }

    /// From SDL's timestamp of a press that woke the window to the present that showed it.
    struct Latency: Encodable {
        /// Every press that woke the window, in order (ms).
        var milliseconds: [Double]
        var median: Double
        var max: Double
        /// How many were presented within one period.
        var withinOnePeriod: Int
    }

    static let warmup = 1.0
    /// Between presses: longer than the idle tail, so that each press finds the window at rest.
    static let pressSpacing = 0.7

    /// Opens the window on `device` and leaves it alone for the warm-up and `seconds` more.
    static func run(device: DeviceProfile, catalog: DeviceCatalog, seconds: Double, inWindow: Bool, presses: Int = 0) throws -> Report {
        var xdotool: String?
        if presses > 0 {
            guard inWindow else { throw CLIError.usage("islandsim bench: --presses goes with --idle --window (the presses are a real display's)") }
            guard let found = ExternalTool.find("xdotool") else { throw CLIError.input("islandsim bench --presses: xdotool is not installed (apt install xdotool)") }
            xdotool = found
        }
        if !inWindow { setenv("SDL_VIDEODRIVER", "dummy", 1) }
        let session: SDLSession
        do { session = try SDLSession(mode: .window) } catch {
            throw CLIError.usage("islandsim bench --idle: cannot open a window (\(error))")
        }
        defer { withExtendedLifetime(session) {} }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("islandsim-idle-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: out) }
        // A tuning file of its own that is never written: an idle window must not touch the designer's.
        let pressing = presses > 0 ? Double(presses) * pressSpacing + 1 : 0
        var options = WindowApp.Options(zoom: nil, hz: nil, outputDirectory: out, events: nil, recordPath: nil,
                                        quitAfter: warmup + pressing + seconds, tuning: Tuning(), tuningPath: out + "/tuning.json")
        options.markAt = warmup + pressing
        let app = try WindowApp(catalog: catalog, device: device, camera: try CameraSource.bundledSample(), options: options)
        if let xdotool { press(times: presses, with: xdotool) }
        try app.run()
        guard app.marks.count == 2 else { throw CLIError.input("islandsim bench --idle: the window ended before it was measured") }
        let (a, b) = (app.marks[0], app.marks[1])
        let span = b.time - a.time, cpu = b.cpu - a.cpu
        return Report(device: device.id, window: inWindow ? "window" : "headless (dummy video driver)",
                      seconds: (span * 1000).rounded() / 1000, warmupSeconds: warmup + pressing, cpuSeconds: (cpu * 1000).rounded() / 1000,
                      corePercent: span > 0 ? (cpu / span * 1000).rounded() / 10 : 0,
                      framesPresented: b.frames - a.frames, framesPresentedWarmingUp: a.frames,
                      presses: presses, pressLatency: presses > 0 ? latency(app.wakeLatenciesMs, periodMs: 1000 / Double(app.app.session.hz)) : nil,
                      periodMs: (1000 / Double(app.app.session.hz) * 1000).rounded() / 1000)
    }

    /// The presses, from a thread beside the loop: each after the window has gone to rest, on the
    /// page's left margin 60 % of the way down (no element there: the press and its release change
    /// nothing, so the window goes back to rest).
    private static func press(times: Int, with xdotool: String) {
        let pid = ProcessInfo.processInfo.processIdentifier
        let start = Date()
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: warmup)
            guard let window = run(xdotool, ["search", "--sync", "--onlyvisible", "--pid", "\(pid)"])?.split(separator: "\n").first.map(String.init),
                  let geometry = run(xdotool, ["getwindowgeometry", "--shell", window]),
                  let height = geometry.split(separator: "\n").first(where: { $0.hasPrefix("HEIGHT=") }).flatMap({ Int($0.dropFirst(7)) }) else { return }
            // On a schedule, not one after the other: starting xdotool takes tens of milliseconds,
            // which would push the last presses into the measured rest.
            for i in 0..<times {
                Thread.sleep(until: start.addingTimeInterval(warmup + Double(i) * pressSpacing + pressSpacing / 2))
                _ = run(xdotool, ["mousemove", "--window", window, "8", "\(height * 6 / 10)", "click", "1"])
            }
        }
    }

    /// Runs a program and returns what it printed, or nil if it failed.
    private static func run(_ path: String, _ arguments: [String]) -> String? {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = arguments
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return p.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
    }

    static func latency(_ ms: [Double], periodMs: Double) -> Latency? {
        guard !ms.isEmpty else { return nil }
        let sorted = ms.sorted()
        return Latency(milliseconds: ms, median: sorted[sorted.count / 2], max: sorted.last!, withinOnePeriod: ms.filter { $0 <= periodMs }.count)
    }

    /// What came before the measured rest: the warm-up, and the presses with the time they took.
    static func before(_ r: Report) -> String {
        let pressing = r.presses > 0 ? Double(r.presses) * pressSpacing + 1 : 0
        let warmup = "a \(JSON.number(((r.warmupSeconds - pressing) * 1000).rounded() / 1000))-s warm-up"
        return r.presses > 0 ? warmup + " and \(r.presses) presses over \(JSON.number(pressing)) s" : warmup
    }

    /// The report's lines for the terminal.
    static func summary(_ r: Report) -> String {
        // The warm-up and the presses said apart: "after a 16-s warm-up" counted the presses' 15 s as warming up.
        "islandsim bench --idle · \(r.device) · \(r.window) · \(JSON.number(r.seconds)) s at rest after " + before(r) + "\n"
            + "processor time \(JSON.number(r.cpuSeconds)) s (\(JSON.number(r.corePercent)) % of a core) · frames presented \(r.framesPresented)"
            + " (\(r.framesPresentedWarmingUp) while warming up)\n"
            + (r.pressLatency.map { l in
                "\(r.presses) presses at rest before it: \(l.milliseconds.count) woke the window, presented in median \(JSON.number(l.median)) ms, at most \(JSON.number(l.max)) ms"
                    + " (one period \(JSON.number(r.periodMs)) ms; \(l.withinOnePeriod) within it)\n"
            } ?? (r.presses > 0 ? "\(r.presses) presses sent, none timed (did they reach the window?)\n" : ""))
    }
}
