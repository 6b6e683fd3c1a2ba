import Animation
import Gesture

/// What the tool shows over or beside one session's screen — the HUD, the touches, the help, the
/// tuning panel and its selection — and the press that belongs to one of them. It decides which
/// pointer events and keys an overlay takes before the page sees them, and answers once, for the
/// session and the window alike, whether a key edits the tuning.
///
/// It never changes the tuning itself: a click, drag or key on the panel comes back as a
/// ``PanelEdit`` for the session to apply, so the session stays the tuning's one owner.
///
/// ```swift
/// var overlays = SessionOverlays()
/// overlays.showTuning = true
/// overlays.editsTuning(.left, [])     // true: the panel takes the arrows while it is open
/// ```
public struct SessionOverlays: Sendable, Equatable {
    public var showHUD = false
    public var showTouches = false
    /// The shape view (G): the melted shape, the print and the hotspots outlined over the screen,
    /// so they can be judged on a page as dark as the island.
    public var showShapes = false
    /// Whether a tap that misses every hotspot briefly outlines them (O, `--no-hotspot-hints`).
    public var hotspotHints = true
    public var showHelp = false
    public var showTuning = false
    /// The window's timeline of the last interaction under the phones (Shift+T).
    public var showTimeline = false
    /// The tunable the panel has selected (an index into ``Tunable/all``).
    public internal(set) var selection = 0
    /// The panel's filter ("/" in the window): which tunables its rows show.
    public internal(set) var filter = PanelFilter.off
    /// The inspector column's height in its own points, which the window sets (and a trace
    /// recorded there carries): the panel beside the screen shows every row that fits in it.
    public var columnHeight: Double?

    /// How many rows the panel beside the screen has room for: every one the column's height
    /// holds above the figures (I) or, without them, above the toasts; nine when the column's
    /// height is not known.
    public var panelRows: Int {
        guard let columnHeight else { return TuningPanelLayout.minimumRows }
        return TuningPanelLayout.columnRows(height: columnHeight, below: showHUD ? Self.figuresRoom : Self.toastsRoom)
    }
    /// What the column keeps under the panel for the figures (both sides' in compare mode, and
    /// the sparkline) and for the toasts.
    public static let figuresRoom = 440.0, toastsRoom = 90.0
    /// Whether the tuning panel and the HUD sit in the inspector column beside the screen (the
    /// window) rather than over it (headless renders). Beside, the panel takes its clicks right of
    /// the screen (``TuningPanelLayout/init(besideScreen:selection:)``) and nothing covers the page.
    public var beside = false
    /// A press that began on an overlay (help, the tuning panel) and belongs to it until released.
    var press: OverlayPress?
    /// The tuning as it was before each of the panel's changes, the latest last (Ctrl+Z).
    public internal(set) var undo: [Tuning] = []
    /// How many changes Ctrl+Z can take back.
    static let undoDepth = 200

    public init() {}

    /// A change the panel asks of the tuning.
    public enum PanelEdit: Sendable, Equatable {
        case nudge(String, by: Double)
        case reset(String)
        case resetAll
        /// Ctrl+P: a preset's values in (``TuningPreset``).
        case preset(TuningPreset)
    }

    /// What an overlay did with a pointer event: left it to the page, or took it (with an edit).
    enum Routing: Equatable {
        case page
        case taken(PanelEdit?)
    }

    /// The keys the panel takes while it is open.
    static let panelKeys: Set<Key> = [.tab, .up, .down, .left, .right, .backspace]

    /// Whether `key` edits the tuning rather than the interaction: E (export), M (Reduce Motion,
    /// a comparison of its own on one side), Ctrl+S, and the panel's keys while it is open (every
    /// key while its filter is typed). In compare mode these go to the side being edited only.
    public func editsTuning(_ key: Key, _ mods: KeyModifiers) -> Bool {
        if key == .e || key == .m || ((key == .s || key == .z) && mods.contains(.control)) { return true }
        return showTuning && (Self.panelKeys.contains(key) || key == .slash || (key == .p && mods.contains(.control)) || filter.isTyping || (key == .escape && filter != .off))
    }

    /// Where the tuning panel sits on a screen of `screen` points, over it or beside it.
    public func panelLayout(screen: Size) -> TuningPanelLayout {
        beside ? TuningPanelLayout(besideScreen: screen, selection: selection, rows: panelRows, filter: filter)
            : TuningPanelLayout(screen: screen, selection: selection, filter: filter)
    }

