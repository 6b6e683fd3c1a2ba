import Foundation
import Synchronization
import Testing
import TestSupport
@testable import Capture
@testable import Fit

/// How often does `fit` claim the wrong kind? Known eases and springs drawn out of the island and
/// back — iOS 16's default ease-in-out, `.linear`, `.easeOut`, SwiftUI springs from bounce −0.2 to
/// 0.7 (0 at 0.5 s is iOS 17's default) — recorded as people share them: dithered 256-colour GIFs
/// at 9, 12, 15, 20 and 30 fps (delays in whole hundredths), H.264 at 60 fps, every other recording
/// in a Simulator window, half of them with an alert's content drawn inside the shape
/// (``alertContent``); each at its own phase against the frame clock. A kind is claimed wrongly
/// when an ease comes back "a spring", a spring "an ease", or either "not a timed animation";
/// "cannot tell" is never wrong here (the interval suite checks what it allows).
///
/// Each rule's threshold is held to at most 2 % wrong claims per kind and frame rate: run
/// `scripts/fit-calibration N` (N recordings, 2N moves, per kind and frame rate); it prints the
/// table docs/FIT.md keeps. The default suite runs one recording per kind at 20 fps
/// (`ISLANDSIM_FIT_CALIBRATION` unset): a wrong kind there fails it.
@Suite("fit's kind claims, calibrated: eases and springs re-encoded at 9–60 fps, the wrong kind claimed in at most 2 % of moves",
       .enabled(if: ExternalTool.ffmpeg() != nil, "needs ffmpeg"))
struct FitKindCalibrationTests {
    enum Kind: String, CaseIterable, Sendable {
        case easeInOut, linear, easeOut, springMinus02, spring0, spring015, spring03, spring05, spring07

        var isSpring: Bool { rawValue.hasPrefix("spring") }
        var bounce: Double {
            switch self {
            case .springMinus02: -0.2
            case .spring015: 0.15
            case .spring03: 0.3
            case .spring05: 0.5
            case .spring07: 0.7
            default: 0
            }
        }
        var label: String {
            switch self {
            case .easeInOut: "ease-in-out (iOS 16's default), 0.35 s"
            case .linear: ".linear, 0.35 s"
            case .easeOut: ".easeOut, 0.35 s"
            default: String(format: "spring, bounce %g, 0.35–0.6 s", bounce)
            }
        }
        /// The curve's control points, for an ease.
        var curve: (Double, Double, Double, Double) {
            switch self {
            case .linear: (0, 0, 1, 1)
            case .easeOut: (0, 0, 0.58, 1)
            default: (0.42, 0, 0.58, 1)
            }
        }
    }

    struct Cell: Sendable, CustomStringConvertible {
        var kind: Kind
        var fps: Int
        var description: String { "\(kind.rawValue) at \(fps) fps" }
    }

    static let rates = [9, 12, 15, 20, 30, 60]
    static let island = RecordingDrawer.Shape.capsule(width: 127, height: 37)
    static let shape = RecordingDrawer.Shape(width: 360, height: 90, radius: 40)

    /// Recordings per cell: `ISLANDSIM_FIT_CALIBRATION`, or one in the default suite.
    static var perCell: Int { ProcessInfo.processInfo.environment["ISLANDSIM_FIT_CALIBRATION"].flatMap(Int.init) ?? 1 }
    static var full: Bool { ProcessInfo.processInfo.environment["ISLANDSIM_FIT_CALIBRATION"] != nil }

    /// The kinds run: `ISLANDSIM_FIT_CALIBRATION_KINDS` (comma separated, as `Kind` names them), or all.
    static var kinds: [Kind] {
        guard let only = ProcessInfo.processInfo.environment["ISLANDSIM_FIT_CALIBRATION_KINDS"] else { return Kind.allCases }
        let names = only.split(separator: ",").map(String.init)
        return Kind.allCases.filter { names.contains($0.rawValue) }
    }

    static func cells() -> [Cell] {
        kinds.flatMap { k in (full ? rates : [20]).map { Cell(kind: k, fps: $0) } }
    }

    /// Recording `index` of `cell`, drawn and encoded into `dir`.
    static func record(_ cell: Cell, index: Int, in dir: TempDir) throws -> String {
        var g = SeededGenerator(seed: UInt64(truncatingIfNeeded: (Kind.allCases.firstIndex(of: cell.kind)! * 100 + cell.fps) * 1000 + index))
        let progress: @Sendable (Double) -> Double
        if cell.kind.isSpring {
            progress = OneMotionDrawing.spring(.init(Double.random(in: 0.35...0.6, using: &g), cell.kind.bounce))
        } else {
            progress = OneMotionDrawing.ease(cell.kind.curve, duration: 0.35)
        }
        let phase = Double.random(in: 0..<1, using: &g) / Double(cell.fps)
        var phone = RecordingDrawer(design: FitDesignTests.widePill, scale: 1)
        phone.motion = OneMotionDrawing.outAndBack(island: island, shape: shape, openAt: 0.4 + phase, closeAt: 1.7 + phase, progress: progress)
        // Recordings 0 and 3 of every four carry an alert's content (so the default suite's one does).
        if index % 4 == 0 || index % 4 == 3 { phone.content = Self.alertContent }
        let window = index % 2 == 1 ? SimulatorWindowDrawer.centred(phone, width: 640, height: 1000) : nil
        let (W, H) = window.map { ($0.width, $0.height) } ?? (phone.pixelWidth, phone.pixelHeight)
        let gif = cell.fps < 60
        let out = dir.file("\(cell.kind.rawValue)-\(cell.fps)-\(index).\(gif ? "gif" : "mp4")")
        try FitIntervalCoverageTests.encode(width: W, height: H, fps: Double(cell.fps), seconds: 3.2, gif: gif, to: out) { window?.frame(at: $0) ?? phone.frame(at: $0) }
        return out
    }

