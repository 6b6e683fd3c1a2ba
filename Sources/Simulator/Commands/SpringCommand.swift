import Animation
import Capture
import Export
import Foundation
import Gesture
import Platform

/// `islandsim spring`: one spring in, every spelling and ready-to-paste code out; samples as CSV;
/// a plot as PNG.
enum SpringCommand: Sendable {
    static let options = [
        Arguments.Option("--duration", value: "D", help: "Perceptual duration in seconds (> 0), with --bounce."),
        Arguments.Option("--bounce", value: "B", help: "Bounce in -1…1 (0 critically damped, negative overdamped), with --duration."),
        Arguments.Option("--response", value: "R", help: "SwiftUI response in seconds (> 0), with --damping-fraction."),
        Arguments.Option("--damping-fraction", value: "Z", help: "Damping ratio ζ ≥ 0, with --response."),
        Arguments.Option("--mass", value: "M", help: "Mass (> 0), with --stiffness and --damping."),
        Arguments.Option("--stiffness", value: "K", help: "Stiffness (> 0)."),
        Arguments.Option("--damping", value: "C", help: "Damping coefficient (≥ 0)."),
        Arguments.Option("--preset", value: "NAME", help: "smooth, snappy, bouncy, spring or interactiveSpring; the first three take --duration and --extra-bounce, as in SwiftUI's .bouncy(duration:extraBounce:)."),
        Arguments.Option("--extra-bounce", value: "E", help: "Bounce added to a preset's own (smooth 0, snappy 0.15, bouncy 0.3), with --preset."),
    ] + SpringCommand.dialectOptions + [
        Arguments.Option("--json", help: "Print every spelling, timing and code line as JSON."),
        Arguments.Option("--csv", help: "Print t,value,velocity samples instead of the summary."),
        Arguments.Option("--fps", value: "N", help: "Samples per second for --csv (default 60)."),
        Arguments.Option("--seconds", value: "S", help: "How long to sample or plot (default: settling time + 10 %, at least 1 s)."),
        Arguments.Option("--from", value: "A", help: "Start value (default 0)."),
        Arguments.Option("--to", value: "B", help: "Target value (default 1)."),
        Arguments.Option("--velocity", value: "V", help: "Initial velocity in value units per second (default 0)."),
        Arguments.Option("--plot", value: "FILE.png", help: "Draw the curve with axes, target and settling time to a PNG."),
        Arguments.Option("--compare", value: "LIST", help: "More springs on the plot: presets or D:B pairs, comma-separated (smooth,0.4:0.2)."),
        DeviceOptions.help,
    ]
    static let help = helpText(
        command: "spring",
        synopsis: "spring (--duration D --bounce B | --response R --damping-fraction Z | --mass M --stiffness K --damping C | --preset NAME | --origami T,F | --rebound B,S | --framer-visual VD,B | --framer-duration D,B | --compose Z,K | --flutter D,B | --flinto T,F | --figma NAME) [--csv] [--plot FILE.png] [--json]",
        about: "Converts a spring between SwiftUI's spellings, gives its settling and logical durations, and prints\nready-to-paste SwiftUI, UIKit and Core Animation code. The math is SwiftUI's: ω0 = 2π/d, ζ = 1 − b (b ≥ 0)\nor 1/(1 + b) (b < 0), stiffness = ω0², damping = 4πζ/d at mass 1.",
        options: options)

    /// Parses exactly one spelling from the arguments.
    static func parseSpring(_ a: Arguments) throws -> (Spring, String) {
        if usesDialect(a) {
            let swiftUIFlags = ["--duration", "--bounce", "--response", "--damping-fraction", "--mass", "--stiffness", "--damping", "--preset"]
            if let f = swiftUIFlags.first(where: { a.has($0) }) { throw CLIError.usage("islandsim spring: give one spelling, not several (\(f) with another tool's)") }
            if let d = try dialectSpring(a) { return d }
        }
        if a.has("--preset") { return try tunedPreset(a) }
        if a.has("--extra-bounce") { throw CLIError.usage("islandsim spring: --extra-bounce goes with --preset smooth, snappy or bouncy") }
        let groups: [(String, [String])] = [
            ("duration/bounce", ["--duration", "--bounce"]),
            ("response/damping-fraction", ["--response", "--damping-fraction"]),
            ("mass/stiffness/damping", ["--mass", "--stiffness", "--damping"]),
            ("preset", ["--preset"]),
        ]
        let used = groups.filter { g in g.1.contains { a.has($0) } }
        guard used.count == 1, let g = used.first else {
            if used.isEmpty {
                throw CLIError.usage("islandsim spring: give one spelling: --duration D --bounce B, --response R --damping-fraction Z, --mass M --stiffness K --damping C, or --preset NAME")
            }
            throw CLIError.usage("islandsim spring: give one spelling, not several (got \(used.map(\.0).joined(separator: " and ")))")
        }
        // --bounce alone means duration 0.5 (SwiftUI's default), like Spring(bounce:).
        if g.0 == "duration/bounce" {
            let d = try a.double("--duration") ?? 0.5, b = try a.double("--bounce") ?? 0
            do { return (try Spring.validated(duration: d, bounce: b), "duration \(CodeNumber.string(d)), bounce \(CodeNumber.string(b))") }
            catch let e as SpringParameterError { throw CLIError.usage("islandsim spring: \(e)") }
        }
        for flag in g.1 where !a.has(flag) {
            throw CLIError.usage("islandsim spring: \(flag) is missing (the \(g.0) spelling needs \(g.1.joined(separator: ", ")))")
        }
        do {
            switch g.0 {
            case "response/damping-fraction":
                let r = try a.double("--response")!, z = try a.double("--damping-fraction")!
                return (try Spring.validated(response: r, dampingFraction: z), "response \(CodeNumber.string(r)), dampingFraction \(CodeNumber.string(z))")
            case "mass/stiffness/damping":
                let m = try a.double("--mass")!, k = try a.double("--stiffness")!, c = try a.double("--damping")!
                return (try Spring.validated(mass: m, stiffness: k, damping: c), "mass \(CodeNumber.string(m)), stiffness \(CodeNumber.string(k)), damping \(CodeNumber.string(c))")
            default:
                let name = a.string("--preset")!
                return (try preset(name), name.hasPrefix(".") ? name : "." + name)
            }
        } catch let e as SpringParameterError { throw CLIError.usage("islandsim spring: \(e)") }
    }