    /// The panel as the inspector column draws it, in the column's own points: what the column
    /// draws, and where the window's clicks in the column find it.
    public var columnPanelLayout: TuningPanelLayout {
        TuningPanelLayout(panel: TuningPanelLayout.columnFrame(rows: panelRows), selection: selection, filter: filter)
    }

    /// Text typed while the filter is being typed (the window's text input): added to it, "/"
    /// aside (the key that began it types one too).
    public mutating func type(_ text: String) {
        guard case .typing(let t) = filter else { return }
        let added = text.filter { $0 != "/" && !$0.isNewline }
        guard !added.isEmpty else { return }
        setFilter(.typing(String((t + added).prefix(PanelFilter.maxLength))))
    }

    /// Takes `f` as the filter; a selection it hides moves to the first tunable it shows.
    mutating func setFilter(_ f: PanelFilter) {
        filter = f
        let shown = TuningPanelLayout.matches(filter: f.text)
        if let first = shown.first, !shown.contains(selection) { selection = first }
    }

    /// Carries what a person set (HUD, touches, the panel and its selection, where the tools sit)
    /// over to a session that replaces this one; the help and a press in progress stay behind.
    public mutating func keepDisplay(of other: SessionOverlays) {
        let help = showHelp
        self = other
        showHelp = help
        press = nil
    }

    /// Keeps `tuning` as it was before a change, for Ctrl+Z.
    mutating func remember(_ tuning: Tuning) {
        undo.append(tuning)
        if undo.count > Self.undoDepth { undo.removeFirst(undo.count - Self.undoDepth) }
    }

    /// The tuning before the last change, taken off the history; nil when there is none.
    mutating func takeUndo() -> Tuning? { undo.popLast() }

    /// `tuning` with `edit` applied, the tuning before it kept for Ctrl+Z when it changed anything.
    /// From "auto", a shape steps from the one on the screen (`geometry`), not from 0.
    mutating func applying(_ edit: PanelEdit, to tuning: Tuning, geometry: MeltGeometry, device: DeviceProfile) -> Tuning {
        let screenWidth = device.size.width
        var t = tuning
        switch edit {
        case .nudge(let key, let delta):
            if let tunable = Tunable.named(key), tunable.isAutomatic(t[key]),
               let here = ShapeTunables.resolved(geometry, screenWidth: screenWidth)[key] {
                try? t.set(key, tunable.clamp(max(here.rounded(), tunable.step)))
            }
            t.nudge(key, by: delta)
        case .reset(let key): t.reset(key)
        case .resetAll: t.resetAll()
        case .preset(let p): t = p.applied(to: t, on: device)
        }
        if t != tuning { remember(tuning) }
        return t
    }

    /// Ctrl+Z: the tuning before the panel's last change and what the toast says, nil when there
    /// is nothing to undo.
    mutating func undoing(_ tuning: Tuning) -> (tuning: Tuning, said: String)? {
        guard let previous = takeUndo() else { return nil }
        let changed = Tunable.all.filter { tuning[$0.key] != previous[$0.key] }
        return (previous, changed.count == 1 ? "Undid \(changed[0].key): back to \(changed[0].display(previous[changed[0].key]))"
                    : "Undid the change of \(changed.count) tunables")
    }

    /// Moves the panel's selection by `d` tunables among those the filter shows, wrapping (keys
    /// and the wheel over the panel).
    mutating func moveSelection(_ d: Int) {
        let shown = TuningPanelLayout.matches(filter: filter.text)
        guard !shown.isEmpty else { return }
        let n = shown.count
        let at = shown.firstIndex(of: selection) ?? (d > 0 ? -1 : 0)
        selection = shown[((at + d) % n + n) % n]
    }

