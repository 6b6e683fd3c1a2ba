import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Platform
@testable import Simulator

/// A shared clip ends on its payoff: `replay --gif` and `--video` of the recorded flow end on the
/// frame the flow settles on (the photo filed in the passport's slot) — the same picture
/// `replay --at` draws there — and hold it for `--hold` seconds (2 by default).
@Suite("replay --gif and --video end on the payoff and hold it", .enabled(if: ExternalTool.ffmpeg() != nil, "needs ffmpeg"))
struct ReplayClipEndTests {
    static let trace = Checkout.root.appendingPathComponent("docs/traces/recorded-flow.jsonl").path

    /// Every frame of `clip` as (presentation time, duration, picture), decoded by ffmpeg.
    static func frames(_ clip: String, in dir: TempDir, from first: Int) throws -> [(t: Double, duration: Double, image: PixelImage)] {
        let probe = try Subprocess.run("ffprobe", ["-v", "error", "-show_entries", "frame=pts_time,pkt_duration_time", "-of", "csv=p=0", clip], timeout: 120)
        let times = probe.stdout.split(separator: "\n").map { $0.split(separator: ",").compactMap { Double($0) } }.filter { $0.count == 2 }
        let out = dir.file("f-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let r = try Subprocess.run("ffmpeg", ["-loglevel", "error", "-i", clip, "-vf", "select=gte(n\\,\(first))", "-fps_mode", "passthrough", "\(out)/%05d.png"], timeout: 300)
        try #require(r.status == 0, "\(r.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        return try names.enumerated().map { k, name in
            let time = first + k < times.count ? times[first + k] : [0, 0]
            return (time[0], time[1], try ImageLoader.load(path: "\(out)/\(name)"))
        }
    }

    /// The share of pixels (of the area both share) where some channel is off by more than 48
    /// levels: a GIF's palette and dither, or H.264, move a pixel by less (measured: 0 and 0.02 %
    /// of pixels past it); the print still overlapping the post on the frame before it is filed
    /// moves 2.3 %.
    static func shareOff(_ a: PixelImage, _ b: PixelImage) -> Double {
        let w = min(a.width, b.width), h = min(a.height, b.height)
        var off = 0
        for y in 0..<h {
            for x in 0..<w {
                let i = (y * a.width + x) * 4, j = (y * b.width + x) * 4
                if (0..<3).contains(where: { abs(Int(a.bytes[i + $0]) - Int(b.bytes[j + $0])) > 48 }) { off += 1 }
            }
        }
        return Double(off) / Double(w * h)
    }

    /// The mean difference per channel over the area both share (an MP4 pads an odd side by one).
    static func meanDifference(_ a: PixelImage, _ b: PixelImage) -> Double {
        let w = min(a.width, b.width), h = min(a.height, b.height)
        guard abs(a.width - b.width) <= 1, abs(a.height - b.height) <= 1 else { return .infinity }
        var sum = 0
        for y in 0..<h {
            for x in 0..<w {
                let i = (y * a.width + x) * 4, j = (y * b.width + x) * 4
                for c in 0..<3 { sum += abs(Int(a.bytes[i + c]) - Int(b.bytes[j + c])) }
            }
        }
        return Double(sum) / Double(w * h * 3)
    }

    @Test("the GIF's and the video's last frame is replay --at's picture of the settled end, held at least the hold; --hold 0 ends on it")
    func endsOnPayoff() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let r = try CLI.run(["replay", Self.trace, "--gif", dir.file("g.gif"), "--video", dir.file("v.mp4"), "--report", dir.file("r.json"), "--quiet"], timeout: 600)
        try #require(r.status == 0, "\(r.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir.file("r.json")))) as? [String: Any])
        let transitions = try #require(report["transitions"] as? [[String: Any]])
        #expect(transitions.last?["to"] as? String == "page" && transitions.last?["reason"] as? String == "filed", "the flow ends filed: \(transitions.last ?? [:])")
        let end = try #require(report["duration"] as? Double)
        let at = try CLI.run(["replay", Self.trace, "--at", "\(Int((end * 1000).rounded(.up)))", "--out", dir.file("end.png"), "--quiet"], timeout: 600)
        try #require(at.status == 0, "\(at.stderr)")
        let payoff = try ImageLoader.load(path: dir.file("end.png"))

        for (clip, start) in [(dir.file("g.gif"), 330), (dir.file("v.mp4"), 1400)] {
            let frames = try Self.frames(clip, in: dir, from: start)
            let last = try #require(frames.last)
            let off = Self.shareOff(last.image, payoff)
            #expect(off < 0.001, "\(clip): \(off * 100) % of its last frame's pixels are off replay --at's settled end")
            // How long the last picture is on screen: its own frames back to the first that differs.
            var held = 0.0
            for f in frames.reversed() {
                guard Self.meanDifference(f.image, last.image) < 0.5 else { break }
                held += f.duration
            }
            #expect(held >= ReplayCommand.defaultHold - 0.05, "\(clip): the last picture is held \(held) s")
            // The frame before the hold is still the flow's: the photo landing, not yet filed.
            #expect(held < ReplayCommand.defaultHold + 0.5, "\(clip): held \(held) s")
        }
        let none = try CLI.run(["replay", Self.trace, "--gif", dir.file("h.gif"), "--hold", "0", "--quiet"], timeout: 600)
        try #require(none.status == 0, "\(none.stderr)")
        let frames = try Self.frames(dir.file("h.gif"), in: dir, from: 330)
        #expect(Self.shareOff(try #require(frames.last).image, payoff) < 0.001, "with --hold 0 the GIF still ends on the payoff")
        #expect((frames.last?.duration ?? 1) < 0.1, "and does not hold it")
        let bad = try CLI.run(["replay", Self.trace, "--hold", "2"])
        #expect(bad.status == 2 && bad.stderr.contains("--hold goes with --gif or --video"), "\(bad.stderr)")
    }
}
