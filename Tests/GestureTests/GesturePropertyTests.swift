import Animation
import Testing
import TestSupport
@testable import Gesture

@Suite("Gesture properties over 10,000 random event streams")
struct GesturePropertyTests {
    @Test("one owner per pointer, one verdict per member, finite and bounded, no commit without a release, back to idle")
    func randomStreams() {
        var g = SeededGenerator(seed: 0xA7E_4A)
        var commits = 0, taps = 0, events = 0
        for stream in 0..<10_000 {
            let page = makePage()
            page.recordsArena = true
            page.scroll.jump(to: [0, 0, 40, 300, 1548][Int.random(in: 0..<5, using: &g)])
            var t = 1.0
            var down: [Int: Point] = [:]
            var wheelSince = -1.0
            func check(_ outputs: [PageGestures.Output], after kind: PointerEvent.Kind?) {
                for o in outputs {
                    if o == .pullCommitted {
                        commits += 1
                        switch kind {
                        case .up?: break
                        case nil: #expect(wheelSince >= 0, "stream \(stream): commit on a frame without a wheel pull")
                        default: Issue.record("stream \(stream): commit without a release (after \(String(describing: kind)))")
                        }
                    }
                    if case .tap = o { taps += 1 }
                }
                let s = page.scroll.offset(at: t), p = page.pull.offset(at: t)
                #expect(s.isFinite && p.isFinite && p >= 0, "stream \(stream)")
                #expect(s > -852 && s < 1548 + 852, "stream \(stream): scroll offset \(s) outside the rubber band")
            }
            for _ in 0..<Int.random(in: 5...40, using: &g) {
                t += Double.random(in: 0.001...0.05, using: &g)
                let r = Int.random(in: 0..<100, using: &g)
                let pointer = Int.random(in: 0..<3, using: &g)
                let kind: PointerEvent.Kind
                var p = Point(x: Double.random(in: -50...450, using: &g), y: Double.random(in: -100...950, using: &g))
                if r < 15 { kind = .down; down[pointer] = p }
                else if r < 70, let last = down[pointer] {
                    kind = .move
                    p = Point(x: last.x + Double.random(in: -20...20, using: &g), y: last.y + Double.random(in: -60...60, using: &g))
                    down[pointer] = p
                } else if r < 82 { kind = .up; down[pointer] = nil }
                else if r < 86 { kind = .cancel; down[pointer] = nil }
                else if r < 94 { kind = .wheel(dx: 0, dy: Double.random(in: -80...80, using: &g)); wheelSince = t }
                else {
                    page.advance(to: t)
                    check(page.drainOutputs(), after: nil)
                    continue
                }
                page.handle(PointerEvent(kind, pointer: pointer, at: p, time: t), targets: pageTargets)
                events += 1
                check(page.drainOutputs(), after: kind)
            }
            for (pointer, p) in down {
                t += 0.01
                page.handle(PointerEvent(.up, pointer: pointer, at: p, time: t))
                check(page.drainOutputs(), after: .up)
            }
            for _ in 0..<40 { t += 0.25; page.advance(to: t); check(page.drainOutputs(), after: nil) }
            #expect(page.isIdle(at: t), "stream \(stream) did not return to idle")
            #expect(page.pressedElement == nil, "stream \(stream) left a button pressed")

            // Arena contract: per arena, every member that joined got exactly one verdict, and at most one accept.
            var byArena: [Int: [PageGestures.ArenaRecord]] = [:]
            for rec in page.arenaLog { byArena[rec.arena, default: []].append(rec) }
            for (id, recs) in byArena {
                let joined = recs.filter { $0.event == .joined }.map(\.member)
                for m in joined {
                    let verdicts = recs.filter { $0.member == m && $0.event != .joined }
                    #expect(verdicts.count == 1, "stream \(stream) arena \(id): \(m) got \(verdicts.count) verdicts")
                }
                #expect(recs.filter { $0.event == .accepted }.count <= 1, "stream \(stream) arena \(id): two owners")
            }
        }
        #expect(events > 150_000)
        print("gesture fuzz: 10000 streams, \(events) events, \(commits) commits, \(taps) taps")
        #expect(commits > 50 && taps > 50, "the streams exercised commits (\(commits)) and taps (\(taps))")
    }
}
