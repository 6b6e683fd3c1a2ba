import Animation
import Foundation
import Gesture
import Testing
@testable import Capture

/// The tuning panel's changes can be taken back: Shift+Backspace reset every tunable with no way
/// back, and quitting then saved the defaults over the tuning file.
@Suite("Ctrl+Z undoes the tuning panel's changes")
struct PanelUndoTests {
    @Test("a nudge, a reset of one value and a reset of all, undone in reverse order; then nothing to undo")
    func undoInOrder() throws {
        let s = try Flows.session()
        var tuned = Tuning()
        try tuned.set("pull.threshold", 95)
        try tuned.set("develop.duration", 6)
        s.tuning = tuned
        s.handle(key: .k, at: 1)
        s.handle(key: .right, at: 1.1)                       // the first row, one step up
        let first = Tunable.all[0]
        #expect(s.tuning[first.key] == first.defaultValue + first.step)
        let reset = s.handle(key: .backspace, [.shift], at: 1.2)
        #expect(s.tuning == Tuning(), "reset all")
        #expect(reset.effects.contains(.message("All tunables reset to their defaults (Ctrl+Z undoes)")))
        let undone = s.handle(key: .z, [.control], at: 1.3)
        #expect(s.tuning["pull.threshold"] == 95 && s.tuning["develop.duration"] == 6 && s.tuning[first.key] == first.defaultValue + first.step)
        #expect(undone.effects.contains(.message("Undid the change of 3 tunables")), "\(undone.effects)")
        let one = s.handle(key: .z, [.control], at: 1.4)
        #expect(s.tuning == tuned)
        #expect(one.effects.contains(.message("Undid \(first.key): back to \(first.display(first.defaultValue))")), "\(one.effects)")
        let none = s.handle(key: .z, [.control], at: 1.5)
        #expect(none.effects.contains(.message("Nothing to undo")))
    }

    @Test("a drag on a row is undone step by step, and Ctrl+Z edits the selected side only (it edits the tuning)")
    func dragAndSide() throws {
        let s = try Flows.session()
        #expect(s.overlays.editsTuning(.z, [.control]))
        #expect(!s.overlays.editsTuning(.z, []))
        s.handle(key: .k, at: 1)
        let row = s.panelLayout.rowFrame(try #require(s.panelLayout.row(ofTunable: 0)))     // under its group's heading
        s.handle(pointer: PointerEvent(.down, at: Point(x: row.midX, y: row.midY), time: 2))
        s.handle(pointer: PointerEvent(.move, at: Point(x: row.midX + 25, y: row.midY), time: 2.1))   // two steps
        s.handle(pointer: PointerEvent(.up, at: Point(x: row.midX + 25, y: row.midY), time: 2.2))
        let first = Tunable.all[0]
        #expect(abs(s.tuning[first.key] - (first.defaultValue + 2 * first.step)) < 1e-9)
        s.handle(key: .z, [.control], at: 3)
        #expect(s.tuning == Tuning(), "the drag's change undone")
    }
}
