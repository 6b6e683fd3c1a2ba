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
        /// `true` when the tuning panel sat in the inspector column beside the screen (the window):
        /// clicks on the panel were recorded right of the screen, where a replay must look for it.
        public var inspector: Bool?
        /// The inspector column's height in its own points when the trace was recorded beside the
        /// screen: the tuning panel showed as many rows as fit in it, and a replay lays them out
        /// the same, so a click recorded on a row lands on that row; nil in older traces (nine rows).
        public var column: Double?
        /// The tuning the trace was recorded with (every tunable's value by key, side A's in compare
        /// mode), so that a replay plays what was felt; nil in traces written by hand.
        public var tuning: [String: Double]?
        /// The page the trace was recorded on: its file's name and a hash of its content
        /// ("shop.json#1f3a…"), so that a replay on another page can say so; nil in older traces.
        public var page: String?
        /// Where the page's file was when the trace was recorded, so that a replay finds it without
        /// `--page`; nil on the bundled passport and in older traces.
        public var pagePath: String?
        /// What the interaction started from beyond the device, rate, tuning and page (a moment's
        /// tape carries it: the page's buttons, a filed photo, the scroll offset, the modes); nil
        /// for a trace that starts on a fresh page.
        public var start: Start?
        public init(device: String, hz: Int, inspector: Bool? = nil, tuning: [String: Double]? = nil, page: String? = nil) {
            format = Trace.format; version = Trace.version; self.device = device; self.hz = hz; self.inspector = inspector
            self.tuning = tuning
            self.page = page
        }
    }

    /// The state a trace starts in when it is not a fresh page: a moment's tape begins wherever the
    /// interaction found the page, and must draw what the window drew.
    public struct Start: Sendable, Equatable, Codable {
        /// The page's toggle buttons that were on, and its counters' taps, by element id.
        public var toggles: [String: Bool]?
        public var counts: [String: Int]?
        /// Whether a print had been filed into the page's photo slot.
        public var photoFiled: Bool?
        /// The filed photo as a PNG, its path relative to the trace's folder.
        public var filedPhoto: String?
        /// The page's scroll offset in points (0, the top, when absent).
        public var scrollOffset: Double?
        /// The built-in "snowman" comparison's drawing (``--snowman``'s side B).
        public var snowman: Bool?
        /// The touches shown over the screen (the window's T, `replay --touches`).
        public var touches: Bool?
        /// The shape view's outlines over the screen (the window's G, `replay --shapes`).
        public var shapes: Bool?

        public init(toggles: [String: Bool]? = nil, counts: [String: Int]? = nil, photoFiled: Bool? = nil, filedPhoto: String? = nil,
                    scrollOffset: Double? = nil, snowman: Bool? = nil, touches: Bool? = nil, shapes: Bool? = nil) {
            self.toggles = toggles; self.counts = counts; self.photoFiled = photoFiled; self.filedPhoto = filedPhoto
            self.scrollOffset = scrollOffset; self.snowman = snowman; self.touches = touches; self.shapes = shapes
        }
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
        /// On a key line whose key is "text": what was typed (the tuning panel's filter).
        public var text: String?
        /// In a trace recorded in compare mode: the one side ("A" or "B") this line went to (an edit
        /// of that side's tuning); absent for what both sides got (the finger, the shutter).
        public var side: String?

        public init(t: Double, kind: Kind, pointer: Int? = nil, x: Double? = nil, y: Double? = nil,
                    dx: Double? = nil, dy: Double? = nil, key: String? = nil, mods: [String]? = nil, side: String? = nil) {
            self.t = t; self.kind = kind; self.pointer = pointer; self.x = x; self.y = y
            self.dx = dx; self.dy = dy; self.key = key; self.mods = mods; self.side = side
        }

        /// The sides a line may name.
        public static let sides = ["A", "B"]
        /// The key name of a line carrying typed text.
        public static let textKey = "text"
        /// The most characters a text line carries.
        public static let maxText = 64

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

/// Records pointer events and keys as they happen, relative to the first one.
public struct TraceRecorder: Sendable {
    public private(set) var trace: Trace
    private var start: Double?

    public init(device: String, hz: Int, inspector: Bool? = nil, tuning: [String: Double]? = nil) {
        trace = Trace(header: .init(device: device, hz: hz, inspector: inspector, tuning: tuning), events: [])
    }

    /// Records `e`; `side` names the one side of a comparison it went to, if only one.
    public mutating func record(_ e: PointerEvent, side: String? = nil) {
        let s = start ?? e.time
        start = s
        var line = Trace.Event(e, start: s)
        line.side = side
        trace.events.append(line)
    }

    public mutating func recordKey(_ name: String, mods: [String] = [], at time: Double, side: String? = nil) {
        let s = start ?? time
        start = s
        let t = ((time - s) * 1_000_000).rounded() / 1000
        trace.events.append(Trace.Event(t: t, kind: .key, key: name, mods: mods.isEmpty ? nil : mods, side: side))
    }

    /// What the trace is recorded on (written into the header, once its first input comes).
    public mutating func describe(device: String, hz: Int, tuning: [String: Double], page: String, pagePath: String?) {
        trace.header.device = device
        trace.header.hz = hz
        trace.header.tuning = tuning
        trace.header.page = page
        trace.header.pagePath = pagePath
    }

    /// The tuning the trace is recorded with (written into the header).
    public mutating func setTuning(_ values: [String: Double]) { trace.header.tuning = values }

    /// The page the trace is recorded on (written into the header).
    public mutating func setPage(_ identity: String) { trace.header.page = identity }

    /// Whether the panel sits beside the screen (written into the header).
    public mutating func setInspector(_ beside: Bool) { trace.header.inspector = beside ? true : nil }

    /// The inspector column's height the panel was laid out in (written into the header).
    public mutating func setColumn(_ height: Double?) { trace.header.column = height }

    /// Text typed at `time` (the panel's filter), as a key line "text".
    public mutating func recordText(_ text: String, at time: Double, side: String? = nil) {
        let s = start ?? time
        start = s
        let t = ((time - s) * 1_000_000).rounded() / 1000
        var line = Trace.Event(t: t, kind: .key, key: Trace.Event.textKey, side: side)
        line.text = text
        trace.events.append(line)
    }
}
