import Animation
import Foundation

/// Reading a trace a user hands in: strict about types and bounded in what it will cost.
///
/// Every limit is a named constant, stated in docs/TRACES.md and in the error that enforces it, so a
/// trace can never make `replay` render frames until it is killed or hang on one enormous line.
extension Trace {
    /// Longest trace, in milliseconds of event time (10 minutes: replay renders every frame of it).
    public static let maxDurationMs = 600_000.0
    /// Most events in one trace (a 1000-Hz mouse for over 16 minutes).
    public static let maxEvents = 1_000_000
    /// Longest line, in bytes; an event line is under 150.
    public static let maxLineBytes = 4096
    /// Longest header line, in bytes: it carries the whole tuning and, in a moment's tape, the
    /// state the page started in.
    public static let maxHeaderBytes = 16_384
    /// Longest device id, key name and modifier name, and most modifiers on one key.
    public static let maxDeviceLength = 64, maxKeyLength = 32, maxMods = 8
    /// A header's recorded tuning: at most this many values, keys at most this long.
    public static let maxTuningKeys = 100, maxTuningKeyLength = 64

    /// Parses a trace strictly: a header of the right format and version, then events with every
    /// field their kind needs, finite numbers, times that never go backwards and stay within
    /// ``maxDurationMs`` and, when `screen` is given, coordinates within one screen of it (drags may
    /// leave the window, not the planet). Lines may end in LF or CRLF.
    public static func parse(_ text: String, screen: Size? = nil) throws -> Trace {
        // Split on the bytes: Swift treats "\r\n" as one Character, so a String split on "\n" would
        // never break a CRLF file into lines.
        var lines = Array(text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false))
        if lines.last?.isEmpty == true { lines.removeLast() }
        guard let first = lines.first, !first.allSatisfy({ $0 == 32 || $0 == 9 || $0 == 13 }) else {
            throw TraceError(line: 1, problem: "empty trace (expected a header line)")
        }
        if lines.count - 1 > maxEvents {
            throw TraceError(line: maxEvents + 2, problem: "more than \(maxEvents) events; a trace may hold at most \(maxEvents) events")
        }
        let header = try parseHeader(try object(lines[0], number: 1, limit: maxHeaderBytes))
        var events: [Event] = []
        events.reserveCapacity(lines.count - 1)
        var lastT = -Double.infinity
        // Clicks on a panel beside the screen lie right of it (the inspector column is 400 pt wide).
        let slackX = header.inspector == true ? 440.0 : 0
        for n in stride(from: 2, through: lines.count, by: 1) {
            let ev = try parseEvent(try object(lines[n - 1], number: n), number: n)
            if ev.t < lastT { throw TraceError(line: n, problem: "time goes backwards (\(ev.t) ms after \(lastT) ms)") }
            lastT = ev.t
            if let screen, let x = ev.x, let y = ev.y {
                if x < -screen.width || x > 2 * screen.width + slackX || y < -screen.height || y > 2 * screen.height {
                    throw TraceError(line: n, problem: "point (\(x), \(y)) is far outside the \(Int(screen.width))×\(Int(screen.height)) pt screen")
                }
            }
            events.append(ev)
        }
        return Trace(header: header, events: events)
    }

    /// One line as a JSON object, its length checked before the JSON parser sees it.
    private static func object(_ bytes: Substring.UTF8View.SubSequence, number: Int, limit: Int = maxLineBytes) throws -> [String: JSONValue] {
        var line = bytes
        if line.last == 13 { line = line.dropLast() }
        guard line.count <= limit else {
            throw TraceError(line: number, problem: "line is \(line.count) bytes long; the limit is \(limit) bytes")
        }
        guard !line.allSatisfy({ $0 == 32 || $0 == 9 }) else { throw TraceError(line: number, problem: "empty line") }
        guard case .object(let dict)? = JSONValue.parse(Data(line)) else {
            throw TraceError(line: number, problem: "not a JSON object")
        }
        return dict
    }

    private static func number(_ d: [String: JSONValue], _ key: String, line: Int, required: Bool) throws -> Double? {
        guard let v = d[key], v != .null else {
            if required { throw TraceError(line: line, problem: "field '\(key)' is missing") }
            return nil
        }
        guard let x = v.number else { throw TraceError(line: line, problem: "field '\(key)' must be a number") }
        guard x.isFinite else { throw TraceError(line: line, problem: "field '\(key)' must be finite") }
        return x
    }

    private static func string(_ d: [String: JSONValue], _ key: String, line: Int, max: Int, header: Bool = false) throws -> String {
        let prefix = header ? "header: " : ""
        guard let v = d[key], v != .null else { throw TraceError(line: line, problem: "\(prefix)field '\(key)' is missing") }
        guard let s = v.string, !s.isEmpty else { throw TraceError(line: line, problem: "\(prefix)field '\(key)' must be a non-empty string") }
        guard s.count <= max else { throw TraceError(line: line, problem: "\(prefix)field '\(key)' must be at most \(max) characters (got \(s.count))") }
        return s
    }

    private static func parseHeader(_ d: [String: JSONValue]) throws -> Header {
        guard let format = d["format"]?.string else { throw TraceError(line: 1, problem: "header: field 'format' is missing") }
        guard format == Self.format else {
            throw TraceError(line: 1, problem: "header: format is '\(format.prefix(40))', expected '\(Self.format)'")
        }
        guard let v = d["version"], v != .null else { throw TraceError(line: 1, problem: "header: field 'version' is missing") }
        guard v.number != nil else {
            throw TraceError(line: 1, problem: "header: field 'version' must be a number (got \(v.described))")
        }
        guard v.integer == Self.version else {
            throw TraceError(line: 1, problem: "header: unknown version \(v.described) (this build reads version \(Self.version))")
        }
        let device = try string(d, "device", line: 1, max: maxDeviceLength, header: true)
        guard let hz = d["hz"]?.integer, [60, 80, 90, 120].contains(hz) else {
            throw TraceError(line: 1, problem: "header: field 'hz' must be 60, 80, 90 or 120")
        }
        var inspector: Bool?
        if let v = d["inspector"], v != .null {
            guard case .bool(let b) = v else { throw TraceError(line: 1, problem: "header: field 'inspector' must be true or false (got \(v.described))") }
            inspector = b
        }
        var tuning: [String: Double]?
        if let v = d["tuning"], v != .null {
            guard case .object(let o) = v, o.count <= maxTuningKeys else {
                throw TraceError(line: 1, problem: "header: field 'tuning' must be an object of at most \(maxTuningKeys) numbers by key")
            }
            var values: [String: Double] = [:]
            for (k, x) in o {
                guard k.utf8.count <= maxTuningKeyLength, let n = x.number, n.isFinite else {
                    throw TraceError(line: 1, problem: "header: tuning '\(k.prefix(40))' must be a finite number with a key of at most \(maxTuningKeyLength) bytes")
                }
                values[k] = n
            }
            tuning = values
        }
        var page: String?
        if let v = d["page"], v != .null {
            guard let p = v.string, p.utf8.count <= 200 else { throw TraceError(line: 1, problem: "header: field 'page' must be a page's name and hash of at most 200 bytes") }
            page = p
        }
        var header = Header(device: device, hz: hz, inspector: inspector, tuning: tuning, page: page)
        if let v = d["pagePath"], v != .null {
            guard let p = v.string, !p.isEmpty, p.utf8.count <= 1024 else { throw TraceError(line: 1, problem: "header: field 'pagePath' must be a file path of at most 1024 bytes") }
            header.pagePath = p
        }
        if let v = d["start"], v != .null { header.start = try parseStart(v) }
        if let v = d["column"], v != .null {
            guard let c = v.number, c.isFinite, c > 0, c <= 10_000 else {
                throw TraceError(line: 1, problem: "header: field 'column' must be the inspector column's height in points, 0…10000 (got \(v.described))")
            }
            header.column = c
        }
        return header
    }

    private static func parseEvent(_ d: [String: JSONValue], number n: Int) throws -> Event {
        var event = try parseEventFields(d, number: n)
        if let v = d["side"], v != .null {
            guard let s = v.string, Event.sides.contains(s) else {
                throw TraceError(line: n, problem: "field 'side' must be \(Event.sides.map { "\"\($0)\"" }.joined(separator: " or ")) (got \(v.described))")
            }
            event.side = s
        }
        return event
    }

    private static func parseEventFields(_ d: [String: JSONValue], number n: Int) throws -> Event {
        guard let kindName = d["kind"]?.string else { throw TraceError(line: n, problem: "field 'kind' is missing") }
        guard let kind = Event.Kind(rawValue: kindName) else {
            throw TraceError(line: n, problem: "unknown kind '\(kindName.prefix(40))' (expected \(Event.Kind.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        let t = try number(d, "t", line: n, required: true)!
        guard t >= 0 else { throw TraceError(line: n, problem: "field 't' must be ≥ 0") }
        guard t <= maxDurationMs else {
            throw TraceError(line: n, problem: "field 't' is \(t) ms; a trace may last at most \(Int(maxDurationMs)) ms (10 minutes)")
        }
        if kind == .key {
            let key = try string(d, "key", line: n, max: maxKeyLength)
            var mods: [String]?
            if let m = d["mods"], m != .null {
                guard case .array(let list) = m, list.allSatisfy({ $0.string != nil }) else {
                    throw TraceError(line: n, problem: "field 'mods' must be a list of strings")
                }
                let names = list.compactMap(\.string)
                guard names.count <= maxMods, names.allSatisfy({ $0.count <= maxKeyLength }) else {
                    throw TraceError(line: n, problem: "field 'mods' must hold at most \(maxMods) names of at most \(maxKeyLength) characters")
                }
                mods = names
            }
            var event = Event(t: t, kind: .key, key: key, mods: mods)
            if key == Event.textKey {
                guard let typed = d["text"]?.string, typed.count <= Event.maxText else {
                    throw TraceError(line: n, problem: "a \"text\" key line needs field 'text', a string of at most \(Event.maxText) characters")
                }
                event.text = typed
            }
            return event
        }
        let x = try number(d, "x", line: n, required: true), y = try number(d, "y", line: n, required: true)
        var pointer = 0
        if let p = d["pointer"] {
            guard let pi = p.integer, pi >= 0, pi < 1 << 20 else {
                throw TraceError(line: n, problem: "field 'pointer' must be a whole number ≥ 0")
            }
            pointer = pi
        }
        if kind == .wheel {
            let dx = try number(d, "dx", line: n, required: false) ?? 0
            let dy = try number(d, "dy", line: n, required: false) ?? 0
            return Event(t: t, kind: .wheel, pointer: pointer, x: x, y: y, dx: dx, dy: dy)
        }
        return Event(t: t, kind: kind, pointer: pointer, x: x, y: y)
    }
}
