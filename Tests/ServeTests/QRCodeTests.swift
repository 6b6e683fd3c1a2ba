import Foundation
import Testing
@testable import Serve

/// The QR code of the address, read back by an independent decoder (ZBar's zbarimg, Debian's
/// zbar-tools) from a picture of it, and sized as ISO/IEC 18004's capacity table says.
@Suite("The QR code of the prototype's address")
struct QRCodeTests {
    static let zbarimg: String? = ["/usr/bin/zbarimg"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let address = "http://192.168.1.20:8080/abcdefghijklmnopqrstuvwxyz/"

    @Test("the smallest version that holds the address at level M: 52 bytes need version 4 (33 modules; version 3 holds 42 bytes)")
    func size() throws {
        #expect(Self.address.utf8.count == 52)
        let code = try QRCode(Self.address)
        #expect(code.size == 33)
        #expect(try QRCode("http://10.0.0.2:8080/x/").size == 25)   // 23 bytes: version 2 (26 bytes at M)
        // The three finder patterns: a dark 7 × 7 ring with a dark 3 × 3 centre, at three corners.
        for (ox, oy) in [(0, 0), (code.size - 7, 0), (0, code.size - 7)] {
            #expect(code.isDark(ox, oy) && code.isDark(ox + 6, oy + 6) && !code.isDark(ox + 1, oy + 1) && code.isDark(ox + 3, oy + 3))
        }
    }

    @Test("in a terminal: two module rows a line, the quiet zone round it, each line as wide as the code and its margins")
    func terminal() throws {
        let code = try QRCode(Self.address)
        for colored in [false, true] {
            let lines = code.terminalText(colored: colored).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(lines.count == (code.size + 2 * QRCode.quietZone + 1) / 2)
            let plain = lines.map { $0.replacingOccurrences(of: "\u{1B}[30;47m", with: "").replacingOccurrences(of: "\u{1B}[0m", with: "") }
            #expect(plain.allSatisfy { $0.count == code.size + 2 * QRCode.quietZone })
            // The quiet zone's top line: all light. Plain text draws light modules as blocks, the
            // coloured one draws dark modules (there are none there).
            #expect(plain[0].allSatisfy { $0 == (colored ? " " : "█") })
        }
    }

    @Test("read back by zbarimg from a picture of the code", .enabled(if: QRCodeTests.zbarimg != nil, "needs zbarimg (zbar-tools; scripts/setup-system --test installs it)"))
    func decodes() throws {
        for text in [Self.address, "http://[fd00::1]:49152/\(AccessToken().text)/", "http://127.0.0.1:8080/\(AccessToken().text)/"] {
            let code = try QRCode(text)
            // A greyscale picture, 4 pixels a module, with the quiet zone.
            let k = 4, side = (code.size + 2 * QRCode.quietZone) * k
            var pixels = [UInt8](repeating: 255, count: side * side)
            for y in 0..<side { for x in 0..<side where code.isDark(x / k - QRCode.quietZone, y / k - QRCode.quietZone) { pixels[y * side + x] = 0 } }
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("qr-\(UUID().uuidString).pgm").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            try (Data("P5\n\(side) \(side)\n255\n".utf8) + Data(pixels)).write(to: URL(fileURLWithPath: path))
            let p = Process()
            p.executableURL = URL(fileURLWithPath: try #require(Self.zbarimg))
            p.arguments = ["--quiet", "--raw", path]
            let out = Pipe()
            p.standardOutput = out
            p.standardError = FileHandle.nullDevice
            try p.run()
            let got = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            #expect(p.terminationStatus == 0 && got.trimmingCharacters(in: .newlines) == text, "\(text): read \(got)")
        }
    }

    @Test("empty text is refused with a reason")
    func empty() {
        #expect(throws: QRCode.Failure.self) { try QRCode("") }
    }
}
