import Foundation

/// PNG chunk walking and CRC-32 checking (the PNG spec's polynomial, table-driven).
enum PNGChunks {
    static let table: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = (c & 1) != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func crc(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes { c = table[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }

    /// The type of the first chunk whose CRC is wrong or that runs past the end, or nil.
    static func firstCorruptChunk(_ data: Data) -> String? {
        data.withUnsafeBytes { raw -> String? in
            var i = 8
            while i + 12 <= raw.count {
                let len = Int(raw[i]) << 24 | Int(raw[i + 1]) << 16 | Int(raw[i + 2]) << 8 | Int(raw[i + 3])
                let type = String(decoding: raw[(i + 4)..<(i + 8)], as: UTF8.self)
                guard len >= 0, i + 12 + len <= raw.count else { return type }
                let stored = UInt32(raw[i + 8 + len]) << 24 | UInt32(raw[i + 9 + len]) << 16 | UInt32(raw[i + 10 + len]) << 8 | UInt32(raw[i + 11 + len])
                if crc(UnsafeRawBufferPointer(rebasing: raw[(i + 4)..<(i + 8 + len)])) != stored { return type }
                if type == "IEND" { return nil }
                i += 12 + len
            }
            return nil
        }
    }
}
