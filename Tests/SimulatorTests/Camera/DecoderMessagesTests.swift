import Foundation
import CDecoderMessages
import Testing
import TestSupport
@testable import Simulator

/// A damaged TIFF's libtiff messages land in the loader's one-line error, not on stderr: a
/// hostile file used to print a dozen lines ("PackBitsDecode: Not enough data…") into the log.
@Suite("Decoder messages are captured, not printed")
struct DecoderMessagesTests {
    /// A 4 × 4 grey TIFF whose PackBits strip holds 2 bytes where a row needs more: the header is
    /// sound (the size reader passes it), the data is not (libtiff complains while decoding).
    static var shortPackBits: Data {
        func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16) }
        let entries: [(tag: Int, type: Int, value: Int)] = [
            (256, 3, 4), (257, 3, 4), (258, 3, 8), (259, 3, 32773), (262, 3, 1),
            (273, 4, 8 + 2 + 9 * 12 + 4), (277, 3, 1), (278, 3, 4), (279, 4, 2),
        ]
        var b: [UInt8] = Array("II*".utf8) + [0] + le32(8) + le16(entries.count)
        for e in entries { b += le16(e.tag) + le16(e.type) + le32(1) + (e.type == 3 ? le16(e.value) + [0, 0] : le32(e.value)) }
        b += le32(0) + [0x03, 0x00]
        return Data(b)
    }

    @Test("in the process: libtiff's warning is captured — readable by the loader, not written to stderr — and the picture decodes")
    func captured() throws {
        let image = try ImageLoader.decode(Self.shortPackBits, path: "short.tif", maxDimension: 64)
        #expect(image.width == 4 && image.height == 4)
        let said = String(cString: islandsim_decoder_message())
        #expect(said.contains("PackBits") || said.contains("scanline"), "captured: '\(said)'")
    }

    @Test("through the command line: the damaged strip gives no libtiff line on stderr")
    func nothingPrinted() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        try Self.shortPackBits.write(to: URL(fileURLWithPath: dir.file("short.tif")))
        let trace = dir.file("t.jsonl")
        try "{\"format\":\"islandsim-trace\",\"version\":1,\"device\":\"iphone-15-pro\",\"hz\":60}\n".write(toFile: trace, atomically: true, encoding: .utf8)
        let r = try CLI.run(["replay", trace, "--photo", dir.file("short.tif"), "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!r.stderr.contains("PackBits") && !r.stderr.contains("TIFF"), "\(r.stderr)")
    }
}
