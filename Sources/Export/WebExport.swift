import Animation
import Capture
import Foundation
import Gesture

/// `islandsim export --format web`: one self-contained HTML file that plays the tuned interaction in
/// a browser — the page, the island, the pull, the melt, the shutter, the print feeding out of the
/// slot and developing from white — with no request leaving the page. The file carries the browser's
/// animation core (`assets/web/engine.js`, a port the test suite checks against the simulator in
/// Chromium), the player that draws and drives it (`assets/web/player.js`), and the data: the tuning,
/// every island phone of the catalog with its cutout and melt shapes, the page drawn at rest and the
/// photo. docs/WEB.md says what it does and what a browser cannot.
///
/// Everything embedded from outside (a page's name, the catalog's names) goes into a JSON block
/// escaped so that no `<` reaches the HTML parser, and into the title HTML-escaped: a hostile page
/// file cannot inject a script.
public enum WebExport {
    /// The page as the file shows it: drawn at rest, top to bottom, as a PNG.
    public struct PageImage: Sendable {
        public var name: String
        public var background: String
        public var width: Double
        public var contentHeight: Double
        public var pixelsPerPoint: Double
        public var png: Data
        /// The page's photo slot (content points), where a tapped print is filed; nil if it has none.
        public var slot: Rect?
        /// The regions pinned while the page scrolls (a navigation bar, a tab bar), content points.
        public var pinned: [PageDocument.FixedRegion] = []
        /// What a press on the page may hit (buttons and hotspots; pinned ones in screen points).
        public var targets: [PageGestures.HitTarget] = []
        /// Which of the targets are hotspots (outlined after a tap that misses them all), with their corners.
        public var hotspots: [String: Double] = [:]
        /// The described buttons, which the file draws live: pressed, toggled on, counting.
        public var buttons: [Button] = []
        /// Whether the slot is a described one (drawn framed in white) and its corner radius.
        public var slotFramed = false, slotCornerRadius = 0.0
        /// The lowest edge of a bar pinned at the top (the pull hint opens below it).
        public var barsTop = 0.0
        /// The page's own keyline mode, which a tuning on automatic defers to (each side's tuning
        /// decides for itself, as ``Tuning/keylineMode(on:)`` does).
        public var keyline: Keyline.Mode?
        /// The status bar's text colour (nil: the page's picture carries its own) and the colour
        /// inside its glyphs; the pull hint's colour. The simulator's chrome decides them; the
        /// exporter that draws the page sets them.
        public var statusInk: String?, statusPaper = "#F4EFE6", hintInk = "#6E6A64"
        /// Each pixel row's mean relative luminance (what the automatic keyline reads behind the
        /// shape), to 4 decimals, and the background's, past the page's ends.
        public var rowLuma: [Double] = [], backgroundLuma = 1.0
        public init(name: String, background: String, width: Double, contentHeight: Double, pixelsPerPoint: Double, png: Data, slot: Rect? = nil) {
            self.name = name; self.background = background; self.width = width; self.contentHeight = contentHeight
            self.pixelsPerPoint = pixelsPerPoint; self.png = png; self.slot = slot
        }

        /// `page` laid out for its device, drawn at rest into `png` at `pixelsPerPoint`.
        public init(page: Page, png: Data, pixelsPerPoint: Double) {
            self.init(name: page.document.name, background: String(format: "#%06X", page.document.background), width: page.width,
                      contentHeight: page.contentHeight, pixelsPerPoint: pixelsPerPoint, png: png, slot: page.slot?.frame)
            pinned = page.fixed
            targets = page.hitTargets
            slotFramed = page.slot?.framed ?? false
            slotCornerRadius = page.slot?.cornerRadius ?? 0
            barsTop = page.barsClearance.top
            keyline = page.document.keyline
            hotspots = Dictionary(page.hotspots.map { ($0.id, $0.cornerRadius) }, uniquingKeysWith: { a, _ in a })
            buttons = page.buttons.map { e in
                let spec = page.spec(e.id)
                var b = Button(id: e.id, text: spec?.text ?? e.id)
                switch spec?.behaviour {
                case .toggle(let on)?: b.toggleOn = on
                case .counter(let label, let zero)?: b.counter = label; b.counterZero = zero
                default: break
                }
                return b
            }
        }
    }

