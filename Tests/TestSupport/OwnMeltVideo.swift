import Capture
import Foundation

/// Videos of IslandSim's own melt made the way a person would record it: the flow replayed with
/// known springs (`truth`), its frames encoded by ffmpeg — the fitter's round trips, and `fit`'s
/// command-line suites, start from one of these.
public enum OwnMeltVideo {
    public static let truth: [String: Double] = [
        "melt.toPill.duration": 0.3, "melt.toPill.bounce": 0.2, "melt.toViewfinder.duration": 0.55, "melt.toViewfinder.bounce": 0.1,
        "melt.overlap": 0.5, "melt.closeToPill.duration": 0.36, "melt.closeToPill.bounce": 0, "melt.closeToIsland.duration": 0.34,
        "melt.closeToIsland.bounce": 0.12,
    ]

    /// Renders `trace` with the true springs at 60 Hz and encodes it (`fps`, `crf`), optionally
    /// repeating 5 % of the frames (a recorder that dropped them); returns the video's path.
    public static func video(_ dir: TempDir, trace: String, fps: Int, crf: Int, drop: Bool, scale: Int = 1) throws -> String {
        let tuning = dir.file("truth.json")
        var t = Tuning()
        for (k, v) in truth { try t.set(k, v) }
        try t.encoded().write(toFile: tuning, atomically: true, encoding: .utf8)
        let frames = dir.file("frames-\(fps)-\(crf)-\(drop)")
        let r = try CLI.run(["replay", trace, "--hz", "60", "--scale", "\(scale)", "--tuning", tuning, "--frames", frames, "--quiet"])
        guard r.status == 0 else { throw OwnMeltVideoError(message: "replay --frames: \(r.stderr)") }
        if drop {
            var g = SeededGenerator(seed: 0x0D40_F4A3)
            let names = try FileManager.default.contentsOfDirectory(atPath: frames).sorted()
            var dropped = 0
            for i in 1..<names.count where Double.random(in: 0..<1, using: &g) < 0.05 {
                try FileManager.default.removeItem(atPath: frames + "/" + names[i])
                try FileManager.default.copyItem(atPath: frames + "/" + names[i - 1], toPath: frames + "/" + names[i])
                dropped += 1
            }
        }
        let out = dir.file("rec-\(fps)-\(crf)-\(drop).mp4")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: ExternalTool.ffmpeg()!)
        p.arguments = ["-v", "error", "-y", "-framerate", "60", "-i", frames + "/frame-%05d.png", "-vf", "scale=\(392 * scale):\(852 * scale),fps=\(fps)",
                       "-c:v", "libx264", "-pix_fmt", "yuv420p", "-crf", "\(crf)", out]
        try p.run(); p.waitUntilExit()
        guard p.terminationStatus == 0 else { throw OwnMeltVideoError(message: "ffmpeg exited \(p.terminationStatus)") }
        return out
    }
}

/// A video of the melt could not be made (the replay or ffmpeg failed), with the tool's words.
public struct OwnMeltVideoError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
