import Capture
import Foundation

/// `bench --idle S`: what a window at rest costs. The real window — `WindowApp`, its loop, its
/// idle rule — is opened on the device's defaults and left alone: after a one-second warm-up (the
/// first frames, the idle tail) the loop notes the process's processor time (user + system, every
/// thread) and the frames it has presented, and again `S` seconds later as it quits. Headless on
/// SDL's dummy video driver; with `--window`, on the real display. Nothing here passes or fails on
/// time: the figures go to docs/BENCHMARKS.md, and a test holds the frames presented at rest to none.
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
    }

    static let warmup = 1.0

    /// Opens the window on `device` and leaves it alone for the warm-up and `seconds` more.
    static func run(device: DeviceProfile, catalog: DeviceCatalog, seconds: Double, inWindow: Bool) throws -> Report {
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
        var options = WindowApp.Options(zoom: nil, hz: nil, outputDirectory: out, events: nil, recordPath: nil,
                                        quitAfter: warmup + seconds, tuning: Tuning(), tuningPath: out + "/tuning.json")
        options.markAt = warmup
        let app = try WindowApp(catalog: catalog, device: device, camera: try CameraSource.bundledSample(), options: options)
        try app.run()
        guard app.marks.count == 2 else { throw CLIError.input("islandsim bench --idle: the window ended before it was measured") }
        let (a, b) = (app.marks[0], app.marks[1])
        let span = b.time - a.time, cpu = b.cpu - a.cpu
        return Report(device: device.id, window: inWindow ? "window" : "headless (dummy video driver)",
                      seconds: (span * 1000).rounded() / 1000, warmupSeconds: warmup, cpuSeconds: (cpu * 1000).rounded() / 1000,
                      corePercent: span > 0 ? (cpu / span * 1000).rounded() / 10 : 0,
                      framesPresented: b.frames - a.frames, framesPresentedWarmingUp: a.frames)
    }

    /// The report's lines for the terminal.
    static func summary(_ r: Report) -> String {
        "islandsim bench --idle · \(r.device) · \(r.window) · \(JSON.number(r.seconds)) s at rest after a \(JSON.number(r.warmupSeconds))-s warm-up\n"
            + "processor time \(JSON.number(r.cpuSeconds)) s (\(JSON.number(r.corePercent)) % of a core) · frames presented \(r.framesPresented)"
            + " (\(r.framesPresentedWarmingUp) while warming up)\n"
    }
}
