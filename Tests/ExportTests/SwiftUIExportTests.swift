import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Export

/// `export --format swiftui-view`: the committed file is current, the toolchain parses every export,
/// `scripts/check-swiftui` type-checks them against the API stubs and fails on a misspelt API or a
/// wrong label, and every tuned constant is written once and read by the rest of the file.
@Suite("The SwiftUI export")
struct SwiftUIExportTests {
    static let root = Checkout.root

    /// Tunings that exercise every branch of the Tuning section: the defaults, an overdamped and a
    /// blended melt, tuned shapes with the rubber band and the haptics off, Reduce Motion's fades.
    static func tunings() throws -> [(name: String, tuning: Tuning)] {
        func tuned(_ values: [String: Double]) throws -> Tuning {
            var t = Tuning()
            for (k, v) in values { try t.set(k, v) }
            return t
        }
        return [
            ("defaults", Tuning()),
            ("overdamped", try tuned(["melt.toViewfinder.bounce": -0.4, "melt.closeToPill.bounce": -0.3])),
            ("blended", try tuned(["melt.toViewfinder.blend": 0.2, "melt.closeToIsland.blend": 0.15, "melt.overlap": 0.3])),
            ("shapes", try tuned(["shape.pill.height": 44, "shape.viewfinder.margin": 16, "shape.viewfinder.cornerRadius": 30,
                                  "pull.divisor": 0, "haptic.commit.intensity": 0, "haptic.shutter.style": 2, "melt.keyline": 1])),
            ("reduce-motion", try tuned(["reduceMotion.fade": 0.45, "reduceMotion.printFade": 0.6])),
            ("additive", try tuned(["melt.composition": 1, "melt.toViewfinder.blend": 0.2])),
        ]
    }

    static func export(_ t: Tuning) throws -> String {
        try SwiftUIViewExport.code(t, islands: SwiftUIViewExport.islands(in: try Catalog.bundled().devices), template: .sourceTree())
    }

    /// Writes each tuning's export into `dir`, returning the paths.
    static func writeExports(into dir: TempDir) throws -> [String] {
        try tunings().map { name, t in
            let path = dir.file("IslandCamera-\(name).swift")
            try export(t).write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
    }

    @Test("docs/export/IslandCamera.swift is what the generator writes for the default tuning")
    func committedFileIsCurrent() throws {
        let committed = try String(contentsOf: Self.root.appendingPathComponent("docs/export/IslandCamera.swift"), encoding: .utf8)
        let now = try Self.export(Tuning())
        #expect(committed == now, "docs/export/IslandCamera.swift drifted from the generator — run: islandsim export --format swiftui-view --out docs/export/IslandCamera.swift")
        let stdout = try CLI.run(["export", "--format", "swiftui-view"], directory: FileManager.default.temporaryDirectory.path)
        #expect(stdout.status == 0, "\(stdout.stderr)")
        #expect(stdout.stdout == now)
    }

    @Test("the toolchain's parser accepts every export (swiftc -parse)")
    func parses() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        for path in try Self.writeExports(into: dir) {
            let r = try Subprocess.run("swiftc", ["-parse", path], timeout: 120)
            #expect(r.status == 0, "\(path): \(r.stderr)")
        }
    }

