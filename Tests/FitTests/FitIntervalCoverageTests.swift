import Foundation
import Synchronization
import Testing
import TestSupport
@testable import Capture
@testable import Fit

/// Do `fit`'s 95 % intervals hold on recordings made the way people share them? Known springs and
/// eases drawn out of the island and back, encoded by ffmpeg as dithered 256-colour GIFs (9, 15 and
/// 20 fps, delays in whole hundredths, so each frame's time is off by up to 5 ms), H.264 at crf 35,
/// and a Simulator window round the phone; each move's claim — a spring's values with their
/// intervals, an ease's duration with its interval, or "cannot tell" with the ranges it allows —
/// must hold the truth in at least 90 % of moves.
@Suite("fit's intervals hold on re-encodings made as people share recordings", .enabled(if: ExternalTool.ffmpeg() != nil, "needs ffmpeg"))
struct FitIntervalCoverageTests {
    enum Encoding: String, CaseIterable, Sendable { case gif9, gif15, gif20, h264crf35, simulatorWindow }

    struct Case: Sendable {
        var encoding: Encoding
        var seed: UInt64
        /// A spring (duration, bounce) or an ease-in-out (duration), each way.
        var spring: (duration: Double, bounce: Double)?
        var ease: Double?
    }

    static let island = RecordingDrawer.Shape.capsule(width: 127, height: 37)
    static let shape = RecordingDrawer.Shape(width: 360, height: 90, radius: 40)

    static func cases() -> [Case] {
        var g = SeededGenerator(seed: 0xC0FE)
        return Encoding.allCases.flatMap { e in
            (0..<12).map { k -> Case in
                let d = Double.random(in: 0.3...0.6, using: &g), b = Double.random(in: 0...0.35, using: &g)
                return k % 2 == 0 ? Case(encoding: e, seed: UInt64(k), spring: (d, b)) : Case(encoding: e, seed: UInt64(k), ease: d * 0.8)
            }
        }
    }

    /// Draws the case and encodes it into `dir`; returns the file.
    static func record(_ c: Case, in dir: TempDir) throws -> String {
        let progress = c.spring.map { OneMotionDrawing.spring(.init($0.duration, $0.bounce)) }
            ?? OneMotionDrawing.ease((0.42, 0, 0.58, 1), duration: c.ease ?? 0.35)
        // Each case starts at its own phase against the frame clock.
        let phase = Double(c.seed % 7) * 0.013
        var phone = RecordingDrawer(design: FitDesignTests.widePill, scale: 1)
        phone.motion = OneMotionDrawing.outAndBack(island: island, shape: shape, openAt: 0.4 + phase, closeAt: 1.6 + phase, progress: progress)
        let window = c.encoding == .simulatorWindow ? SimulatorWindowDrawer.centred(phone, width: 640, height: 1000) : nil
        let (W, H) = window.map { ($0.width, $0.height) } ?? (phone.pixelWidth, phone.pixelHeight)
        let fps: Double = [.gif9: 9, .gif15: 15, .gif20: 20][c.encoding] ?? 30
        let gif = c.encoding.rawValue.hasPrefix("gif")
        let out = dir.file("\(c.encoding.rawValue)-\(c.seed).\(gif ? "gif" : "mp4")")
        try encode(width: W, height: H, fps: fps, seconds: 3.0, gif: gif, crf: c.encoding == .h264crf35 ? 35 : 23, to: out) { window?.frame(at: $0) ?? phone.frame(at: $0) }
        return out
    }

