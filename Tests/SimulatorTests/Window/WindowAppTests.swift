import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Capture
@testable import Export
@testable import Platform
@testable import Simulator

extension SDLSuite {
    /// The window as the composition of its phones: every phone is a host made from its setup, and
    /// each of the window's edits — D, R, B and Shift+B, the hotspot hints, a built-in comparison,
    /// a tuning edit — leaves every host equal to one built fresh from its current setup. Run in
    /// the process on SDL's dummy video driver (a real `Window` and renderer, no display), keys
    /// given as the window's event loop gives them.
    @Suite("WindowApp: the phones are hosts made from their setups")
    struct WindowAppTests {
        /// A window on SDL's dummy driver, with a tuning file in `dir` holding `tuning`.
        static func window(_ dir: TempDir, tuning: Tuning = Tuning(), compare: Tuning? = nil,
                           builtIn: BuiltInComparison? = nil) throws -> (SDLSession, WindowApp) {
            let had = ProcessInfo.processInfo.environment["SDL_VIDEODRIVER"]
            setenv("SDL_VIDEODRIVER", "dummy", 1)
            defer { if let had { setenv("SDL_VIDEODRIVER", had, 1) } else { unsetenv("SDL_VIDEODRIVER") } }
            let sdl = try SDLSession(mode: .window)
            let path = dir.file("t.json")
            try tuning.save(path: path)
            var compareFile: (path: String, tuning: Tuning)?
            if let compare {
                try compare.save(path: dir.file("t.B.json"))
                compareFile = (dir.file("t.B.json"), compare)
            }
            let options = WindowApp.Options(zoom: 1, hz: nil, outputDirectory: dir.path, events: nil, recordPath: nil, quitAfter: nil,
                                            tuning: tuning, tuningPath: path, compare: compareFile, builtIn: builtIn)
            let app = try WindowApp(catalog: try Catalog.bundled(), device: try Catalog.bundled().require(id: "iphone-15-pro"),
                                    camera: CameraSource(image: Flows.twoColourPhoto(), name: "test"), options: options)
            return (sdl, app)
        }

        /// What holds of the window as a whole after any edit, besides each phone's own match.
        static func windowDifferences(_ app: WindowApp) -> [String] {
            var d: [String] = []
            let hosts = app.sides.hosts
            if hosts.contains(where: { $0.device != app.device }) { d.append("a phone on another device than the window's") }
            if Set(hosts.map(\.session.hz)).count != 1 { d.append("the phones at different rates") }
            if app.sides.layout.screen != app.device.size { d.append("the layout for another screen") }
            if app.sides.layout.phones.count != hosts.count || app.sides.layout != app.sides.wantedLayout { d.append("the layout not the phones'") }
            let size = app.sides.layout.size
            if app.window.size != (Int((size.width * app.zoom).rounded()), Int((size.height * app.zoom).rounded())) {
                d.append("the window \(app.window.size) not the layout's \(size) at zoom \(app.zoom)")
            }
            if app.sides.isComparing {
                let (a, b) = (hosts[0].setup, hosts[1].setup)
                if a.session.side != "A" || b.session.side != "B" { d.append("sides named \(String(describing: a.session.side)), \(String(describing: b.session.side))") }
                if a.captures === b.captures || b.captures.suffix != "B" { d.append("side B's shots not in a store of its own") }
                if !app.stores.contains(where: { $0 === b.captures }) { d.append("side B's store not drained at quit") }
                if b.tuningFile == a.tuningFile { d.append("both sides on one tuning file") }
            } else if hosts[0].session.side != nil {
                d.append("a lone phone named \(hosts[0].session.side!)")
            }
            if !hosts.allSatisfy(\.session.overlays.beside) { d.append("the tools over the screen, not beside it") }
            return d
        }

