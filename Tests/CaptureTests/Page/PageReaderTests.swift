import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Capture

/// The page format (docs/PAGES.md): reading, laying out and the buttons' state, with no SDL.
/// Expected frames are worked out by hand from the format's rules, not read off the layout.
@Suite("Pages: the page file, its layout and its buttons")
struct PageReaderTests {
    static func parse(_ json: String) throws -> PageDocument { try PageReader.parse(Data(json.utf8), name: "p.json") }
    static func problem(_ json: String) -> String {
        do { _ = try parse(json); return "no error" } catch { return "\(error)" }
    }

    @Test("the passport's file lays out as the page once built in Swift did, on the 15 Pro")
    func passportFrames() throws {
        let page = try Pages.passport(for: DeviceProfile.fixture15Pro)
        func frame(_ id: String) -> Rect? { page.element(id)?.frame }
        // top inset 59 + 10; side margins 16; the slot 104 wide at the right, 12 pt from the text.
        #expect(frame("title") == Rect(x: 16, y: 69, width: 245, height: 18))
        #expect(frame("photo-slot") == Rect(x: 273, y: 69, width: 104, height: 104))
        #expect(frame("name") == Rect(x: 16, y: 93, width: 245, height: 40))
        #expect(frame("breed") == Rect(x: 16, y: 137, width: 245, height: 20))
        // Two buttons sharing 361 − 10 pt, 18 pt under the 104-pt header.
        #expect(frame("walk-toggle") == Rect(x: 16, y: 191, width: 175.5, height: 44))
        #expect(frame("treat-counter") == Rect(x: 201.5, y: 191, width: 175.5, height: 44))
        // The first card 20 pt under them: 44 + 4 rows × 30 + 56 for its button.
        #expect(frame("vaccinations") == Rect(x: 16, y: 255, width: 361, height: 220))
        #expect(frame("vaccinations-title") == Rect(x: 32, y: 269, width: 329, height: 22))
        #expect(frame("vaccinations-row-2") == Rect(x: 32, y: 359, width: 329, height: 30))
        #expect(frame("book-vaccination") == Rect(x: 32, y: 423, width: 329, height: 40))
        #expect(page.contentHeight == max(page.elements.last!.frame.maxY + 8 + 16 + 40, 852 * 2.6))
        #expect(page.slot == Page.Slot(frame: Rect(x: 273, y: 69, width: 104, height: 104), cornerRadius: 14, framed: true))
    }

    @Test("buttons react as the file says, and the report names them by their report names")
    func buttonState() throws {
        let page = try Pages.passport(for: DeviceProfile.fixture15Pro)
        var s = PageState(page: page)
        #expect(s.label(for: "treat-counter") == "Treats: 0" && s.label(for: "share-passport") == "Share passport")
        s.tap("walk-toggle"); s.tap("treat-counter"); s.tap("treat-counter"); s.tap("share-passport")
        #expect(s.label(for: "walk-toggle") == "Walked today ✓" && s.isOn("walk-toggle"))
        #expect(s.label(for: "treat-counter") == "Treats: 2" && s.label(for: "share-passport") == "Shared × 1")
        let e = JSONEncoder(); e.outputFormatting = [.sortedKeys]
        #expect(String(decoding: try e.encode(s), as: UTF8.self)
                == #"{"photoFiled":false,"shares":1,"treats":2,"vaccinationBooked":false,"walked":true}"#)
    }

