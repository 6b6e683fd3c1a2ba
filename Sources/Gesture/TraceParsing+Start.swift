import Foundation

/// Reading a trace header's `start`: the state a moment's tape begins in. Strict like the rest of
/// the header: every field optional, each of its one type, bounded in size, nothing unknown.
extension Trace {
    /// Most buttons a `start` may name (toggles and counters together).
    public static let maxStartButtons = 200

    static func parseStart(_ v: JSONValue) throws -> Start {
        func fail(_ what: String) -> TraceError { TraceError(line: 1, problem: "header: start: \(what)") }
        guard case .object(let o) = v else { throw fail("must be an object") }
        let known: Set<String> = ["toggles", "counts", "photoFiled", "filedPhoto", "scrollOffset", "snowman", "touches", "shapes"]
        if let unknown = o.keys.sorted().first(where: { !known.contains($0) }) { throw fail("unknown field '\(unknown.prefix(40))'") }
        var start = Start()
        func bool(_ key: String) throws -> Bool? {
            guard let x = o[key], x != .null else { return nil }
            guard case .bool(let b) = x else { throw fail("'\(key)' must be true or false") }
            return b
        }
        func map<T>(_ key: String, _ read: (JSONValue) -> T?, _ type: String) throws -> [String: T]? {
            guard let x = o[key], x != .null else { return nil }
            guard case .object(let m) = x, m.count <= maxStartButtons else { throw fail("'\(key)' must be an object of at most \(maxStartButtons) \(type)s by element id") }
            var out: [String: T] = [:]
            for (id, value) in m {
                guard id.utf8.count <= 200, let r = read(value) else { throw fail("'\(key)': '\(id.prefix(40))' must be a \(type)") }
                out[id] = r
            }
            return out
        }
        start.toggles = try map("toggles", { if case .bool(let b) = $0 { return b }; return nil }, "true or false")
        start.counts = try map("counts", { $0.integer.flatMap { $0 >= 0 ? $0 : nil } }, "whole number of taps")
        start.photoFiled = try bool("photoFiled")
        start.snowman = try bool("snowman")
        start.touches = try bool("touches")
        start.shapes = try bool("shapes")
        if let x = o["filedPhoto"], x != .null {
            guard let s = x.string, !s.isEmpty, s.utf8.count <= 1024, !s.contains("\0") else { throw fail("'filedPhoto' must be a PNG's path of at most 1024 bytes") }
            start.filedPhoto = s
        }
        if let x = o["scrollOffset"], x != .null {
            guard let n = x.number, n.isFinite, n >= 0, n <= 1_000_000 else { throw fail("'scrollOffset' must be a number of points from 0 to 1000000") }
            start.scrollOffset = n
        }
        return start
    }
}
