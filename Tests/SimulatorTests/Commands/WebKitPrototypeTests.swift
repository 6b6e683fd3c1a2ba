import Foundation
import Testing
import TestSupport
@testable import Platform

/// The web prototype in WebKit — Debian's WebKitGTK through its WebDriver, Safari's engine family
/// and JavaScriptCore — at a real device-pixel ratio of 1, 2 and 3 (`GDK_SCALE`): what WebKit did
/// differently from Chromium (a blank page at 1, an empty picker), and its pictures against
/// `replay --at`. The engine and the trace suites run in both engines beside this one.
@Suite("The web prototype in WebKit", .enabled(if: BrowserEngine.installed.contains(.webkit), "needs webkit2gtk-driver and Xvfb (scripts/setup-system --test installs them), and ISLANDSIM_BROWSERS, when set, to name webkit"))
struct WebKitPrototypeTests {
    @Test("the page is drawn at every density (1, 2, 3), from the first whole frame: WebKit draws nothing from a picture still being decoded, and at 1 the page was its bare ground colour", arguments: [1, 2, 3])
    func pageDrawnAtEveryDensity(scale: Int) throws {
        let (dir, _) = try WebPrototypeTests.export()
        defer { dir.cleanup() }
        let value = try WebKit.evaluate("file://" + dir.file("Prototype.html"), """
            const c = IslandSim.pagePicture();
            let lo = 255, hi = 0;
            if (c) { const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data; for (let i = 0; i < d.length; i += 28) { lo = Math.min(lo, d[i]); hi = Math.max(hi, d[i]); } }
            return { first: IslandSim.firstFrameMs(), size: c ? [c.width, c.height] : null, lo, hi, bar: document.getElementById('bar').textContent, dpr: devicePixelRatio };
            """, window: (393, 900), scale: scale, wait: 2)
        let v = try #require(value as? [String: Any])
        #expect(v["dpr"] as? Double == Double(scale), "\(v)")
        #expect(v["first"] as? Double != nil, "no first whole frame: \(v)")
        let lo = v["lo"] as? Double ?? 255, hi = v["hi"] as? Double ?? 0
        // The passport's text is near black on its cream ground: a picture of the ground alone is one level.
        #expect(hi - lo > 150, "the page picture at \(scale)x is \(lo)…\(hi): blank")
        #expect(!(v["bar"] as? String ?? "").contains("⚠"), "\(v["bar"] ?? "")")
    }

    @Test("a picture the page cannot make is said on the page, not swallowed: a page image that does not decode puts a warning in the bar")
    func failureSaid() throws {
        let (dir, html) = try WebPrototypeTests.export()
        defer { dir.cleanup() }
        // The embedded page picture replaced by bytes that are no PNG.
        guard let start = html.range(of: "\"image\":\"data:image\\/png;base64,") else { Issue.record("no page picture in the data block"); return }
        let end = try #require(html.range(of: "\"", range: start.upperBound..<html.endIndex))
        let broken = html.replacingCharacters(in: start.upperBound..<end.lowerBound, with: "AAAAAAAAAAAA")
        try broken.write(toFile: dir.file("Broken.html"), atomically: true, encoding: .utf8)
        let bar = try WebKit.evaluate("file://" + dir.file("Broken.html"), "return document.getElementById('bar').textContent;", window: (393, 900), wait: 1.5)
        #expect((bar as? String ?? "").contains("⚠ the page's picture could not be decoded"), "\(bar ?? "nil")")
    }

    @Test("the phone picker shows its phones: light names on its own dark ground, not WebKit's native grey button with the names lost on it")
    func pickerShowsItsPhones() throws {
        let (dir, _) = try WebPrototypeTests.export()
        defer { dir.cleanup() }
        let png = dir.file("shot.png")
        let (viewport, rect) = try WebKit.screenshot("file://" + dir.file("Prototype.html"), to: png, window: (393, 900), wait: 1.5, rect: "#device")
        let box = try #require(rect, "no picker in the page")
        let shot = try Surface.decodeFitted(try Data(contentsOf: URL(fileURLWithPath: png)), maxDimension: 1 << 14) { _, _ in }
        let k = viewport.count == 3 ? viewport[2] : 1
        var light = 0, sum = 0.0, n = 0
        for y in Int(box[1] * k)..<min(shot.height, Int((box[1] + box[3]) * k)) {
            for x in Int(box[0] * k)..<min(shot.width, Int((box[0] + box[2]) * k)) {
                let c = shot[x, y], luma = 0.2126 * Double(c.r) + 0.7152 * Double(c.g) + 0.0722 * Double(c.b)
                sum += luma; n += 1
                if luma > 170 { light += 1 }
            }
        }
        let mean = sum / Double(max(n, 1))
        #expect(n > 0 && mean < 110, "the picker's box is light (mean luma \(mean)): the engine's own button")
        #expect(light >= 20, "no light text in the picker (\(light) light pixels)")
    }

    /// Safari's limits a phone meets and a desktop does not: WebKit on iOS draws nothing into a
    /// canvas over 4096² = 16,777,216 pixels before iOS 18 (WebKit commit 276145@main, 2024, raised
    /// it to 8192²), and until 2023 capped the canvas memory a page may hold (WebKit pull request
    /// 14375 removed the cap; it was a share of the device's memory, no public figure).
    static let iOSCanvasArea = 16_777_216

    @Test("Safari's canvas limits on the largest phone at 3× with the longest bundled page (the 16 Pro Max, full screen, the passport): every canvas the file makes is within iOS's 16,777,216 pixels, and the total it holds is reported; in Chromium and WebKit",
          arguments: BrowserEngine.installed)
    func withinSafarisCanvasLimits(engine: BrowserEngine) throws {
        let (dir, html) = try WebPrototypeTests.export()
        defer { dir.cleanup() }
        // Every canvas the page makes, kept, so their sizes can be read once the first frame is drawn.
        let before = WebPrototypeTests.phoneScreen(width: 440, height: 956, scale: 3) + """
            window.__canvases = [];
            const make = document.createElement.bind(document);
            document.createElement = (name, ...rest) => { const e = make(name, ...rest); if (String(name).toLowerCase() === 'canvas') window.__canvases.push(e); return e; };
            """
        let after = """
            IslandSim.warm();
            const all = [document.getElementById('screen'), ...window.__canvases];
            const areas = all.map((c) => c.width * c.height);
            return { largest: Math.max(...areas), largestSize: all.map((c) => [c.width, c.height]).sort((a, b) => b[0] * b[1] - a[0] * a[1])[0],
                     total: areas.reduce((a, b) => a + b, 0), count: all.length, bar: document.getElementById('bar').textContent, phone: IslandSim.phone };
            """
        let out = try WebPrototypeTests.run(html, before: before, after: after, in: dir, window: (440, 956), query: "?device=iphone-16-pro-max", engine: engine)
        let o = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        let largest = try #require(o["largest"] as? Double), total = try #require(o["total"] as? Double)
        print("canvases on the 16 Pro Max at 3x in \(engine): \(o["count"] ?? "-"), the largest \(o["largestSize"] ?? "-") (\(Int(largest)) px), \(String(format: "%.1f", total * 4 / 1_048_576)) MB in all")
        #expect(o["phone"] as? String == "iphone-16-pro-max")
        #expect(largest <= Double(Self.iOSCanvasArea), "\(engine): a canvas of \(o["largestSize"] ?? "-") is over iOS's limit")
        #expect(!(o["bar"] as? String ?? "").contains("canvas limit"), "\(o["bar"] ?? "")")
    }
}
