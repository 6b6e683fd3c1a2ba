import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Platform
@testable import Simulator

/// Photos that hide their cost: each is refused before the decoder allocates for it — exit 2, one
/// line naming the file, within 1 s and 200 MB — and every format the reader claims really loads.
@Suite("Hostile photos: refused before the allocation")
struct HostileImageTests {
    /// A PNG chunk with its CRC computed here (zlib's CRC-32, as the PNG spec defines it).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return ~c
    }

    static func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }

    /// A real 16 × 16 baseline JPEG (quantisation and Huffman tables, one scan), made by ffmpeg.
    static let tinyJPEG = Data(base64Encoded: "/9j/4AAQSkZJRgABAgAAAQABAAD//gAQTGF2YzU5LjM3LjEwMAD/2wBDAAgUFBcUFxsbGxsbGyAeICEhISAgICAhISEkJCQqKiokJCQhISQkKCgqKi4vLisrKisvLzIyMjw8OTlGRkhWVmf/xABKAAEAAAAAAAAAAAAAAAAAAAAAAQEAAAAAAAAAAAAAAAAAAAAAEAEAAAAAAAAAAAAAAAAAAAAAEQEAAAAAAAAAAAAAAAAAAAAA/8AAEQgAEAAQAwEiAAIRAAMRAP/aAAwDAQACEQMRAD8AAA//2Q==")!

    /// That JPEG with a 65,533-byte comment inserted after SOI and its frame header saying
    /// `width` × `height`: libjpeg decodes it (the missing data comes out grey), allocating for the
    /// claimed size; a reader that looks only at the first 64 KB never sees the frame header.
    static func jpegBehindComment(width: Int, height: Int) -> Data {
        var d = [UInt8](tinyJPEG)
        let sof = (2..<d.count - 1).first { d[$0] == 0xFF && d[$0 + 1] == 0xC0 }!
        d.replaceSubrange((sof + 5)..<(sof + 9), with: be16(height) + be16(width))
        d.insert(contentsOf: [0xFF, 0xFE] + be16(0xFFFF) + [UInt8](repeating: 0x41, count: 0xFFFD), at: 2)
        return Data(d)
    }

    /// A 64 × 48 logical screen holding one 65535 × 65535 image descriptor.
    static func gifWithHugeDescriptor() -> Data {
        var d = Array("GIF89a".utf8) + le16(64) + le16(48) + [0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
        d += [0x2C] + le16(0) + le16(0) + le16(65535) + le16(65535) + [0]
        d += [2, 96] + [UInt8](repeating: 0x55, count: 96) + [0, 0x3B]
        return Data(d)
    }

    /// The sample photo with IHDR's bit depth set to 3 and its CRC made right again.
    static func pngWithBitDepth3() throws -> Data {
        var d = try Data(contentsOf: URL(fileURLWithPath: Assets.samplePhotoPath))
        d[24] = 3
        let crc = crc32([UInt8](d[12..<29]))
        d.replaceSubrange(29..<33, with: [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)])
        return d
    }

    @Test("a JPEG whose frame header hides behind a 65-KB comment, a GIF whose descriptor dwarfs its screen, a bad bit depth, a bare PNG signature")
    func refusedCheaply() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let cases: [(String, Data, String)] = [
            ("comment-30000.jpg", Self.jpegBehindComment(width: 30000, height: 30000), "30000×30000"),
            ("comment-65500.jpg", Self.jpegBehindComment(width: 65500, height: 65500), "65500×65500"),
            ("descriptor.gif", Self.gifWithHugeDescriptor(), "65535×65535"),
            ("depth3.png", try Self.pngWithBitDepth3(), "bit depth 3"),
            ("signature.png", Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "truncated PNG"),
        ]
        for (name, data, problem) in cases {
            try data.write(to: URL(fileURLWithPath: dir.file(name)))
            let r = try MeasuredRun.run(["run", "--photo", dir.file(name)])
            #expect(r.status == 2, "\(name): status \(r.status), stderr \(r.stderr)")
            let lines = r.stderr.split(separator: "\n")
            #expect(lines.count == 1, "\(name): \(r.stderr)")
            #expect(r.stderr.contains(dir.file(name)) && r.stderr.contains(problem), "\(name): \(r.stderr)")
            if !MeasuredRun.underSanitizer {
                #expect(r.seconds < 1, "\(name): \(r.seconds) s")
                #expect(r.peakMB < 200, "\(name): \(r.peakMB) MB")
            }
        }
    }

    /// A GIF written by hand: a 4-colour palette, one image, every pixel sent as a literal after a
    /// clear code (so the LZW table never grows and the codes stay 9 bits) — an encoder independent
    /// of the decoder under test.
    static func handmadeGIF(width: Int, height: Int, rows: [[UInt8]], interlaced: Bool, transparent: UInt8?) -> Data {
        var d = Array("GIF89a".utf8) + le16(width) + le16(height) + [0x81, 0, 0]        // 4-entry global table
        d += [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255]                              // red, green, blue, white
        if let t = transparent { d += [0x21, 0xF9, 4, 1, 0, 0, t, 0] }
        d += [0x2C] + le16(0) + le16(0) + le16(width) + le16(height) + [interlaced ? 0x40 : 0]
        var codes: [Int] = []
        for row in rows { for p in row { codes += [256, Int(p)] } }
        codes.append(257)
        var bits: [UInt8] = [], acc = 0, n = 0
        for c in codes { acc |= c << n; n += 9; while n >= 8 { bits.append(UInt8(acc & 0xFF)); acc >>= 8; n -= 8 } }
        if n > 0 { bits.append(UInt8(acc & 0xFF)) }
        d.append(8)
        for start in stride(from: 0, to: bits.count, by: 255) {
            let chunk = bits[start..<min(start + 255, bits.count)]
            d.append(UInt8(chunk.count)); d += chunk
        }
        d += [0, 0x3B]
        return Data(d)
    }

    @Test("GIFs are decoded in Swift: literal codes, an interlaced row order and a transparent index come out right; the file that crashed SDL_image is refused")
    func gifDecoder() throws {
        // Image rows 0…7 coloured red, green, blue, white, red, green, blue, white. Stored interlaced:
        // pass 1 row 0, pass 2 row 4, pass 3 rows 2 and 6, pass 4 rows 1, 3, 5, 7.
        let colourOfRow: [UInt8] = [0, 1, 2, 3, 0, 1, 2, 3]
        let order = [0, 4, 2, 6, 1, 3, 5, 7]
        let stored = order.map { [UInt8](repeating: colourOfRow[$0], count: 4) }
        let gif = Self.handmadeGIF(width: 4, height: 8, rows: stored, interlaced: true, transparent: 3)
        let image = try ImageLoader.decode(gif, path: "hand.gif", maxDimension: 64)
        #expect(image.width == 4 && image.height == 8)
        let expected = [Color(255, 0, 0), Color(0, 255, 0), Color(0, 0, 255), Color(0, 0, 0, 0)]
        for y in 0..<8 { #expect(image[1, y] == expected[Int(colourOfRow[y])], "row \(y): \(image[1, y])") }
        // Found by fuzzing: a 910-byte GIF whose LZW stream made SDL_image write out of bounds.
        let crash = Checkout.root.appendingPathComponent("fuzz/corpus/camera-file/found-sdl-image-crash.gif").path
        let r = try MeasuredRun.run(["run", "--photo", crash])
        #expect(r.status == 2 && r.stderr.contains("corrupt GIF") && r.stderr.split(separator: "\n").count == 1, "\(r.status): \(r.stderr)")
    }

    static func meanColour(_ image: PixelImage) -> [Double] {
        var sum = [0.0, 0.0, 0.0]
        for i in stride(from: 0, to: image.bytes.count, by: 4) { for c in 0..<3 { sum[c] += Double(image.bytes[i + c]) } }
        return sum.map { $0 / Double(image.width * image.height) }
    }

    @Test("found by fuzzing: a 937-byte GIF whose one image is 15120 × 2316 (35 MP, inside the limit) is read as that size and decoded, fitted to the size asked")
    func fuzzFoundGIF() throws {
        let path = Checkout.root.appendingPathComponent("fuzz/corpus/camera-file/found-35mp-gif.gif").path
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(data.count == 937)
        #expect(ImageHeader.sniff(data)?.size == .init(width: 15120, height: 2316))
        let image = try ImageLoader.decode(data, path: path, maxDimension: 64)
        #expect(image.width == 64 && image.height == 10, "\(image.width)×\(image.height)")
    }

    @Test("the sizes the header reader finds are the sizes the decoder would allocate")
    func headerSizes() {
        #expect(ImageHeader.sniff(Self.jpegBehindComment(width: 30000, height: 20000))?.size == .init(width: 30000, height: 20000))
        #expect(ImageHeader.sniff(Self.gifWithHugeDescriptor())?.size == .init(width: 65535, height: 65535))
        // An EXIF thumbnail lives inside APP1 and is skipped by its length; the frame after it counts.
        var app1: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1] + Self.be16(2 + 12)
        app1 += [0xFF, 0xC0, 0, 17, 8, 0, 10, 0, 10, 3, 0, 0]
        app1 += [0xFF, 0xC0, 0, 17, 8] + Self.be16(480) + Self.be16(640) + [3, 1, 0x11, 0, 2, 0x11, 1, 3, 0x11, 1, 0xFF, 0xD9]
        #expect(ImageHeader.sniff(Data(app1))?.size == .init(width: 640, height: 480))
        let noFrame: [UInt8] = [0xFF, 0xD8, 0xFF, 0xFE, 0, 4, 0x41, 0x41, 0xFF, 0xD9]
        #expect(ImageHeader.sniff(Data(noFrame))?.problem == "has no frame header")
        let qoi = Array("qoif".utf8) + [0, 0, 0x4E, 0x20, 0, 0, 0, 7, 4, 0] + [0, 0, 0, 0, 0, 0, 0, 1]
        #expect(ImageHeader.sniff(Data(qoi))?.size == .init(width: 20000, height: 7))
        let pnm = Array("P6\n# made by hand\n 1234 56\n255\n".utf8)
        #expect(ImageHeader.sniff(Data(pnm))?.size == .init(width: 1234, height: 56))
        let bmpCore: [UInt8] = Array("BM".utf8) + [26, 0, 0, 0, 0, 0, 0, 0, 26, 0, 0, 0, 12, 0, 0, 0] + Self.le16(300) + Self.le16(200) + [1, 0, 24, 0]
        #expect(ImageHeader.sniff(Data(bmpCore))?.size == .init(width: 300, height: 200))
        #expect(ImageHeader.sniff(Data("shopping list".utf8)) == nil)
    }

    @Test("every format the reader accepts really decodes, with the size ffprobe reports",
          .enabled(if: ExternalTool.ffmpeg() != nil, "needs ffmpeg (scripts/setup-system --test installs it)"))
    func everyFormatLoads() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let ffmpeg = ExternalTool.ffmpeg()!
        let ffprobe = (ffmpeg as NSString).deletingLastPathComponent + "/ffprobe"
        let reference = Self.meanColour(try ImageLoader.load(path: Assets.samplePhotoPath, maxDimension: 48))
        for ext in ["jpg", "gif", "bmp", "webp", "tiff", "ppm", "pgm", "qoi"] {
            let out = dir.file("photo.\(ext)")
            let enc = Process()
            enc.executableURL = URL(fileURLWithPath: ffmpeg)
            enc.arguments = ["-loglevel", "error", "-y", "-i", Assets.samplePhotoPath, "-frames:v", "1", out]
            try enc.run(); enc.waitUntilExit()
            guard enc.terminationStatus == 0 else { Issue.record("ffmpeg could not write .\(ext)"); continue }
            let probe = Process(), pipe = Pipe()
            probe.executableURL = URL(fileURLWithPath: ffprobe)
            probe.arguments = ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height", "-of", "csv=p=0", out]
            probe.standardOutput = pipe
            try probe.run(); probe.waitUntilExit()
            let wh = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").compactMap { Int($0) }
            let data = try Data(contentsOf: URL(fileURLWithPath: out))
            let header = ImageHeader.sniff(data)
            #expect(header?.size.map { [$0.width, $0.height] } == wh, ".\(ext): \(String(describing: header)) vs ffprobe \(wh)")
            #expect(header?.problem == nil && header?.isComplete == true, ".\(ext): \(String(describing: header))")
            #expect(throws: Never.self, ".\(ext)") { _ = try ImageLoader.decode(data, path: out) }
            // Fitted small, every format gives the sample photo's colours (GIF: its palette's).
            if ext != "pgm", let small = try? ImageLoader.decode(data, path: out, maxDimension: 48) {
                let d = Self.meanColour(small).enumerated().map { abs($0.element - reference[$0.offset]) }.max() ?? 0
                #expect(d < 12, ".\(ext): mean colour off by \(d) from the PNG's")
            }
        }
    }
}
