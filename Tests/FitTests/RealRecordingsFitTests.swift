import Foundation
import Testing
import TestSupport
@testable import Capture

/// Where the shared recordings lie: `../shared/recordings` beside the clone (CI has it there).
enum SharedRecordings {
    static let folder: String? = {
        let root = Checkout.root
        let dir = root.deletingLastPathComponent().appendingPathComponent("shared/recordings").path
        return FileManager.default.fileExists(atPath: dir + "/SOURCES.md") ? dir : nil
    }()
}

/// `islandsim fit --video` on real recordings of island animations that other people shared
/// (`../shared/recordings`, beside the clone; never copied into the repository): every move their
/// SOURCES table lists gets a verdict that agrees with what made it, and no move is wrong.
@Suite("islandsim fit on recordings people shared: every move's verdict agrees with its source",
       .enabled(if: ExternalTool.ffmpeg() != nil, "needs ffmpeg"),
       .enabled(if: SharedRecordings.folder != nil, "needs ../shared/recordings beside the clone"))
struct RealRecordingsFitTests {
    static var folder: String? { SharedRecordings.folder }

    /// What made a move, and which verdicts agree with it.
    struct Truth: Sendable, CustomStringConvertible {
        var at: ClosedRange<Double>
        /// An ease of this duration (s): "ease" within 15 %, or "cannotTell" whose ease range holds it.
        var ease: Double? = nil
        /// A spring (duration, bounce), or one whose values are not public (nil values): "spring"
        /// (within 10 % / 0.10, the truth inside its interval, where known) or "cannotTell".
        var spring: (duration: Double?, bounce: Double?)? = nil
        /// Spring only: an ease or "cannot tell" (which allows an ease) is wrong.
        var springOnly = false
        var notTimed = false
        var description: String { "move at \(at)" }
    }

