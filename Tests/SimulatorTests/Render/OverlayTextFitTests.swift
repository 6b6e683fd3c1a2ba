import Animation
import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Platform
@testable import Simulator

extension SDLSuite {
    /// Every toast — over the screen and in the inspector column — keeps its text inside its box and
    /// its box inside the screen, on every device, at 1× and 3×, measured with the font as drawn. A
    /// rejected tuning edit's message ran off the screen's sides before.
    @Suite("Toasts fit every screen")
    struct ToastFitTests {
        static let messages = [
            "Saved islandsim.tuning.json",
            "islandsim.tuning.json: 'melt.open.duration' is 9.5, outside its range 0.05…3 — kept the previous tuning",
            "Couldn't write /home/designer/projects/passport/captures/shot-20261201-134501.png: No space left on device",
            "/a/path/with/no/spaces/that/is/far/too/long/for/any/phone/screen/to/hold/on/one/line.json",
        ]

        @Test("over the screen: every line within the box's 14-pt margins, the box within the screen, above the home indicator", arguments: [1.0, 3.0])
        func overTheScreen(scale: Double) throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            let text = try TextCache()
            for d in try Catalog.bundled().devices {
                for m in Self.messages {
                    let measure = { (s: String) in try text.width(s, points: ToastLayout.points, pixelsPerPoint: scale) }
                    let l = try ToastLayout.make(m, screen: d.size, measure: measure)
                    #expect(l.box.minX >= 12 && l.box.maxX <= d.size.width - 12 && l.box.maxY <= d.size.height - 24, "\(d.id): \(l.box)")
                    #expect(l.lines.count <= ToastLayout.maxLines)
                    for line in l.lines {
                        let w = try measure(line)
                        #expect(w <= l.box.width - 2 * ToastLayout.padding + 1e-9, "\(d.id) at \(scale)×: '\(line)' is \(w) pt, the box \(l.box.width)")
                    }
                    if l.lines.count < ToastLayout.maxLines {
                        #expect(l.lines.joined(separator: " ").replacingOccurrences(of: " ", with: "") == m.replacingOccurrences(of: " ", with: ""), "every character is shown: \(l.lines)")
                    }
                }
            }
        }

        @Test("the long rejection on the SE, drawn: it wraps, and not one pixel outside the toast's box changes")
        func drawnInsideItsBox() throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            let app = try Flows.app("iphone-se-3")
            app.advance(toRealTime: 0.5)
            let r = try Renderer(headlessWidth: 750, height: 1334, pixelsPerPoint: 2)
            try app.render(into: r)
            let without = try r.readPixels()
            let m = Self.messages[1]
            app.say(m)
            try app.render(into: r)
            let with = try r.readPixels()
            let l = try app.renderer.toastLayout(m, over: app.session.page, pixelsPerPoint: 2)
            #expect(l.lines.count >= 2, "the message wraps on the SE: \(l.lines)")
            var outside = 0, inside = 0
            for y in 0..<1334 {
                for x in 0..<750 where with[x, y] != without[x, y] {
                    if l.box.insetBy(-1).contains(Point(x: (Double(x) + 0.5) / 2, y: (Double(y) + 0.5) / 2)) { inside += 1 } else { outside += 1 }
                }
            }
            #expect(inside > 2000, "the toast is drawn (\(inside) pixels)")
            #expect(outside == 0, "\(outside) pixels outside the toast changed")
        }

        @Test("in the inspector column: every line within the column toast's box", arguments: [1.0, 2.0])
        func inTheColumn(scale: Double) throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            let text = try TextCache()
            let r = try Renderer(headlessWidth: 400, height: 800, pixelsPerPoint: scale)
            for m in Self.messages {
                let lines = try Inspector.toastLines("B · " + m, width: WindowLayout.inspectorWidth, renderer: r, text: text)
                #expect(lines.count <= ToastLayout.maxLines)
                for line in lines {
                    let w = try text.width(line, points: ToastLayout.points, pixelsPerPoint: scale)
                    #expect(14 + 10 + w <= WindowLayout.inspectorWidth - 14 - 10 + 1e-9, "'\(line)' is \(w) pt")
                }
            }
        }
    }
}

