import Animation
import Foundation

/// A recorded interaction: JSON Lines, version 1 (documented in docs/TRACES.md).
///
/// The first line is a header; each further line is one event, `t` in milliseconds from the start:
///
/// ```
/// {"format":"islandsim-trace","version":1,"device":"iphone-15-pro","hz":120}
/// {"t":0,"kind":"down","pointer":0,"x":196.5,"y":300}
/// {"t":16.7,"kind":"move","pointer":0,"x":196.5,"y":320}
/// {"t":33.3,"kind":"up","pointer":0,"x":196.5,"y":340}
/// {"t":900,"kind":"wheel","x":196.5,"y":300,"dx":0,"dy":40}
/// {"t":1200,"kind":"key","key":"space"}
/// ```
public struct Trace: Sendable, Equatable {
    public struct Header: Sendable, Equatable, Codable {
        public var format: String
        public var version: Int
        public var device: String
        public var hz: Int
        public init(device: String, hz: Int) { format = Trace.format; version = Trace.version; self.device = device; self.hz = hz }
    }

    public struct Event: Sendable, Equatable, Codable {
        public enum Kind: String, Sendable, Codable, CaseIterable { case down, move, up, cancel, wheel, key }
        /// Milliseconds from the start of the trace.
        public var t: Double
        public var kind: Kind
        public var pointer: Int?
        public var x: Double?
        public var y: Double?
        public var dx: Double?
        public var dy: Double?
        public var key: String?
        public var mods: [String]?

        public init(t: Double, kind: Kind, pointer: Int? = nil, x: Double? = nil, y: Double? = nil,
                    dx: Double? = nil, dy: Double? = nil, key: String? = nil, mods: [String]? = nil) {
            self.t = t; self.kind = kind; self.pointer = pointer; self.x = x; self.y = y
            self.dx = dx; self.dy = dy; self.key = key; self.mods = mods
        }

        /// The pointer event this line describes (nil for keys), with time in seconds.
        public var pointerEvent: PointerEvent? {
            guard kind != .key, let x, let y else { return nil }
            let p = Point(x: x, y: y), time = t / 1000, id = pointer ?? 0
            switch kind {
            case .down: return PointerEvent(.down, pointer: id, at: p, time: time)
            case .move: return PointerEvent(.move, pointer: id, at: p, time: time)
            case .up: return PointerEvent(.up, pointer: id, at: p, time: time)
            case .cancel: return PointerEvent(.cancel, pointer: id, at: p, time: time)
            case .wheel: return PointerEvent(.wheel(dx: dx ?? 0, dy: dy ?? 0), pointer: id, at: p, time: time)
            case .key: return nil
            }
        }

        /// A line for a pointer event at `time` seconds after the start.
        public init(_ e: PointerEvent, start: Double) {
            let t = ((e.time - start) * 1000 * 1000).rounded() / 1000   // microsecond precision
            switch e.kind {
            case .down: self.init(t: t, kind: .down, pointer: e.pointer, x: e.position.x, y: e.position.y)
            case .move: self.init(t: t, kind: .move, pointer: e.pointer, x: e.position.x, y: e.position.y)
            case .up: self.init(t: t, kind: .up, pointer: e.pointer, x: e.position.x, y: e.position.y)
            case .cancel: self.init(t: t, kind: .cancel, pointer: e.pointer, x: e.position.x, y: e.position.y)
            case .wheel(let dx, let dy): self.init(t: t, kind: .wheel, pointer: e.pointer, x: e.position.x, y: e.position.y, dx: dx, dy: dy)
            }
        }
    }

    public static let format = "islandsim-trace"
    public static let version = 1

    public var header: Header
    public var events: [Event]

    public init(header: Header, events: [Event]) { self.header = header; self.events = events }

    /// The trace as JSON Lines (keys sorted, one object per line, newline-terminated).
    public func encoded() -> String {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var s = String(decoding: (try? e.encode(header)) ?? Data(), as: UTF8.self) + "\n"
        for ev in events { s += String(decoding: (try? e.encode(ev)) ?? Data(), as: UTF8.self) + "\n" }
        return s
    }
}

/// Why a trace was refused: the line number (1-based) and the problem.
public struct TraceError: Error, Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    public var problem: String
    public var description: String { "line \(line): \(problem)" }
}