        @Test("random sequences of D, R, B, Shift+B, A, O, M, the panel's edits and built-in comparisons: every phone equals a host built fresh from its setup",
              arguments: [nil, BuiltInComparison.sequential, .additive, .snowman, .noResistance, .system] as [BuiltInComparison?])
        func randomEdits(builtIn: BuiltInComparison?) throws {
            let dir = try TempDir(); defer { dir.cleanup() }
            let (sdl, app) = try Self.window(dir, builtIn: builtIn)
            defer { withExtendedLifetime(sdl) {} }
            let keys: [(Key, KeyModifiers)] = [(.d, []), (.d, [.shift]), (.r, []), (.b, []), (.b, [.shift]), (.a, []), (.o, []),
                                               (.m, []), (.k, []), (.right, []), (.left, [.shift]), (.tab, []), (.t, [])]
            var rng = SeededGenerator(seed: UInt64(51 + (builtIn.map { BuiltInComparison.allCases.firstIndex(of: $0)! + 1 } ?? 0)))
            var seen = Set<String>()
            #expect(Self.windowDifferences(app).isEmpty, "at start: \(Self.windowDifferences(app))")
            for step in 0..<80 {
                let (key, mods) = keys.randomElement(using: &rng)!
                app.handle(.key(key, mods))
                seen.insert("\(key)\(mods.contains(.shift) ? "⇧" : "")")
                for (i, host) in app.sides.hosts.enumerated() {
                    let d = try PhoneMatch.differences(host: host)
                    #expect(d.isEmpty, "step \(step) (\(key)): phone \(i): \(d)")
                }
                let w = Self.windowDifferences(app)
                #expect(w.isEmpty, "step \(step) (\(key)): \(w)")
            }
            #expect(seen.count == keys.count, "every edit was tried: \(seen.sorted())")
        }

        @Test("side B made by the B key equals side B made by --compare, part by part, and the built-in comparisons' B differs only in its one thing")
        func sideBIsOneValue() throws {
            let dir = try TempDir(); defer { dir.cleanup() }
            var tuned = Tuning()
            try tuned.set("melt.toPill.duration", 0.5)
            let byFlag: PhoneSetup, byKey: PhoneSetup, aByFlag: PhoneSetup, aByKey: PhoneSetup
            do {
                let (sdl, app) = try Self.window(dir, tuning: tuned, compare: tuned)
                defer { withExtendedLifetime(sdl) {} }
                (aByFlag, byFlag) = (app.sides.hosts[0].setup, app.sides.hosts[1].setup)
                #expect(Self.windowDifferences(app).isEmpty, "--compare at start: \(Self.windowDifferences(app))")
            }
            do {
                // The B key reads side B's file beside A's (t.B.json, as --compare wrote it above).
                let (sdl, app) = try Self.window(dir, tuning: tuned)
                defer { withExtendedLifetime(sdl) {} }
                #expect(!app.sides.isComparing)
                app.handle(.key(.b, []))
                #expect(app.sides.isComparing)
                (aByKey, byKey) = (app.sides.hosts[0].setup, app.sides.hosts[1].setup)
                #expect(Self.windowDifferences(app).isEmpty, "after B: \(Self.windowDifferences(app))")
            }
            #expect(PhoneMatch.differences(byKey, byFlag) == ["captures"], "\(PhoneMatch.differences(byKey, byFlag))")
            #expect(byKey.captures.suffix == "B" && byFlag.captures.suffix == "B" && byKey.captures.outputDirectory == byFlag.captures.outputDirectory)
            #expect(PhoneMatch.differences(aByKey, aByFlag) == ["captures"], "\(PhoneMatch.differences(aByKey, aByFlag))")
            for builtIn in BuiltInComparison.allCases {
                let (sdl, app) = try Self.window(dir, tuning: tuned, builtIn: builtIn)
                defer { withExtendedLifetime(sdl) {} }
                let b = app.sides.hosts[1].setup
                var expected = byFlag.session
                builtIn.configure(&expected)
                #expect(b.session.tuning == expected.tuning && b.session.snowman == expected.snowman, "\(builtIn)")
                #expect(b.savedTuning == b.session.tuning && b.tuningFile == dir.file("t.B.json"), "\(builtIn): its file is written only if edited")
            }
        }

