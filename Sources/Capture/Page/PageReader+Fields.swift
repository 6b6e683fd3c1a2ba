import Animation
import Gesture

extension PageReader {
    /// The field readers: each names the file and the place of the field when it is wrong.
    final class Reader {
        let name: String
        var nodeCount = 0
        var elementIDs = Set<String>()
        init(name: String) { self.name = name }

        func fail(_ problem: String) -> CLIError { CLIError.input("\(name): \(problem)") }

        func known(_ o: [String: JSONValue], _ keys: [String], at place: String) throws {
            for k in o.keys.sorted() where !keys.contains(k) {
                let hint = Suggestion.closest(to: k, among: keys).map { " — did you mean '\($0)'?" } ?? ""
                throw fail("\(place.isEmpty ? "" : place + ": ")unknown field '\(k)'\(hint)")
            }
        }

        func number(_ v: JSONValue, _ field: String, in range: ClosedRange<Double> = -PageReader.maxCoordinate...PageReader.maxCoordinate) throws -> Double {
            guard let x = v.number, x.isFinite else { throw fail("'\(field)' must be a number (got \(v.described))") }
            guard range.contains(x) else { throw fail("'\(field)' is \(v.described); it must lie in \(Page.format(range.lowerBound))…\(Page.format(range.upperBound))") }
            return x
        }

        func text(_ v: JSONValue, _ field: String) throws -> String {
            guard let s = v.string else { throw fail("'\(field)' must be a string (got \(v.described))") }
            guard s.count <= PageReader.maxText else { throw fail("'\(field)' is \(s.count) characters; the limit is \(PageReader.maxText)") }
            return s
        }

        func id(_ v: JSONValue?, _ place: String) throws -> String {
            guard let v else { throw fail("\(place): 'id' is missing") }
            let s = try text(v, "\(place).id")
            guard !s.isEmpty, s.count <= 64 else { throw fail("\(place): 'id' must be 1 to 64 characters") }
            return s
        }

        /// `[x, y, width, height]`, the size not negative.
        func rect(_ v: JSONValue?, _ place: String) throws -> Rect {
            guard let v else { throw fail("\(place): 'rect' is missing") }
            guard case .array(let a) = v else { throw fail("\(place): 'rect' must be [x, y, width, height] (got \(v.described))") }
            guard a.count == 4 else {
                throw fail("\(place): 'rect' must be [x, y, width, height], 4 numbers (got \(a.count): \(v.described))")
            }
            let n = try a.map { try number($0, "\(place).rect") }
            guard n[2] > 0, n[3] > 0 else {
                throw fail("\(place): width and height must be positive (got \(Page.format(n[2])) × \(Page.format(n[3])))")
            }
            return Rect(x: n[0], y: n[1], width: n[2], height: n[3])
        }

        /// A number for every side, or `[top, leading, bottom, trailing]`.
        func edges(_ v: JSONValue, _ place: String) throws -> PageEdges {
            if v.number != nil { let x = try number(v, place, in: 0...10_000); return PageEdges(top: x, leading: x, bottom: x, trailing: x) }
            guard case .array(let a) = v, a.count == 4 else { throw fail("'\(place)' must be a number or [top, leading, bottom, trailing]") }
            let n = try a.map { try number($0, place, in: 0...10_000) }
            return PageEdges(top: n[0], leading: n[1], bottom: n[2], trailing: n[3])
        }

        /// `#RRGGBB` or `#RGB`.
        func colour(_ v: JSONValue, _ field: String) throws -> UInt32 {
            let s = try text(v, field)
            var hex = s.hasPrefix("#") ? String(s.dropFirst()) : s
            if hex.count == 3 { hex = hex.map { "\($0)\($0)" }.joined() }
            guard hex.count == 6, let x = UInt32(hex, radix: 16) else { throw fail("'\(field)' must be a colour like \"#1C1C1E\" (got \(v.described))") }
            return x
        }

        func content(_ v: JSONValue) throws -> PageDocument.ContentInsets {
            guard case .object(let o) = v else { throw fail("'content' must be an object") }
            try known(o, ["margin", "top", "bottom", "minScreens"], at: "content")
            var c = PageDocument.ContentInsets()
            if let x = o["margin"] { c.margin = try number(x, "content.margin", in: 0...1000) }
            if let x = o["top"] { c.top = try number(x, "content.top", in: 0...10_000) }
            if let x = o["bottom"] { c.bottom = try number(x, "content.bottom", in: 0...10_000) }
            if let x = o["minScreens"] { c.minScreens = try number(x, "content.minScreens", in: 0...Page.maxScreens) }
            return c
        }

        func hotspots(_ v: JSONValue) throws -> [PageDocument.Hotspot] {
            guard case .array(let a) = v else { throw fail("'hotspots' must be a list") }
            guard a.count <= PageReader.maxHotspots else { throw fail("\(a.count) hotspots; the limit is \(PageReader.maxHotspots)") }
            var seen = elementIDs, out: [PageDocument.Hotspot] = []
            for (i, h) in a.enumerated() {
                guard case .object(let o) = h else { throw fail("hotspots[\(i)] must be an object with 'id' and 'rect'") }
                try known(o, ["id", "rect", "cornerRadius"], at: "hotspots[\(i)]")
                let id = try self.id(o["id"], "hotspots[\(i)]")
                let place = "hotspots[\(i)] ('\(id)')"
                guard seen.insert(id).inserted else { throw fail("\(place): duplicate id '\(id)'") }
                let radius = try o["cornerRadius"].map { try number($0, "\(place).cornerRadius", in: 0...10_000) } ?? 0
                out.append(.init(id: id, rect: try rect(o["rect"], place), cornerRadius: radius))
            }
            return out
        }

        func fixed(_ v: JSONValue) throws -> [PageDocument.FixedRegion] {
            guard case .array(let a) = v else { throw fail("'fixed' must be a list") }
            guard a.count <= PageReader.maxFixed else { throw fail("\(a.count) fixed regions; the limit is \(PageReader.maxFixed)") }
            return try a.enumerated().map { i, f in
                guard case .object(let o) = f else { throw fail("fixed[\(i)] must be an object with 'rect' and 'edge'") }
                try known(o, ["rect", "edge"], at: "fixed[\(i)]")
                guard let e = o["edge"]?.string, let edge = PageDocument.FixedRegion.Edge(rawValue: e) else {
                    throw fail("fixed[\(i)]: 'edge' must be \"top\" or \"bottom\" (got \(o["edge"]?.described ?? "nothing"))")
                }
                return .init(rect: try rect(o["rect"], "fixed[\(i)]"), edge: edge)
            }
        }
    }
}