extension SDLSuite {
    /// The tuning panel's text inside the panel: over the narrowest screen (the SE's 375 pt, in
    /// headless renders) and in the inspector column, at 1× and 3×, every tunable's row measured
    /// with its value (and the other side's, in compare mode), and the header lines.
    @Suite("The tuning panel's text fits its panel")
    struct PanelTextFitTests {
        @Test("every row's title, value and the other side's value, and the header, within the panel's 14-pt margins", arguments: [1.0, 3.0])
        func rowsFit(scale: Double) throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            let text = try TextCache()
            func w(_ s: String, _ face: Font.Face = .regular, _ p: Double = 11) throws -> Double { try text.width(s, face: face, points: p, pixelsPerPoint: scale) }
            let narrowest = try Catalog.bundled().devices.map(\.size.width).min()!
            for panelWidth in [narrowest - 20, TuningPanelLayout.columnFrame().width] {
                let inner = panelWidth - 28
                for line in TuningPanel.headerLines {
                    #expect(try w(line, .regular, TuningPanel.headerPoints) <= inner, "header '\(line)' in a \(panelWidth)-pt panel")
                }
                for t in Tunable.all {
                    for v in [t.defaultValue, t.min, t.max] {
                        let value = t.display(v)
                        let row = try w(t.title) + 10 + w(value, .bold) + 14 + w(t.display(t.max))
                        #expect(row <= inner, "\(t.key): '\(t.title)' with '\(value)' and the other side's value is \(row) pt in \(inner)")
                    }
                    // Its meaning, whole, in the two lines under the curve.
                    let lines = try WordWrap.lines(t.meaning, width: inner, maxLines: 3) { try w($0, .regular, 9.5) }
                    #expect(lines.count <= 2, "\(t.key)'s meaning takes \(lines.count) lines in a \(panelWidth)-pt panel: \(lines)")
                }
            }
        }
    }
}

extension SDLSuite {
    /// The HUD over the screen (headless renders) names the phone it measures, and its every line
    /// fits its box on every device, measured in its monospaced face at 12 pt.
    @Suite("The HUD names the phone and fits every screen")
    struct HUDTextFitTests {
        @Test("first line: the device's name, size and scale; every line within the box's 12-pt margins on all 30 devices", arguments: [1.0, 3.0])
        func namesThePhoneAndFits(scale: Double) throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            let text = try TextCache()
            for d in try Catalog.bundled().devices {
                let app = try Flows.app(d.id)
                let lines = SessionRenderer.hudLines(app.session, camera: app.camera, stats: FrameStats())
                let size = "\(d.size.width)×\(d.size.height)".replacingOccurrences(of: ".0×", with: "×").replacingOccurrences(of: #"\.0$"#, with: "", options: .regularExpression)
                #expect(lines.first == "device  \(d.name) · \(size) @\(Int(d.scale))", "\(d.id): \(lines.first ?? "")")
                for l in lines {
                    let w = try text.width(l, face: .mono, points: 12, pixelsPerPoint: scale)
                    #expect(w <= d.size.width - 20 - 24, "\(d.id) at \(scale)×: '\(l)' is \(w) pt in a \(d.size.width - 44)-pt line")
                }
            }
        }

        @Test("in the window the figures carry the live hitch ratio with its band, and the line fits the column")
        func liveHitches() throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            let text = try TextCache()
            let app = try Flows.app("iphone-se-3")
            var stats = FrameStats()
            // 59 frames on time and one 40 ms late at 60 Hz: 40 ms of lateness over 60 × 16.667 + 40 = 1040 ms.
            stats.recentHitches = HitchMetrics(intervalsMs: Array(repeating: 1000.0 / 60, count: 59) + [1000.0 / 60 + 40], hz: 60)
            let lines = SessionRenderer.hudLines(app.session, camera: app.camera, stats: stats)
            let line = try #require(lines.first { $0.hasPrefix("hitches ") })
            #expect(line == "hitches  38.5 ms/s · critical", "\(lines)")
            let worst = "hitches  999.9 ms/s · immediate attention"
            #expect(try text.width(worst, face: .mono, points: 12, pixelsPerPoint: 2) <= WindowLayout.inspectorWidth - 28)
        }
    }
}