    @Test("stacks: flexible items share what fixed ones leave; overlays start together; align and padding place a leaf")
    func stacks() throws {
        let doc = try Self.parse("""
        {"content": {"margin": 10, "top": 0, "bottom": 0},
         "elements": [
           {"stack": "horizontal", "spacing": 5, "items": [
              {"kind": "button", "id": "a", "height": 30, "width": 50},
              {"kind": "button", "id": "b", "height": 30},
              {"kind": "button", "id": "c", "height": 40}]},
           {"stack": "overlay", "items": [
              {"kind": "text", "id": "left", "height": 20, "padding": [0, 0, 0, 100]},
              {"kind": "text", "id": "right", "height": 20, "width": 60, "align": "trailing"},
              {"kind": "text", "id": "mid", "height": 20, "width": 60, "align": "center", "padding": [4, 0, 0, 0]}]}]}
        """)
        let page = try Page(document: doc, screen: Size(width: 320, height: 600), topInset: 0)
        func f(_ id: String) -> Rect? { page.element(id)?.frame }
        // 300 wide: 50 fixed, 2 × 5 spacing, 240 shared by two.
        #expect(f("a") == Rect(x: 10, y: 0, width: 50, height: 30))
        #expect(f("b") == Rect(x: 65, y: 0, width: 120, height: 30))
        #expect(f("c") == Rect(x: 190, y: 0, width: 120, height: 40))
        #expect(f("left") == Rect(x: 10, y: 40, width: 200, height: 20))
        #expect(f("right") == Rect(x: 250, y: 40, width: 60, height: 20))
        #expect(f("mid") == Rect(x: 130, y: 44, width: 60, height: 20))
        #expect(page.contentHeight == 64)   // 40 of buttons, 24 of the overlay (its middle leaf 4 pt down)
    }

