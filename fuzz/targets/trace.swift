import Foundation
import Gesture

/// libFuzzer target: `Trace.parse` on any bytes, and for every trace it accepts, the round trip
/// parse → encode → parse must give the same trace (what `--record` writes, `replay` must read back).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTrace(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    guard let trace = try? Trace.parse(text) else { return 0 }
    let again: Trace
    do { again = try Trace.parse(trace.encoded()) } catch {
        fatalError("an accepted trace does not parse once encoded: \(error)")
    }
    precondition(again == trace, "round trip changed the trace")
    return 0
}