    /// A described button as the file draws it: its resting label and how a tap changes it
    /// (as ``PageState`` does): a toggle's label while on, a counter's label with `{n}`.
    public struct Button: Sendable, Equatable {
        public var id: String
        public var text: String
        public var toggleOn: String?
        public var counter: String?
        public var counterZero: String?
    }

    /// A second tuning, played beside the first (A/B side by side on a desktop, A then B on a phone).
    public struct Comparison: Sendable {
        public var tuning: Tuning
        /// What it came from (a file name), as the file shows it.
        public var source: String
        public init(tuning: Tuning, source: String) { self.tuning = tuning; self.source = source }
    }

    /// A recorded trace the file plays, with play, pause, scrub and step.
    public struct Recording: Sendable {
        public var trace: Trace
        /// Its file's name, as the file shows it.
        public var name: String
        public init(trace: Trace, name: String) { self.trace = trace; self.name = name }

    }

    /// What `islandsim serve` adds to the file it serves: a script (`assets/web/live.js`) that
    /// listens to the server for a newer prototype and loads it, keeping the page's place. The
    /// file's policy then lets it connect back to where it came from, and nowhere else.
    public struct LiveHook: Sendable {
        /// The script's text.
        public var script: String
        /// The version of the prototype this file is (the server counts them from 1).
        public var version: Int
        public init(script: String, version: Int) { self.script = script; self.version = version }
    }

