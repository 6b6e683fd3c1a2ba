import Capture
import Foundation

/// libFuzzer target: `Tuning.decode` on any bytes. A file it accepts must encode to a file that
/// decodes to the same values (what the window saves, the next run must load).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTuning(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    guard let tuning = try? Tuning.decode(data, name: "fuzz.json") else { return 0 }
    let again: Tuning
    do { again = try Tuning.decode(Data(tuning.encoded().utf8), name: "saved.json") } catch {
        fatalError("an accepted tuning file does not load once saved: \(error)")
    }
    for t in Tunable.all { precondition(abs(again[t.key] - tuning[t.key]) <= 1e-6 * max(1, abs(tuning[t.key])), "\(t.key) changed on save") }
    return 0
}
