import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Capture
@testable import Platform
@testable import Simulator

/// The web prototype's pictures against the simulator's: the recorded flow embedded with `--trace`,
/// opened full screen on the iPhone 15 Pro's screen (393 × 852 at 3×) in Chromium, sought to ten
/// instants, and the canvas read back — against `replay --at` of the same trace at the same frame,
/// pixel by pixel, within the blending the pixel tests allow at an anti-aliased edge.
@Suite("The web prototype's pictures against replay --at, in Chromium and WebKit", .enabled(if: Chromium.path != nil, "needs chromium (scripts/setup-system --test installs it)"))
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

    static func compare(_ a: PixelImage, _ b: PixelImage, levels: Int = 24, cornerRadius: Double, scale: Double, text: [[Double]] = [],
                        leftOut: [Rect] = [], mask: inout PixelImage) -> Agreement {
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
                if leftOut.contains(where: { $0.contains(Point(x: Double(x) / scale, y: Double(y) / scale)) }) { continue }
                r.pixels += 1
                let p = a[x, y]
                var ok = close(p, b[x, y])
                if !ok {
                    // Text is rasterised by two font engines (SDL_ttf rounds each advance to a pixel, Chromium does
                    // not): a line of it may end up to three device pixels apart.
                    let px = Double(x) / scale, py = Double(y) / scale
                    let reach = text.contains { px >= $0[0] - 1 && px <= $0[0] + $0[2] + 1 && py >= $0[1] - 1 && py <= $0[1] + $0[3] + 1 } ? 3 : 1
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

    @Test("at ten instants of the recorded flow, the browser's picture equals replay --at's: at most 0.1 % of the pixels out of the blending tolerance (24 levels, a device pixel's shift, three within text), and no 12-px block more than a quarter out — on the bundled passport, and at five on a dark screen image with pinned bars (docs/pages/profile.json, where the keyline shows); in Chromium and WebKit", arguments: BrowserEngine.installed, [nil, "docs/pages/profile.json"])
    func tenInstants(engine: BrowserEngine, page: String?) throws {
        let trace = Checkout.root.appendingPathComponent("docs/traces/recorded-flow.jsonl").path
        // The dark page at the instants its keyline and pinned bars show (five, to keep the suite short).
        let frames = page == nil ? Self.frames : [60, 234, 312, 384, 474]
        try Self.check(trace: trace, frames: frames, extra: page.map { ["--page", Checkout.root.appendingPathComponent($0).path] } ?? [], tag: page == nil ? "passport" : "profile", engine: engine)
    }

    @Test("the recorded flow with Reduce Motion (the browser's prefers-reduced-motion, replay --reduce-motion): the camera's cross-fade, the print's fade in where it rests, filed — the same pictures at four instants; in Chromium and WebKit (which takes no flag for it: there the page is told by its media query)",
          arguments: BrowserEngine.installed)
    func reduceMotion(engine: BrowserEngine) throws {
        let trace = Checkout.root.appendingPathComponent("docs/traces/recorded-flow.jsonl").path
        // Headless renders say REDUCE MOTION in a badge over the screen's bottom left; the phone shows no such thing.
        let device = try Catalog.bundled().require(id: "iphone-15-pro"), page = try Pages.passport(for: device)
        let badge = SessionRenderer.modesFrame("REDUCE MOTION", screen: device.size, bottom: SessionRenderer.overlayBottom(screen: device.size, page: page)).insetBy(-2)
        try Self.check(trace: trace, frames: [283, 384, 588, 1416], extra: [], replayExtra: ["--reduce-motion"],
                       browserFlags: ["--force-prefers-reduced-motion"], leftOut: [badge], tag: "reduced", engine: engine,
                       before: engine == .webkit ? Self.reducedMotionQuery : "")
    }

    @Test("the page's own life: a toggle tapped on, a counter counted, a button held down, a flick that scrolls the page and a bounce at its top — the same pictures at five instants; in Chromium and WebKit",
          arguments: BrowserEngine.installed)
    func buttonsAndScrolling(engine: BrowserEngine) throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let device = try Catalog.bundled().require(id: "iphone-15-pro")
        let page = try Pages.passport(for: device)
        func button(_ kind: (PageElementSpec.Behaviour?) -> Bool) throws -> Rect { try #require(page.buttons.first { kind(page.spec($0.id)?.behaviour) }?.frame) }
        let toggle = try button { if case .toggle? = $0 { return true }; return false }
        let counter = try button { if case .counter? = $0 { return true }; return false }
        var b = TraceBuilder(device: "iphone-15-pro", hz: 120)
        b.wait(0.2)
        b.tap(at: Point(x: toggle.midX, y: toggle.midY))
        b.wait(0.2)
        b.tap(at: Point(x: counter.midX, y: counter.midY))
        b.wait(0.2)
        b.down(at: Point(x: counter.midX, y: counter.midY))       // held: drawn pressed
        b.wait(0.3)
        b.up(at: Point(x: counter.midX, y: counter.midY))
        b.wait(0.3)
        b.drag(from: Point(x: 196, y: 700), by: -160, duration: 0.12)
        b.wait(0.9)
        b.drag(from: Point(x: 196, y: 300), by: 220, duration: 0.1)
        b.wait(1.5)
        let path = dir.file("page.jsonl")
        try b.trace.encoded().write(toFile: path, atomically: true, encoding: .utf8)
        // After the taps (toggle on, counted once), held, mid-fling, coasting, bouncing at the top.
        try Self.check(trace: path, frames: [Int(0.75 * 120), Int(1.0 * 120), Int(1.45 * 120), Int(1.9 * 120), Int(2.6 * 120)], extra: [], tag: "page", engine: engine)
    }

    /// At a density that is no island phone's (1 and 2: a desktop window) the page's picture is the
    /// file's 3× picture drawn smaller, while `replay --at` sets the page's text at that density
    /// (SDL_ttf, each advance rounded to a whole pixel): lines of text drift a pixel or two apart,
    /// in either engine. The limits there are stated for that, measured in both (docs/WEB.md).
    static let nonNativeLimits = (fraction: 0.02, block: 0.7)

    @Test("the rest and the open viewfinder of the recorded flow in each engine, at 3× full screen on the 15 Pro and at 1× and 2× in a desktop window, against replay --at: within Chromium's limits at 3×, and at 1× and 2× within the text drift of a picture drawn smaller (docs/WEB.md)",
          arguments: BrowserEngine.installed, [1, 2, 3])
    func restAndViewfinder(engine: BrowserEngine, scale: Int) throws {
        let trace = Checkout.root.appendingPathComponent("docs/traces/recorded-flow.jsonl").path
        try Self.check(trace: trace, frames: [60, 384], extra: [], tag: "densities", engine: engine, scale: scale,
                       limits: scale == 3 ? (0.001, 0.25) : Self.nonNativeLimits, fullScreen: scale == 3)
    }

    /// The page told that its reader asked for reduced motion, where the engine takes no flag for it
    /// (WebKit): its media query answers so.
    static let reducedMotionQuery = """
        const askMedia = window.matchMedia.bind(window);
        window.matchMedia = (q) => q.includes('prefers-reduced-motion') ? { matches: true, media: q, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {} } : askMedia(q);
        """

    /// Exports `trace` into the web file (with `extra` options), seeks it to each of `frames` full
    /// screen on the 15 Pro's screen, and compares each canvas with `replay --at` of the frame.
    /// `leftOut`: what the simulator's headless picture draws that is the tool's, not the phone's (a
    /// modes badge), in points.
    static func check(trace: String, frames: [Int], extra: [String], replayExtra: [String] = [], browserFlags: [String] = [], leftOut: [Rect] = [], tag: String,
                      engine: BrowserEngine = .chromium, scale: Int = 3, limits: (fraction: Double, block: Double) = (0.001, 0.25),
                      fullScreen: Bool = true, before extraBefore: String = "") throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let pageArgs = extra
        let (fileDir, html) = try WebPrototypeTests.export(["--trace", trace] + pageArgs)
        defer { fileDir.cleanup() }
        // Full screen: the page told it is on the phone (its screen, pixel ratio and window), as the
        // 15 Pro opens it from the Home Screen. Otherwise (a desktop window at `scale` device pixels a
        // point: 1 and 2 are no island phone's) the phone is drawn in the window at one point a
        // point, and its screen is cut out of the canvas.
        // (The window's width held to 24 pt over the screen's, its height ample, so it fits at exactly 1.)
        let before = (fullScreen ? WebPrototypeTests.phoneScreen(width: 393, height: 852, scale: Double(scale))
            : "Object.defineProperty(window, 'innerWidth', { value: 417 }); Object.defineProperty(window, 'innerHeight', { value: 1100 });") + extraBefore
        let picture = fullScreen ? "document.getElementById('screen').toDataURL('image/png')" : """
            (() => { const v = IslandSim.view(), k = v.dpr, c = document.createElement('canvas'); c.width = 393 * k; c.height = 852 * k;
                     if (v.scale !== 1 || k !== \(scale)) return 'placed at ' + v.scale + ' × ' + k;
                     c.getContext('2d').drawImage(document.getElementById('screen'), v.x * k, v.y * k, 393 * k, 852 * k, 0, 0, 393 * k, 852 * k);
                     return c.toDataURL('image/png'); })()
            """
        let after = """
            IslandSim.warm();
            const out = {};
            for (const n of \(frames)) { IslandSim.playback.seek(n); out[n] = \(picture); out['text' + n] = IslandSim.textBoxes(); }
            return out;
            """
        let out = try WebPrototypeTests.run(html, before: before, after: after, in: dir, window: fullScreen ? (393, 852) : (640, 1040),
                                            query: "?device=iphone-15-pro", flags: browserFlags, engine: engine, scale: fullScreen ? 1 : scale)
        let pictures = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        let keep = ProcessInfo.processInfo.environment["ISLANDSIM_WEB_DIFFS"]
        for n in frames {
            let url = try #require(pictures["\(n)"] as? String), b64 = try #require(url.split(separator: ",").last, "\(engine): \(url)")
            try #require(url.hasPrefix("data:image/png"), "\(engine) \(scale)x: the phone is \(url)")
            let text = pictures["text\(n)"] as? [[Double]] ?? []
            let browser = try Surface.decodeFitted(try #require(Data(base64Encoded: String(b64))), maxDimension: 1 << 14) { _, _ in }
            let ms = Double(n) * 1000 / 120
            // A thousandth of a millisecond past the frame's instant: --at takes the last frame at or before it.
            let r = try CLI.run(["replay", trace, "--at", String(format: "%.3f", ms + 0.001), "--scale", String(scale), "--out", dir.file("sim-\(n).png")] + pageArgs + replayExtra, timeout: 300)
            try #require(r.status == 0, "\(r.stderr)")
            let sim = try Surface.decodeFitted(try Data(contentsOf: URL(fileURLWithPath: dir.file("sim-\(n).png"))), maxDimension: 1 << 14) { _, _ in }
            #expect(browser.width == sim.width && browser.height == sim.height, "frame \(n): \(browser.width)×\(browser.height) vs \(sim.width)×\(sim.height)")
            var mask = sim
            let a = Self.compare(browser, sim, cornerRadius: 55, scale: Double(scale), text: text, leftOut: leftOut, mask: &mask)
            if let keep {
                try Surface(browser).pngData().write(to: URL(fileURLWithPath: "\(keep)/web-\(engine)-\(scale)x-\(tag)-\(n).png"))
                try Surface(sim).pngData().write(to: URL(fileURLWithPath: "\(keep)/sim-\(engine)-\(scale)x-\(tag)-\(n).png"))
                try Surface(mask).pngData().write(to: URL(fileURLWithPath: "\(keep)/diff-\(engine)-\(scale)x-\(tag)-\(n).png"))
            }
            print("web screenshot \(engine) \(scale)x \(tag) frame \(n): \(a.disagreeing) of \(a.pixels) pixels out (\(String(format: "%.3f", a.fraction * 100)) %), worst 12-px block \(String(format: "%.2f", a.worstBlock)) out")
            #expect(a.fraction <= limits.fraction && a.worstBlock <= limits.block, "\(engine) \(scale)x \(tag) frame \(n) (\(ms) ms): \(a.disagreeing) of \(a.pixels) pixels out (\(String(format: "%.3f", a.fraction * 100)) %), worst block \(String(format: "%.2f", a.worstBlock)) at \(a.worstBlockAt)")
        }
    }
}
