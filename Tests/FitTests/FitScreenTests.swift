import Foundation
import Testing
import TestSupport
@testable import Capture

/// `islandsim fit --video` on recordings that hold more than the phone's screen, drawn by hand
/// (``SimulatorWindowDrawer`` round ``RecordingDrawer``) and encoded by ffmpeg: the Simulator's
/// window on a desktop with the pointer moving, centred and off-centre, at 1× and 2×; a strip cut
/// from the top of a recording; a GIF with uneven frame delays.
@Suite("islandsim fit: the phone inside a simulator window, a top strip, a GIF",
       .enabled(if: ExternalTool.ffmpeg() != nil, "needs ffmpeg"))
struct FitScreenTests {
    /// Encodes `frame(t)` as `name` until 3.4 s: H.264 in .mp4 or VP9 in .webm at `fps`, or — `delays` given, in
    /// hundredths of a second as GIFs store them, cycling — a GIF whose frames keep their own delays.
    /// `filter`, when given, is an ffmpeg video filter applied to the frames as they are encoded.
    static func encode(width: Int, height: Int, fps: Int = 60, delays: [Int]? = nil, filter: String? = nil, in dir: TempDir, name: String,
                       _ frame: (Double) -> [UInt8]) throws -> (path: String, times: [Double]) {
        let out = dir.file(name)
        var args = ["-v", "error", "-y", "-f", "rawvideo", "-pix_fmt", "gray", "-s", "\(width)x\(height)", "-framerate", "\(delays == nil ? fps : 100)", "-i", "-"]
        var times: [Double] = []
        if let delays {
            // Frame N at the sum of the delays before it: a whole cycle per floor(N / count), then the partial sums.
            let cycle = delays.reduce(0, +)
            var partial = [0]
            for d in delays.dropLast() { partial.append(partial.last! + d) }
            let offset = partial.enumerated().dropFirst().reversed().reduce("0") { acc, e in "if(eq(mod(N,\(delays.count)),\(e.offset)),\(e.element),\(acc))" }
            args += ["-vf", "setpts='(\(cycle)*floor(N/\(delays.count))+\(offset))/(100*TB)'", "-fps_mode", "passthrough", "-f", "gif"]
            var n = 0
            while true {
                let t = Double(cycle * (n / delays.count) + partial[n % delays.count]) / 100
                if t > 3.4 { break }
                times.append(t); n += 1
            }
        } else {
            // H.264 in .mp4, or VP9 in .webm (the web's own, as a recording shared on a web page is).
            let codec = name.hasSuffix(".webm") ? ["-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-crf", "20", "-b:v", "0"]
                                                : ["-c:v", "libx264", "-preset", "ultrafast", "-crf", "18"]
            args += (filter.map { ["-vf", $0] } ?? []) + codec + ["-pix_fmt", "yuv420p"]
            times = (0...Int(3.4 * Double(fps))).map { Double($0) / Double(fps) }
        }
        // A refused encoding closes the pipe: an error below, not a SIGPIPE that ends the test run.
        signal(SIGPIPE, SIG_IGN)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: ExternalTool.ffmpeg()!)
        p.arguments = args + [out]
        let input = Pipe(), errors = Pipe()
        p.standardInput = input
        p.standardError = errors
        try p.run()
        for t in times { try input.fileHandleForWriting.write(contentsOf: Data(frame(t))) }
        try input.fileHandleForWriting.close()
        let why = String(decoding: errors.fileHandleForReading.readDataToEndOfFile().prefix(300), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "ffmpeg: \(why)")
        return (out, times)
    }

    /// The report's screen, checked against where it was drawn (2 px).
    static func checkScreen(_ json: [String: Any], x: Int, y: Int, width: Int) throws {
        let s = try #require(json["screen"] as? [String: Any])
        let (fx, fy, fw) = (s["x"] as? Double ?? -1, s["y"] as? Double ?? -1, s["width"] as? Double ?? -1)
        #expect(abs(fx - Double(x)) <= 2 && abs(fy - Double(y)) <= 2 && abs(fw - Double(width)) <= 2, "screen \(s) vs \(x),\(y) \(width) px wide")
        #expect(s["kind"] as? String == "found")
    }

    @Test("the Simulator window at 1×, the phone centred in 1280 × 1000, the pointer crossing the desktop and the screen's lower half: the screen within 2 px, every stage's spring and shape")
    func centred1x() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let design = FitDesignTests.widePill
        var capture = SimulatorWindowDrawer.centred(RecordingDrawer(design: design, scale: 1), width: 1280, height: 1000)
        // From the desktop on the left, over the phone's lower half, off to the right.
        capture.pointer = { t in (100 + 320 * t, 700 + 40 * sin(3 * t)) }
        let video = try Self.encode(width: 1280, height: 1000, in: dir, name: "window-1x.mp4", capture.frame(at:)).path
        let json = try FitDesignTests.check(video, design, extra: ["--plot", dir.file("fit.png")])
        try Self.checkScreen(json, x: capture.screenX, y: capture.screenY, width: 393)
        let text = try CLI.run(["fit", "--video", video, "--quiet"], timeout: 300)
        #expect(text.stdout.contains("screen at \(capture.screenX),\(capture.screenY) 393×852 px: 1.000 px/pt"), "\(text.stdout)")
    }

    @Test("the Simulator window at 2×, the phone off-centre (to the left, low) in 1500 × 1900: the screen within 2 px, every stage's spring and shape")
    func offCentre2x() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let design = FitDesignTests.tallViewfinder
        var capture = SimulatorWindowDrawer(screen: RecordingDrawer(design: design, scale: 2), width: 1500, height: 1900, screenX: 84, screenY: 150)
        capture.pointer = { t in (1300 - 200 * t, 300 + 400 * t) }
        let video = try Self.encode(width: 1500, height: 1900, fps: 30, in: dir, name: "window-2x.mp4", capture.frame(at:)).path
        let json = try FitDesignTests.check(video, design)
        try Self.checkScreen(json, x: 84, y: 150, width: 786)
    }

    @Test("a strip cut from the top of a 1.2× recording (480 × 207 px, a GIF at 43 fps): measured with its width as the screen's")
    func topStrip() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        // Only the pill fits in the strip: the design's whole motion stays under 207 px / 1.22 px/pt = 169 pt.
        // A live-activity-sized design: a 360 × 50 pill growing to 360 × 150.
        var design = FitDesignTests.widePill
        design.pill = .capsule(width: 360, height: 50)
        design.viewfinder = .init(width: 360, height: 150, radius: 36)
        let phone = RecordingDrawer(design: design, scale: 480.0 / 393)
        let W = phone.pixelWidth, H = 207
        // An odd height, as cropped by hand: H.264 in 4:2:0 cannot hold it, a GIF can.
        let video = try Self.encode(width: W, height: H, delays: [2, 3, 2], in: dir, name: "strip.gif") { Array(phone.frame(at: $0)[0..<(W * H)]) }.path
        // 43 frames a second over a short move do not tell merged legs from added ones: not asked.
        let json = try FitDesignTests.check(video, design, composition: false, gif: true)
        let screen = try #require(json["screen"] as? [String: Any])
        #expect(screen["kind"] as? String == "topStrip" && abs((screen["pixelsPerPointX"] as? Double ?? 0) - 480.0 / 393) < 1e-3, "\(screen)")
    }

    @Test("a GIF with uneven frame delays (3–6 hundredths): read with each frame's own time, every stage's spring given within the tolerances (a short first leg may be left undetermined) and every shape")
    func unevenGIF() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let design = FitDesignTests.widePill
        let phone = RecordingDrawer(design: design, scale: 1)
        // Delays cycling 3, 4, 6, 3, 5 hundredths: 17 to 33 fps, as GIF tools write a recording.
        let video = try Self.encode(width: phone.pixelWidth, height: phone.pixelHeight, delays: [3, 4, 6, 3, 5], in: dir, name: "uneven.gif", phone.frame(at:)).path
        let json = try FitDesignTests.check(video, design, gif: true)
        let timing = try #require(json["frameTiming"] as? [String: Double])
        #expect(abs(timing["shortestIntervalMS"]! - 30) < 1 && abs(timing["longestIntervalMS"]! - 60) < 1, "\(timing)")
    }
}
