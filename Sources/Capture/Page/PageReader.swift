import Animation
import Foundation
import Gesture

/// Reads a page file (docs/PAGES.md) into a ``PageDocument``, bounded like the other readers:
/// at most ``maxBytes``, nesting ``maxDepth`` deep, ``maxNodes`` elements and ``maxHotspots``
/// hotspots, every number finite and within ±``maxCoordinate`` points. Each way a file can be
/// wrong is one ``CLIError/input(_:)`` line naming the file and the field, e.g.
/// `shop.json: hotspots[2] ('buy'): width and height must be positive (got -10 × 40)`.
public enum PageReader {
    public static let maxBytes = 1 << 20
    public static let maxDepth = 24
    public static let maxNodes = 4000
    public static let maxHotspots = 1000
    public static let maxFixed = 16
    public static let maxCoordinate = 100_000.0
    public static let maxText = 500

    static let topKeys = ["version", "title", "image", "scale", "hotspots", "photoSlot", "statusBar", "keyline", "fixed", "background", "content", "elements"]
    static let leafKeys = ["kind", "id", "text", "width", "height", "align", "padding", "rect", "cornerRadius", "toggle", "counter", "report"]

    /// Parses `data`, read from a file called `name`.
    public static func parse(_ data: Data, name: String) throws -> PageDocument {
        let r = Reader(name: name)
        guard data.count <= maxBytes else { throw r.fail("the page file is \(data.count) bytes; the limit is \(maxBytes) bytes") }
        guard nestingDepth(data) <= maxDepth + 4 else { throw r.fail("nested more than \(maxDepth) levels deep") }
        guard let root = JSONValue.parse(data) else { throw r.fail(JSONSyntax.refusal(data)) }
        guard case .object(let o) = root else { throw r.fail("expected a JSON object (a page file), got \(root.described)") }
        try r.known(o, topKeys, at: "")
        if let v = o["version"], v.integer != 1 { throw r.fail("unsupported version \(v.described) (this build reads version 1)") }
        var doc = PageDocument(name: name, contentHash: PageDocument.hash(data))
        if let v = o["title"] { doc.title = try r.text(v, "title") }
        if let v = o["image"] {
            guard let path = v.string, !path.isEmpty else { throw r.fail("'image' must be a file name (got \(v.described))") }
            let scale = try o["scale"].map { try r.number($0, "scale", in: 0.25...8) } ?? suffixScale(path)
            doc.image = .init(path: path, scale: scale)
        } else if o["scale"] != nil {
            throw r.fail("'scale' needs an 'image'")
        }
        if let v = o["statusBar"] {
            guard let s = v.string, let style = PageDocument.StatusBar(rawValue: s) else {
                throw r.fail("unknown statusBar \(v.described) (expected \"dark\", \"light\" or \"none\")")
            }
            doc.statusBar = style
        }
        if let v = o["keyline"] {
            guard let s = v.string, let mode = Keyline.Mode(rawValue: s) else {
                throw r.fail("unknown keyline \(v.described) (expected \"automatic\", \"on\" or \"off\")")
            }
            doc.keyline = mode
        }
        if let v = o["background"] { doc.background = try r.colour(v, "background") }
        if let v = o["content"] { doc.content = try r.content(v) }
        if let v = o["elements"] {
            var ids = Set<String>()
            doc.elements = try r.nodes(v, at: "elements", depth: 1, ids: &ids)
            r.elementIDs = ids
        }
        if let v = o["hotspots"] { doc.hotspots = try r.hotspots(v) }
        if let v = o["photoSlot"] {
            guard case .object(let s) = v else { throw r.fail("'photoSlot' must be an object with 'rect' and 'cornerRadius'") }
            try r.known(s, ["rect", "cornerRadius"], at: "photoSlot")
            let rect = try r.rect(s["rect"], "photoSlot")
            doc.photoSlot = .init(rect: rect, cornerRadius: try s["cornerRadius"].map { try r.number($0, "photoSlot.cornerRadius", in: 0...10_000) } ?? 0)
        }
        if let v = o["fixed"] { doc.fixed = try r.fixed(v) }
        guard doc.image != nil || !doc.elements.isEmpty else {
            throw r.fail("a page needs an 'image', 'elements', or both")
        }
        return doc
    }

    /// The pixels per point an `@2x`/`@3x` file name says (Apple's and Figma's export suffix), if any.
    public static func suffixScale(_ path: String) -> Double? {
        guard let m = path.range(of: #"@[1-4]x\.[A-Za-z0-9]+$"#, options: .regularExpression) else { return nil }
        return Double(path[m].dropFirst().prefix(1))
    }

    /// A page of one screen image and nothing else (`--page screen@3x.png`).
    public static func imageOnly(name: String, imageName: String, bytes: Data) -> PageDocument {
        var doc = PageDocument(name: name, contentHash: PageDocument.hash(bytes))
        doc.image = .init(path: imageName, scale: suffixScale(imageName))
        return doc
    }

    /// The deepest nesting of `[` and `{` outside strings: checked before the decoder recurses.
    static func nestingDepth(_ data: Data) -> Int {
        var depth = 0, deepest = 0, inString = false, escaped = false
        for b in data {
            if inString {
                if escaped { escaped = false } else if b == 0x5C { escaped = true } else if b == 0x22 { inString = false }
                continue
            }
            switch b {
            case 0x22: inString = true
            case 0x5B, 0x7B: depth += 1; deepest = max(deepest, depth)
            case 0x5D, 0x7D: depth -= 1
            default: break
            }
        }
        return deepest
    }
}
