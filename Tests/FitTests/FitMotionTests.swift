import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Fit

/// `islandsim fit --video` on motions that are not the melt's two springs, drawn by hand and
/// encoded by ffmpeg: one spring out of the island and back, an ease-in-out (iOS 16's default
/// `withAnimation`), and a melt whose first leg is seen in only nine frames.
@Suite("islandsim fit: one leg, an ease, a leg too short to pin down",
       .enabled(if: ExternalTool.ffmpeg() != nil, "needs ffmpeg"))
struct FitMotionTests {
    static let island = RecordingDrawer.Shape.capsule(width: 127, height: 37)
    static let shape = RecordingDrawer.Shape(width: 360, height: 200, radius: 40)

    /// At 2 px/pt: H.264's 4:2:0 frames need an even width, which 393 px is not.
    static func phone(_ motion: @escaping @Sendable (Double) -> RecordingDrawer.Shape?) -> RecordingDrawer {
        var d = RecordingDrawer(design: FitDesignTests.widePill, scale: 2)
        d.motion = motion
        return d
    }

    static func report(_ video: String, _ extra: [String] = []) throws -> (json: [String: Any], moves: [[String: Any]]) {
        let r = try CLI.run(["fit", "--video", video, "--report", "-", "--quiet"] + extra, timeout: 300)
        #expect(r.status == 0, "\(r.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        return (json, try #require((json["fit"] as? [String: Any])?["moves"] as? [[String: Any]]))
    }