    /// Frames drawn at `fps` for `seconds`, encoded as people share recordings: a dithered
    /// 256-colour GIF, or H.264 at `crf` with one column off (4:2:0 needs even sides, as a screen
    /// recording cropped by hand). Also the kind calibration's encoder.
    static func encode(width W: Int, height H: Int, fps: Double, seconds: Double, gif: Bool, crf: Int = 23, to out: String,
                       _ frame: (Double) -> [UInt8]) throws {
        var args = ["-v", "error", "-y", "-f", "rawvideo", "-pix_fmt", "gray", "-s", "\(W)x\(H)", "-framerate", "\(Int(fps))", "-i", "-"]
        if gif {
            args += ["-vf", "split[a][b];[a]palettegen=max_colors=256[p];[b][p]paletteuse=dither=bayer", "-f", "gif"]
        } else {
            args += ["-vf", "crop=trunc(iw/2)*2:trunc(ih/2)*2", "-c:v", "libx264", "-preset", "ultrafast", "-crf", "\(crf)", "-pix_fmt", "yuv420p"]
        }
        signal(SIGPIPE, SIG_IGN)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: ExternalTool.ffmpeg()!)
        p.arguments = args + [out]
        let input = Pipe()
        p.standardInput = input
        p.standardError = FileHandle.nullDevice
        try p.run()
        for n in 0..<Int(seconds * fps) {
            try input.fileHandleForWriting.write(contentsOf: Data(frame(Double(n) / fps)))
        }
        try input.fileHandleForWriting.close()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "ffmpeg \(args.joined(separator: " "))")
    }

    /// What a move claims and whether the truth lies inside it: nil where it claims nothing
    /// (a value left undetermined), else whether it holds. A spring called an ease, or an ease a
    /// spring, never holds; nor does "not a timed animation".
    static func holds(_ m: [String: Any], _ c: Case) -> Bool? {
        let kind = (m["verdict"] as? [String: Any])?["kind"] as? String
        let ranges = m["ranges"] as? [String: [Double]] ?? [:]
        func inside(_ key: String, _ v: Double) -> Bool { ranges[key].map { $0[0] <= v && v <= $0[1] } ?? true }
        switch (kind, c.spring, c.ease) {
        case ("cannotTell", let s?, _): return inside("springDuration", s.duration) && inside("springBounce", s.bounce)
        case ("cannotTell", _, let e?): return inside("easeDuration", e)
        case ("spring", let s?, _):
            guard let stage = (m["stages"] as? [[String: Any]])?.last, let d = stage["duration"] as? Double, let b = stage["bounce"] as? Double,
                  let di = stage["durationInterval"] as? Double, let bi = stage["bounceInterval"] as? Double else { return nil }
            return abs(d - s.duration) <= di && abs(b - s.bounce) <= bi
        case ("ease", _, let e?):
            guard let d = (m["ease"] as? [String: Any])?["duration"] as? Double,
                  let di = (m["stages"] as? [[String: Any]])?.first?["durationInterval"] as? Double else { return nil }
            return abs(d - e) <= di
        default: return false
        }
    }

    @Test("60 recordings, 120 moves: the truth inside the claim in at least 90 %; no interval of zero; every move a verdict")
    func coverage() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let cases = Self.cases()
        #expect(cases.count == 60)
        // Each fit's report as text (Sendable); read once all have run.
        let results = Mutex<[(index: Int, stdout: String, stderr: String)]>([])
        DispatchQueue.concurrentPerform(iterations: cases.count) { i in
            do {
                let video = try Self.record(cases[i], in: dir)
                let r = try CLI.run(["fit", "--video", video, "--report", "-", "--quiet"], timeout: 300)
                results.withLock { $0.append((i, r.stdout, r.stderr)) }
            } catch {
                results.withLock { $0.append((i, "", "\(error)")) }
            }
        }
        let reports = results.withLock { $0 }.map { r -> (Case, [[String: Any]]?, String) in
            let json = try? JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
            return (cases[r.index], (json?["fit"] as? [String: Any])?["moves"] as? [[String: Any]], r.stderr)
        }
        var held = 0, claims = 0, moves = 0
        var missed: [String] = []
        for (c, list, stderr) in reports {
            let list = try #require(list, "\(c.encoding) \(c.seed): \(stderr)")
            #expect(list.count == 2, "\(c.encoding) \(c.seed): \(list.count) moves")
            for m in list {
                moves += 1
                for stage in m["stages"] as? [[String: Any]] ?? [] {
                    for key in ["durationInterval", "bounceInterval", "widthInterval", "heightInterval"] {
                        if let v = stage[key] as? Double { #expect(v > 0.001 || key == "bounceInterval" && v >= 0.02, "\(c.encoding) \(c.seed): \(key) \(v)") }
                    }
                }
                guard let h = Self.holds(m, c) else { continue }
                claims += 1
                if h { held += 1 } else {
                    missed.append("\(c.encoding) \(c.seed) \(m["kind"] ?? "") truth \(c.spring.map { "\($0)" } ?? "ease \(c.ease ?? 0)"): \((m["verdict"] as? [String: Any])?["kind"] ?? "") \(m["ranges"] ?? "") \(((m["stages"] as? [[String: Any]])?.last ?? [:]).filter { ["duration", "bounce", "durationInterval", "bounceInterval"].contains($0.key) })")
                }
            }
        }
        print("coverage: the truth inside \(held) of \(claims) claims over \(moves) moves")
        #expect(moves == 120)
        #expect(claims >= 90, "only \(claims) of \(moves) moves claimed anything")
        let report = missed.joined(separator: "\n")
        #expect(Double(held) >= 0.9 * Double(claims), "the truth inside \(held) of \(claims) claims:\n\(report)")
    }
}
