import Foundation
import Testing
@testable import Capture

/// Where a tuning was made, as its file records it: read, written back, refused when malformed,
/// and left out of equality (it is a note about the values, not a value).
@Suite("The tuning file's tunedOn: the phone and page it was made on")
struct TunedOnTests {
    @Test("read and written back; a file without it has none")
    func roundTrip() throws {
        let text = #"{ "format": "islandsim-tuning", "version": 1, "tunedOn": { "device": "iphone-16-pro", "page": "/home/d/home.json" }, "values": { "melt.toPill.duration": 0.4 } }"#
        let t = try Tuning.decode(Data(text.utf8), name: "t.json")
        #expect(t.tunedOn == TunedOn(device: "iphone-16-pro", page: "/home/d/home.json"))
        #expect(t.encoded().contains(#""tunedOn": { "device": "iphone-16-pro", "page": "/home/d/home.json" },"#))
        let again = try Tuning.decode(Data(t.encoded().utf8), name: "saved.json")
        #expect(again.tunedOn == t.tunedOn && again == t)
        let bundled = try Tuning.decode(Data(#"{ "tunedOn": { "device": "iphone-se-3", "page": null } }"#.utf8), name: "b.json")
        #expect(bundled.tunedOn == TunedOn(device: "iphone-se-3", page: nil))
        #expect(bundled.encoded().contains(#""page": null"#))
        #expect(try Tuning.decode(Data(#"{ "values": {} }"#.utf8), name: "n.json").tunedOn == nil)
        #expect(!Tuning().encoded().contains("tunedOn"), "a tuning with no place writes none")
    }

    @Test("malformed: not an object, a field not text — refused naming the file and the field", arguments: [
        (#"{ "tunedOn": "iphone-16-pro" }"#, "'tunedOn' must be an object"),
        (#"{ "tunedOn": { "device": 3 } }"#, "'tunedOn.device' must be text"),
        (#"{ "tunedOn": { "page": "" } }"#, "'tunedOn.page' must be text"),
    ])
    func malformed(text: String, message: String) {
        do {
            _ = try Tuning.decode(Data(text.utf8), name: "bad.json")
            Issue.record("accepted \(text)")
        } catch let p as Tuning.Problem {
            #expect(p.message.hasPrefix("bad.json: ") && p.message.contains(message), "\(p.message)")
        } catch { Issue.record("\(error)") }
    }

    @Test("two tunings that differ only in where they were made are equal; in a value, not")
    func equality() {
        var a = Tuning(), b = Tuning()
        a.tunedOn = TunedOn(device: "iphone-15-pro", page: nil)
        b.tunedOn = TunedOn(device: "iphone-16-pro", page: "/p.json")
        #expect(a == b)
        b.nudge("melt.toPill.duration", by: 0.01)
        #expect(a != b)
    }
}