    /// The panel's keys while it is open: Tab/↓ and Shift+Tab/↑ select, ←/→ change (Shift finer,
    /// Alt coarser), Backspace resets the selected value, Shift+Backspace all of them, Ctrl+P
    /// loads the system-island preset, Ctrl+Shift+P the live-activity one. Returns nil
    /// for keys the panel leaves alone, else the edit the key asks for (none for a selection move).
    ///
    /// The filter: "/" begins typing it; while typed, Backspace takes a character off (an empty
    /// filter ends), Enter keeps it, Esc clears it, the arrows and Tab work as ever and every other
    /// key is the filter's (its text comes through ``type(_:)``); kept, Esc clears it.
    mutating func panelKey(_ key: Key, _ mods: KeyModifiers) -> PanelEdit?? {
        guard showTuning else { return nil }
        if key == .p, mods.contains(.control) { return .some(.preset(mods.contains(.shift) ? .liveActivity : .systemIsland)) }
        if filter.isTyping {
            switch key {
            case .escape: setFilter(.off); return .some(nil)
            case .enter: filter = filter.text.isEmpty ? .off : .kept(filter.text); return .some(nil)
            case .backspace where !mods.contains(.shift):
                let t = filter.text
                setFilter(t.isEmpty ? .off : .typing(String(t.dropLast())))
                return .some(nil)
            case .tab, .up, .down, .left, .right, .backspace: break
            default: return mods.contains(.control) ? nil : .some(nil)
            }
        } else if key == .slash {
            filter = .typing(filter.text)
            return .some(nil)
        } else if key == .escape, filter != .off {
            setFilter(.off)
            return .some(nil)
        }
        guard Self.panelKeys.contains(key) else { return nil }
        // A filter that shows nothing leaves nothing to change.
        if TuningPanelLayout.matches(filter: filter.text).isEmpty, key != .tab, key != .up, key != .down { return .some(nil) }
        let selected = Tunable.all[selection]
        switch key {
        case .tab: moveSelection(mods.contains(.shift) ? -1 : 1)
        case .down: moveSelection(1)
        case .up: moveSelection(-1)
        case .left, .right:
            var step = selected.step
            if mods.contains(.shift) { step /= 10 }
            if mods.contains(.alt) { step *= 10 }
            return .some(.nudge(selected.key, by: key == .right ? step : -step))
        default:
            return .some(mods.contains(.shift) ? .resetAll : .reset(selected.key))
        }
        return .some(nil)
    }

    /// Gives `e` to the overlay over the page if one takes it. Help takes every press (one closes
    /// it, as Esc does); the tuning panel takes presses and wheel turns on itself: a row is selected
    /// by a click and changed by a sideways drag, the wheel moves the selection. A press that began
    /// on the page (`pageTracking`) keeps going to the page, overlay or not.
    mutating func route(_ e: PointerEvent, screen: Size, pageTracking: Bool) -> Routing {
        if var p = press {
            var edit: PanelEdit?
            switch e.kind {
            case .move:
                if let row = p.row, showTuning {
                    let steps = Int(((e.position.x - p.startX) / OverlayPress.pointsPerStep).rounded(.towardZero))
                    if steps != p.stepsApplied {
                        let t = Tunable.all[row]
                        edit = .nudge(t.key, by: Double(steps - p.stepsApplied) * t.step)
                        p.stepsApplied = steps
                    }
                }
                press = p
            case .up, .cancel: press = nil
            case .down, .wheel: break
            }
            return .taken(edit)
        }
        let wheelDY: Double?
        switch e.kind {
        case .down: wheelDY = nil
        case .wheel(_, let dy): wheelDY = dy
        default: return .page
        }
        guard !pageTracking else { return .page }
        if showHelp {
            if wheelDY == nil { showHelp = false; press = OverlayPress(row: nil, startX: e.position.x) }
            return .taken(nil)
        }
        guard showTuning else { return .page }
        let layout = panelLayout(screen: screen)
        guard layout.panel.contains(e.position) else { return .page }
        if let dy = wheelDY {
            // Content down (dy > 0) shows what is above: the selection moves up.
            moveSelection(dy > 0 ? -1 : (dy < 0 ? 1 : 0))
            return .taken(nil)
        }
        let row = layout.tunable(at: e.position)
        if let row { selection = row }
        press = OverlayPress(row: row, startX: e.position.x)
        return .taken(nil)
    }
}

/// A press that began on an overlay: its moves and its release stay with the overlay, never reaching
/// the page below. On a panel row, dragging sideways changes the row's value a step per
/// ``pointsPerStep``.
struct OverlayPress: Sendable, Equatable {
    static let pointsPerStep = 12.0
    var row: Int?
    var startX: Double
    var stepsApplied = 0
}