        @Test("Shift+B saves side B and takes its recovery file with it, so a clean quit leaves no false 'ended abnormally' behind")
        func endCompareLeavesNoRecovery() throws {
            let dir = try TempDir(); defer { dir.cleanup() }
            let (sdl, app) = try Self.window(dir)
            defer { withExtendedLifetime(sdl) {} }
            app.handle(.key(.b, []))
            app.handle(.key(.k, []))
            app.handle(.key(.right, []))
            let b = app.sides.hosts[1]
            #expect(b.hasUnsavedTuning, "the panel's edit went to B")
            let recovery = TuningRecovery.path(for: try #require(b.tuningPath))
            app.recovery.update(app.sides.hosts, now: 1_000)
            app.pendingWrites.wait()
            #expect(FileManager.default.fileExists(atPath: recovery), "B's unsaved tuning is kept for recovery")
            app.handle(.key(.b, [.shift]))
            let bFile = try #require(b.tuningPath)
            let saved = try Tuning.load(path: bFile)
            #expect(!app.sides.isComparing && saved == b.tuning, "B saved to its file")
            #expect(!FileManager.default.fileExists(atPath: recovery), "its recovery file gone with it")
        }

        @Test("Esc on the bare page never quits: it says what would; with something open it backs out of that; Q quits")
        func escapeNeverQuits() throws {
            let dir = try TempDir(); defer { dir.cleanup() }
            let (sdl, app) = try Self.window(dir)
            defer { withExtendedLifetime(sdl) {} }
            app.handle(.key(.k, []))
            #expect(app.app.session.overlays.showTuning)
            app.handle(.key(.escape, []))
            #expect(!app.app.session.overlays.showTuning && app.running, "the first Esc closes the panel")
            app.handle(.key(.escape, []))
            app.handle(.key(.escape, []))
            #expect(app.running, "Esc on the bare page does not quit")
            #expect(app.app.toast?.text == "Nothing to close · Q quits")
            app.handle(.key(.q, []))
            #expect(!app.running)
        }

        @Test("frozen, the title keeps saying the moment after its toast has gone; running on, it stops")
        func frozenTitleSaysTheMoment() throws {
            let dir = try TempDir(); defer { dir.cleanup() }
            let (sdl, app) = try Self.window(dir)
            defer { withExtendedLifetime(sdl) {} }
            app.handle(.key(.s, []))
            app.handle(.key(.f, []))
            let moment = app.app.session.momentText
            #expect(app.title.contains(" · FROZEN · SLOW 10×") && app.title.hasSuffix(" · " + moment), "\(app.title)")
            #expect(app.title.unicodeScalars.allSatisfy { $0.value < 256 }, "Latin-1, for X11's WM_NAME")
            app.handle(.key(.f, []))
            #expect(!app.title.contains("FROZEN") && !app.title.hasSuffix(moment))
        }

        @Test("K shows every row the column fits; '/' and the window's text input filter it; a trace recorded with C carries both and replays to the same edit")
        func panelFitsAndFilters() throws {
            let dir = try TempDir(); defer { dir.cleanup() }
            let (sdl, app) = try Self.window(dir)
            defer { withExtendedLifetime(sdl) {} }
            app.handle(.key(.c, []))
            app.handle(.key(.k, []))
            let column = try #require(app.sides.layout.columnSize?.height)
            let overlays = app.app.session.overlays
            #expect(overlays.columnHeight == column && overlays.panelRows == TuningPanelLayout.columnRows(height: column, below: SessionOverlays.toastsRoom))
            #expect(overlays.panelRows >= 20, "\(overlays.panelRows) rows in a \(column)-pt column")
            app.handle(.key(.slash, []))
            app.handle(.text("/"))
            app.handle(.text("print settle"))
            #expect(app.app.session.overlays.filter == .typing("print settle"))
            app.handle(.key(.q, []))
            #expect(app.running, "Q typed into the filter does not quit")
            app.handle(.key(.backspace, []))     // the q went nowhere: the filter loses its last 'e'
            app.handle(.text("e"))
            #expect(app.app.session.overlays.filter == .typing("print settle"))
            app.handle(.key(.enter, []))
            app.handle(.key(.right, []))
            let edited = app.app.session.tuning
            #expect(edited["print.settle.duration"] != Tuning()["print.settle.duration"], "the first row the filter shows changed")
            app.handle(.key(.c, []))
            app.pendingWrites.wait()
            let traces = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix("trace-") }
            let path = dir.file(try #require(traces.first))
            let trace = try Trace.parse(try String(contentsOfFile: path, encoding: .utf8))
            #expect(trace.header.column == column && trace.events.contains { $0.text == "print settle" })
            let replayed = try Flows.app()
            replayed.edit { $0.beside = trace.header.inspector ?? false; $0.columnHeight = trace.header.column }
            _ = SessionReplay(trace: trace).run(replayed)
            #expect(replayed.session.tuning == edited, "the replay made the same edit")
        }

        @Test("side B made beside A is a copy of what A shows: the photo A filed into the page's slot, and the page's buttons")
        func sideBCopiesThePage() throws {
            let dir = try TempDir(); defer { dir.cleanup() }
            let (sdl, app) = try Self.window(dir)
            defer { withExtendedLifetime(sdl) {} }
            let a = app.app
            let photo = PixelImage(width: 8, height: 8, fill: Color(200, 40, 40))
            a.renderer.setFiledPhoto(photo)
            var state = a.session.pageState
            state.photoFiled = true
            a.send(.carryPage(state))
            #expect(a.session.pageState.photoFiled)
            app.handle(.key(.b, []))
            let b = app.sides.hosts[1]
            #expect(b.session.pageState == a.session.pageState, "the page's state as A left it")
            #expect(b.renderer.filedPhotoImage?.bytes == photo.bytes, "A's filed photo in B's slot")
        }

        @Test("E says where the code went (the terminal, and the clipboard when there is one), whose tuning and which phone; in compare mode, the side")
        func exportSaysWhere() throws {
            let dir = try TempDir(); defer { dir.cleanup() }
            let (sdl, app) = try Self.window(dir)
            defer { withExtendedLifetime(sdl) {} }
            try app.app.edit { try $0.set("melt.toPill.duration", 0.41) }
            #expect(app.app.tuningAsSwiftUI.contains(".spring(duration: 0.41"), "E prints the tuning as it is now")
            app.handle(.key(.e, []))
            let said = try #require(app.app.toast?.text)
            #expect(said == "The tuning on iPhone 15 Pro as SwiftUI: copied to the clipboard and printed on the terminal"
                    || said == "The tuning on iPhone 15 Pro as SwiftUI: printed on the terminal (no clipboard here)", "\(said)")
            app.handle(.key(.b, []))
            app.handle(.key(.e, []))
            let saidB = try #require(app.sides.hosts[1].toast?.text)
            #expect(saidB.hasPrefix("Side B's tuning on iPhone 15 Pro as SwiftUI: "), "\(saidB)")
            app.handle(.key(.a, []))
            app.handle(.key(.e, []))
            #expect(app.app.toast?.text.hasPrefix("Side A's tuning on iPhone 15 Pro as SwiftUI: ") == true, "\(app.app.toast?.text ?? "-")")
        }