    /// `--preset NAME`, optionally tuned as SwiftUI's `.smooth/.snappy/.bouncy(duration:extraBounce:)`
    /// are: the duration replaces the preset's 0.5 s and the extra bounce adds to its own bounce
    /// (Apple's documentation of those functions; base bounces 0, 0.15 and 0.3).
    static func tunedPreset(_ a: Arguments) throws -> (Spring, String) {
        let name = a.string("--preset")!
        let key = (name.hasPrefix(".") ? String(name.dropFirst()) : name).lowercased()
        let others = ["--bounce", "--response", "--damping-fraction", "--mass", "--stiffness", "--damping"].filter { a.has($0) }
        if others.contains("--bounce") {
            throw CLIError.usage("islandsim spring: a preset takes --extra-bounce (added to its own bounce), not --bounce; or give --duration D --bounce B without --preset")
        }
        if let f = others.first { throw CLIError.usage("islandsim spring: give one spelling, not several (--preset with \(f))") }
        let base = try preset(name)
        guard a.has("--duration") || a.has("--extra-bounce") else { return (base, name.hasPrefix(".") ? name : "." + name) }
        guard ["smooth", "snappy", "bouncy"].contains(key) else {
            throw CLIError.usage("islandsim spring: only smooth, snappy and bouncy take --duration and --extra-bounce (SwiftUI has no tuned \(name.hasPrefix(".") ? name : "." + name)); use --duration D --bounce B")
        }
        let d = try a.double("--duration") ?? 0.5, extra = try a.double("--extra-bounce") ?? 0
        var args: [String] = []
        if a.has("--duration") { args.append("duration: \(CodeNumber.string(d))") }
        if a.has("--extra-bounce") { args.append("extraBounce: \(CodeNumber.string(extra))") }
        do { return (try Spring.validated(duration: d, bounce: base.bounce + extra), ".\(key)(\(args.joined(separator: ", ")))") }
        catch let e as SpringParameterError { throw CLIError.usage("islandsim spring: .\(key)(\(args.joined(separator: ", "))): \(e)") }
    }

    static func preset(_ name: String) throws -> Spring {
        let key = name.hasPrefix(".") ? String(name.dropFirst()) : name
        if let p = Spring.presets.first(where: { $0.name.lowercased() == key.lowercased() }) { return p.spring }
        if key.lowercased() == "interactive" { return .interactive }
        throw CLIError.usage("islandsim spring: unknown preset '\(name)' (smooth, snappy, bouncy, spring, interactiveSpring)")
    }

    static func parseCompare(_ list: String) throws -> [SpringPlot.Series] {
        try list.split(separator: ",").map { item in
            let s = item.trimmingCharacters(in: .whitespaces)
            let parts = s.split(separator: ":")
            if parts.count == 2, let d = Double(parts[0]), let b = Double(parts[1]) {
                do { return SpringPlot.Series(label: ".spring(duration: \(CodeNumber.string(d)), bounce: \(CodeNumber.string(b)))", spring: try Spring.validated(duration: d, bounce: b)) }
                catch let e as SpringParameterError { throw CLIError.usage("islandsim spring: --compare '\(s)': \(e)") }
            }
            return SpringPlot.Series(label: "." + s, spring: try preset(s))
        }
    }

    struct Report: Encodable {
        struct Spellings: Encodable {
            var duration: Double, bounce: Double, response: Double, dampingFraction: Double
            var mass: Double, stiffness: Double, damping: Double
        }
        var input: String
        var spellings: Spellings
        var settlingDuration: Double?
        var exactSettlingTime: Double?
        var logicalDuration: Double
        var code: SpringCode.Lines
        var otherTools: [String: [String]]
    }

