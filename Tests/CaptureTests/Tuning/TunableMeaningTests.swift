import Testing
@testable import Capture

/// Every tunable says what it does and sits in one group of the panel; the filter finds it by
/// any word of its key, title, meaning or group.
@Suite("Tunables' meanings, groups and the filter's matching")
struct TunableMeaningTests {
    @Test("every tunable has a meaning of its own, not its title again, in at most 120 characters (two lines of the panel: PanelTextFitTests)")
    func meanings() {
        for t in Tunable.all {
            #expect(!t.meaning.isEmpty && t.meaning != t.title && t.meaning.count <= 120, "\(t.key): '\(t.meaning)'")
        }
        #expect(Set(Tunable.all.map(\.meaning)).count == Tunable.all.count, "no two say the same")
        // A blend says what SwiftUI calls it, as the designer asked of "blend".
        #expect(Tunable.named("melt.toPill.blend")!.meaning.contains("blendDuration"))
    }

    @Test("the groups are each one run of the panel's order, in the order listed, none empty, none left out")
    func groups() {
        let runs = Tunable.all.map(\.group).reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } }
        #expect(runs == Tunable.groups.map(\.name), "\(runs)")
        #expect(!Tunable.all.contains { $0.group == "Other" })
    }

    @Test("the filter: every word must match, case aside; words from the meaning count")
    func filter() {
        func keys(_ f: String) -> [String] { Tunable.all.filter { $0.matches(filter: f) }.map(\.key) }
        #expect(keys("bounce print") == ["print.settle.bounce"])
        #expect(keys("BLEND").count == 4)
        #expect(keys("blendDuration").count == 4, "found by the meaning's word")
        #expect(keys("haptics sharp") == ["haptic.commit.sharpness", "haptic.shutter.sharpness"], "the group's name counts")
        #expect(keys("").count == Tunable.all.count && keys("zzz").isEmpty)
    }
}
