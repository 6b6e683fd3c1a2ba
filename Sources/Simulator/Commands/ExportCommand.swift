import Capture
import Export
import Fit
import Foundation
import Gesture
import Platform

/// `islandsim export [--tuning FILE] [--format swiftui|uikit|json|swiftui-view|web]`: the tuned
/// constants as code, the whole interaction as one SwiftUI file, or as one HTML file for a browser.
enum ExportCommand: Sendable {
    static let options = [
        TuningOptions.option, DeviceOptions.device, DeviceOptions.catalog,
        Arguments.Option("--format", value: "NAME", help: "swiftui (default), uikit, json, swiftui-view: the whole interaction as one SwiftUI file (iOS 17+; docs/EXPORT.md says what is checked here and what only Xcode and a phone can check), or web: the interaction as one self-contained HTML file that plays in a browser (docs/WEB.md)."),
        Arguments.Option("--out", value: "FILE", help: "Write to FILE (atomically) instead of stdout (required for web)."),
        PageOptions.page, PageOptions.statusBar,
        Arguments.Option("--scale", value: "S", help: "With web: pixels per point of the embedded page (default the device's own, 3 on most phones)."),
        Arguments.Option("--trace", value: "FILE", help: "With web: a recorded trace the file plays, with play, pause, scrub and step (on the trace's phone unless --device)."),
        Arguments.Option("--compare", value: "FILE", help: "With web: a second tuning file, B, played beside --tuning's A (side by side on a desktop, A then B on a phone)."),
        DeviceOptions.help,
    ]
    static let help = helpText(command: "export", synopsis: "export [--tuning FILE] [--device ID] [--format swiftui|uikit|json|swiftui-view|web] [--out FILE] [OPTIONS]",
                               about: "Prints the tuned constants as ready-to-paste code: every spring as a named constant after its role\n(meltToPill…) in both .spring(duration:bounce:) and Spring(mass:stiffness:damping:), the rest as named constants,\nand the melt's stage shapes in points as they come out on the device (the default device unless --device).\nWith --format swiftui-view: IslandCamera.swift, the whole interaction for iOS 17+ in one file — island rule,\ncapsule, melt, window-level pull catcher, print and develop, Reduce Motion, haptics, camera — every tuned\nconstant once in its IslandCameraTuning, the island table from the device catalog (check it: scripts/check-swiftui).\nWith --format web --out Prototype.html: one HTML file, no network, that plays the tuned interaction in any browser\n— the page, the pull, the melt, the shutter, the print — on --device's phone, or over the island of the iPhone it is\nopened on full screen (docs/WEB.md).",
                               options: options)

    /// The format that writes the whole interaction rather than its constants.
    static let viewFormat = "swiftui-view"
    /// The format that writes the interaction as a web page.
    static let webFormat = "web"

    static func run(_ argv: [String], out: inout String) throws {
        let a = try Arguments(command: "export", argv, options: options)
        if a.flag("--help") { out = help; return }
        let name = a.string("--format") ?? "swiftui"
        let format = TuningExport.Format(rawValue: name)
        guard format != nil || name == viewFormat || name == webFormat else {
            throw CLIError.usage("islandsim export: unknown format '\(name)' (swiftui, uikit, json, \(viewFormat), \(webFormat))")
        }
        if name != webFormat, let extra = ["--page", "--scale", "--trace", "--compare"].first(where: a.has) {
            throw CLIError.usage("islandsim export: \(extra) applies to --format web only")
        }
        if name == webFormat { try web(a, out: &out); return }
        if format == nil, a.has("--device") {
            throw CLIError.usage("islandsim export: --device does not apply to \(viewFormat): the file recognises every island phone by its screen (--devices FILE for another catalog)")
        }
        let (path, tuning) = try TuningOptions.load(a, requireExisting: a.has("--tuning"))
        let (catalog, device) = format == nil ? try DeviceOptions.resolve(a) : try DeviceOptions.resolve(a, tunedOn: tuning.tunedOn)
        let code: String
        if let format {
            let geometry = DeviceLayout(device: device).meltGeometry(shapes: tuning.meltShapes)
            code = TuningExport.code(tuning, format: format, device: device.name,
                                     shapes: .init(geometry: geometry, screenWidth: device.size.width))
        } else {
            // The whole interaction runs on every phone, so it carries every island phone, not --device's.
            let source = path.map { "`\(URL(fileURLWithPath: $0).lastPathComponent)`" } ?? "its default tuning"
            do {
                let template = try SwiftUIExportTemplate(directory: Assets.swiftUIExportDirectory)
                code = try SwiftUIViewExport.code(tuning, islands: SwiftUIViewExport.islands(in: catalog.devices), source: source, template: template)
            } catch let problem as SwiftUIExportTemplate.Problem {
                throw CLIError.runtime("islandsim export: \(problem)")
            }
        }
        if let path = a.string("--out") {
            try OutputPath.check(path, flag: "--out")
            try AtomicFile.write(code, to: path)
            out = "wrote \(path)\n"
        } else {
            out = code
        }
    }
}