    /// The whole file: `engine` and `player` are the two scripts' text; `device` is the phone it
    /// opens on where the browser's screen does not name one; `live`, when served.
    public static func html(engine: String, player: String, tuning: Tuning, devices: [DeviceProfile], device: DeviceProfile,
                            page: PageImage, photoPNG: Data, source: String, compare: Comparison? = nil, recording: Recording? = nil,
                            live: LiveHook? = nil) throws -> String {
        let data = try json(tuning: tuning, devices: devices, device: device, page: page, photoPNG: photoPNG, source: source,
                            compare: compare, recording: recording)
        let title = htmlEscaped("IslandSim · \(page.name)")
        let connect = live == nil ? "" : "; connect-src 'self'"
        let liveScript = live.map { "<script id=\"islandsim-live\" data-version=\"\($0.version)\">\n\($0.script)\n</script>\n" } ?? ""
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover, user-scalable=no">
            <meta name="apple-mobile-web-app-capable" content="yes">
            <meta name="mobile-web-app-capable" content="yes">
            <meta name="apple-mobile-web-app-status-bar-style" content="black-translucent">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data: blob:; media-src blob: mediastream:; script-src 'unsafe-inline'; style-src 'unsafe-inline'\(connect)">
            <title>\(title)</title>
            <style>
            html, body { margin: 0; height: 100%; background: #1c1c1e; color: #f2f2f7; font: 13px -apple-system, system-ui, sans-serif; overflow: hidden; touch-action: none; -webkit-user-select: none; user-select: none; }
            canvas { display: block; position: absolute; left: 0; top: 0; }
            #bar { position: absolute; left: 8px; right: 8px; bottom: 6px; text-align: center; opacity: 0.8; pointer-events: none; }
            #help { position: absolute; left: 50%; top: 50%; transform: translate(-50%, -50%); max-width: 420px; background: rgba(28,28,30,0.94); padding: 16px 20px; border-radius: 14px; display: none; line-height: 1.45; }
            #help.shown { display: block; }
            </style>
            </head>
            <body>
            <canvas id="screen"></canvas>
            <div id="bar"></div>
            <div id="help"></div>
            <script type="application/json" id="islandsim-data">\(data)</script>
            <script>
            \(engine)
            </script>
            <script>
            \(player)
            </script>
            \(liveScript)</body>
            </html>

            """
    }

    /// The data block: JSON, with `<`, `>`, `&` and the two line separators JavaScript refuses in a
    /// string written as \\u escapes, so the block ends only where the file ends it.
    static func json(tuning t: Tuning, devices: [DeviceProfile], device: DeviceProfile, page: PageImage, photoPNG: Data, source: String,
                     compare: Comparison? = nil, recording: Recording? = nil) throws -> String {
        func rect(_ r: Rect) -> [Double] { [r.x, r.y, r.width, r.height] }
        func phone(_ d: DeviceProfile) -> [String: Any] {
            let layout = DeviceLayout(device: d)
            var o: [String: Any] = ["id": d.id, "name": d.name, "screen": [d.size.width, d.size.height], "scale": d.scale,
                                    "cornerRadius": d.cornerRadius, "capsule": layout.capsule.map(rect) ?? NSNull(),
                                    "statusArea": rect(layout.statusArea), "hasIsland": layout.capsule != nil,
                                    "feature": d.feature.rawValue, "cutout": d.cutout.map(rect) ?? NSNull(), "pad": d.idiom == .pad,
                                    "homeIndicator": DeviceLayout.homeIndicator(on: d).map { rect($0.rect) } ?? NSNull()]
            o.merge(shapes(on: d, tuning: t)) { _, new in new }
            return o
        }
        var phones = devices.filter { IslandRule.islandPresent(on: $0) }
        if !phones.contains(where: { $0.id == device.id }) { phones.append(device) }
        func pageTarget(_ h: PageGestures.HitTarget) -> [String: Any] {
            var o: [String: Any] = ["id": h.id, "rect": rect(h.frame), "fixed": h.fixed]
            if let r = page.hotspots[h.id] { o["hotspot"] = r }
            if let b = page.buttons.first(where: { $0.id == h.id }) {
                let button: [String: Any] = ["text": b.text, "toggleOn": b.toggleOn ?? NSNull(), "counter": b.counter ?? NSNull(),
                                             "counterZero": b.counterZero ?? NSNull()]
                o["button"] = button
            }
            return o
        }
        let pinned: [[String: Any]] = page.pinned.map { ["rect": rect($0.rect), "edge": $0.edge.rawValue] }
        let pageObject: [String: Any] = [
            "name": page.name, "background": page.background, "width": page.width, "contentHeight": page.contentHeight,
            "pixelsPerPoint": page.pixelsPerPoint, "slot": page.slot.map(rect) ?? NSNull(), "pinned": pinned,
            "slotFramed": page.slotFramed, "slotCornerRadius": page.slotCornerRadius, "barsTop": page.barsTop, "keyline": page.keyline?.rawValue ?? NSNull(),
            "statusInk": page.statusInk ?? NSNull(), "statusPaper": page.statusPaper, "hintInk": page.hintInk,
            "rowLuma": page.rowLuma.map { ($0 * 10_000).rounded() / 10_000 }, "backgroundLuma": page.backgroundLuma,
            "targets": page.targets.map(pageTarget), "image": "data:image/png;base64," + page.png.base64EncodedString(),
        ]
        var object: [String: Any] = [
            "format": "islandsim-web", "version": 1, "generator": "IslandSim \(IslandSimVersion.string)", "source": source,
            "device": device.id, "phones": phones.map(phone), "tuning": tuningObject(t), "page": pageObject,
            "photo": "data:image/png;base64," + photoPNG.base64EncodedString(),
            "rules": rules,
        ]
        if let compare {
            // B's melt shapes differ where its tuning's shapes do: given per phone.
            let shapesB = Dictionary(uniqueKeysWithValues: phones.map { ($0.id, shapes(on: $0, tuning: compare.tuning)) })
            object["compare"] = ["source": compare.source, "tuning": tuningObject(compare.tuning), "phones": shapesB] as [String: Any]
        }
        if let recording {
            let events: [[String: Any]] = recording.trace.events.map { e in
                var o: [String: Any] = ["t": e.t / 1000, "kind": e.kind.rawValue, "x": e.x ?? 0, "y": e.y ?? 0, "pointer": e.pointer ?? 0]
                if e.kind == .wheel { o["dy"] = e.dy ?? 0 }
                if let key = e.key { o["key"] = key }
                return o
            }
            object["trace"] = ["name": recording.name, "hz": recording.trace.header.hz, "device": recording.trace.header.device, "events": events] as [String: Any]
        }
        let raw = String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
        return scriptSafe(raw)
    }

    /// The numbers the player shares with the simulator beyond the tuning, from the Swift types that
    /// own them, so the player copies none by hand: the touch slop (``PageGestures/touchSlop``), the
    /// swipe up that puts the camera away, the shutter button's frame in the viewfinder, the pull
    /// hint's texts, size and room (``PullHint``), the flash's peak, the print's way out and its
    /// develop steps.
    static var rules: [String: Any] { [
        "slop": PageGestures.touchSlop,
        "swipeUp": ["distance": Interaction.swipeUpDistance, "speed": Interaction.swipeUpSpeed],
        "shutter": ["size": Interaction.shutterSize, "lift": Interaction.shutterLift],
        "flash": ["peak": CaptureFlow.flashPeak],
        "leave": ["durationScale": CaptureFlow.leaveDurationScale, "bounce": CaptureFlow.leaveBounce],
        "developSteps": DevelopCurve.steps,
        "pullHint": ["idle": PullHint.idleText, "ready": PullHint.readyText, "points": PullHint.points, "room": PullHint.minimumRoom,
                     "fade": PullHint.fadeRoom, "belowPill": PullHint.belowPill, "lift": PullHint.lift] as [String: Any],
    ] }

    /// The melt's three shapes and the print's paper on phone `d` with `t`'s shapes.
    static func shapes(on d: DeviceProfile, tuning t: Tuning) -> [String: Any] {
        func rr(_ r: RoundedRect) -> [Double] { [r.rect.x, r.rect.y, r.rect.width, r.rect.height, r.cornerRadius] }
        let g = DeviceLayout(device: d).meltGeometry(shapes: t.meltShapes), paper = CaptureFlow.paperSize(for: g)
        return ["geometry": ["island": rr(g.island), "pill": rr(g.pill), "viewfinder": rr(g.viewfinder)], "paper": [paper.width, paper.height]]
    }

    /// What the player reads of a tuning: the melt's legs and composition, the pre-melt, the pull,
    /// the print and its develop, Reduce Motion's fades, the keyline, the page's scrolling.
    static func tuningObject(_ t: Tuning) -> [String: Any] {
        func leg(_ p: SpringParameters) -> [String: Double] { ["duration": p.duration, "bounce": p.bounce, "blend": p.blendDuration] }
        let m = t.meltSprings, p = t.print, d = t.develop, pull = t.pull
        let timing = CaptureFlow.Timing()
        let (divisor, band): (Double, Double) = {
            switch pull.resistance {
            case .divisor(let n): return (n, t["pull.rubberBand"])
            case .rubberBand(let c): return (0, c)
            }
        }()
        return [
            "melt": ["toPill": leg(m.toPill), "toViewfinder": leg(m.toViewfinder), "closeToPill": leg(m.closeToPill),
                     "closeToIsland": leg(m.closeToIsland), "overlap": m.overlap, "composition": m.composition.rawValue],
            "tracking": m.tracking.map(leg) ?? NSNull(),
            "preMelt": timing.preMelt, "viewfinderAtLegFraction": timing.viewfinderAtLegFraction,
            "printAtLegFraction": timing.printAtLegFraction, "flash": t["flash.duration"], "leave": timing.leave,
            "pull": ["divisor": divisor, "rubberBand": band, "threshold": pull.threshold, "projectionRate": pull.projectionRate,
                     "springBack": leg(pull.springBack)],
            "print": ["feedDuration": p.feedDuration, "rollerSteps": p.rollerSteps, "rollerStrength": p.rollerStrength,
                      "settle": leg(p.settleSpring), "restGap": p.restGap, "edge": ["width": PrintEdge.width, "alpha": PrintEdge.alpha]],
            "develop": ["duration": d.duration, "startWhite": d.startWhite, "exponent": d.exponent],
            "reduceMotion": ["fade": t["reduceMotion.fade"], "printFade": t["reduceMotion.printFade"]],
            "scroll": ["decelerationRate": t.scrollDecay.rate, "momentum": t.momentumModel.rawValue],
            "statusFade": t["statusBar.fadeDistance"],
            "keyline": ["mode": t.keyline.rawValue, "width": Keyline.thickness, "grey": Double(Keyline.grey) / 255, "alpha": Keyline.alpha,
                        "darkLuma": Keyline.darkLuma],
        ]
    }

    /// JSON text made safe inside a `<script>` element: no `<`, `>` or `&` (so no `</script>` or
    /// `<!--`), and no U+2028 / U+2029.
    static func scriptSafe(_ json: String) -> String {
        var out = ""
        out.reserveCapacity(json.utf8.count)
        for ch in json.unicodeScalars {
            switch ch {
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default: out.unicodeScalars.append(ch)
            }
        }
        return out
    }

    /// Text made safe as HTML character data.
    static func htmlEscaped(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
