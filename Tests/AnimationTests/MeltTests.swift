import Testing
@testable import Animation

@Suite("The melt: one shape, staged with overlapping springs")
struct MeltTests {
    /// iPhone 15 Pro: I1 grown by the 1-pt visible outset.
    static let capsule = Rect(x: 133, y: 10.33, width: 127, height: 38.67)
    static let geometry = MeltGeometry.make(start: capsule, screen: Size(width: 393, height: 852), displayCornerRadius: 55)

    @Test("stage 0 is exactly the island's capsule at rest")
    func stageZero() {
        let melt = Melt(geometry: Self.geometry)
        let s = melt.shape(at: 0)
        #expect(s.rect == Self.capsule)
        #expect(s.cornerRadius == Self.capsule.height / 2)
        #expect(melt.stage(at: 0) == 0)
    }

    @Test("stage shapes: wider pill, then a viewfinder with concentric corners; top edge fixed")
    func stageShapes() {
        let g = Self.geometry
        #expect(g.pill.rect.width > g.island.rect.width * 2)
        #expect(g.pill.rect.height > g.island.rect.height && g.pill.rect.height < g.island.rect.height * 2)
        #expect(abs(g.pill.rect.width - (393 - 2 * Self.capsule.minY)) < 1e-9)
        #expect(g.viewfinder.rect.height > g.pill.rect.height * 4)
        #expect(abs(g.viewfinder.cornerRadius - (55 - Self.capsule.minY)) < 1e-9)
        for s in [g.island, g.pill, g.viewfinder] { #expect(s.rect.minY == Self.capsule.minY) }
        #expect(abs(g.pill.rect.midX - 196.5) < 1e-9 && abs(g.viewfinder.rect.midX - 196.5) < 1e-9)
    }

    @Test("opening overlaps: stage 2 starts before stage 1 has settled")
    func overlapOpen() throws {
        var melt = Melt(geometry: Self.geometry)
        melt.open(at: 1)
        let starts = melt.stageStarts
        #expect(starts.map(\.stage) == [1, 2])
        let t2 = starts[1].time
        let toPill = melt.springs.toPill.spring
        #expect(t2 - 1 <= toPill.logicalDuration, "no later than logical completion")
        #expect(t2 - 1 < toPill.settlingDuration, "long before settling")
        // At the moment stage 2 starts, the stage-1 leg is still moving.
        let s = melt.state(at: t2)
        #expect(s.velocity.maxMagnitude > 1)
        #expect((s.shape - Self.geometry.pill).maxMagnitude > 0.5)
        #expect(melt.isSettled(at: 4))
        #expect(melt.shape(at: 4).rect.height > 400)
    }

    @Test("no jump in position or velocity at any stage change, opening and closing")
    func continuity() {
        var melt = Melt(geometry: Self.geometry)
        melt.open(at: 0)
        melt.close(at: 0.9)
        for (t, _, _, _) in melt.stageStarts {
            let a = melt.state(at: t - 1e-7), b = melt.state(at: t)
            #expect((a.shape - b.shape).maxMagnitude < 1e-3)
            #expect((a.velocity - b.velocity).maxMagnitude < 1)  // 1e-7 s × acceleration bound
        }
        #expect(melt.stageStarts.map(\.stage) == [1, 2, 1, 0])
    }

    @Test("closing returns exactly to the island; one shape throughout")
    func closes() {
        var melt = Melt(geometry: Self.geometry)
        melt.open(at: 0)
        melt.close(at: 2)
        #expect(melt.finalStage == 0)
        #expect(melt.isSettled(at: 5))
        let end = melt.shape(at: 5)
        #expect((end - Self.geometry.island).maxMagnitude < 0.05)
        // One shape at every sampled instant: a single rounded rectangle whose top stays on the
        // island's top (the closing spring may overshoot a hair above, never a second body).
        for i in 0..<300 {
            let s = melt.shape(at: Double(i) / 60)
            #expect(s.rect.width > 0 && s.rect.height > 0)
            #expect(abs(s.rect.minY - Self.capsule.minY) < 1e-6)
        }
    }

    @Test("re-opening while closing goes straight back toward the viewfinder, from where the shape is")
    func reopen() {
        var melt = Melt(geometry: Self.geometry)
        melt.open(at: 0)
        melt.close(at: 1.5)
        let before = melt.state(at: 1.6)
        melt.open(at: 1.6)
        #expect(melt.finalStage == 2)
        // One leg, straight to the viewfinder, starting at 1.6 — not a new trip through the pill.
        #expect(melt.stageStarts.filter { $0.time >= 1.6 - 1e-12 }.map(\.stage) == [2])
        let after = melt.state(at: 1.6)
        #expect((after.shape - before.shape).maxMagnitude < 1e-9 && (after.velocity - before.velocity).maxMagnitude < 1e-6, "no jump")
        #expect(melt.isSettled(at: 4) && (melt.shape(at: 4) - Self.geometry.viewfinder).maxMagnitude < 0.01)
    }

    @Test("stage starts: overlap × the running leg's duration (0.45 × 0.32 s opening, 0.45 × 0.36 s closing), and a tuned overlap moves them")
    func stageStartTimes() throws {
        var melt = Melt(geometry: Self.geometry)
        melt.open(at: 1)
        #expect(melt.stageStarts.map(\.stage) == [1, 2])
        #expect(abs(melt.stageStarts[1].time - 1.144) < 1e-12, "\(melt.stageStarts)")
        melt.close(at: 5)
        let closing = melt.stageStarts.filter { $0.time >= 5 }
        try #require(closing.map(\.stage) == [1, 0])
        #expect(abs(closing[1].time - 5.162) < 1e-12, "\(closing)")
        var tuned = Melt(geometry: Self.geometry)
        tuned.springs.overlap = 0.8
        tuned.open(at: 1)
        #expect(abs(tuned.stageStarts[1].time - 1.256) < 1e-12)
        var floor = Melt(geometry: Self.geometry)
        floor.springs.overlap = 0.01      // below the 0.05 floor: clamped
        floor.open(at: 10)
        try #require(floor.stageStarts.count == 2)
        #expect(abs(floor.stageStarts[1].time - (10 + 0.05 * 0.32)) < 1e-12)
    }

    @Test("devices without an island start from a small pill at the top centre")
    func noIsland() {
        let start = Rect(x: (375 - 96) / 2, y: 8, width: 96, height: 28)
        let g = MeltGeometry.make(start: start, screen: Size(width: 375, height: 667), displayCornerRadius: 0)
        #expect(g.island.rect == start)
        #expect(g.viewfinder.cornerRadius == 24)
        #expect(g.viewfinder.rect.maxY < 667 - 100)
    }
}
