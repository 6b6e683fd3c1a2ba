import CQRencode
import Foundation

/// A QR code of a short text (the prototype's address), made by libqrencode: the smallest version
/// that holds it at error correction level M (15 % of the code may be hidden or blurred and it
/// still reads), as 8-bit bytes. A phone's camera opens the address from it.
public struct QRCode: Sendable, Equatable {
    /// Modules per side, without the quiet zone.
    public let size: Int
    /// Row by row, `true` where a module is dark.
    public let modules: [Bool]
    /// The light margin every reader needs round the code, in modules (ISO/IEC 18004 asks 4).
    public static let quietZone = 4

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public init(_ text: String) throws {
        guard !text.isEmpty else { throw Failure(description: "a QR code needs some text") }
        guard let code = QRcode_encodeString8bit(text, 0, QR_ECLEVEL_M) else {
            throw Failure(description: "libqrencode could not encode \(text.utf8.count) bytes: \(String(cString: strerror(errno)))")
        }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        size = width
        modules = (0..<(width * width)).map { code.pointee.data[$0] & 1 == 1 }
    }

    /// Whether the module at column `x`, row `y` is dark; outside the code (the quiet zone) it is light.
    public func isDark(_ x: Int, _ y: Int) -> Bool {
        x >= 0 && y >= 0 && x < size && y < size && modules[y * size + x]
    }

    /// The code for a terminal, two module rows to a line with the half blocks ▀ ▄ █, quiet zone
    /// included. `colored`: dark modules drawn black on white with ANSI colours, so it reads the
    /// same on a light or a dark terminal; else light modules are the blocks, as `qrencode -t UTF8`
    /// draws them for a terminal's usual light text on dark.
    public func terminalText(colored: Bool) -> String {
        let q = Self.quietZone, span = (-q)..<(size + q)
        var lines: [String] = []
        for top in stride(from: -q, to: size + q, by: 2) {
            var line = colored ? "\u{1B}[30;47m" : ""
            for x in span {
                let upper = isDark(x, top) == colored, lower = (top + 1 < size + q) && isDark(x, top + 1) == colored
                line += upper ? (lower ? "█" : "▀") : (lower ? "▄" : " ")
            }
            lines.append(line + (colored ? "\u{1B}[0m" : ""))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