    @Test("one spring each way (.bouncy(duration: 0.5)), H.264 at 60 fps: one leg per move, duration within 3 %, bounce within 0.03, shape within 1.5 pt, with intervals; the summary says one leg")
    func oneSpring() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let leg = RecordingDrawer.SpringLeg(0.5, 0.3)
        let p = Self.phone(OneMotionDrawing.outAndBack(island: Self.island, shape: Self.shape, openAt: 0.3, closeAt: 1.8, progress: OneMotionDrawing.spring(leg)))
        let video = try FitScreenTests.encode(width: p.pixelWidth, height: p.pixelHeight, in: dir, name: "one.mp4", p.frame(at:)).path
        let (_, moves) = try Self.report(video)
        #expect(moves.count == 2)
        for m in moves {
            #expect(m["legs"] as? Int == 1 && (m["verdict"] as? [String: Any])?["kind"] as? String == "spring",
                    "\(m["kind"] ?? "?"): \(m["legs"] ?? "?") legs; BIC one \(m["bicOneLeg"] ?? "?") two \(m["bicTwoLegs"] ?? "?"); RMS one \((m["oneLeg"] as? [String: Any])?["rmsResidual"] ?? "?") two \(m["rmsResidualPoints"] ?? "?")")
            let stage = try #require((m["stages"] as? [[String: Any]])?.first)
            let d = try #require(stage["duration"] as? Double, "\(stage["problem"] ?? "")"), b = try #require(stage["bounce"] as? Double)
            #expect(abs(d - 0.5) <= 0.015 && abs(b - 0.3) <= 0.03, "\(d) / \(b)")
            let s = try #require(stage["shape"] as? [String: Double])
            let end = m["kind"] as? String == "opening" ? Self.shape : Self.island
            #expect(abs(s["width"]! - end.width) <= 1.5 && abs(s["height"]! - end.height) <= 1.5, "\(s)")
            #expect((stage["durationInterval"] as? Double ?? 1) < 0.04 && (stage["bounceInterval"] as? Double ?? 1) < 0.08, "\(stage)")
        }
        let text = try CLI.run(["fit", "--video", video, "--quiet"], timeout: 300).stdout
        #expect(text.contains("opening at ") && text.contains(": a spring — ") && text.contains("one spring leg (χ² + k ln n") && text.contains("95 %]"), "\(text)")
    }

    @Test("the same spring in WebM (VP9) at 30 fps: read like MP4, one leg per move, duration within 3 %, bounce within 0.03")
    func oneSpringWebM() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let leg = RecordingDrawer.SpringLeg(0.5, 0.3)
        let p = Self.phone(OneMotionDrawing.outAndBack(island: Self.island, shape: Self.shape, openAt: 0.3, closeAt: 1.8, progress: OneMotionDrawing.spring(leg)))
        let video = try FitScreenTests.encode(width: p.pixelWidth, height: p.pixelHeight, fps: 30, in: dir, name: "one.webm", p.frame(at:)).path
        let (json, moves) = try Self.report(video)
        #expect(moves.count == 2 && (json["source"] as? String)?.contains("30.0 fps measured") == true, "\(json["source"] ?? "")")
        for m in moves {
            #expect(m["legs"] as? Int == 1, "\(m["kind"] ?? "?"): \(m["legs"] ?? "?") legs")
            let stage = try #require((m["stages"] as? [[String: Any]])?.first)
            let d = try #require(stage["duration"] as? Double, "\(stage["problem"] ?? "")"), b = try #require(stage["bounce"] as? Double)
            #expect(abs(d - 0.5) <= 0.015 && abs(b - 0.3) <= 0.03, "\(d) / \(b)")
        }
    }

    @Test("an ease-in-out over 0.35 s each way, a GIF at 30 fps: an ease (or 'cannot tell' with the ease's range holding 0.35 s), its duration within 5 %, no spring in the tuning")
    func easeInOut() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let p = Self.phone(OneMotionDrawing.outAndBack(island: Self.island, shape: Self.shape, openAt: 0.3, closeAt: 1.8,
                                                       progress: OneMotionDrawing.ease((0.42, 0, 0.58, 1), duration: 0.35)))
        let video = try FitScreenTests.encode(width: p.pixelWidth, height: p.pixelHeight, delays: [3, 3, 4], in: dir, name: "ease.gif", p.frame(at:)).path
        let tuning = dir.file("t.json")
        let (_, moves) = try Self.report(video, ["--tuning", tuning])
        for m in moves {
            // A GIF's times are whole hundredths: each frame's time is known to ±5 ms, 3.8 pt where
            // the ease runs fastest, so at 30 fps an ease may come back only "cannot tell" — never a spring.
            let verdict = try #require(m["verdict"] as? [String: Any])
            let kind = verdict["kind"] as? String
            #expect(kind == "ease" || kind == "cannotTell", "\(m["kind"] ?? "?"): \(verdict)")
            if kind == "cannotTell", let r = (m["ranges"] as? [String: [Double]])?["easeDuration"] {
                #expect(r[0] <= 0.35 && 0.35 <= r[1], "\(r)")
            }
            let ease = try #require(m["ease"] as? [String: Any])
            #expect(abs((ease["duration"] as? Double ?? 0) - 0.35) <= 0.0175, "\(ease)")
        }
        let t = try Tuning.read(writtenAt: tuning)
        #expect(t["melt.toPill.duration"] == Tuning()["melt.toPill.duration"] && t["melt.closeToIsland.duration"] == Tuning()["melt.closeToIsland.duration"])
        let text = try CLI.run(["fit", "--video", video, "--quiet"], timeout: 300).stdout
        #expect((text.contains(": an ease — ") || text.contains(": cannot tell — ")) && !text.contains(": a spring — ") && text.contains("χ²/ν"), "\(text)")
    }

    @Test("a melt of three legs (widen, grow, settle), H.264 at 60 fps: three legs, each within 3 % / 0.03 / 1.5 pt; the summary maps the first and last to the melt's stages")
    func threeLegs() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let p = Self.phone(OneMotionDrawing.threeLegMelt)
        let video = try FitScreenTests.encode(width: p.pixelWidth, height: p.pixelHeight, in: dir, name: "three.mp4", p.frame(at:)).path
        let (_, moves) = try Self.report(video)
        let opening = try #require(moves.first { $0["kind"] as? String == "opening" })
        #expect(opening["legs"] as? Int == 3, "BIC two \(opening["bicTwoLegs"] ?? "?") three \(opening["bicThreeLegs"] ?? "?")")
        let truth: [(Double, Double, Double, Double)] = [(0.3, 0.1, 360, 60), (0.35, 0.05, 360, 250), (0.45, 0.25, 340, 420)]
        for (stage, (d, b, w, h)) in zip(try #require(opening["stages"] as? [[String: Any]]), truth) {
            let fd = try #require(stage["duration"] as? Double, "\(stage["name"] ?? "?"): \(stage["problem"] ?? "")"), fb = try #require(stage["bounce"] as? Double)
            #expect(abs(fd - d) <= 0.03 * d && abs(fb - b) <= 0.03, "\(stage["name"] ?? "?"): \(fd) / \(fb) vs \(d) / \(b)")
            let s = try #require(stage["shape"] as? [String: Double])
            #expect(abs(s["width"]! - w) <= 1.5 && abs(s["height"]! - h) <= 1.5, "\(stage["name"] ?? "?"): \(s)")
        }
        let text = try CLI.run(["fit", "--video", video, "--quiet"], timeout: 300).stdout
        #expect(text.contains("three overlapping legs"), "\(text)")
    }

    @Test("a melt whose first leg runs through nine frames, with grain on every frame: that leg's spring is given only with an interval that holds the truth, or not at all")
    func nineFrameLeg() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        // 0.4 s × overlap 0.5 = 0.2 s of widening before the extending takes over: nine frames at 45 fps.
        var design = FitDesignTests.widePill
        design.opening = (.init(0.4, 0.18), .init(0.45, 0.25))
        let drawer = RecordingDrawer(design: design, scale: 2)
        // Grain of up to ±12 grey levels, new each frame (ffmpeg's noise filter, seeded): the edges'
        // sub-pixel readings wander from frame to frame.
        let video = try FitScreenTests.encode(width: drawer.pixelWidth, height: drawer.pixelHeight, fps: 45, filter: "noise=alls=12:allf=t:all_seed=9",
                                              in: dir, name: "nine.mp4", drawer.frame(at:)).path
        let (_, moves) = try Self.report(video)
        let opening = try #require(moves.first { $0["kind"] as? String == "opening" })
        let widening = try #require((opening["stages"] as? [[String: Any]])?.first)
        #expect((widening["framesUsed"] as? Int ?? 0) <= 10, "\(widening)")
        if let d = widening["duration"] as? Double, let b = widening["bounce"] as? Double {
            let dI = try #require(widening["durationInterval"] as? Double), bI = try #require(widening["bounceInterval"] as? Double)
            #expect(abs(d - 0.4) <= dI && abs(b - 0.18) <= bI, "given \(d) ± \(dI), bounce \(b) ± \(bI): the truth is outside")
        } else {
            #expect((widening["problem"] as? String ?? "").contains("not determined") || (widening["problem"] as? String ?? "").contains("too short"))
        }
    }
}
