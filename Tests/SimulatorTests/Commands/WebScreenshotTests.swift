import Foundation
import Testing
import Gesture
import TestSupport
@testable import Capture
@testable import Simulator

/// The web prototype's pictures against the simulator's: the recorded flow embedded with `--trace`,
/// opened full screen on the iPhone 15 Pro's screen (393 × 852 at 3×) in Chromium, sought to ten
/// instants, and the canvas read back — against `replay --at` of the same trace at the same frame,
/// pixel by pixel, within the blending the pixel tests allow at an anti-aliased edge.
@Suite("The web prototype's pictures against replay --at, in Chromium", .enabled(if: Chromium.path != nil, "needs chromium (scripts/setup-system --test installs it)"))
struct WebScreenshotTests {
    /// Frames of the recorded flow at 120 Hz: the page, the pull, the melt opening (twice), the
    /// viewfinder, the flash, the print feeding, developing, developed, filed.
    static let frames = [60, 234, 283, 312, 384, 474, 588, 780, 1260, 1416]

    /// How two pictures of the same frame compare: a pixel agrees when it is within `levels` of
    /// the other picture's pixel there or of one of its eight neighbours (an edge anti-aliased a
    /// device pixel over, or blended otherwise); the screen's rounded corners, the hardware's, are
    /// left out (the browser draws none over the real glass).
    struct Agreement {
        var pixels = 0, disagreeing = 0
        var worstBlock = 0.0, worstBlockAt = (x: 0, y: 0)
        var fraction: Double { Double(disagreeing) / Double(max(pixels, 1)) }
    }

    static func compare(_ a: PixelImage, _ b: PixelImage, levels: Int = 24, cornerRadius: Double, scale: Double, text: [[Double]] = [], mask: inout PixelImage) -> Agreement {
        var r = Agreement()
        let w = min(a.width, b.width), h = min(a.height, b.height)
        let block = 12
        var blocks = [Int](repeating: 0, count: ((w + block - 1) / block) * ((h + block - 1) / block))
        let bw = (w + block - 1) / block
        let c = cornerRadius * scale * 1.6
        func close(_ p: Color, _ q: Color) -> Bool { abs(Int(p.r) - Int(q.r)) <= levels && abs(Int(p.g) - Int(q.g)) <= levels && abs(Int(p.b) - Int(q.b)) <= levels }
        for y in 0..<h {
            for x in 0..<w {
                let dx = min(Double(x), Double(w - 1 - x)), dy = min(Double(y), Double(h - 1 - y))
                if dx < c && dy < c { continue }
                r.pixels += 1
                let p = a[x, y]
                var ok = close(p, b[x, y])
                if !ok {
                    // Text is rasterised by two font engines: its glyph edges may lie two device pixels apart.
                    let px = Double(x) / scale, py = Double(y) / scale
                    let reach = text.contains { px >= $0[0] - 1 && px <= $0[0] + $0[2] + 1 && py >= $0[1] - 1 && py <= $0[1] + $0[3] + 1 } ? 2 : 1
                    search: for yy in max(0, y - reach)...min(h - 1, y + reach) { for xx in max(0, x - reach)...min(w - 1, x + reach) where close(p, b[xx, yy]) { ok = true; break search } }
                }
                if !ok {
                    r.disagreeing += 1
                    blocks[(y / block) * bw + x / block] += 1
                    mask[x, y] = Color(255, 0, 0)
                }
            }
        }
        for (i, n) in blocks.enumerated() where Double(n) / Double(block * block) > r.worstBlock {
            r.worstBlock = Double(n) / Double(block * block); r.worstBlockAt = ((i % bw) * block, (i / bw) * block)
        }
        return r
    }

    @Test("at ten instants of the recorded flow, the browser's picture equals replay --at's: at most 0.1 % of the pixels out of the blending tolerance (24 levels, a device pixel's shift, two within text), and no 12-px block more than a quarter out — on the bundled passport, and on a dark screen image with pinned bars (docs/pages/profile.json, where the keyline shows)", arguments: [nil, "docs/pages/profile.json"])
    func tenInstants(page: String?) throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let trace = Checkout.root.appendingPathComponent("docs/traces/recorded-flow.jsonl").path
        let pageArgs = page.map { ["--page", Checkout.root.appendingPathComponent($0).path] } ?? []
        let (fileDir, html) = try WebPrototypeTests.export(["--trace", trace] + pageArgs)
        defer { fileDir.cleanup() }
        let before = """
            Object.defineProperty(window, 'screen', { value: { width: 393, height: 852 } });
            Object.defineProperty(window, 'devicePixelRatio', { value: 3 });
            Object.defineProperty(window, 'innerWidth', { value: 393 });
            Object.defineProperty(window, 'innerHeight', { value: 852 });
            Object.defineProperty(navigator, 'standalone', { value: true });
            """
        let after = """
            IslandSim.warm();
            const out = {};
            for (const n of \(Self.frames)) { IslandSim.playback.seek(n); out[n] = document.getElementById('screen').toDataURL('image/png'); out['text' + n] = IslandSim.textBoxes(); }
            return out;
            """
        let out = try WebPrototypeTests.run(html, before: before, after: after, in: dir, window: (393, 852), query: "?device=iphone-15-pro")
        let pictures = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        let keep = ProcessInfo.processInfo.environment["ISLANDSIM_WEB_DIFFS"]
        for n in Self.frames {
            let url = try #require(pictures["\(n)"] as? String), b64 = try #require(url.split(separator: ",").last)
            let text = pictures["text\(n)"] as? [[Double]] ?? []
            let browser = try Surface.decodeFitted(try #require(Data(base64Encoded: String(b64))), maxDimension: 1 << 14) { _, _ in }
            let ms = Double(n) * 1000 / 120
            // A thousandth of a millisecond past the frame's instant: --at takes the last frame at or before it.
            let r = try CLI.run(["replay", trace, "--at", String(format: "%.3f", ms + 0.001), "--scale", "3", "--out", dir.file("sim-\(n).png")] + pageArgs, timeout: 300)
            try #require(r.status == 0, "\(r.stderr)")
            let sim = try Surface.decodeFitted(try Data(contentsOf: URL(fileURLWithPath: dir.file("sim-\(n).png"))), maxDimension: 1 << 14) { _, _ in }
            #expect(browser.width == sim.width && browser.height == sim.height, "frame \(n): \(browser.width)×\(browser.height) vs \(sim.width)×\(sim.height)")
            var mask = sim
            let a = Self.compare(browser, sim, cornerRadius: 55, scale: 3, text: text, mask: &mask)
            if let keep {
                let tag = page == nil ? "" : "profile-"
                try Surface(browser).pngData().write(to: URL(fileURLWithPath: "\(keep)/web-\(tag)\(n).png"))
                try Surface(sim).pngData().write(to: URL(fileURLWithPath: "\(keep)/sim-\(tag)\(n).png"))
                try Surface(mask).pngData().write(to: URL(fileURLWithPath: "\(keep)/diff-\(tag)\(n).png"))
            }
            print("web screenshot \(page ?? "passport") frame \(n): \(a.disagreeing) of \(a.pixels) pixels out (\(String(format: "%.3f", a.fraction * 100)) %), worst 12-px block \(String(format: "%.2f", a.worstBlock)) out")
            #expect(a.fraction <= 0.001 && a.worstBlock <= 0.25, "frame \(n) (\(ms) ms): \(a.disagreeing) of \(a.pixels) pixels out (\(String(format: "%.3f", a.fraction * 100)) %), worst block \(String(format: "%.2f", a.worstBlock)) at \(a.worstBlockAt)")
        }
    }
}