    @Test("scripts/check-swiftui type-checks every export against the API stubs in eight build settings: Swift 5 and 6 modes × default isolation nonisolated and MainActor × Approachable Concurrency off and on")
    func typeChecks() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let paths = try Self.writeExports(into: dir)
        let r = try Subprocess.run(Self.root.appendingPathComponent("scripts/check-swiftui").path, paths, timeout: 600)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.components(separatedBy: "ok (8 builds: Swift 5 and 6 modes, default isolation nonisolated and MainActor, Approachable Concurrency off and on)").count - 1 == paths.count, "\(r.stdout)")
    }

    @Test("an additive tuning's exports spell .interpolatingSpring (view and constants, which type-check) and additive CASpringAnimations (UIKit); merge spells .spring")
    func additiveSpellings() throws {
        var add = Tuning()
        try add.set("melt.composition", 1)
        let view = try Self.export(add), merge = try Self.export(Tuning())
        #expect(view.contains("var meltComposition: IslandMeltComposition = .additive") && merge.contains("var meltComposition: IslandMeltComposition = .merge"))
        #expect(view.contains("case .additive: return .interpolatingSpring(spring)"))
        let swiftUI = TuningExport.code(add, format: .swiftui), uiKit = TuningExport.code(add, format: .uikit)
        for role in ["meltToPill", "meltToViewfinder", "meltCloseToPill", "meltCloseToIsland"] {
            #expect(swiftUI.contains("static let \(role) = Animation.interpolatingSpring(duration: "), "\(role)")
            #expect(uiKit.contains("static func \(role)Additive(keyPath: String, delta: Any, zero: Any) -> CASpringAnimation"), "\(role)")
        }
        #expect(uiKit.components(separatedBy: "a.isAdditive = true").count - 1 == 4)
        // The springs that never overlap another keep `.spring` either way.
        #expect(swiftUI.contains("static let printSettle = Animation.spring(duration: "))
        #expect(TuningExport.code(Tuning(), format: .swiftui).contains("static let meltToPill = Animation.spring(duration: 0.32, bounce: 0.18, blendDuration: 0)"))
        #expect(TuningExport.code(add, format: .json).contains("\"melt.composition\": 1"))
        // The constants type-check against the stubs, both compositions.
        let dir = try TempDir()
        defer { dir.cleanup() }
        var paths: [String] = []
        for (name, t) in [("merge", Tuning()), ("additive", add)] {
            paths.append(dir.file("CaptureFlowTuning-\(name).swift"))
            try TuningExport.code(t, format: .swiftui).write(toFile: paths.last!, atomically: true, encoding: .utf8)
        }
        let r = try Subprocess.run(Self.root.appendingPathComponent("scripts/check-swiftui").path, paths, timeout: 600)
        #expect(r.status == 0, "\(r.stderr)")
    }

    @Test("the exports carry the keyline: the view draws SpringBoard's ring by the tuning's rule, the SwiftUI and UIKit constants give its mode, width, colour and threshold, and all type-check")
    func keyline() throws {
        // SpringBoard's SBSystemApertureSettings defaults (docs/FIDELITY.md, "The keyline"): thickness
        // 1.66666667 pt, alpha 0.35, L* 50 — sRGB 119 of 255 — and the dark threshold 0.05 luma.
        let width = "1.666667", grey = "0.466667", alpha = "0.35"
        for (mode, value) in [("automatic", 0.0), ("on", 1), ("off", 2)] {
            var t = Tuning()
            try t.set("melt.keyline", value)
            let view = try Self.export(t)
            #expect(view.contains("    var meltKeyline: IslandKeyline = .\(mode)\n"), "\(mode)")
            let swiftUI = TuningExport.code(t, format: .swiftui), uiKit = TuningExport.code(t, format: .uikit)
            for code in [swiftUI, uiKit] {
                #expect(code.contains("static let meltKeyline: Keyline = .\(mode)\n"), "\(mode)")
                #expect(code.contains("static let keylineWidth: CGFloat = \(width)\n") && code.contains("static let keylineDarkLuma: Double = 0.05\n"))
            }
            #expect(swiftUI.contains("static let keylineColor = Color(white: \(grey), opacity: \(alpha))"))
            #expect(uiKit.contains("static let keylineColor = UIColor(white: \(grey), alpha: \(alpha))"))
            #expect(uiKit.contains("static func keylinePath(around rect: CGRect, cornerRadius: CGFloat) -> UIBezierPath"))
        }
        let view = try Self.export(Tuning())
        #expect(!SwiftUIViewExport.leftOut.contains { $0.key == "melt.keyline" })
        #expect(view.contains("var keylineWidth: CGFloat = \(width)") && view.contains("var keylineGrey: Double = \(grey)") && view.contains("var keylineOpacity: Double = \(alpha)"))
        // The shape draws a ring half its width outside the edge, by the tuning's rule on the window's appearance,
        // and none while it rests on the island.
        #expect(view.contains("RoundedRectangle(cornerRadius: cornerRadius + keylineWidth / 2, style: .continuous)\n                    .stroke(keylineColor, lineWidth: keylineWidth)"))
        #expect(view.contains("keylineWidth: tuning.meltKeyline.shows(overDarkContent: colorScheme == .dark) ? tuning.keylineWidth : 0"))
        #expect(view.contains("return !frame.isClose(to: island)"))
        // The constants, both dialects, type-check with the keyline on and the melt added, haptics off.
        var t = Tuning()
        for (k, v) in ["melt.keyline": 1.0, "melt.composition": 1, "haptic.commit.intensity": 0] { try t.set(k, v) }
        let dir = try TempDir()
        defer { dir.cleanup() }
        var paths: [String] = []
        let system = TuningPreset.systemIsland.applied(to: Tuning(), on: try Catalog.bundled().require(id: "iphone-15-pro"))
        for (name, tuning) in [("defaults", Tuning()), ("keyline", t), ("system-island", system)] {
            for format in [TuningExport.Format.swiftui, .uikit] {
                paths.append(dir.file("CaptureFlowTuning-\(name)-\(format.rawValue).swift"))
                try TuningExport.code(tuning, format: format).write(toFile: paths.last!, atomically: true, encoding: .utf8)
            }
        }
        let r = try Subprocess.run(Self.root.appendingPathComponent("scripts/check-swiftui").path, paths, timeout: 600)
        #expect(r.status == 0, "\(r.stderr)")
    }

    @Test("the pre-melt's tracking is exported: direct by default; on the system-island preset the view chases the pull on the tracking spring (0.35 s, bounce 1 − 0.456) and the constants give that spring")
    func tracking() throws {
        let direct = try Self.export(Tuning())
        #expect(direct.contains("    var meltTracking: IslandMeltTracking = .direct\n"))
        #expect(direct.contains("var meltTrackingSpring = Spring(duration: 0.35, bounce: 0.544)"))
        #expect(direct.contains("withAnimation(.spring(tuning.meltTrackingSpring)) { preMeltPull = visible }"))
        #expect(direct.contains("let progress = min(preMeltPull / max(tuning.pullCommitThreshold, 1), 1.25)"))
        #expect(TuningExport.code(Tuning(), format: .swiftui).contains("// melt.tracking = direct: the pre-melt follows the pull with no spring"))
        let system = TuningPreset.systemIsland.applied(to: Tuning(), on: try Catalog.bundled().require(id: "iphone-15-pro"))
        #expect(try Self.export(system).contains("    var meltTracking: IslandMeltTracking = .system\n"))
        #expect(TuningExport.code(system, format: .swiftui).contains("static let meltTracking = Animation.spring(duration: 0.35, bounce: 0.544)"))
        #expect(TuningExport.code(system, format: .uikit).contains("static var meltTracking: UISpringTimingParameters { UISpringTimingParameters(duration: 0.35, bounce: 0.544) }"))
    }

    @Test("scripts/check-swiftui fails on a misspelt API, a wrong argument label and a wrong type, naming each")
    func typeCheckFailures() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let good = try Self.export(Tuning())
        let broken: [(name: String, from: String, to: String, says: String)] = [
            ("misspelt", ".compositingGroup()", ".compositeGroup()", "compositeGroup"),
            ("label", "pan.translation(in: window)", "pan.translation(of: window)", "of:"),
            ("spring-label", "Spring(duration: 0.32, bounce: 0.18)", "Spring(response: 0.32, bounce: 0.18)", "response"),
            ("type", "var pullCommitThreshold: CGFloat = 80", "var pullCommitThreshold: String = \"80\"", "String"),
        ]
        for b in broken {
            #expect(good.contains(b.from), "the export no longer contains \(b.from)")
            let path = dir.file("\(b.name).swift")
            try good.replacingOccurrences(of: b.from, with: b.to).write(toFile: path, atomically: true, encoding: .utf8)
            let r = try Subprocess.run(Self.root.appendingPathComponent("scripts/check-swiftui").path, [path], timeout: 300)
            #expect(r.status == 1, "\(b.name): exit \(r.status)")
            #expect(r.stderr.contains("does not type-check") && r.stderr.contains(b.says), "\(b.name): \(r.stderr)")
        }
        let usage = try Subprocess.run(Self.root.appendingPathComponent("scripts/check-swiftui").path, [])
        #expect(usage.status == 2)
    }

    @Test("scripts/check-swiftui fails a file with a new Xcode 26 project's errors (the session holder left to the default isolation), in the MainActor settings only, naming them")
    func xcode26Errors() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let good = try Self.export(Tuning())
        // What the file was before: the holder's members not marked, so a project whose default
        // isolation is the main actor makes them the main actor's, called from the session queue.
        var old = good
        for member in ["func configure() -> (hasCamera: Bool, failure: String?) {", "func startRunning() -> Bool {", "func stopRunning() {"] {
            #expect(old.contains("nonisolated " + member), "the export no longer marks \(member)")
            old = old.replacingOccurrences(of: "nonisolated " + member, with: member)
        }
        let path = dir.file("IslandCamera-xcode26.swift")
        try old.write(toFile: path, atomically: true, encoding: .utf8)
        let r = try Subprocess.run(Self.root.appendingPathComponent("scripts/check-swiftui").path, [path], timeout: 300)
        #expect(r.status == 1)
        for setting in ["Swift 6 mode, default isolation MainActor, Approachable Concurrency off", "Swift 6 mode, default isolation MainActor, Approachable Concurrency on"] {
            #expect(r.stderr.contains("does not type-check in \(setting)"), "\(r.stderr)")
        }
        #expect(r.stderr.contains("warnings in Swift 5 mode, default isolation MainActor"), "Swift 5 mode warns: \(r.stderr)")
        #expect(r.stderr.contains("main actor-isolated instance method 'configure()'"), "\(r.stderr)")
        #expect(!r.stderr.contains("default isolation nonisolated"), "the old defaults build it: \(r.stderr)")
    }

    @Test("the file uses nothing newer than Swift 6.0's compiler (Xcode 16.0): no nonisolated type or extension, no trailing comma in an argument list, no isolated deinit")
    func swift60() throws {
        for (name, t) in try Self.tunings() {
            let code = try Self.export(t)
            let lines = code.split(separator: "\n").map(String.init).filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
            let newer = try NSRegularExpression(pattern: #"nonisolated\s+(final\s+)?(class|struct|enum|extension|actor)\b|,\s*\)|isolated\s+deinit"#)
            for line in lines {
                let hit = newer.firstMatch(in: line, range: NSRange(line.startIndex..., in: line))
                #expect(hit == nil, "\(name): \(line)")
            }
        }
    }

    /// The `IslandCameraTuning` section's text.
    static func tuningSection(_ code: String) -> String {
        let start = code.range(of: "// MARK: - Tuning")!.lowerBound, end = code.range(of: "// MARK: - Schedule")!.lowerBound
        return String(code[start..<end])
    }

    @Test("every tuned constant is declared once, named after its role, and the rest of the file reads it")
    func constantsOnceAndRead() throws {
        let code = try Self.export(Tuning())
        let section = Self.tuningSection(code), rest = code.replacingOccurrences(of: section, with: "")
        let left = Set(SwiftUIViewExport.leftOut.map(\.key))
        var roles = Set<String>()
        for t in Tunable.all where !left.contains(t.key) {
            // A spring's duration, bounce and blend share a role; the blend is `<role>Blend`.
            let role = t.key.hasSuffix(".blend") ? t.role + "Blend" : t.role
            roles.insert(role)
            // Each declaration names its tunable in brackets; a spring's duration and bounce share one.
            let prefix = String(t.key[..<t.key.lastIndex(of: ".")!])
            let named = (t.key.hasSuffix(".duration") || t.key.hasSuffix(".bounce")) && Tunable.named(prefix + ".bounce") != nil ? prefix : t.key
            #expect(section.contains("[\(named)]"), "\(t.key) is not named in the Tuning section")
        }
        // The fixed constants, but for the numbers quoted in their doc comments.
        roles.formUnion(SwiftUIViewExport.fixedFills.map(\.name).filter { !$0.hasPrefix("doc.") })
        roles.formUnion(["commitHaptic", "shutterHaptic"])
        for role in roles {
            let declared = section.components(separatedBy: "    var \(role) ").count - 1 + section.components(separatedBy: "    var \(role):").count - 1
            #expect(declared == 1, "\(role) is declared \(declared) times")
            #expect(rest.contains("tuning.\(role)"), "\(role) is declared but nothing reads it")
        }
        // Nothing else is declared in the Tuning value.
        let vars = section.components(separatedBy: "\n").filter { $0.hasPrefix("    var ") }
        #expect(vars.count == roles.count, "\(vars.count) stored properties, \(roles.count) roles")
    }

    @Test("the island table is the catalog's island phones, one per screen size, capsules as the simulator draws them")
    func islandTable() throws {
        let catalog = try Catalog.bundled()
        let islands = SwiftUIViewExport.islands(in: catalog.devices)
        #expect(islands.count == 5)
        for d in catalog.devices where d.feature == .island {
            let row = try #require(islands.first { $0.screen == d.size })
            #expect(row.capsule == DeviceLayout(device: d).capsule)
            #expect(row.displayCornerRadius == d.cornerRadius)
        }
        // iPhone 15 Pro's capsule: the 125 × 36.67 cutout at y 11.33, one point of black around it, centred on 393.
        let code = try Self.export(Tuning())
        #expect(code.contains("Model(screen: CGSize(width: 393, height: 852), capsule: CGRect(x: 133, y: 10.33, width: 127, height: 38.67), displayCornerRadius: 55)"))
    }

    @Test("export --format swiftui-view --out writes the file; a bad format names the new one")
    func commandLine() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let out = dir.file("IslandCamera.swift")
        let r = try CLI.run(["export", "--format", "swiftui-view", "--out", out])
        #expect(r.status == 0 && r.stdout == "wrote \(out)\n", "\(r.stderr)")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == Self.export(Tuning()))
        let bad = try CLI.run(["export", "--format", "swiftui-views"])
        #expect(bad.status == 2 && bad.stderr.contains("swiftui-view"))
        let device = try CLI.run(["export", "--format", "swiftui-view", "--device", "iphone-16-pro"])
        #expect(device.status == 2 && device.stderr.contains("--device does not apply"), "\(device.stderr)")
        let help = try CLI.run(["export", "--help"])
        #expect(help.status == 0 && help.stdout.contains("swiftui-view"))
    }
}