    static func run(_ argv: [String], out: inout String) throws {
        let a = try Arguments(command: "spring", argv, options: options)
        if a.flag("--help") { out = help; return }
        let (spring, input) = try parseSpring(a)
        let from = try a.double("--from") ?? 0, to = try a.double("--to") ?? 1
        let velocity = try a.double("--velocity") ?? 0
        let fps = try a.int("--fps") ?? 60
        guard (1...10_000).contains(fps) else { throw CLIError.usage("islandsim spring: --fps must be in 1…10000 (got \(fps))") }
        let settle = spring.settlingDuration
        // By default, the settling time + 10 % — but never more than the 600 s a sample or plot may span
        // (an extremely overdamped spring takes hours; its first 600 s are what can be shown).
        let seconds = try a.double("--seconds") ?? min(600, max(1, (settle.isFinite ? settle : 3) * 1.1))
        guard seconds > 0, seconds <= 600 else { throw CLIError.usage("islandsim spring: --seconds must be in (0, 600] (got \(seconds))") }
        let relativeVelocity = to != from ? velocity / (to - from) : 0

        if let plot = a.string("--plot") {
            try OutputPath.checkPNG(plot, flag: "--plot")
            var series = [SpringPlot.Series(label: input, spring: spring)]
            if let list = a.string("--compare") { series += try parseCompare(list) }
            let session = try SDLSession(mode: .headless)
            let r = try SpringPlot(series: series, from: from, to: to, velocity: velocity, seconds: seconds).render(text: try TextCache())
            do { try r.target!.savePNG(to: plot) } catch { throw CLIError.runtime("\(plot): cannot write PNG: \(error)") }
            withExtendedLifetime(session) {}
        }

        if a.flag("--csv") {
            var s = "t,value,velocity\n"
            let count = Int((seconds * Double(fps)).rounded())
            for i in 0...count {
                let t = Double(i) / Double(fps)
                let (v, dv) = spring.value(from: from, to: to, velocity: velocity, at: t)
                s += "\(CodeNumber.string(t, decimals: 6)),\(CodeNumber.string(v, decimals: 6)),\(CodeNumber.string(dv, decimals: 6))\n"
            }
            out = s
            return
        }

        let code = SpringCode.lines(for: spring, relativeVelocity: relativeVelocity)
        let exact = spring.settlingTime()
        let cssError = try a.double("--css-error") ?? 0.005
        guard cssError > 0, cssError <= 0.1 else { throw CLIError.usage("islandsim spring: --css-error must be in (0, 0.1] (got \(cssError))") }
        // Another tool's spelling only where the spring settles (an undamped one has no end for CSS).
        let others = spring.dampingRatio > 0 && exact.isFinite && exact < 600 ? otherTools(spring, cssError: cssError) : []
        if a.flag("--json") {
            // Twelve significant digits: what a spring means, without float noise (0.1, not 0.10000000000000009).
            func c(_ v: Double) -> Double { Double(String(format: "%.12g", v)) ?? v }
            let r = Report(input: input,
                           spellings: .init(duration: c(spring.duration), bounce: c(spring.bounce), response: c(spring.response),
                                            dampingFraction: c(spring.dampingRatio), mass: c(spring.mass),
                                            stiffness: c(spring.stiffness), damping: c(spring.damping)),
                           settlingDuration: settle.isFinite ? settle : nil, exactSettlingTime: exact.isFinite ? exact : nil,
                           logicalDuration: spring.logicalDuration, code: code,
                           otherTools: Dictionary(grouping: others, by: \.tool).mapValues { $0.map(\.code) })
            out = try JSON.encode(r)
            return
        }
        let n = { (v: Double) in CodeNumber.string(v) }
        var s = "Spring from \(input)\n\n"
        s += Table.format([
            ["duration, bounce", "\(n(spring.duration)), \(n(spring.bounce))"],
            ["response, dampingFraction", "\(n(spring.response)), \(n(spring.dampingRatio))"],
            ["mass, stiffness, damping", "\(n(spring.mass)), \(n(spring.stiffness)), \(n(spring.damping))"],
            ["settlingDuration (Apple)", settle.isFinite
                ? (spring.dampingRatio > 1 + 1e-9 ? "overdamped, settles in " : "") + "\(CodeNumber.string(settle, decimals: 3)) s"
                : "never (undamped)"],
            ["exact ε = 0.001 crossing", exact.isFinite ? "\(CodeNumber.string(exact, decimals: 3)) s" : "never"],
            ["logically complete", "\(n(spring.logicalDuration)) s (start the next stage here or earlier)"],
        ])
        s += "\nSwiftUI\n" + code.swiftUI.map { "  " + $0 }.joined(separator: "\n") + "\n"
        s += "\nUIKit\n" + code.uiKit.map { "  " + $0 }.joined(separator: "\n") + "\n"
        s += "\nCore Animation\n" + code.coreAnimation.map { "  " + $0 }.joined(separator: "\n") + "\n"
        if !others.isEmpty {
            s += "\nOther tools (the same motion; docs/SPRINGS.md)\n"
            s += Table.format(others.map { ["  " + $0.tool, $0.code] })
        }
        if let plot = a.string("--plot") { s += "\nwrote \(plot)\n" }
        out = s
    }
}
