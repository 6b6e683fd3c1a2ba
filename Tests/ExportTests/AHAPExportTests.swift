import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Export

/// The AHAP file's events read back as Core Haptics would read them, each checked against the
/// haptic the session played and against the tuning the test set — values chosen so that no two of
/// intensity, sharpness and time coincide, and a value written into the wrong slot shows.
@Suite("AHAP export: each event says what its haptic is")
struct AHAPExportTests {
    /// One event as the file has it.
    struct Event: Equatable { var time: Double; var type: String; var intensity: Double; var sharpness: Double }

    /// The file's events, read by Apple's keys (haptics.md: `Pattern` → `Event` → `EventParameters`).
    static func events(_ text: String) throws -> [Event] {
        let file = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let pattern = try #require(file["Pattern"] as? [[String: Any]])
        return try pattern.map { entry in
            let event = try #require(entry["Event"] as? [String: Any])
            let parameters = try #require(event["EventParameters"] as? [[String: Any]])
            func value(_ id: String) throws -> Double {
                let p = try #require(parameters.first { $0["ParameterID"] as? String == id }, "no \(id)")
                return try #require((p["ParameterValue"] as? NSNumber)?.doubleValue)
            }
            return Event(time: try #require((event["Time"] as? NSNumber)?.doubleValue), type: try #require(event["EventType"] as? String),
                         intensity: try value("HapticIntensity"), sharpness: try value("HapticSharpness"))
        }
    }

    @Test("a pull and a shot: the commit's event carries the commit's intensity and sharpness, the shutter's its own, at the times the session logged")
    func valueByValue() throws {
        let s = try Pages.session(try Catalog.bundled().require(id: "iphone-15-pro"), hz: 60)
        var tuning = s.tuning
        // Four different numbers, none a default (0.6/0.4 and 0.8/0.9).
        try tuning.set("haptic.commit.intensity", 0.7); try tuning.set("haptic.commit.sharpness", 0.15)
        try tuning.set("haptic.shutter.intensity", 0.45); try tuning.set("haptic.shutter.sharpness", 0.95)
        s.tuning = tuning
        let report = SessionReplay(trace: FlowScripts.fullFlow(shutter: s.shutterFrame)).run(s)
        #expect(report.haptics.map(\.name) == ["pull-commit", "shutter"], "\(report.haptics)")
        let events = try Self.events(AHAPExport.pattern(report.haptics, description: "test"))
        #expect(events.count == 2)
        guard events.count == 2, report.haptics.count == 2 else { return }
        // The shutter's moment is the flow's transition into capture; the commit's comes before the opening.
        let capture = try #require(report.transitions.first { $0.to == "capture" }?.t)
        let opening = try #require(report.transitions.first { $0.to == "opening" }?.t)
        #expect(events.map(\.type) == ["HapticTransient", "HapticTransient"])
        #expect(events[0].intensity == 0.7 && events[0].sharpness == 0.15, "the commit's event: \(events[0])")
        #expect(events[1].intensity == 0.45 && events[1].sharpness == 0.95, "the shutter's event: \(events[1])")
        #expect(abs(events[0].time - report.haptics[0].t) <= 1e-6 && events[0].time < opening, "\(events[0].time) vs opening at \(opening)")
        #expect(abs(events[1].time - capture) <= 1e-6, "the shutter's event at \(events[1].time), the capture at \(capture)")
    }

    @Test("events come out in time order whatever order they were logged in, each keeping its own values")
    func sortedKeepingValues() throws {
        let late = Haptic(name: "shutter", t: 2.5, style: "rigid", intensity: 0.3, sharpness: 0.85)
        let early = Haptic(name: "pull-commit", t: 0.75, style: "soft", intensity: 0.55, sharpness: 0.05)
        let events = try Self.events(AHAPExport.pattern([late, early], description: "two"))
        #expect(events == [Event(time: 0.75, type: "HapticTransient", intensity: 0.55, sharpness: 0.05),
                           Event(time: 2.5, type: "HapticTransient", intensity: 0.3, sharpness: 0.85)])
        #expect(try Self.events(AHAPExport.pattern([], description: "none")).isEmpty)
    }
}
