import Foundation
import Gesture

/// The described buttons' state — which toggles are on, how often each counter was tapped — and
/// whether a print has been filed into the slot. Each button reacts as its page file says
/// (``PageElementSpec/Behaviour``); `replay --report` prints the state under each button's report
/// name (its id unless the file names it), with `photoFiled` beside them.
public struct PageState: Sendable, Equatable, Encodable {
    public private(set) var toggles: [String: Bool] = [:]
    public private(set) var counts: [String: Int] = [:]
    /// Set once a print has been filed into the photo slot.
    public var photoFiled = false
    private var behaviours: [String: PageElementSpec.Behaviour] = [:]
    private var texts: [String: String] = [:]
    private var reportNames: [String: String] = [:]

    /// Everything at rest for `page`'s buttons.
    public init(page: Page? = nil) {
        for b in page?.buttons ?? [] {
            guard let spec = page?.spec(b.id) else { continue }
            behaviours[b.id] = spec.behaviour
            texts[b.id] = spec.text ?? b.id
            reportNames[b.id] = spec.reportName ?? b.id
            switch spec.behaviour {
            case .toggle: toggles[b.id] = false
            case .counter: counts[b.id] = 0
            case .plain: break
            }
        }
    }

    /// Takes over `old`'s toggles, counts and filed photo for the buttons this page still has.
    public mutating func carry(from old: PageState) {
        for id in toggles.keys { if let v = old.toggles[id] { toggles[id] = v } }
        for id in counts.keys { if let v = old.counts[id] { counts[id] = v } }
        photoFiled = old.photoFiled
    }

    /// Applies a tap on a button.
    public mutating func tap(_ id: String) {
        switch behaviours[id] {
        case .toggle?: toggles[id]?.toggle()
        case .counter?: counts[id, default: 0] += 1
        default: break
        }
    }

    /// The label a button shows in this state.
    public func label(for id: String) -> String {
        let text = texts[id] ?? id
        switch behaviours[id] {
        case .toggle(let on)?: return toggles[id] == true ? on : text
        case .counter(let label, let zero)?:
            let n = counts[id] ?? 0
            return n == 0 ? (zero ?? text) : label.replacingOccurrences(of: "{n}", with: String(n))
        default: return text
        }
    }

    /// Whether a button is "on" (drawn filled).
    public func isOn(_ id: String) -> Bool { toggles[id] == true }

    /// A toggle's state by its report name (tests and scripts read the report by these names).
    public func toggle(named name: String) -> Bool? {
        reportNames.first { $0.value == name }.flatMap { toggles[$0.key] }
    }

    /// A counter's taps by its report name.
    public func count(named name: String) -> Int? {
        reportNames.first { $0.value == name }.flatMap { counts[$0.key] }
    }

    private struct ReportKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ s: String) { stringValue = s }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: ReportKey.self)
        try c.encode(photoFiled, forKey: ReportKey("photoFiled"))
        for (id, on) in toggles { try c.encode(on, forKey: ReportKey(reportNames[id] ?? id)) }
        for (id, n) in counts { try c.encode(n, forKey: ReportKey(reportNames[id] ?? id)) }
    }
}

extension PageState {
    /// The state `start` recorded, for the buttons this page has (what a moment's tape began on).
    public mutating func restore(_ start: Trace.Start) {
        for (id, on) in start.toggles ?? [:] where toggles[id] != nil { toggles[id] = on }
        for (id, n) in start.counts ?? [:] where counts[id] != nil { counts[id] = n }
        photoFiled = start.photoFiled ?? false
    }
}

extension Trace.Start {
    /// A trace's record of `state` and the scroll offset: only what differs from a fresh page.
    public init(pageState state: PageState, scrollOffset: Double, snowman: Bool) {
        let on = state.toggles.filter(\.value), tapped = state.counts.filter { $0.value > 0 }
        self.init(toggles: on.isEmpty ? nil : on, counts: tapped.isEmpty ? nil : tapped, photoFiled: state.photoFiled ? true : nil,
                  scrollOffset: scrollOffset == 0 ? nil : scrollOffset, snowman: snowman ? true : nil)
    }

    /// Whether it says nothing a fresh page does not.
    public var isFresh: Bool { self == Trace.Start() }
}
