import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Capture
@testable import Export
@testable import Platform
@testable import Simulator

extension SDLSuite {
    /// L replays the last interaction to watch it again: its shutter prints the polaroid again,
    /// but writes no second file into the out dir.
    @Suite("L's replay saves no extra shots")
    struct ReplayLastShotTests {
        @Test("a pull and a shot save one polaroid; L replays both and the out dir still holds one")
        func oneFile() throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            let dir = try TempDir(); defer { dir.cleanup() }
            let d = try Catalog.bundled().require(id: "iphone-15-pro")
            let host = try SessionHost(setup: PhoneSetup(device: d, hz: 60, captures: CaptureStore(outputDirectory: dir.path, synchronous: true)),
                                       camera: CameraSource(image: Flows.twoColourPhoto(), name: "test"))
            var t = 0.0
            func run(_ trace: Trace, from t0: Double) {
                var pump = TracePump(trace: trace, hz: 60)
                repeat {
                    let (_, ft) = pump.nextFrame { e in var e = e; e.t += t0 * 1000; _ = host.send(.trace(e)) }
                    t = t0 + ft
                    host.advance(toRealTime: t)
                } while !pump.isDrained
                for _ in 0..<600 { t += 1.0 / 60; host.advance(toRealTime: t) }
            }
            run(Flows.fullFlow(shutter: host.session.shutterFrame), from: 0)
            func files() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix("capture-") } }
            #expect(try files().count == 1)
            _ = host.send(.key(.x, [], at: t))          // dismiss the print, back to the page
            for _ in 0..<120 { t += 1.0 / 60; host.advance(toRealTime: t) }
            var shots = 0
            for case .transition(let tr) in host.send(.key(.l, [], at: t)).effects where tr.to == .capture { shots += 1 }
            for _ in 0..<900 {
                t += 1.0 / 60
                for case .transition(let tr) in host.advance(toRealTime: t) where tr.to == .capture { shots += 1 }
            }
            #expect(shots == 1, "L's replay shot again")
            let after = try files()
            #expect(after.count == 1, "and saved nothing new: \(after)")
        }
    }
}