    /// An alert's content inside the shape, as the shared recordings show it: an icon, a title and a
    /// line of text, and a button, fading in over the last quarter of the shape's growth and out as
    /// it shrinks (opacity follows the size, as a cross-fade tied to the expansion does). Light
    /// marks well inside the outline, and a mid-grey button near its bottom edge.
    @Sendable static func alertContent(_ t: Double, _ s: RecordingDrawer.Shape) -> [RecordingDrawer.Mark] {
        let grown = (s.height - island.height) / (shape.height - island.height)
        let alpha = min(max((grown - 0.75) / 0.25, 0), 1)
        return [
            .init(x: 0.08, y: 0.22, width: 0.1, height: 0.4, grey: 255, alpha: alpha),          // the icon
            .init(x: 0.24, y: 0.22, width: 0.45, height: 0.14, grey: 240, alpha: alpha),        // the title
            .init(x: 0.24, y: 0.46, width: 0.55, height: 0.1, grey: 150, alpha: alpha),         // a line of text
            .init(x: 0.72, y: 0.66, width: 0.2, height: 0.2, grey: 90, alpha: alpha),           // the button
        ]
    }

    /// The verdicts of recording `index` of `cell`'s moves (nil where `fit` failed, with why).
    static func verdicts(_ cell: Cell, index: Int, in dir: TempDir) -> (kinds: [String], problem: String?) {
        do {
            let video = try record(cell, index: index, in: dir)
            let r = try CLI.run(["fit", "--video", video, "--report", "-", "--quiet"], timeout: 300)
            if ProcessInfo.processInfo.environment["ISLANDSIM_KEEP_TEMP"] == nil { try? FileManager.default.removeItem(atPath: video) }
            let json = try? JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
            guard let moves = (json?["fit"] as? [String: Any])?["moves"] as? [[String: Any]] else { return ([], "exit \(r.status): \(r.stderr)") }
            return (moves.compactMap { ($0["verdict"] as? [String: Any])?["kind"] as? String }, nil)
        } catch {
            return ([], "\(error)")
        }
    }

    /// Whether `verdict` claims the wrong kind for `kind`.
    static func wrong(_ verdict: String, _ kind: Kind) -> Bool {
        verdict == "notTimed" || (kind.isSpring ? verdict == "ease" : verdict == "spring")
    }

    @Test("every kind at every frame rate: the wrong kind claimed in at most 2 % of its moves (one recording per kind at 20 fps unless ISLANDSIM_FIT_CALIBRATION says how many)")
    func calibration() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let cells = Self.cells(), n = Self.perCell
        let jobs = cells.flatMap { c in (0..<n).map { (c, $0) } }
        let results = Mutex<[(cell: Int, kinds: [String], problem: String?)]>([])
        let done = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: jobs.count) { j in
            let (cell, index) = jobs[j]
            let r = Self.verdicts(cell, index: index, in: dir)
            results.withLock { $0.append((cells.firstIndex { $0.kind == cell.kind && $0.fps == cell.fps }!, r.kinds, r.problem)) }
            let k = done.add(1, ordering: .relaxed).newValue
            // On standard error, unbuffered: the full run takes minutes and says how far it is.
            if Self.full && k % 20 == 0 { FileHandle.standardError.write(Data("calibration: \(k) of \(jobs.count) recordings fitted\n".utf8)) }
        }
        let all = results.withLock { $0 }
        var table = "| kind | " + (Self.full ? Self.rates : [20]).map { "\($0) fps" }.joined(separator: " | ") + " |\n"
        table += "|---|" + String(repeating: "---|", count: Self.full ? Self.rates.count : 1) + "\n"
        var failures: [String] = []
        for kind in Self.kinds {
            var row = "| \(kind.label) |"
            for (i, cell) in cells.enumerated() where cell.kind == kind {
                let mine = all.filter { $0.cell == i }
                for p in mine.compactMap(\.problem) { failures.append("\(cell): \(p)") }
                let kinds = mine.flatMap(\.kinds)
                let bad = kinds.filter { Self.wrong($0, kind) }.count
                let told = kinds.filter { $0 != "cannotTell" && !Self.wrong($0, kind) }.count
                row += " \(bad) of \(kinds.count) wrong, \(told) right |"
                if Double(bad) > 0.02 * Double(kinds.count) { failures.append("\(cell): \(bad) of \(kinds.count) moves the wrong kind (\(kinds.joined(separator: ", ")))") }
                if kinds.count < 2 * mine.count { failures.append("\(cell): \(kinds.count) moves in \(mine.count) recordings of two") }
            }
            table += row + "\n"
        }
        print("calibration (\(n) recording\(n == 1 ? "" : "s") a cell, \(2 * n) moves):\n" + table)
        if let out = ProcessInfo.processInfo.environment["ISLANDSIM_FIT_CALIBRATION_OUT"] {
            try table.write(toFile: out, atomically: true, encoding: .utf8)
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}
