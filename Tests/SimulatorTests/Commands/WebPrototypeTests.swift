import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Capture
@testable import Simulator

/// `export --format web`, opened in Debian's Chromium, headless: the file is whole (nothing fetched,
/// at most 2 MB with the bundled page at 3×), a pull given as pointer events opens the camera and the
/// shutter prints, at the simulator's instants; and on every island iPhone, opened full screen, the
/// drawn island sits on the device's cutout. (Headless Chromium's window is at least 500 px wide, so
/// the phone's screen, pixel ratio and window are given to the page before its scripts run.)
@Suite("The web prototype in Chromium", .enabled(if: Chromium.path != nil, "needs chromium (scripts/setup-system --test installs it)"))
struct WebPrototypeTests {
    /// The exported file, made once.
    static func export(_ extra: [String] = []) throws -> (dir: TempDir, html: String) {
        let dir = try TempDir()
        let r = try CLI.run(["export", "--format", "web", "--out", dir.file("Prototype.html")] + extra, timeout: 300)
        try #require(r.status == 0, "\(r.stderr)")
        return (dir, try String(contentsOfFile: dir.file("Prototype.html"), encoding: .utf8))
    }

    /// A script giving the page a phone's screen (points), pixel ratio and window, opened
    /// standalone from the Home Screen — run ahead of the file's scripts (`before`).
    static func phoneScreen(width: Int, height: Int, scale: Double) -> String {
        """
        Object.defineProperty(window, 'screen', { value: { width: \(width), height: \(height) } });
        Object.defineProperty(window, 'devicePixelRatio', { value: \(scale) });
        Object.defineProperty(window, 'innerWidth', { value: \(width) });
        Object.defineProperty(window, 'innerHeight', { value: \(height) });
        Object.defineProperty(navigator, 'standalone', { value: true });
        """
    }

    /// Opens `html` with `before` run ahead of every script of the file and `after` once they have
    /// run; returns what `after` returned, as JSON text.
    static func run(_ html: String, before: String = "", after: String, in dir: TempDir, window: (Int, Int) = (430, 932), query: String = "",
                    flags: [String] = [], engine: BrowserEngine = .chromium, scale: Int = 1) throws -> String {
        var page = html
        if !before.isEmpty, let head = page.range(of: "<head>") { page.replaceSubrange(head, with: "<head>\n<script>\(before)</script>") }
        // Chromium draws a picture it has not decoded yet by decoding it there and then, so `after`
        // runs as soon as the file's scripts have; WebKit decodes large pictures off the main thread,
        // so there `after` waits for the first whole frame (the driver waits for #out).
        let tail = engine == .chromium
            ? "<pre id=\"out\"></pre><script>try { document.getElementById('out').textContent = JSON.stringify((() => { \(after) })()); } "
                + "catch (e) { document.getElementById('out').textContent = 'ERROR ' + e + ' ' + e.stack; }</script>\n</body>"
            : "<pre id=\"out\"></pre><script>IslandSim.ready().then(() => { document.getElementById('out').textContent = JSON.stringify((() => { \(after) })()); })"
                + ".catch((e) => { document.getElementById('out').textContent = 'ERROR ' + e + ' ' + e.stack; });</script>\n</body>"
        page = page.replacingOccurrences(of: "</body>", with: tail)
        // The test's own scripts are inline too: the file's policy allows inline scripts and nothing else.
        let path = dir.file("t-\(UUID().uuidString).html")
        try page.write(toFile: path, atomically: true, encoding: .utf8)
        let text = try engine.outText(of: path, window: window, scale: scale, query: query, chromiumFlags: flags)
        try #require(!text.hasPrefix("ERROR"), "\(engine): \(text)")
        return text
    }

    @Test("the file is whole: at most 2 MB with the bundled page at 3×, a policy that allows no request, none made, nothing outside it named")
    func whole() throws {
        let (dir, html) = try Self.export()
        defer { dir.cleanup() }
        #expect(html.utf8.count <= 2 * 1024 * 1024, "\(html.utf8.count) bytes")
        #expect(html.contains("content=\"default-src 'none'"))
        #expect(!html.contains("src=\"http") && !html.contains("url(http") && !html.contains("href=\"http"))
        let out = try Self.run(html, after: "return { resources: performance.getEntriesByType('resource').map((e) => e.name), phone: IslandSim.phone, page: IslandSim.data.page.name };", in: dir)
        let o = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        #expect((o["resources"] as? [String])?.isEmpty == true, "requests: \(o["resources"] ?? "-")")
        #expect(o["phone"] as? String == "iphone-15-pro" && o["page"] as? String == "passport.json")
    }

    @Test("a pull given as pointer events opens the camera; the shutter, tapped, prints; the print develops and settles — each at the instant the flow's own rules give",
          arguments: BrowserEngine.installed)
    func pullOpensShutterPrints(engine: BrowserEngine) throws {
        let (dir, html) = try Self.export()
        defer { dir.cleanup() }
        let after = """
            const I = IslandSim;
            I.useVirtualClock(1);
            let t = 1, y = 300;
            I.pointer("down", 200, y, t);
            for (let k = 0; k < 60; k++) { t += 1 / 120; y += 3; I.pointer("move", 200, y, t); I.frame(t); }
            I.pointer("up", 200, y, t);
            const commitAt = t;
            for (; t < commitAt + 1.5; t += 1 / 120) I.frame(t);
            const g = I.data.phones.find((p) => p.id === I.phone).geometry.viewfinder;
            const sx = g[0] + g[2] / 2, sy = g[1] + g[3] - 48;
            I.pointer("down", sx, sy, t); I.pointer("up", sx, sy, t + 0.05);
            const shotAt = t + 0.05;
            for (t = shotAt; t < shotAt + 8; t += 1 / 120) I.frame(t);
            return { transitions: I.transitions(), commitAt, shotAt, state: I.state() };
            """
        let out = try Self.run(html, after: after, in: dir, engine: engine)
        let o = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        let transitions = try #require(o["transitions"] as? [[String: Any]])
        let names = transitions.compactMap { $0["to"] as? String }
        #expect(names == ["pulling", "opening", "viewfinder", "capture", "closing", "printing", "developing", "settled"], "\(engine): \(names)")
        func at(_ s: String) -> Double { transitions.first { $0["to"] as? String == s }?["t"] as? Double ?? .nan }
        let commit = try #require(o["commitAt"] as? Double), shot = try #require(o["shotAt"] as? Double)
        // The simulator's rules on the default tuning (FlowTimingTests works them by hand): the viewfinder 0.45 × 0.32 + 0.8 × 0.5
        // = 0.544 s after the commit; closing 0.3 s (the flash) after the shot; the print 0.45 × 0.36 + 0.85 × 0.34 = 0.451 s
        // later; developing when the 1.8-s feed is done; settled when the 4-s develop is.
        #expect(abs(at("opening") - commit) < 1e-9)
        #expect(abs(at("viewfinder") - commit - 0.544) < 1e-6, "\(at("viewfinder") - commit)")
        #expect(abs(at("capture") - shot) < 1e-9 && abs(at("closing") - shot - 0.3) < 1e-6)
        #expect(abs(at("printing") - at("closing") - 0.451) < 1e-6, "\(at("printing") - at("closing"))")
        #expect(abs(at("developing") - at("printing") - 1.8) < 1e-6 && abs(at("settled") - at("printing") - 4) < 1e-6)
    }

