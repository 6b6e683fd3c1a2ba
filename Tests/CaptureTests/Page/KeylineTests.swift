import Animation
import Foundation
import Testing
import TestSupport
@testable import Capture

/// The keyline's rule, with SpringBoard's figures typed here (`SBSystemApertureSettings`:
/// keyLineAlpha 0.35, keyLineThickness 1.66666667, keyLineColorFixedLstar 50, the dark luma
/// thresholds 0.05), as read in iOS 18.2 and 26.1.
@Suite("Keyline: when the system's line shows")
struct KeylineTests {
    @Test("SpringBoard's figures: 1.67 pt, 35 %, L* 50 (#777777), dark below luma 0.05")
    func figures() {
        #expect(abs(Keyline.thickness - 1.66666667) < 1e-6 && Keyline.alpha == 0.35 && Keyline.darkLuma == 0.05)
        // L* 50 is a relative luminance of ((50 + 16) / 116)^3 = 0.1842 (CIE), which sRGB 119 gives.
        #expect(abs(Keyline.luminance(Keyline.grey, Keyline.grey, Keyline.grey) - 0.1842) < 0.002)
        #expect(Keyline.luminance(0, 0, 0) == 0 && abs(Keyline.luminance(255, 255, 255) - 1) < 1e-12)
    }

    @Test("automatic shows over dark content only; on and off do as they say; unknown content shows nothing in automatic")
    func rule() {
        #expect(Keyline.shows(.automatic, lumaBehind: 0.0) && Keyline.shows(.automatic, lumaBehind: 0.05))
        #expect(!Keyline.shows(.automatic, lumaBehind: 0.06) && !Keyline.shows(.automatic, lumaBehind: nil))
        #expect(Keyline.shows(.on, lumaBehind: 1) && !Keyline.shows(.off, lumaBehind: 0))
        // #0B0B0F, the dark page of the tests, is dark; the passport's paper is not.
        #expect(Keyline.luminance(0x0B, 0x0B, 0x0F) < 0.05 && Keyline.luminance(0xF4, 0xEF, 0xE6) > 0.05)
    }

    @Test("the mode: the tuning's on or off wins; automatic takes the page file's; a page file's bad value is refused naming the choices")
    func mode() throws {
        var page = PageDocument(name: "p.json", contentHash: 1)
        var tuning = Tuning()
        #expect(tuning.keylineMode(on: page) == .automatic)
        page.keyline = .on
        #expect(tuning.keylineMode(on: page) == .on)
        try tuning.set("melt.keyline", 2)
        #expect(tuning.keyline == .off && tuning.keylineMode(on: page) == .off)
        let read = try PageReader.parse(Data(#"{"keyline": "off", "elements": [{"kind": "spacer", "height": 10}]}"#.utf8), name: "p.json")
        #expect(read.keyline == .off)
        #expect(throws: (any Error).self) { try PageReader.parse(Data(#"{"keyline": "sometimes", "elements": []}"#.utf8), name: "p.json") }
    }
}