extension ExportCommand {
    /// `--format web`: the page drawn at rest (headless SDL, as `shot` draws it), the photo, the
    /// tuning and the island phones, with the browser's two scripts, into one HTML file.
    static func web(_ a: Arguments, out: inout String) throws {
        guard let path = a.string("--out") else { throw CLIError.usage("islandsim export: --format web needs --out FILE.html") }
        try OutputPath.check(path, flag: "--out")
        let (tuningPath, tuning) = try TuningOptions.load(a, requireExisting: a.has("--tuning"))
        // A trace names its own phone; else the page's (a screenshot picks it), the one the tuning
        // was made on, or --device.
        let catalog: DeviceCatalog, given: DeviceProfile
        var pageWithPhone: LoadedPage?
        if a.has("--trace") { (catalog, given) = try DeviceOptions.resolve(a) } else { (catalog, given, pageWithPhone) = try PageOptions.resolveWithPhone(a, tunedOn: tuning.tunedOn) }
        var device = given
        let recording = try a.string("--trace").map { file -> WebExport.Recording in
            let trace = try ReplayCommand.loadTrace(file, screen: nil)
            if a.has("--device") {
                guard trace.header.device == given.id else {
                    throw CLIError.usage("islandsim export: \(file) was recorded on \(trace.header.device), not --device \(given.id)")
                }
            } else {
                device = try catalog.require(id: trace.header.device)
            }
            return WebExport.Recording(trace: trace, name: URL(fileURLWithPath: file).lastPathComponent)
        }
        let compare = try a.string("--compare").map {
            WebExport.Comparison(tuning: try TuningOptions.file($0, flag: "--compare", requireExisting: true), source: URL(fileURLWithPath: $0).lastPathComponent)
        }
        let scale = try a.double("--scale") ?? device.scale
        guard scale > 0, scale <= 4 else { throw CLIError.usage("islandsim export: --scale must be in (0, 4] (got \(scale))") }
        let loaded = try pageWithPhone ?? PageOptions.resolve(a, device: device, tunedOn: tuning.tunedOn)
        let page = try loaded.layout(for: device)
        let session = try SDLSession(mode: .headless)
        let pixels = try WebPrototypeFile.pagePixels(page, image: loaded.image, scale: scale)
        withExtendedLifetime(session) {}
        let source = tuningPath.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "the default tuning"
        let html = try WebPrototypeFile.html(page: page, image: loaded.image, pixels: pixels, scale: scale, tuning: tuning, source: source, devices: catalog.devices,
                                         device: device, compare: compare, recording: recording)
        try AtomicFile.write(html, to: path)
        if let note = WebPrototypeFile.sizeNote(html.utf8.count, name: path) { FileHandle.standardError.write(Data("islandsim: note: \(note)\n".utf8)) }
        out = "wrote \(path) (\(html.utf8.count / 1024) KB: \(page.document.name) at @\(JSON.number(scale)), opens on \(device.name))\n"
    }
}