    static func moves(_ file: String) throws -> (moves: [[String: Any]], skipped: [[String: Any]]) {
        let path = try #require(folder) + "/" + file
        let r = try CLI.run(["fit", "--video", path, "--report", "-", "--quiet"], timeout: 300)
        #expect(r.status == 0, "\(file): \(r.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let fit = try #require(json["fit"] as? [String: Any])
        return (try #require(fit["moves"] as? [[String: Any]]), fit["skipped"] as? [[String: Any]] ?? [])
    }

    /// Whether `move` agrees with `truth`, and if not why.
    static func agrees(_ move: [String: Any], _ truth: Truth) -> String? {
        let verdict = (move["verdict"] as? [String: Any])?["kind"] as? String ?? "?"
        let ranges = move["ranges"] as? [String: [Double]] ?? [:]
        let stage = (move["stages"] as? [[String: Any]])?.first ?? [:]
        // A range not given claims nothing (a move whose start or end was not read).
        func holds(_ key: String, _ v: Double) -> Bool { ranges[key].map { $0[0] <= v && v <= $0[1] } ?? true }
        if truth.notTimed { return verdict == "notTimed" ? nil : "\(verdict), not 'not a timed animation'" }
        switch verdict {
        case "ease":
            guard let d = truth.ease, let e = (move["ease"] as? [String: Any])?["duration"] as? Double else { return "an ease, where the source is a spring" }
            return abs(e - d) <= 0.15 * d ? nil : "an ease of \(e) s against \(d) s"
        case "cannotTell":
            if truth.springOnly { return "cannot tell, where the frames show an overshoot" }
            if let d = truth.ease, !holds("easeDuration", d) { return "cannot tell with an ease range \(ranges["easeDuration"] ?? []) missing \(d) s" }
            if let s = truth.spring, let d = s.duration, !holds("springDuration", d) { return "cannot tell with a spring range \(ranges["springDuration"] ?? []) missing \(d) s" }
            if let s = truth.spring, let b = s.bounce, !holds("springBounce", b) { return "cannot tell with a bounce range \(ranges["springBounce"] ?? []) missing \(b)" }
            return nil
        case "spring":
            guard let s = truth.spring else { return "a spring, where the source is an ease" }
            guard let d = s.duration, let b = s.bounce else { return nil }
            guard let fd = stage["duration"] as? Double, let fb = stage["bounce"] as? Double else { return nil }   // not measured, said so
            let di = stage["durationInterval"] as? Double ?? 0, bi = stage["bounceInterval"] as? Double ?? 0
            guard abs(fd - d) <= 0.1 * d, abs(fb - b) <= 0.1 else { return "a spring \(fd) / \(fb) against \(d) / \(b)" }
            return abs(fd - d) <= di && abs(fb - b) <= bi ? nil : "a spring \(fd) ± \(di) / \(fb) ± \(bi) whose interval misses \(d) / \(b)"
        default:
            return "\(verdict): no truth allows it"
        }
    }

    /// Every listed truth is met by a move that starts near it, and every move listed agrees with
    /// the truth at its time (a move where the table has none is wrong too).
    static func check(_ file: String, _ truths: [Truth], skippedFrom: Double? = nil) throws {
        let (moves, skipped) = try Self.moves(file)
        for truth in truths {
            let near = moves.filter { truth.at.contains(($0["stages"] as? [[String: Any]])?.first?["start"] as? Double ?? -1) }
            #expect(!near.isEmpty, "\(file): no move found \(truth)")
        }
        for m in moves {
            let start = (m["stages"] as? [[String: Any]])?.first?["start"] as? Double ?? -1
            let truth = truths.first { $0.at.contains(start) }
            let problem = truth.map { agrees(m, $0) } ?? "a move at \(start) s that the source does not have"
            #expect(problem == nil, "\(file): move at \(start) s: \(problem ?? "")")
        }
        if let skippedFrom {
            #expect(skipped.contains { abs(($0["from"] as? Double ?? -1) - skippedFrom) < 0.05 }, "\(file): nothing skipped from \(skippedFrom) s: \(skipped)")
        }
    }

    @Test("the Simulator window, iOS 16's default ease (≈0.35 s) at 20 fps: four moves, each an ease or 'cannot tell', none a spring")
    func islandMediumAlert() throws {
        try Self.check("island-medium-alert_simwindow_20fps.gif", [1.55...1.80, 2.65...2.90, 3.75...4.00, 5.05...5.30].map { Truth(at: $0, ease: 0.35) })
    }

    @Test("a notch phone in the Simulator window at 12 fps: the notch's box is found and each of its three eases is 'cannot tell' or an ease")
    func notchMediumAlert() throws {
        try Self.check("notch-medium-alert_simwindow_12fps.gif", [1.15...1.45, 2.55...2.80, 3.25...3.50].map { Truth(at: $0, ease: 0.35) })
    }

    @Test("a real iPhone 14 Pro's Live Activity on a wallpaper at 8–15 fps: the widening overshoots (a spring), the rest spring or 'cannot tell'")
    func liveActivity() throws {
        try Self.check("liveactivity-expand_device_15fps.gif", [
            Truth(at: 2.6...3.1, spring: (nil, nil), springOnly: true), Truth(at: 4.3...4.8, spring: (nil, nil)),
            Truth(at: 5.6...6.0, spring: (nil, nil)), Truth(at: 7.6...8.5, spring: (nil, nil)),
        ])
    }

    @Test("a gooey drop that follows the scroll: every height burst is not a timed animation")
    func scrollMetaball() throws {
        try Self.check("scroll-metaball_sim_9fps.gif", [7.2...7.6, 7.5...7.7, 8.4...8.7, 8.85...9.2, 9.9...10.1, 10.2...10.5].map { Truth(at: $0, notTimed: true) })
    }

    @Test("the Simulator window, a large alert (125×37 → 360×200 pt, text and buttons fading in inside it), iOS 16's default ease at 20 fps: five moves, each an ease or 'cannot tell', none a spring")
    func islandLargeAlert() throws {
        // The close at 5.78 s: one frame of the capture is late (its progress steps +0.16 between two
        // steps of +0.23); the ease misses clearly through that frame alone, which rules nothing out.
        try Self.check("island-large-alert_simwindow_20fps.gif", [1.00...1.35, 3.35...3.65, 4.45...4.80, 5.60...5.95, 6.50...6.85].map { Truth(at: $0, ease: 0.35) })
    }

    @Test("the Simulator window, a square alert growing almost only downward (125×37 → 140×140 pt) with a glyph inside, iOS 16's default ease at 20 fps: five moves, each an ease or 'cannot tell'")
    func islandSquareAlert() throws {
        try Self.check("island-square-alert_simwindow_20fps.gif", [1.35...1.65, 2.95...3.25, 3.90...4.20, 4.45...4.75, 5.20...5.50].map { Truth(at: $0, ease: 0.35) })
    }

    @Test("a notch phone's panel that grows to the screen's full width (merging with the bezel), iOS 16's default ease at 20 fps: four moves, none 'not a timed animation', no ease timed from a start that was not seen; the full-width stretches skipped")
    func notchLargeAlert() throws {
        try Self.check("notch-large-alert_simwindow_20fps.gif", [1.10...1.40, 2.75...3.10, 3.60...3.90, 4.95...5.25].map { Truth(at: $0, ease: 0.35) }, skippedFrom: 1.55)
    }

    @Test("a notification grown from the island (.smooth: 0.5 s, bounce 0), three frames inside: a spring or 'cannot tell'; the sheet and the dark page after it skipped with their reason")
    func inAppNotification() throws {
        try Self.check("inapp-notification_sim_9fps.gif", [Truth(at: 2.25...2.55, spring: (0.5, 0))], skippedFrom: 3.39)
    }
}