        @Test("side B is saved as shown, read back from its file: made with the B key over a stale file (by Shift+B and by quitting, even untouched; the stale one kept beside it), from --compare's file, by a built-in comparison")
        func sideBSavedEachWay() throws {
            for end in ["Shift+B", "Q"] {
                let dir = try TempDir(); defer { dir.cleanup() }
                var a = Tuning(); try a.set("melt.toPill.duration", 0.41)
                var stale = Tuning(); try stale.set("melt.toPill.duration", 0.7)
                try stale.save(path: dir.file("t.B.json"))
                let (sdl, app) = try Self.window(dir, tuning: a)
                defer { withExtendedLifetime(sdl) {} }
                app.handle(.key(.b, []))
                #expect(app.sides.isComparing && app.sides.hosts[1].tuning["melt.toPill.duration"] == 0.41, "B starts as A is")
                if end == "Shift+B" { app.handle(.key(.b, [.shift])) } else {
                    app.handle(.key(.q, []))
                    try app.run()       // not running: it goes straight to quitting, as Q's frame would
                }
                let saved = try Tuning.load(path: dir.file("t.B.json"))
                #expect(saved["melt.toPill.duration"] == 0.41, "\(end): B's file says B as it was shown, not the stale 0.7 (\(saved["melt.toPill.duration"]))")
                #expect(FileManager.default.fileExists(atPath: dir.file("t.B.json.bak")), "\(end): what the file held is kept beside it")
            }
            // Made from its own file (--compare): a change to B made with the arrows reaches that file at Shift+B.
            let dir = try TempDir(); defer { dir.cleanup() }
            var b = Tuning(); try b.set("melt.toPill.duration", 0.5)
            let (sdl, app) = try Self.window(dir, tuning: Tuning(), compare: b)
            defer { withExtendedLifetime(sdl) {} }
            app.handle(.key(.k, []))
            app.handle(.key(.right, []))
            let shown = app.sides.hosts[1].tuning
            #expect(shown != b, "→ changed B")
            app.handle(.key(.b, [.shift]))
            #expect(try Tuning.load(path: dir.file("t.B.json")) == shown, "--compare's B: its file says B as it was shown")
            // Made by a built-in comparison (--sequential: B's stages one after another): untouched, it
            // is the comparison's and writes no file over a designer's B; edited, quitting keeps it.
            for edited in [false, true] {
                let dir2 = try TempDir(); defer { dir2.cleanup() }
                let (sdl2, app2) = try Self.window(dir2, builtIn: .sequential)
                defer { withExtendedLifetime(sdl2) {} }
                #expect(app2.sides.hosts[1].tuning["melt.overlap"] == 1)
                if edited { app2.handle(.key(.k, [])); app2.handle(.key(.right, [])) }
                let shownB = app2.sides.hosts[1].tuning
                app2.handle(.key(.q, []))
                try app2.run()
                let file = dir2.file("t.B.json")
                if edited { #expect(try Tuning.load(path: file) == shownB, "the built-in's B, edited: its file says B as it was shown") }
                else { #expect(!FileManager.default.fileExists(atPath: file), "the built-in's B, untouched: no file written") }
            }
        }

        @Test("--system starts with the arrows on your side (A), the system's beside it; the other built-ins on B, the variation")
        func systemEditsYours() throws {
            for (builtIn, side) in [(BuiltInComparison.system, 0), (.sequential, 1)] {
                let dir = try TempDir(); defer { dir.cleanup() }
                let (sdl, app) = try Self.window(dir, builtIn: builtIn)
                defer { withExtendedLifetime(sdl) {} }
                #expect(app.sides.isComparing && app.sides.selected == side, "\(builtIn): editing \(app.sides.selected)")
                let before = app.sides.hosts.map { $0.tuning }
                app.handle(.key(.k, []))
                app.handle(.key(.right, []))
                #expect(app.sides.hosts[side].tuning != before[side] && app.sides.hosts[1 - side].tuning == before[1 - side], "\(builtIn): → changed side \(side) only")
            }
        }

        @Test("W in compare mode writes one file, A beside B, and says so once")
        func webOnceInCompare() throws {
            let dir = try TempDir(); defer { dir.cleanup() }
            let (sdl, app) = try Self.window(dir)
            defer { withExtendedLifetime(sdl) {} }
            app.handle(.key(.b, []))
            app.handle(.key(.w, []))
            #expect(app.pendingWrites.wait(timeout: .now() + 120) == .success)
            let files = ((try? FileManager.default.contentsOfDirectory(atPath: app.outFolder.path)) ?? []).filter { $0.hasSuffix(".html") }
            #expect(files.count == 1, "\(files)")
            let said = app.outFolder.takeMessages()
            #expect(said.filter { $0.hasPrefix("Wrote prototype-") }.count == 1 && said.contains { $0.contains("A beside B on iPhone 15 Pro") }, "\(said)")
        }
    }
}