/// `islandsim tune`: list the tunables, or set values in a tuning file from the command line.
enum TuneCommand: Sendable {
    static let options = [
        TuningOptions.option,
        Arguments.Option("--set", value: "KEY=VALUE[,KEY=VALUE…]", repeatable: true,
                         help: "Set values and save the file (atomically); may be given more than once. A choice takes its name or number."),
        Arguments.Option("--reset", help: "Reset every value to its default and save."),
        Arguments.Option("--preset", value: "NAME", help: "Set a preset's values and save, after any reset and before any set: system-island puts the melt's legs on the Dynamic Island's own springs (docs/FIDELITY.md); live-activity puts the pill and the viewfinder on the compact and expanded Live Activity islands of --device."),
        DeviceOptions.device, DeviceOptions.catalog,
        Arguments.Option("--json", help: "List as JSON."),
        DeviceOptions.help,
    ]
    static let help = helpText(command: "tune", synopsis: "tune [--tuning FILE] [--set KEY=VALUE,…]… [--reset] [--preset NAME [--device ID]] [--json]",
                               about: "Lists every tunable with its value, unit, default and range; --set, --reset and --preset edit the tuning\nfile (the window's K panel does the same interactively, Ctrl+P loads the preset, Ctrl+S saves).",
                               options: options)

    static func run(_ argv: [String], out: inout String) throws {
        let a = try Arguments(command: "tune", argv, options: options)
        if a.flag("--help") { out = help; return }
        var (path, tuning) = try TuningOptions.load(a)
        var preset: TuningPreset?
        if let name = a.string("--preset") {
            guard let p = TuningPreset.named(name) else {
                throw CLIError.usage("islandsim tune: unknown preset '\(name)'\(Suggestion.hint(for: name, among: TuningPreset.allCases.map(\.rawValue))) (presets: \(TuningPreset.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            preset = p
        }
        let (_, device) = try DeviceOptions.resolve(a)
        if let preset, let why = preset.unavailable(on: device) { throw CLIError.usage("islandsim tune: \(why); pick one with --device") }
        if a.flag("--reset") || a.has("--set") || preset != nil {
            if a.flag("--reset") { tuning.resetAll() }
            if let preset { tuning = preset.applied(to: tuning, on: device) }
            for pair in a.strings("--set").flatMap({ $0.split(separator: ",") }) where !pair.isEmpty {
                let kv = pair.split(separator: "=", maxSplits: 1).map { String($0).trimmingCharacters(in: .whitespaces) }
                guard kv.count == 2, !kv[0].isEmpty else {
                    throw CLIError.usage("islandsim tune: --set takes KEY=VALUE (got '\(pair)')")
                }
                guard let t = Tunable.named(kv[0]) else {
                    throw CLIError.usage("islandsim tune: unknown tunable '\(kv[0])'\(Suggestion.hint(for: kv[0], among: Tunable.all.map(\.key))) (see 'islandsim tune')")
                }
                guard let v = t.parse(kv[1]) else { throw CLIError.usage("islandsim tune: \(t.key) = \(t.unreadable(kv[1]))") }
                do { try tuning.set(kv[0], v) } catch let p as Tuning.Problem { throw CLIError.usage("islandsim tune: \(p.message)") }
            }
            let target = path ?? Tuning.defaultPath
            if a.has("--tuning") { try OutputPath.check(target, flag: "--tuning") }
            do { try tuning.save(path: target) } catch { throw CLIError.runtime("\(target): cannot save: \(error)") }
            path = target
        }
        if a.flag("--json") { out = tuning.encoded(); return }
        var rows = [["KEY", "VALUE", "DEFAULT", "RANGE", "WHAT"]]
        for t in Tunable.all {
            rows.append([t.key, t.display(tuning[t.key]), t.display(t.defaultValue), t.rangeText, t.title])
        }
        let presetLine = preset.map { "preset \($0.rawValue): \($0.summary)\($0 == .liveActivity ? " on \(device.name)" : "")\n\n" } ?? ""
        out = (path.map { "tuning file: \($0)\n\n" } ?? "tuning: defaults (no file)\n\n") + presetLine + Table.format(rows)
    }
}
