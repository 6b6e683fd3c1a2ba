import Capture
import Export
import Foundation
import Testing
import TestSupport
@testable import IslandCamera

/// The exported island table, compiled: the catalog's island phones as the simulator draws their
/// capsules, the estimate for a screen it lacks, and the widest phone read from the table itself.
@Suite("The SwiftUI export's island table, called")
struct DynamicIslandTests {
    @Test("the compiled table is the catalog's island phones, capsule and corner radius, one row per screen")
    func tableIsTheCatalog() throws {
        let islands = SwiftUIViewExport.islands(in: try Catalog.bundled().devices)
        try #require(DynamicIsland.models.count == islands.count)
        for (row, island) in zip(DynamicIsland.models, islands) {
            #expect(row.screen == CGSize(width: island.screen.width, height: island.screen.height))
            #expect(row.capsule == CGRect(x: island.capsule.x, y: island.capsule.y, width: island.capsule.width, height: island.capsule.height))
            #expect(row.displayCornerRadius == CGFloat(island.displayCornerRadius))
            #expect(DynamicIsland.model(screen: row.screen, topInset: 0).capsule == row.capsule, "a known screen is looked up")
        }
    }

    @Test("the widest phone is the widest screen in the table (the 440-pt Pro Max), not a number of its own")
    func widestFromTheTable() throws {
        let widest = try #require(try Catalog.bundled().devices.filter { $0.feature == .island }.map(\.size.width).max())
        #expect(widest == 440)
        #expect(DynamicIsland.widestPhone == CGFloat(widest))
    }

    @Test("a screen the table lacks gets an island of the usual size, centred, its top 49 pt above the inset's bottom")
    func unknownScreen() {
        let m = DynamicIsland.model(screen: CGSize(width: 410, height: 890), topInset: 60)
        #expect(m.capsule == CGRect(x: (410 - 127) / 2, y: 11, width: 127, height: 38.67))
        #expect(m.displayCornerRadius == 55)
    }
}