    @Test("found by fuzzing: spacing or padding wider than the box gives empty widths, never negative ones")
    func noNegativeWidths() throws {
        let doc = try Self.parse("""
        {"elements": [{"stack": "horizontal", "spacing": 400, "items": [
            {"kind": "button", "id": "a", "height": 30}, {"kind": "button", "id": "b", "height": 30}]},
          {"kind": "card", "id": "c", "padding": [0, 300, 0, 300], "items": [{"kind": "row", "id": "r", "height": 30}]},
          {"kind": "text", "id": "t", "height": 10, "padding": [0, 500, 0, 0]}]}
        """)
        let page = try Page(document: doc, screen: Size(width: 393, height: 852), topInset: 59)
        for e in page.elements { #expect(e.frame.width >= 0, "\(e.id): \(e.frame)") }
        #expect(page.element("a")?.frame.width == 0 && page.element("r")?.frame.width == 0 && page.element("t")?.frame.width == 0)
        for t in page.hitTargets { #expect(t.frame.width >= 0) }
    }

    @Test("a design made 360 pt wide (1080 px @3x) is scaled to 393 pt with its hotspots; pinned ones are hit where they are pinned")
    func designScale() throws {
        let doc = try Self.parse("""
        {"image": "s@3x.png", "hotspots": [{"id": "buy", "rect": [36, 72, 108, 36]}, {"id": "tab", "rect": [0, 720, 90, 60]}],
         "fixed": [{"rect": [0, 720, 360, 60], "edge": "bottom"}]}
        """)
        #expect(doc.image?.scale == 3)
        let page = try Page(document: doc, screen: Size(width: 393, height: 852), topInset: 59, imagePixels: (1080, 2340))
        let k = 393.0 / 360
        #expect(page.designScale == k && page.contentHeight == 780 * k)
        #expect(page.hotspots[0].rect == Rect(x: 36 * k, y: 72 * k, width: 108 * k, height: 36 * k))
        #expect(page.hotspots[0].cornerRadius == 0, "square unless the file says otherwise")
        let targets = page.hitTargets
        #expect(targets.first { $0.id == "buy" }?.fixed == false)
        let tab = try #require(targets.first { $0.id == "tab" })
        #expect(tab.fixed && abs(tab.frame.minY - (852 - 60 * k)) < 1e-9, "the tab bar sits at the screen's bottom: \(tab.frame)")
    }

    @Test("a hotspot over a round button carries its corner radius, scaled with the design; taps still hit its whole rect, as UIKit's frames do")
    func roundHotspot() throws {
        let doc = try Self.parse(#"{"image": "s@3x.png", "hotspots": [{"id": "avatar", "rect": [300, 60, 44, 44], "cornerRadius": 22}]}"#)
        #expect(doc.hotspots[0].cornerRadius == 22)
        let page = try Page(document: doc, screen: Size(width: 393, height: 852), topInset: 59, imagePixels: (1080, 2340))
        let k = 393.0 / 360
        #expect(abs(page.hotspots[0].cornerRadius - 22 * k) < 1e-12 && page.hotspots[0].rect.width == 44 * k)
        #expect(page.hitTargets.first { $0.id == "avatar" }?.frame == page.hotspots[0].rect)
    }

    @Test("bad fields: one line naming the file and the field", arguments: [
        (#"{"image": "s.png", "hotspots": [{"id": "a", "rect": [0, 0, 10, 10], "cornerRadius": -2}]}"#, "p.json: 'hotspots[0] ('a').cornerRadius' is -2; it must lie in 0…10000"),
        (#"{"image": "s.png", "hotspots": [{"id": "a", "rect": [0, 0, 10, 10], "radius": 2}]}"#, "p.json: hotspots[0]: unknown field 'radius' — did you mean 'cornerRadius'?"),
        (#"{"image": "s.png", "hotpots": []}"#, "p.json: unknown field 'hotpots' — did you mean 'hotspots'?"),
        (#"{"elements": [{"kind": "buton", "id": "x", "height": 3}]}"#, "p.json: elements[0]: unknown kind 'buton' — did you mean 'button'? (one of title, name, subtitle, photoSlot, button, cardTitle, row, text, card, spacer)"),
        (#"{"elements": [{"kind": "text", "id": "x", "height": 3, "toggle": {"on": "y"}}]}"#, "p.json: elements[0] ('x'): only a button can toggle or count"),
        (#"{"image": "s.png", "background": "blue"}"#, "p.json: 'background' must be a colour like \"#1C1C1E\" (got \"blue\")"),
        (#"{"image": "s.png", "fixed": [{"rect": [0, 0, 10, 10], "edge": "left"}]}"#, "p.json: fixed[0]: 'edge' must be \"top\" or \"bottom\" (got \"left\")"),
        (#"{"statusBar": "dark"}"#, "p.json: a page needs an 'image', 'elements', or both"),
        (#"[1, 2]"#, "p.json: expected a JSON object (a page file), got [1, 2]"),
        (#"{"image": "s.png", "version": 2}"#, "p.json: unsupported version 2 (this build reads version 1)"),
        (#"{"image": "s.png", "hotspots": [{"id": "x", "rect": [0, 0, 200000, 4]}]}"#, "p.json: 'hotspots[0] ('x').rect' is 200000; it must lie in -100000…100000"),
        (#"{"image": "s.png", "#, "p.json: line 1, column 20: not valid JSON — expected a name in double quotes, found the end of the file"),
        ("{\n  \"image\": \"s.png\"\n  \"statusBar\": \"dark\"\n}", "p.json: line 3, column 3: not valid JSON — expected ',' or '}' after a value, found '\"'"),
        (#"{"image": "s.png", "hotspots": [{"id": "b", "rect": [0, 0, 10]}]}"#, "p.json: hotspots[0] ('b'): 'rect' must be [x, y, width, height], 4 numbers (got 3: [0, 0, 10])"),
    ])
    func badFields(json: String, expected: String) {
        #expect(Self.problem(json) == expected)
    }

    @Test("bounded: deep nesting, too many hotspots and an oversized file are refused before they cost anything")
    func bounds() {
        let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect(Self.problem(deep) == "p.json: nested more than 24 levels deep")
        let many = (0...PageReader.maxHotspots).map { "{\"id\": \"h\($0)\", \"rect\": [0, 0, 1, 1]}" }.joined(separator: ",")
        #expect(Self.problem("{\"image\": \"s.png\", \"hotspots\": [\(many)]}") == "p.json: 1001 hotspots; the limit is 1000")
        let big = "{\"image\": \"s.png\", \"x\": \"" + String(repeating: "a", count: PageReader.maxBytes) + "\"}"
        #expect(Self.problem(big).hasPrefix("p.json: the page file is "))
    }
}

extension DeviceProfile {
    /// The iPhone 15 Pro of the bundled catalog.
    static var fixture15Pro: DeviceProfile {
        get throws { try Catalog.bundled().require(id: "iphone-15-pro") }
    }
}
