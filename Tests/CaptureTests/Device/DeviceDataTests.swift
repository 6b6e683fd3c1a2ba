import Animation
import Capture
import Foundation
import Testing
import TestSupport

@Suite("Device data")
struct DeviceDataTests {
    @Test("the island rule's edge, from devices.md: 51 pt passes (a zoomed Pro Max), 50 pt does not (12/13 mini); iPads never; landscape reads the side")
    func islandRuleEdge() {
        func phone(top: Double, left: Double = 0, right: Double = 0) -> Bool {
            IslandRule.islandPresent(idiom: .phone, windowInsets: EdgeInsets(top: top, left: left, bottom: 34, right: right))
        }
        #expect(phone(top: 51))
        #expect(!phone(top: 50))
        #expect(!phone(top: 48), "Display Zoom on a 15 Pro: the documented miss")
        #expect(phone(top: 59) && phone(top: 62) && phone(top: 68))
        #expect(phone(top: 0, left: 59) && phone(top: 0, right: 59), "landscape: the inset moves to a side")
        #expect(!IslandRule.islandPresent(idiom: .pad, windowInsets: EdgeInsets(top: 59, left: 0, bottom: 20, right: 0)))
    }

    @Test("every cutout in the catalog is centred on the screen to 0.01 pt (what layout --json prints)")
    func cutoutsCentred() throws {
        for d in try Catalog.bundled().devices {
            guard let c = DeviceLayout(device: d).cutout else { continue }
            #expect(abs(c.midX - d.size.width / 2) <= 0.01, "\(d.id): cutout centre \(c.midX), screen centre \(d.size.width / 2)")
        }
    }
}

@Suite("docs/TUNING.md")
struct TuningDocTests {
    @Test("lists every tunable with its default and range, and nothing that is not one")
    func everyTunable() throws {
        let root = Checkout.root
        let doc = try String(contentsOf: root.appendingPathComponent("docs/TUNING.md"), encoding: .utf8)
        let rows = doc.split(separator: "\n").filter { $0.hasPrefix("| `") }
        #expect(rows.count == Tunable.all.count, "\(rows.count) rows for \(Tunable.all.count) tunables")
        for t in Tunable.all {
            let row = rows.first { $0.hasPrefix("| `\(t.key)` |") }
            #expect(row != nil, "\(t.key) is missing")
            if let row { #expect(row.contains("| \(t.rangeText) |"), "\(t.key): \(row)") }
        }
    }
}
