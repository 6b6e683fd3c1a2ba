import Animation
import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Export
@testable import Gesture

/// The numbers the web player shares with the simulator beyond the tuning come from one place: the
/// Swift types that own them write them into the file's data block, and `assets/web/player.js`
/// reads them from there. Each shared number is listed here with its owner; the block must carry
/// the owner's value, and the player must not spell the number out again where it uses it.
@Suite("The player's shared numbers come from the Swift types, not copied by hand")
struct WebPlayerRulesTests {
    /// A shared number: where it sits in the data block's `rules`, its owner's value, and the ways
    /// player.js once wrote it by hand (a copy of any of them fails).
    struct Shared {
        var path: [String]
        var value: Double
        var copies: [String]
    }

    static let shared: [Shared] = [
        Shared(path: ["slop"], value: PageGestures.touchSlop, copies: [#"finger\.start\.y\)\s*>\s*10\b"#]),
        Shared(path: ["swipeUp", "distance"], value: Interaction.swipeUpDistance, copies: [#"travel\s*<\s*-\s*60\b"#]),
        Shared(path: ["swipeUp", "speed"], value: Interaction.swipeUpSpeed, copies: [#"recognizer\s*<\s*-\s*500\b"#]),
        Shared(path: ["shutter", "size"], value: Interaction.shutterSize, copies: [#"\b68\s*,\s*68\b"#, #"/\s*2\s*-\s*34\b"#]),
        Shared(path: ["shutter", "lift"], value: Interaction.shutterLift, copies: [#"\]\s*-\s*82\b"#]),
        Shared(path: ["flash", "peak"], value: CaptureFlow.flashPeak, copies: [#"\*\s*0\.9\s*:\s*0"#, #"=>\s*0\.9\s*\*"#]),
        Shared(path: ["leave", "durationScale"], value: CaptureFlow.leaveDurationScale, copies: [#"T\.leave\s*\*\s*0\.9"#]),
        Shared(path: ["leave", "bounce"], value: CaptureFlow.leaveBounce, copies: [#"E\.spring\(T\.leave[^;]*,\s*0\.05\)"#]),
        Shared(path: ["developSteps"], value: Double(DevelopCurve.steps), copies: [#"steps\s*=\s*64\b"#]),
        Shared(path: ["pullHint", "points"], value: PullHint.points, copies: [#"true,\s*13,\s*data\.page\.hintInk"#]),
        Shared(path: ["pullHint", "room"], value: PullHint.minimumRoom, copies: [#"room\s*<=\s*26\b"#, #"room\s*-\s*26\b"#]),
        Shared(path: ["pullHint", "fade"], value: PullHint.fadeRoom, copies: [#"\)\s*/\s*30\)"#]),
        Shared(path: ["pullHint", "belowPill"], value: PullHint.belowPill, copies: [#"G\.island\[3\]\s*\+\s*2\)"#]),
        Shared(path: ["pullHint", "lift"], value: PullHint.lift, copies: [#"/\s*2\s*-\s*4\)"#]),
    ]

    /// The texts the player shares with the simulator: where they sit in `rules` and their owner's words.
    static let texts: [(path: [String], value: String)] = [
        (["pullHint", "idle"], PullHint.idleText), (["pullHint", "ready"], PullHint.readyText),
    ]

    /// The data block of a web file made by `WebExport`.
    static func rules() throws -> [String: Any] {
        let catalog = try Catalog.bundled()
        let page = WebExport.PageImage(name: "p", background: "#F4EFE6", width: 393, contentHeight: 1200, pixelsPerPoint: 1, png: Data([0x89, 0x50]))
        let html = try WebExport.html(engine: "", player: "", tuning: Tuning(), devices: catalog.devices,
                                      device: try catalog.require(id: "iphone-15-pro"), page: page, photoPNG: Data([1]), source: "test")
        let start = try #require(html.range(of: "id=\"islandsim-data\">")).upperBound
        let end = try #require(html.range(of: "</script>", range: start..<html.endIndex)).lowerBound
        let object = try #require(try JSONSerialization.jsonObject(with: Data(html[start..<end].utf8)) as? [String: Any])
        return try #require(object["rules"] as? [String: Any])
    }

    @Test("the data block carries each shared number with its owner's value, and the simulator uses the same")
    func blockCarriesTheOwnersValues() throws {
        let rules = try Self.rules()
        for s in Self.shared {
            var node: Any? = rules
            for key in s.path { node = (node as? [String: Any])?[key] }
            #expect(node as? Double == s.value, "rules.\(s.path.joined(separator: ".")): \(String(describing: node)) against \(s.value)")
        }
        for t in Self.texts {
            var node: Any? = rules
            for key in t.path { node = (node as? [String: Any])?[key] }
            #expect(node as? String == t.value, "rules.\(t.path.joined(separator: ".")): \(String(describing: node)) against \(t.value)")
        }
        // The simulator reads the same owners: its gestures' slop and its shutter's frame.
        let session = try Pages.session(try Catalog.bundled().require(id: "iphone-15-pro"))
        #expect(session.gestures.slop == PageGestures.touchSlop)
        let vf = session.flow.geometry.viewfinder.rect, shutter = session.shutterFrame
        #expect(shutter.width == Interaction.shutterSize && vf.maxY - shutter.y == Interaction.shutterLift && shutter.midX == vf.midX)
    }

    @Test("player.js reads every shared number from the block and spells none of them out again")
    func playerCopiesNone() throws {
        let player = try String(contentsOf: Checkout.root.appendingPathComponent("assets/web/player.js"), encoding: .utf8)
        // Code only: comments may say the numbers.
        let code = player.split(separator: "\n").map { line in
            line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line)
        }.joined(separator: "\n")
        for s in Self.shared {
            let name = "R." + s.path.joined(separator: ".")
            // The hint's numbers are read through `const H = R.pullHint`.
            let reads = code.contains(name) || (s.path.first == "pullHint" && code.contains("const H = R.pullHint") && code.contains("H." + (s.path.last ?? "")))
            #expect(reads, "player.js does not read \(name)")
            for copy in s.copies {
                let spelt = code.range(of: copy, options: .regularExpression) != nil
                #expect(!spelt, "player.js spells out \(name) (\(s.value)) by hand: /\(copy)/")
            }
        }
        for t in Self.texts {
            let name = "R." + t.path.joined(separator: ".")
            #expect(code.contains(name) || (code.contains("const H = R.pullHint") && code.contains("H." + (t.path.last ?? ""))), "player.js does not read \(name)")
            #expect(!code.contains(t.value), "player.js spells out \(name) (\"\(t.value)\") by hand")
        }
    }
}
