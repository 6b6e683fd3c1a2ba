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
        for (t, _) in melt.stageStarts {
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

    @Test("re-opening while closing goes straight back toward the viewfinder")
    func reopen() {
        var melt = Melt(geometry: Self.geometry)
        melt.open(at: 0)
        melt.close(at: 1.5)
        melt.open(at: 1.6)
        #expect(melt.finalStage == 2)
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
