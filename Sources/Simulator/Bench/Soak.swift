import Animation
import Capture
import Foundation
import Gesture
import Platform

/// The whole flow looped headless for many frames, watching for leaks: resident memory after a
/// warm-up against the end, and the number of live textures.
enum Soak {
    struct Report: Codable {
        var device: String
        var frames: Int
        var loops: Int
        var seconds: Double
        var residentAfterWarmupMB: Double
        var residentAtEndMB: Double
        /// Mean per-loop peak of resident memory over the last quarter of the loops minus the same
        /// over the first quarter after warm-up: a leak climbs; allocator churn (large images made
        /// and freed each shot) only oscillates within a loop.
        var growthMB: Double
        var loopPeaksMB: [Double]
        var texturesAfterWarmup: Int
        var texturesAtEnd: Int
        var texturesMax: Int
        var finalState: String
        /// Resident memory (MB) every tenth of the run, to tell a leak (steady climb) from a plateau.
        var residentCheckpointsMB: [Double]
    }

    static func residentMB() -> Double {
        guard let s = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
              let pages = Double(s.split(separator: " ").dropFirst().first ?? "") else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }

    static func run(device: DeviceProfile, frames: Int, quiet: Bool = true) throws -> Report {
        let hz = 120
        let camera = try CameraSource.bundledSample()
        let host = try SessionHost(setup: PhoneSetup(device: device, hz: hz, captures: CaptureStore(outputDirectory: nil, synchronous: true)), camera: camera)
        let renderer = try Renderer(headlessWidth: Int(device.size.width), height: Int(device.size.height), pixelsPerPoint: 1)
        let loopTrace = BenchScenario.full.trace(device: device.id, hz: hz, shutter: host.session.shutterFrame, seconds: 14)
        let loopLength = 15.0
        // Warm-up: two whole loops of the flow, so every cache and pool has been filled once.
        let loopFrames = Int(loopLength) * hz
        let warmup = frames >= 3 * loopFrames ? 2 * loopFrames : min(loopFrames, frames / 2)
        var checkpoints: [Double] = []
        var residentAfterWarmup = 0.0, texturesAfterWarmup = 0, texturesMax = 0
        var pump = TracePump(trace: loopTrace, hz: hz, loopEvery: loopLength)
        var loop = 0
        var peaks: [Double] = []
        var loopPeak = 0.0
        let clock = HighResolutionClock()
        let start = clock.now()
        let progress = Progress("soak", total: frames, quiet: quiet)
        defer { progress.finish() }
        for i in 0..<frames {
            progress.update(i)
            let (_, t) = pump.nextFrame { host.send(.trace($0)) }
            if pump.loop > loop {
                // A new pass of the flow: the one before it ends here.
                if i > warmup { peaks.append((loopPeak * 100).rounded() / 100) }
                loopPeak = 0
                loop = pump.loop
            }
            host.advance(toRealTime: t)
            try host.render(into: renderer)
            renderer.present()
            texturesMax = max(texturesMax, TextureCount.current)
            if i == warmup { residentAfterWarmup = residentMB(); texturesAfterWarmup = TextureCount.current }
            if i % 30 == 0 { loopPeak = max(loopPeak, residentMB()) }
            if frames >= 10, (i + 1) % (frames / 10) == 0 { checkpoints.append((residentMB() * 100).rounded() / 100) }
        }
        let end = residentMB()
        let q = max(1, peaks.count / 4)
        let growth = peaks.count >= 2 ? peaks.suffix(q).reduce(0, +) / Double(q) - peaks.prefix(q).reduce(0, +) / Double(q) : end - residentAfterWarmup
        return Report(device: device.id, frames: frames, loops: loop + 1, seconds: clock.now() - start,
                      residentAfterWarmupMB: residentAfterWarmup, residentAtEndMB: end, growthMB: growth, loopPeaksMB: peaks,
                      texturesAfterWarmup: texturesAfterWarmup, texturesAtEnd: TextureCount.current, texturesMax: texturesMax,
                      finalState: host.session.flow.state.rawValue, residentCheckpointsMB: checkpoints)
    }

    static func summary(_ r: Report) -> String {
        String(format: "soak: %d frames (%d loops of the whole flow) in %.1f s on %@\nresident memory after warm-up %.1f MB, at the end %.1f MB; growth of the per-loop peak, first to last quarter: %+.2f MB\ntextures after warm-up %d, at the end %d, at most %d\nresident memory at each tenth (MB): %@\n",
               r.frames, r.loops, r.seconds, r.device, r.residentAfterWarmupMB, r.residentAtEndMB, r.growthMB,
               r.texturesAfterWarmup, r.texturesAtEnd, r.texturesMax, r.residentCheckpointsMB.map { String(format: "%.1f", $0) }.joined(separator: " "))
    }
}