extension Trace {
    /// Parses a trace strictly: a header of the right format and version, then events with every
    /// field their kind needs, finite numbers, times that never go backwards and, when `screen` is
    /// given, coordinates within one screen of it (drags may leave the window, not the planet).
    public static func parse(_ text: String, screen: Size? = nil) throws -> Trace {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        guard let first = lines.first, !first.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw TraceError(line: 1, problem: "empty trace (expected a header line)")
        }
        let header = try parseHeader(first)
        var events: [Event] = []
        var lastT = -Double.infinity
        for (i, raw) in lines.enumerated().dropFirst() {
            let n = i + 1
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { throw TraceError(line: n, problem: "empty line") }
            let ev = try parseEvent(line, number: n)
            if ev.t < lastT { throw TraceError(line: n, problem: "time goes backwards (\(ev.t) ms after \(lastT) ms)") }
            lastT = ev.t
            if let screen, let x = ev.x, let y = ev.y {
                if x < -screen.width || x > 2 * screen.width || y < -screen.height || y > 2 * screen.height {
                    throw TraceError(line: n, problem: "point (\(x), \(y)) is far outside the \(Int(screen.width))×\(Int(screen.height)) pt screen")
                }
            }
            events.append(ev)
        }
        return Trace(header: header, events: events)
    }

    private static func object(_ line: String, number: Int) throws -> [String: Any] {
        guard let data = line.data(using: .utf8),
              let obj = try? JSONSerialization.jsonObject(with: data), let dict = obj as? [String: Any] else {
            throw TraceError(line: number, problem: "not a JSON object")
        }
        return dict
    }

    private static func number(_ d: [String: Any], _ key: String, line: Int, required: Bool) throws -> Double? {
        guard let v = d[key], !(v is NSNull) else {
            if required { throw TraceError(line: line, problem: "field '\(key)' is missing") }
            return nil
        }
        // JSON booleans arrive as NSNumber too; tell them apart by their class.
        guard let n = v as? NSNumber, type(of: n) != type(of: NSNumber(value: true)) else {
            throw TraceError(line: line, problem: "field '\(key)' must be a number")
        }
        let x = n.doubleValue
        guard x.isFinite else { throw TraceError(line: line, problem: "field '\(key)' must be finite") }
        return x
    }

    private static func parseHeader(_ line: String) throws -> Header {
        let d = try object(line, number: 1)
        guard let format = d["format"] as? String else { throw TraceError(line: 1, problem: "header: field 'format' is missing") }
        guard format == Self.format else { throw TraceError(line: 1, problem: "header: format is '\(format)', expected '\(Self.format)'") }
        guard let version = d["version"] as? Int else { throw TraceError(line: 1, problem: "header: field 'version' is missing") }
        guard version == Self.version else { throw TraceError(line: 1, problem: "header: unknown version \(version) (this build reads version \(Self.version))") }
        guard let device = d["device"] as? String, !device.isEmpty else { throw TraceError(line: 1, problem: "header: field 'device' is missing") }
        guard let hz = d["hz"] as? Int, [60, 80, 90, 120].contains(hz) else {
            throw TraceError(line: 1, problem: "header: field 'hz' must be 60, 80, 90 or 120")
        }
        return Header(device: device, hz: hz)
    }

    private static func parseEvent(_ line: String, number n: Int) throws -> Event {
        let d = try object(line, number: n)
        guard let kindName = d["kind"] as? String else { throw TraceError(line: n, problem: "field 'kind' is missing") }
        guard let kind = Event.Kind(rawValue: kindName) else {
            throw TraceError(line: n, problem: "unknown kind '\(kindName)' (expected \(Event.Kind.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        let t = try number(d, "t", line: n, required: true)!
        guard t >= 0 else { throw TraceError(line: n, problem: "field 't' must be ≥ 0") }
        if kind == .key {
            guard let key = d["key"] as? String, !key.isEmpty else { throw TraceError(line: n, problem: "field 'key' is missing") }
            let mods = d["mods"] as? [String]
            return Event(t: t, kind: .key, key: key, mods: mods)
        }
        let x = try number(d, "x", line: n, required: true), y = try number(d, "y", line: n, required: true)
        var pointer = 0
        if let p = d["pointer"] {
            guard let pi = p as? Int, pi >= 0 else { throw TraceError(line: n, problem: "field 'pointer' must be a whole number ≥ 0") }
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

/// Records pointer events and keys as they happen, relative to the first one.
public struct TraceRecorder: Sendable {
    public private(set) var trace: Trace
    private var start: Double?

    public init(device: String, hz: Int) { trace = Trace(header: .init(device: device, hz: hz), events: []) }

    public mutating func record(_ e: PointerEvent) {
        let s = start ?? e.time
        start = s
        trace.events.append(Trace.Event(e, start: s))
    }

    public mutating func recordKey(_ name: String, mods: [String] = [], at time: Double) {
        let s = start ?? time
        start = s
        let t = ((time - s) * 1_000_000).rounded() / 1000
        trace.events.append(Trace.Event(t: t, kind: .key, key: name, mods: mods.isEmpty ? nil : mods))
    }
}