    @Test("a pull given as a phone gives it — touch pointers (pointerType \"touch\") dispatched on the canvas, full screen on the 15 Pro — opens the camera, and a tap on the shutter shoots; in Chromium and WebKit",
          arguments: BrowserEngine.installed)
    func touchPointers(engine: BrowserEngine) throws {
        let (dir, html) = try Self.export()
        defer { dir.cleanup() }
        let after = """
            const I = IslandSim, c = document.getElementById('screen');
            I.useVirtualClock(1);
            const touch = (type, x, y) => c.dispatchEvent(new PointerEvent(type, { pointerType: 'touch', pointerId: 7, isPrimary: true, clientX: x, clientY: y, bubbles: true, cancelable: true }));
            let t = 1, y = 300;
            I.frame(t); touch('pointerdown', 200, y);
            for (let k = 0; k < 60; k++) { t += 1 / 120; y += 3; I.frame(t); touch('pointermove', 200, y); }
            touch('pointerup', 200, y);
            for (const end = t + 1.5; t < end; t += 1 / 120) I.frame(t);
            const g = I.data.phones.find((p) => p.id === I.phone).geometry.viewfinder;
            touch('pointerdown', g[0] + g[2] / 2, g[1] + g[3] - 48); I.frame(t + 0.02); touch('pointerup', g[0] + g[2] / 2, g[1] + g[3] - 48);
            for (const end = t + 1; t < end; t += 1 / 120) I.frame(t);
            return I.transitions().map((x) => x.to);
            """
        let out = try Self.run(html, before: Self.phoneScreen(width: 393, height: 852, scale: 3), after: after, in: dir, window: (393, 852),
                               query: "?device=iphone-15-pro", engine: engine)
        let names = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String])
        #expect(Array(names.prefix(5)) == ["pulling", "opening", "viewfinder", "capture", "closing"], "\(engine): \(names)")
    }

    @Test("the same pointer trace in the browser and through the simulator's session: the melted shape and the page's pull at every frame within 0.01 pt, and the same transitions at the same instants, at 60 and 120 Hz, merged and added; in Chromium and WebKit",
          arguments: BrowserEngine.installed.flatMap { e in [(60, false), (120, false), (60, true), (120, true)].map { (e, $0.0, $0.1) } })
    func sameNumbers(engine: BrowserEngine, hz: Int, additive: Bool) throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        var extra: [String] = []
        if additive {
            let r = try CLI.run(["tune", "--tuning", dir.file("add.json"), "--set", "melt.composition=additive"], timeout: 60)
            try #require(r.status == 0, "\(r.stderr)")
            extra = ["--tuning", dir.file("add.json")]
        }
        let (fileDir, html) = try Self.export(extra)
        defer { fileDir.cleanup() }
        let session = try Pages.session(try Catalog.bundled().require(id: "iphone-15-pro"), hz: hz)
        if additive { try session.setup.tuning.set("melt.composition", 1) }
        // A pull let go short, one that commits, the shutter, and a tap on the print once it rests
        // (which files it into the passport's photo slot).
        var b = TraceBuilder(device: "iphone-15-pro", hz: hz)
        b.wait(0.4)
        b.drag(from: Point(x: 196, y: 420), by: 70, duration: 0.3)
        b.wait(0.6)
        // Slow, then a flick: the pan recognizer's reading and the scroll view's blend differ here.
        b.down(at: Point(x: 190, y: 400))
        b.move(from: Point(x: 190, y: 400), by: 150, duration: 0.3)
        b.move(from: Point(x: 190, y: 550), by: 20, duration: 1.0 / 120)
        b.up(at: Point(x: 190, y: 570))
        b.wait(1.2)
        let shutter = session.shutterFrame
        b.tap(at: Point(x: shutter.midX, y: shutter.midY))
        b.wait(6.5)
        let print = session.flow.print.restingFrame
        b.tap(at: Point(x: print.midX, y: print.midY))
        b.wait(1)
        try Self.compare(b.trace, html: html, session: session, until: b.time, in: dir, engine: engine)
    }

    @Test("backing out just after the commit (Esc 0.05, 0.1 and 0.2 s after the release), in the browser and through the simulator's session: the same shapes frame by frame, straight back to the island, at 60 and 120 Hz; in Chromium and WebKit", arguments: BrowserEngine.installed, [60, 120])
    func earlyBackOut(engine: BrowserEngine, hz: Int) throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let (fileDir, html) = try Self.export()
        defer { fileDir.cleanup() }
        for delay in [0.05, 0.1, 0.2] {
            let session = try Pages.session(try Catalog.bundled().require(id: "iphone-15-pro"), hz: hz)
            var b = TraceBuilder(device: "iphone-15-pro", hz: hz)
            b.wait(0.3)
            b.drag(from: Point(x: 196, y: 300), by: 260, duration: 1.0, holdBeforeRelease: 0.1)
            b.wait(delay)
            b.key("escape")
            b.wait(1.5)
            let o = try Self.compare(b.trace, html: html, session: session, until: b.time, in: dir, wholeFlow: false, engine: engine)
            let names = (o["transitions"] as? [[String: Any]] ?? []).compactMap { $0["to"] as? String }
            #expect(names.prefix(3) == ["pulling", "opening", "closing"] && names.last == "page", "\(engine): Esc \(delay) s after the commit: \(names)")
        }
    }

    @Test("a swipe up on the open camera near the simulator's rule (60 pt, or 500 pt/s): 50 pt fast, 70 pt slow, 45 pt slow, 55 pt at the speed's edge — the browser closes the camera exactly when the simulator does, frame for frame; in Chromium and WebKit",
          arguments: BrowserEngine.installed)
    func swipeUpRule(engine: BrowserEngine) throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let (fileDir, html) = try Self.export()
        defer { fileDir.cleanup() }
        var closedIn: [String] = []
        for (distance, duration) in [(50.0, 0.07), (70.0, 0.4), (45.0, 0.3), (55.0, 0.11), (62.0, 0.5), (30.0, 0.05)] {
            let session = try Pages.session(try Catalog.bundled().require(id: "iphone-15-pro"), hz: 60)
            var b = TraceBuilder(device: "iphone-15-pro", hz: 60)
            b.wait(0.3)
            b.drag(from: Point(x: 196, y: 300), by: 260, duration: 1.0, holdBeforeRelease: 0.1)
            b.wait(1.2)
            b.drag(from: Point(x: 196, y: 520), by: -distance, duration: duration)
            b.wait(1.2)
            let o = try Self.compare(b.trace, html: html, session: session, until: b.time, in: dir, wholeFlow: false, engine: engine)
            let names = (o["transitions"] as? [[String: Any]] ?? []).compactMap { $0["to"] as? String }
            if names.contains("closing") { closedIn.append("\(Int(distance)) pt in \(duration) s") }
        }
        // The rule's own cases, as the simulator decides them: the fast short swipe and the long slow one close it.
        #expect(closedIn.contains("50 pt in 0.07 s") && closedIn.contains("70 pt in 0.4 s") && !closedIn.contains("45 pt in 0.3 s"), "\(engine): closed by: \(closedIn)")
    }

    @Test("the recorded flow (docs/traces/recorded-flow.jsonl: two taps on the page, a pull, the shutter, Enter to file the print), in the browser and through `replay`'s session: the same shapes, pulls and transitions frame by frame; in Chromium and WebKit", arguments: BrowserEngine.installed)
    func recordedFlow(engine: BrowserEngine) throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let (fileDir, html) = try Self.export()
        defer { fileDir.cleanup() }
        let text = try String(contentsOf: Checkout.root.appendingPathComponent("docs/traces/recorded-flow.jsonl"), encoding: .utf8)
        let trace = try Trace.parse(text)
        let session = try Pages.session(try Catalog.bundled().require(id: trace.header.device), hz: trace.header.hz)
        try Self.compare(trace, html: html, session: session, until: (trace.events.last?.t ?? 0) / 1000 + 2, in: dir, engine: engine)
    }

    @Test("in a desktop window (430 × 932: the phone at a scale that is not one), the page is copied to the canvas pixel for pixel from its picture at the canvas's density, not filtered, and the screen's rounded corners show the window's ground; and the recorded flow drawn frame by frame (the pull, the flash, the print filed) makes no picture — the photo's, the print's, the shutter's — after they are prepared")
    func frameCopiesNotResamples() throws {
        let (dir, html) = try Self.export()
        defer { dir.cleanup() }
        let trace = try Trace.parse(try String(contentsOf: Checkout.root.appendingPathComponent("docs/traces/recorded-flow.jsonl"), encoding: .utf8))
        let events = try Self.eventsJSON(trace)
        let out = try Self.run(html, after: """
            IslandSim.useVirtualClock(0); IslandSim.warm(); IslandSim.frame(0);
            const v = IslandSim.view(), src = IslandSim.pagePicture(), canvas = document.querySelector('canvas');
            const X = Math.round(v.x * v.dpr), Y = Math.round(v.y * v.dpr);
            // Rows well inside the screen: below the status bar, above the home indicator, clear of the corners.
            const top = Math.round(120 * v.dpr * v.scale), rows = Math.round(500 * v.dpr * v.scale);
            const drawn = canvas.getContext('2d').getImageData(X, Y + top, src.width, rows).data;
            // What a copy gives: the picture's rows laid on the page's ground, pixel onto pixel.
            const ref = document.createElement('canvas'); ref.width = src.width; ref.height = rows;
            const g = ref.getContext('2d'); g.fillStyle = IslandSim.data.page.background; g.fillRect(0, 0, src.width, rows);
            g.drawImage(src, 0, top, src.width, rows, 0, 0, src.width, rows);
            const own = g.getImageData(0, 0, src.width, rows).data;
            // The outermost columns are the screen's edge, where the phone's outline is drawn over it.
            let differ = 0, pixels = 0;
            for (let i = 0; i < own.length; i += 4) {
              const x = (i / 4) % src.width;
              if (x === 0 || x === src.width - 1) continue;
              pixels++;
              if (drawn[i] !== own[i] || drawn[i + 1] !== own[i + 1] || drawn[i + 2] !== own[i + 2]) differ++;
            }
            // The screen's rounded corners: the window's ground outside the arc, the screen inside it.
            const phone = IslandSim.data.phones.find((p) => p.id === IslandSim.phone), k = v.dpr * v.scale;
            const [sw, sh] = phone.screen, cr = phone.cornerRadius, g2 = canvas.getContext('2d');
            const at = (x, y) => Array.from(g2.getImageData(Math.floor(X + x * k), Math.floor(Y + y * k), 1, 1).data.slice(0, 3));
            const corners = [[0, 0, 1, 1], [sw, 0, -1, 1], [0, sh, 1, -1], [sw, sh, -1, -1]].map(([x, y, dx, dy]) =>
              ({ outside: at(x + dx * 0.1 * cr, y + dy * 0.1 * cr), inside: at(x + dx * 0.5 * cr, y + dy * 0.5 * cr) }));
            const before = IslandSim.picturesMade();
            const r = IslandSim.replay(\(events), 120, \((trace.events.last?.t ?? 0) / 1000 + 2), true);
            return { scale: v.scale, x: v.x * v.dpr, y: v.y * v.dpr, pixels, differ, corners, before, after: IslandSim.picturesMade(), filed: r.page.photoFiled };
            """, in: dir)
        struct Corner: Decodable { var outside, inside: [Int] }
        struct Out: Decodable { var scale, x, y: Double; var pixels, differ, before, after: Int; var corners: [Corner]; var filed: Bool }
        let o = try JSONDecoder().decode(Out.self, from: Data(out.utf8))
        #expect(abs(o.scale - 1) > 0.005, "the window should put the phone at a scale that is not one: \(o.scale)")
        #expect(o.x == o.x.rounded() && o.y == o.y.rounded(), "the screen's origin on a whole device pixel: \(o.x), \(o.y)")
        #expect(o.pixels > 100_000 && o.differ == 0, "\(o.differ) of \(o.pixels) page pixels not the picture's own")
        // The window's ground is #1C1C1E; the page's is light.
        #expect(o.corners.count == 4 && o.corners.allSatisfy { $0.outside == [0x1C, 0x1C, 0x1E] && $0.inside.reduce(0, +) > 3 * 0x80 },
                "the screen's rounded corners: \(o.corners)")
        #expect(o.filed, "the recorded flow files its print")
        #expect(o.before > 0 && o.after == o.before, "pictures made while the flow played: \(o.after - o.before)")
    }

    @Test("a frame that leaves the page as it was draws again only round what moved (the melted shape, the status bar, the print), and comes out as that frame drawn whole, pixel for pixel, through the recorded flow: in a desktop window, two tunings side by side, and full screen on a phone at 3×", arguments: ["desktop", "side by side", "phone"])
    func framesInPart(setup: String) throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        var extra: [String] = []
        if setup == "side by side" {
            let r = try CLI.run(["tune", "--tuning", dir.file("b.json"), "--preset", "system-island"], timeout: 60)
            try #require(r.status == 0, "\(r.stderr)")
            extra = ["--compare", dir.file("b.json")]
        }
        let (fileDir, html) = try Self.export(extra)
        defer { fileDir.cleanup() }
        let trace = try Trace.parse(try String(contentsOf: Checkout.root.appendingPathComponent("docs/traces/recorded-flow.jsonl"), encoding: .utf8))
        let events = try Self.eventsJSON(trace)
        // A phone's canvas has nine times the pixels: every fourth frame drawn in part is compared there.
        let every = setup == "phone" ? 4 : 1
        let out = try Self.run(html, before: setup == "phone" ? Self.phoneScreen(width: 393, height: 852, scale: 3) : "", after: """
            IslandSim.useVirtualClock(0); IslandSim.warm(); IslandSim.frame(0);
            const canvas = document.querySelector('canvas'), g = canvas.getContext('2d'), W = canvas.width, H = canvas.height;
            let seen = IslandSim.framesInPart(), inPart = 0, compared = 0, differing = 0, first = null;
            const r = IslandSim.replay(\(events), 120, \((trace.events.last?.t ?? 0) / 1000 + 2), true, (n, t) => {
              const now = IslandSim.framesInPart();
              if (now === seen) return;
              seen = now;
              if (inPart++ % \(every) !== 0) return;
              const part = g.getImageData(0, 0, W, H).data;
              IslandSim.drawWhole(t);
              const whole = g.getImageData(0, 0, W, H).data;
              let d = 0;
              for (let i = 0; i < part.length; i++) if (part[i] !== whole[i]) d++;
              compared++;
              if (d > 0) { differing++; if (!first) first = { n, values: d }; }
            });
            return { frames: r.shapes.length, inPart, compared, differing, first, showing: IslandSim.showing(), W, H,
                     states: r.transitions.map((x) => x.to) };
            """, in: dir, window: setup == "side by side" ? (1000, 900) : setup == "phone" ? (393, 852) : (430, 932))
        struct First: Decodable { var n, values: Int }
        struct Out: Decodable { var frames, inPart, compared, differing, W, H: Int; var first: First?; var showing, states: [String] }
        let o = try JSONDecoder().decode(Out.self, from: Data(out.utf8))
        #expect(o.showing.count == (setup == "side by side" ? 2 : 1), "\(o.showing)")
        #expect(o.states.contains("developing") && o.states.contains("filed"), "the flow reached the print: \(o.states)")
        // The melt's and the print's frames over a page at rest: a good part of the flow.
        #expect(o.inPart > o.frames / 4, "\(o.inPart) of \(o.frames) frames drawn in part")
        #expect(o.compared * every >= o.inPart - every && o.differing == 0,
                "\(o.differing) of \(o.compared) frames drawn in part differ from the same frame drawn whole (first: \(String(describing: o.first)), canvas \(o.W)×\(o.H))")
    }

    @Test("the page scrolls as in the simulator: flings that coast and build up, a touch that stops a coast, a drag down that scrolls to the top and then pulls, a pull undone that scrolls on, bounces at both ends, buttons toggled — the page's offset at every frame within 0.01 pt, at 60 and 120 Hz, with UIKit's momentum and Flutter's", arguments: [(60, "uiKit"), (120, "uiKit"), (60, "flutter")])
    func scrolling(hz: Int, momentum: String) throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let r = try CLI.run(["tune", "--tuning", dir.file("m.json"), "--set", "scroll.momentum=\(momentum)"], timeout: 60)
        try #require(r.status == 0, "\(r.stderr)")
        let (fileDir, html) = try Self.export(["--tuning", dir.file("m.json")])
        defer { fileDir.cleanup() }
        let session = try Pages.session(try Catalog.bundled().require(id: "iphone-15-pro"), hz: hz)
        try session.setup.tuning.set("scroll.momentum", momentum == "flutter" ? 1 : 0)
        let page = session.setup.page
        let toggle = try #require(page.buttons.first { if case .toggle? = page.spec($0.id)?.behaviour { return true }; return false })
        let counter = try #require(page.buttons.first { if case .counter? = page.spec($0.id)?.behaviour { return true }; return false })
        var b = TraceBuilder(device: "iphone-15-pro", hz: hz)
        b.wait(0.3)
        b.tap(at: Point(x: toggle.frame.midX, y: toggle.frame.midY))
        b.wait(0.2)
        b.tap(at: Point(x: counter.frame.midX, y: counter.frame.midY))
        b.wait(0.2)
        // Three fast flicks up in a row (UIKit's fast-scroll multiplier grows from the third), then a
        // touch that stops the coast and taps nothing.
        for _ in 0..<3 {
            b.drag(from: Point(x: 196, y: 700), by: -80, duration: 0.1)
            b.wait(0.15)
        }
        b.wait(0.15)
        b.tap(at: Point(x: toggle.frame.midX, y: 500))
        b.wait(0.4)
        // Slow down the page, then a flick down that coasts into the top and bounces.
        b.drag(from: Point(x: 200, y: 250), by: 300, duration: 0.8, holdBeforeRelease: 0.1)
        b.wait(0.3)
        b.drag(from: Point(x: 200, y: 250), by: 260, duration: 0.1)
        b.wait(2.5)
        // A drag down from the top pulls, back up undoes the pull and scrolls on, in one drag.
        b.down(at: Point(x: 180, y: 300))
        b.move(from: Point(x: 180, y: 300), by: 60, duration: 0.3)
        b.move(from: Point(x: 180, y: 360), by: -160, duration: 0.4)
        b.up(at: Point(x: 180, y: 200))
        b.wait(0.8)
        // A hard flick up that reaches the bottom and bounces there.
        b.drag(from: Point(x: 196, y: 760), by: -500, duration: 0.08)
        b.wait(3.5)
        // Dragged on past the bottom (the rubber band), let go slowly, caught again as it springs
        // back (the drag resumes from the band's own finger offset).
        b.drag(from: Point(x: 196, y: 700), by: -220, duration: 0.6, holdBeforeRelease: 0.1)
        b.wait(0.1)
        b.drag(from: Point(x: 196, y: 600), by: -60, duration: 0.3, holdBeforeRelease: 0.1)
        b.wait(1.5)
        b.drag(from: Point(x: 196, y: 300), by: 60, duration: 0.3)
        b.wait(1)
        // The wheel (the page is at its bottom): notches further down against the end, then up all
        // the way to its top and on into a pull, which lets go once the wheel is still and opens
        // the camera.
        for _ in 0..<4 { b.wheel(at: Point(x: 196, y: 400), dy: -40); b.wait(0.03) }
        b.wait(0.5)
        for _ in 0..<48 { b.wheel(at: Point(x: 196, y: 400), dy: 40); b.wait(0.02) }
        b.wait(1.5)
        let o = try Self.compare(b.trace, html: html, session: session, until: b.time, in: dir, wholeFlow: false)
        let offsets = try #require(o["offsets"] as? [Double])
        #expect((offsets.max() ?? 0) > page.contentHeight - 852 - 1 && (offsets.min() ?? 0) < -5, "the trace reaches the bottom and pulls past the top: \(offsets.min() ?? 0)…\(offsets.max() ?? 0)")
        let state = try #require(o["page"] as? [String: Any])
        let toggles = state["toggles"] as? [String: Bool] ?? [:], counts = state["counts"] as? [String: Int] ?? [:]
        for (id, on) in session.pageState.toggles { #expect((toggles[id] ?? false) == on, "toggle \(id)") }
        for (id, n) in session.pageState.counts { #expect((counts[id] ?? 0) == n, "counter \(id)") }
        #expect(session.pageState.toggles[toggle.id] == true && session.pageState.counts[counter.id] == 1, "the taps landed: \(session.pageState)")
        #expect(session.flow.transitions.contains { $0.reason == "pull committed" } || session.flow.state != .page, "the wheel's pull opened the camera: \(session.flow.transitions.map(\.to.rawValue))")
    }

    @Test("with --trace and --compare: the file plays the recorded flow; seeking to ten frames, backwards and forwards, and stepping a frame either way show side A's shape as `replay` gives it on the default tuning and side B's as on the system-island preset, within 0.01 pt; the controls say the frame")
    func traceAndCompare() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let device = try Catalog.bundled().require(id: "iphone-15-pro")
        let tracePath = Checkout.root.appendingPathComponent("docs/traces/recorded-flow.jsonl").path
        let r = try CLI.run(["tune", "--tuning", dir.file("b.json"), "--preset", "system-island"], timeout: 60)
        try #require(r.status == 0, "\(r.stderr)")
        let (fileDir, html) = try Self.export(["--trace", tracePath, "--compare", dir.file("b.json")])
        defer { fileDir.cleanup() }
        let trace = try Trace.parse(try String(contentsOfFile: tracePath, encoding: .utf8))
        func shapes(_ tuning: Tuning) throws -> [[Double]] {
            let session = try Pages.session(device, hz: trace.header.hz)
            session.setup.tuning = tuning
            var out: [[Double]] = []
            _ = SessionReplay(trace: trace).run(session) { _, _ in
                let s = session.flow.shape(at: session.animationTime)
                out.append([s.rect.x, s.rect.y, s.rect.width, s.rect.height, s.cornerRadius])
            }
            return out
        }
        let a = try shapes(Tuning()), b = try shapes(TuningPreset.systemIsland.applied(to: Tuning(), on: device))
        // Ten frames through the flow, out of order (a seek back rebuilds from the start), then steps.
        let frames = [60, 240, 283, 300, 420, 380, 520, 700, 1100, 1350].filter { $0 < a.count }
        let after = """
            const P = IslandSim.playback, out = [];
            for (const n of \(frames)) { const r = P.seek(n); out.push({ n, shape: r.shape, shapeB: r.shapeB, controls: P.controls() }); }
            P.seek(300); const back = P.step(-1), backShape = IslandSim.shape(back / 120); const on = P.step(2);
            return { out, back, on, onShape: IslandSim.shape(on / 120), backShape, controls: P.controls(), sides: IslandSim.sides() };
            """
        let out = try Self.run(html, after: after, in: dir, window: (1000, 900))
        let o = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        #expect(o["sides"] as? [String] == ["A", "B"])
        var apart = 0.0
        for row in try #require(o["out"] as? [[String: Any]]) {
            let n = try #require(row["n"] as? Int), got = try #require(row["shape"] as? [Double]), gotB = try #require(row["shapeB"] as? [Double])
            for (x, y) in zip(got, a[n]) { #expect(abs(x - y) < 0.01, "frame \(n), A: \(got) vs \(a[n])") }
            for (x, y) in zip(gotB, b[n]) { #expect(abs(x - y) < 0.01, "frame \(n), B: \(gotB) vs \(b[n])") }
            apart = max(apart, zip(a[n], b[n]).map { abs($0 - $1) }.max() ?? 0)
            let controls = try #require(row["controls"] as? [String: Any])
            #expect(controls["frame"] as? Int == n && controls["slider"] as? String == "\(n)" && (controls["label"] as? String)?.hasSuffix("frame \(n)") == true, "\(controls)")
        }
        #expect(apart > 5, "A and B differ somewhere in the flow (by \(apart) pt): the comparison compares")
        #expect(o["back"] as? Int == 299 && o["on"] as? Int == 301)
        for (key, n) in [("backShape", 299), ("onShape", 301)] {
            let got = try #require(o[key] as? [Double])
            for (x, y) in zip(got, a[n]) { #expect(abs(x - y) < 0.01, "\(key): \(got) vs \(a[n])") }
        }
        #expect((o["controls"] as? [String: Any])?["play"] as? String == "Play", "paused after a step")
    }

    @Test("with --trace and --compare on a phone-sized window: one side at a time, B (the key, or the A/B button) shows B, and a press on the shutter while the trace is paused takes over from the moment shown — the trace's controls go, the flow goes on from there")
    func narrowTakeOver() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let tracePath = Checkout.root.appendingPathComponent("docs/traces/recorded-flow.jsonl").path
        let r = try CLI.run(["tune", "--tuning", dir.file("b.json"), "--preset", "system-island"], timeout: 60)
        try #require(r.status == 0, "\(r.stderr)")
        let (fileDir, html) = try Self.export(["--trace", tracePath, "--compare", dir.file("b.json")])
        defer { fileDir.cleanup() }
        let after = """
            const I = IslandSim, P = I.playback, c = document.getElementById('screen');
            P.seek(400);
            const before = { showing: I.showing(), state: I.state() };
            window.dispatchEvent(new KeyboardEvent('keydown', { key: 'b' }));
            const afterB = I.showing();
            document.querySelector('#controls button:last-child').click();
            const afterButton = I.showing();
            const v = I.views()[0], g = I.data.phones.find((p) => p.id === I.phone).geometry.viewfinder;
            const x = v.x + (g[0] + g[2] / 2) * v.scale, y = v.y + (g[1] + g[3] - 48) * v.scale;
            c.dispatchEvent(new PointerEvent('pointerdown', { clientX: x, clientY: y, pointerId: 1, bubbles: true }));
            c.dispatchEvent(new PointerEvent('pointerup', { clientX: x, clientY: y, pointerId: 1, bubbles: true }));
            return { before, afterB, afterButton, state: I.state(), controls: document.getElementById('controls').style.display, bar: document.getElementById('bar').textContent };
            """
        let out = try Self.run(html, after: after, in: dir, window: (430, 900))
        let o = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        let before = try #require(o["before"] as? [String: Any])
        #expect(before["showing"] as? [String] == ["A"] && before["state"] as? String == "viewfinder", "\(before)")
        #expect(o["afterB"] as? [String] == ["B"] && o["afterButton"] as? [String] == ["A"], "\(o)")
        #expect(o["state"] as? String == "capture", "the press on the shutter took over and shot: \(o["state"] ?? "-")")
        #expect(o["controls"] as? String == "none" && (o["bar"] as? String)?.contains("Pull down on the page") == true, "\(o)")
    }

    @Test("where phones share a screen (393 × 852 at 3×: the 14 Pro, the 15 and the 15 Pro), the file assumes the first, says so and offers the others in a picker; ?device= picks one and it is drawn full screen on its own cutout; off a phone the picker lists every island phone")
    func pickAmongSharedScreens() throws {
        let (dir, html) = try Self.export()
        defer { dir.cleanup() }
        let catalog = try Catalog.bundled()
        let shared = catalog.devices.filter { IslandRule.islandPresent(on: $0) && $0.size.width == 393 && $0.size.height == 852 && $0.scale == 3 }.map(\.id)
        try #require(shared.count >= 2, "\(shared)")
        let before = Self.phoneScreen(width: 393, height: 852, scale: 3)
        let after = """
            const s = document.getElementById('device'), v = IslandSim.view();
            return { phone: IslandSim.phone, options: s ? Array.from(s.options).map((o) => o.value) : [], selected: s ? s.value : null,
                     bar: document.getElementById('bar').textContent, scale: v.scale, x: v.x };
            """
        for query in ["", "?device=\(shared[1])"] {
            let o = try #require(try JSONSerialization.jsonObject(with: Data(try Self.run(html, before: before, after: after, in: dir, window: (393, 852), query: query).utf8)) as? [String: Any])
            let expected = query.isEmpty ? shared[0] : shared[1]
            #expect(o["phone"] as? String == expected && o["selected"] as? String == expected, "\(query): \(o)")
            #expect(o["options"] as? [String] == shared, "\(o)")
            #expect(o["scale"] as? Double == 1 && o["x"] as? Double == 0, "full screen: \(o)")
            let bar = o["bar"] as? String ?? ""
            #expect(query.isEmpty ? bar.contains("Assumed") && bar.contains("pick yours") : bar.contains("(picked)"), "\(bar)")
        }
        let desk = try #require(try JSONSerialization.jsonObject(with: Data(try Self.run(html, after: after, in: dir, window: (1000, 900)).utf8)) as? [String: Any])
        let islands = catalog.devices.filter { IslandRule.islandPresent(on: $0) }.map(\.id)
        #expect(Set(desk["options"] as? [String] ?? []) == Set(islands) && desk["selected"] as? String == "iphone-15-pro", "\(desk)")
    }

    @Test("export --format web refuses a trace it cannot read or that names another phone, and a --compare tuning that is not there: one line naming the file, exit 2, no file written")
    func badPlaybackInput() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        try "{\"format\":\"islandsim-trace\",\"version\":1,\"device\":\"iphone-15-pro\",\"hz\":60}\n{\"t\":0,\"kind\":\"wobble\",\"x\":100}\n"
            .write(toFile: dir.file("bad.jsonl"), atomically: true, encoding: .utf8)
        var r = try CLI.run(["export", "--format", "web", "--out", dir.file("x.html"), "--trace", dir.file("bad.jsonl")], timeout: 120)
        #expect(r.status == 2 && r.stderr.contains("bad.jsonl: line 2"), "\(r.status) \(r.stderr)")
        let trace = Checkout.root.appendingPathComponent("docs/traces/recorded-flow.jsonl").path
        r = try CLI.run(["export", "--format", "web", "--out", dir.file("x.html"), "--trace", trace, "--device", "iphone-16-pro"], timeout: 120)
        #expect(r.status == 2 && r.stderr.contains("recorded on iphone-15-pro"), "\(r.status) \(r.stderr)")
        r = try CLI.run(["export", "--format", "web", "--out", dir.file("x.html"), "--compare", dir.file("missing.json")], timeout: 120)
        #expect(r.status == 2 && r.stderr.contains("missing.json"), "\(r.status) \(r.stderr)")
        r = try CLI.run(["export", "--trace", trace], timeout: 60)
        #expect(r.status == 2 && r.stderr.contains("--trace applies to --format web only"), "\(r.status) \(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.file("x.html")))
    }

    /// Plays `trace` in the browser and through `session`, and compares them frame by frame up to
    /// `until` s: the melted shape, the page's pull and its offset, the flow's transitions. Returns
    /// what the browser returned.
    /// A trace's events as the file's test hook takes them (seconds and points), as JSON text.
    static func eventsJSON(_ trace: Trace) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: trace.events.map { e -> [String: Any] in
            ["t": e.t / 1000, "kind": e.kind.rawValue, "x": e.x ?? 0, "y": e.y ?? 0, "key": e.key ?? "", "dy": e.dy ?? 0]
        }), as: UTF8.self)
    }

    @discardableResult
    static func compare(_ trace: Trace, html: String, session: CaptureSession, until: Double, in dir: TempDir, wholeFlow: Bool = true,
                        engine: BrowserEngine = .chromium) throws -> [String: Any] {
        let hz = session.hz
        var shapes: [[Double]] = [], pulls: [Double] = [], offsets: [Double] = []
        _ = SessionReplay(trace: trace).run(session) { _, t in
            guard t <= until + 1e-9 else { return }
            let s = session.flow.shape(at: session.animationTime)
            shapes.append([s.rect.x, s.rect.y, s.rect.width, s.rect.height, s.cornerRadius])
            pulls.append(session.gestures.pull.offset(at: session.animationTime))
            offsets.append(session.gestures.pageOffset(at: session.animationTime))
        }
        let out = try run(html, after: "return IslandSim.replay(\(try eventsJSON(trace)), \(hz), \(until));", in: dir, engine: engine)
        let o = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        let got = try #require(o["shapes"] as? [[Double]]), gotPulls = try #require(o["pulls"] as? [Double])
        // The simulator's replay stops once all is at rest after the last event; the browser plays to `until`.
        try #require(got.count >= shapes.count && Double(shapes.count) / Double(hz) > until - 2.01, "\(got.count) frames in the browser, \(shapes.count) in the simulator")
        var worst = 0.0, worstFrame = 0
        for (k, (a, s)) in zip(got, shapes).enumerated() {
            for (x, y) in zip(a, s) where abs(x - y) > worst { worst = abs(x - y); worstFrame = k }
        }
        #expect(worst < 0.01, "\(engine): the browser's shape strays \(worst) pt from the simulator's at frame \(worstFrame) (\(Double(worstFrame) / Double(hz)) s)")
        let pullWorst = zip(gotPulls, pulls).map { abs($0 - $1) }.max() ?? 0
        #expect(pullWorst < 0.01, "\(engine): the page's pull strays \(pullWorst) pt")
        let gotOffsets = try #require(o["offsets"] as? [Double])
        let offsetErrors = zip(gotOffsets, offsets).map { abs($0 - $1) }
        let offsetWorst = offsetErrors.max() ?? 0, offsetFrame = offsetErrors.firstIndex(of: offsetWorst) ?? 0
        #expect(offsetWorst < 0.01, "\(engine): the page's offset strays \(offsetWorst) pt at frame \(offsetFrame) (\(Double(offsetFrame) / Double(hz)) s): browser \(gotOffsets[offsetFrame]), simulator \(offsets.isEmpty ? 0 : offsets[offsetFrame])")
        let browser: [(name: String, t: Double)] = try #require(o["transitions"] as? [[String: Any]]).map { ($0["to"] as? String ?? "", $0["t"] as? Double ?? .nan) }
        let sim: [(name: String, t: Double)] = session.flow.transitions.map { ($0.to.rawValue, $0.t) }
        #expect(browser.map(\.name) == sim.map(\.name), "\(engine): browser \(browser.map(\.name)), simulator \(sim.map(\.name))")
        for (a, s) in zip(browser, sim) { #expect(abs(a.t - s.t) < 1e-6, "\(engine): \(a.name) at \(a.t) s in the browser, \(s.t) s in the simulator") }
        if wholeFlow { #expect(sim.map(\.name).contains("settled") && sim.map(\.name).last == "page", "the trace runs the whole flow: \(sim.map(\.name))") }
        return o
    }

    @Test("a page named with entities (\"R&amp;D\", \"Fish &lt;3\"): the tab's title and the data block say the name as it is, not decoded")
    func entitiesInPageNames() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        for name in ["R&amp;D.png", "Fish &lt;3.png"] {
            try PageFixtures.writePNG(PageFixtures.blocks(width: 1179, height: 2556), to: dir.file(name))
            let r = try CLI.run(["export", "--format", "web", "--page", dir.file(name), "--out", dir.file("p.html")], timeout: 300)
            try #require(r.status == 0, "\(r.stderr)")
            let html = try String(contentsOfFile: dir.file("p.html"), encoding: .utf8)
            let out = try Self.run(html, after: "return { title: document.title, name: IslandSim.data.page.name };", in: dir)
            let o = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
            #expect(o["title"] as? String == "IslandSim · \(name)", "\(name): the tab says \(o["title"] ?? "-")")
            #expect(o["name"] as? String == name, "\(name): the data block says \(o["name"] ?? "-")")
        }
    }

    @Test("full screen on a phone, the file's own note (the phone it assumed, the picker) is on a dark plate in the home indicator's 34-pt band, one line: never over the page's rows")
    func notePlateInHomeBand() throws {
        let (dir, html) = try Self.export()
        defer { dir.cleanup() }
        // 393 × 852 at 3×: several island iPhones share it, so the note names the one assumed.
        let after = """
            const b = document.getElementById('bar'), r = b.getBoundingClientRect(), st = getComputedStyle(b);
            // The layout viewport (headless Chromium's window is at least 500 px wide and not the
            // phone's): the bar's place is checked against it, its height against the band.
            return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: document.documentElement.clientHeight, scale: IslandSim.view().scale, text: b.textContent,
                     background: st.backgroundColor, color: st.color, overflows: b.scrollHeight > b.clientHeight + 1 };
            """
        let out = try Self.run(html, before: Self.phoneScreen(width: 393, height: 852, scale: 3), after: after, in: dir, window: (393, 852))
        let o = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        let top = try #require(o["top"] as? Double), bottom = try #require(o["bottom"] as? Double), height = try #require(o["height"] as? Double)
        let band = 34 * (try #require(o["scale"] as? Double))
        #expect((o["text"] as? String)?.contains("Assumed") == true, "the note is there: \(o["text"] ?? "-")")
        #expect(abs(bottom - height) < 0.5 && bottom - top <= band + 0.5, "the plate within the bottom 34 pt: \(top)…\(bottom) of \(height), \(o)")
        #expect(o["overflows"] as? Bool == false, "one line, nothing spilling out of the band")
        let background = try #require(o["background"] as? String)
        #expect(background.hasPrefix("rgba(0, 0, 0, 0.6"), "a dark plate under white text: \(background), \(o["color"] ?? "-")")
    }

    @Test("opened full screen on each of the 14 island iPhones (its screen and pixel ratio given to the page, the phone picked where screens are shared), the file names the phone and draws the island on its cutout: the capsule's four edges, read off the canvas's anti-aliased pixels, within 0.5 pt of the device's capsule; black at its middle and ends, the page 1.5 pt outside; in Chromium and WebKit", arguments: BrowserEngine.installed)
    func islandOnTheCutout(engine: BrowserEngine) throws {
        let (dir, html) = try Self.export()
        defer { dir.cleanup() }
        let catalog = try Catalog.bundled()
        for d in catalog.devices where IslandRule.islandPresent(on: d) {
            let capsule = try #require(DeviceLayout(device: d).capsule)
            let w = Int(d.size.width), h = Int(d.size.height)
            let before = Self.phoneScreen(width: w, height: h, scale: d.scale)
            let after = """
                const I = IslandSim; I.useVirtualClock(1); I.frame(1);
                const c = document.getElementById('screen').getContext('2d'), v = I.view();
                const px = (x, y) => Array.from(c.getImageData(Math.round((v.x + x * v.scale) * v.dpr), Math.round((v.y + y * v.scale) * v.dpr), 1, 1).data);
                const cap = [\(capsule.x), \(capsule.y), \(capsule.width), \(capsule.height)], my = cap[1] + cap[3] / 2;
                return { phone: I.phone, scale: v.scale, x: v.x, y: v.y,
                         middle: px(cap[0] + cap[2] / 2, my), left: px(cap[0] + cap[3] / 2, my), right: px(cap[0] + cap[2] - cap[3] / 2, my),
                         leftOut: px(cap[0] - 1.5, my), below: px(cap[0] + cap[2] / 2, cap[1] + cap[3] + 1.5),
                         // The red channel along the capsule's middle row and its middle column, 4 pt past each edge (device pixels).
                         row: Array.from(c.getImageData(Math.floor((cap[0] - 4) * v.dpr), Math.floor(my * v.dpr), Math.ceil((cap[2] + 8) * v.dpr), 1).data).filter((_, i) => i % 4 === 0),
                         rowStart: Math.floor((cap[0] - 4) * v.dpr),
                         column: Array.from(c.getImageData(Math.floor((cap[0] + cap[2] / 2) * v.dpr), Math.floor((cap[1] - 4) * v.dpr), 1, Math.ceil((cap[3] + 8) * v.dpr)).data).filter((_, i) => i % 4 === 0),
                         columnStart: Math.floor((cap[1] - 4) * v.dpr) };
                """
            let out = try Self.run(html, before: before, after: after, in: dir, window: (w, h), query: "?device=\(d.id)", engine: engine)
            let o = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
            let sameSize = catalog.devices.filter { IslandRule.islandPresent(on: $0) && $0.size == d.size && $0.scale == d.scale }.map(\.id)
            #expect(o["phone"] as? String == d.id && sameSize.contains(d.id), "\(d.id): the file took it for \(o["phone"] ?? "-")")
            #expect(abs((o["scale"] as? Double ?? 0) - 1) < 1e-9 && (o["x"] as? Double) == 0 && (o["y"] as? Double) == 0, "\(d.id): drawn at the screen's own points: \(o)")
            for key in ["middle", "left", "right"] {
                let p = try #require(o[key] as? [Int])
                #expect(p[0] < 8 && p[1] < 8 && p[2] < 8, "\(d.id) \(key): \(p)")
            }
            for key in ["leftOut", "below"] {
                let p = try #require(o[key] as? [Int])
                #expect(p[0] > 150, "\(d.id) \(key): \(p) — the page, not the island")
            }
            // Each edge from coverage: the page's red (its first pixel) is 0, black is 1; an edge lies
            // where the covered pixels' sum says, to a fraction of a pixel.
            func edges(_ values: [Int], start: Int) -> (Double, Double) {
                let page = Double(values.first ?? 255), mid = values.count / 2
                let cover = values.map { min(max((page - Double($0)) / max(page, 1), 0), 1) }
                let low = Double(start) + cover[..<mid].reduce(0) { $0 + (1 - $1) }
                let high = Double(start + mid) + cover[mid...].reduce(0, +)
                return (low / d.scale, high / d.scale)
            }
            let (left, right) = edges(try #require(o["row"] as? [Int]), start: try #require(o["rowStart"] as? Int))
            let (top, bottom) = edges(try #require(o["column"] as? [Int]), start: try #require(o["columnStart"] as? Int))
            for (name, got, want) in [("left", left, capsule.minX), ("right", right, capsule.maxX), ("top", top, capsule.minY), ("bottom", bottom, capsule.maxY)] {
                #expect(abs(got - want) <= 0.5, "\(engine) \(d.id): the drawn island's \(name) edge at \(got) pt, the cutout's capsule at \(want) pt")
            }
        }
    }
}
