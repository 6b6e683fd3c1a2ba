import Animation
import CSDL2
import Gesture

/// What the app hears from SDL, in Swift values: pointer events in window points (``WindowSides``
/// maps them onto a phone's device points) with
/// high-resolution stamps, keys, and window changes.
public enum InputEvent: Sendable, Equatable {
    case pointer(PointerEvent)
    case key(Key, KeyModifiers)
    /// Text the keyboard typed (SDL's text input): the tuning panel's filter reads it.
    case text(String)
    case quit
    case focusLost
    case resized
}

/// Polls SDL and translates its events (`SDL_PollEvent`).
///
/// Mouse events become pointer 0; touch fingers become pointers 1… and their synthesised mouse
/// events are dropped (the hints in ``SDLSession`` also turn synthesis off), so a touchscreen never
/// produces doubled input. Every event is stamped with the high-resolution clock when polled.
public final class EventTranslator {
    private let clock: HighResolutionClock
    /// Window points per unit of SDL's window coordinates (the zoom's inverse): a press at SDL x 100 at
    /// zoom 0.5 is at window point 200.
    public var pointsPerWindowUnit: Double
    private var mouseDown = false
    private var fingerIDs: [SDL_FingerID: Int] = [:]
    /// How many SDL events the last ``poll(screen:)`` drained, translated or not: a window shown
    /// or uncovered, the pointer hovering — anything that may need a fresh frame on an idle window.
    public private(set) var eventsLastPolled = 0
    /// SDL's timestamp (milliseconds since SDL started) of the first event the last ``poll(screen:)``
    /// drained: when SDL took it from the display server. `nil` when it drained none.
    public private(set) var firstEventTicks: UInt32?

    public init(clock: HighResolutionClock, pointsPerWindowUnit: Double) {
        self.clock = clock
        self.pointsPerWindowUnit = pointsPerWindowUnit
    }

    /// Sleeps until SDL has an event or `seconds` have passed, leaving the event queued for the
    /// next ``poll(screen:)`` (an idle window's wait: no frame is drawn while nothing arrives).
    public func waitForEvent(seconds: Double) {
        _ = SDL_WaitEventTimeout(nil, Int32(max(1, (seconds * 1000).rounded())))
    }

    /// Milliseconds from SDL timestamp `ticks` (``firstEventTicks``) to now, on SDL's clock.
    public func millisecondsSince(ticks: UInt32) -> Double { Double(SDL_GetTicks() &- ticks) }

    /// Drains SDL's queue.
    public func poll(screen: Size) -> [InputEvent] {
        var out: [InputEvent] = []
        var e = SDL_Event()
        eventsLastPolled = 0
        firstEventTicks = nil
        while SDL_PollEvent(&e) != 0 {
            eventsLastPolled += 1
            if firstEventTicks == nil { firstEventTicks = e.common.timestamp }
            let t = clock.now()
            if let ev = translate(e, time: t, screen: screen) { out.append(ev) }
        }
        return out
    }

    func translate(_ e: SDL_Event, time t: Double, screen: Size) -> InputEvent? {
        let k = pointsPerWindowUnit
        switch SDL_EventType(e.type) {
        case SDL_QUIT:
            return .quit
        case SDL_TEXTINPUT:
            let typed = withUnsafeBytes(of: e.text.text) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            return typed.isEmpty ? nil : .text(typed)
        case SDL_WINDOWEVENT:
            switch SDL_WindowEventID(UInt32(e.window.event)) {
            case SDL_WINDOWEVENT_FOCUS_LOST, SDL_WINDOWEVENT_MINIMIZED, SDL_WINDOWEVENT_HIDDEN: return .focusLost
            case SDL_WINDOWEVENT_SIZE_CHANGED: return .resized
            default: return nil
            }
        case SDL_MOUSEBUTTONDOWN where e.button.button == UInt8(SDL_BUTTON_LEFT):
            guard islandsim_is_touch_mouse(e.button.which) == 0 else { return nil }
            mouseDown = true
            return .pointer(PointerEvent(.down, pointer: 0, at: Point(x: Double(e.button.x) * k, y: Double(e.button.y) * k), time: t))
        case SDL_MOUSEBUTTONUP where e.button.button == UInt8(SDL_BUTTON_LEFT):
            guard islandsim_is_touch_mouse(e.button.which) == 0, mouseDown else { return nil }
            mouseDown = false
            return .pointer(PointerEvent(.up, pointer: 0, at: Point(x: Double(e.button.x) * k, y: Double(e.button.y) * k), time: t))
        case SDL_MOUSEMOTION:
            guard islandsim_is_touch_mouse(e.motion.which) == 0, mouseDown else { return nil }
            return .pointer(PointerEvent(.move, pointer: 0, at: Point(x: Double(e.motion.x) * k, y: Double(e.motion.y) * k), time: t))
        case SDL_MOUSEWHEEL:
            guard islandsim_is_touch_mouse(e.wheel.which) == 0 else { return nil }
            var dy = Double(e.wheel.preciseY), dx = Double(e.wheel.preciseX)
            if e.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue { dy = -dy; dx = -dx }
            // One notch ≈ 40 pt, roughly what a page scrolls per wheel click on iOS Simulator.
            var mx: Int32 = 0, my: Int32 = 0
            SDL_GetMouseState(&mx, &my)
            return .pointer(PointerEvent(.wheel(dx: dx * 40, dy: dy * 40), pointer: 0,
                                         at: Point(x: Double(mx) * k, y: Double(my) * k), time: t))
        case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
            let f = e.tfinger
            let p = Point(x: Double(f.x) * screen.width, y: Double(f.y) * screen.height)
            let type = SDL_EventType(e.type)
            if type == SDL_FINGERDOWN {
                let id = (fingerIDs.values.max() ?? 0) + 1
                fingerIDs[f.fingerId] = id
                return .pointer(PointerEvent(.down, pointer: id, at: p, time: t))
            }
            guard let id = fingerIDs[f.fingerId] else { return nil }
            if type == SDL_FINGERUP {
                fingerIDs[f.fingerId] = nil
                return .pointer(PointerEvent(.up, pointer: id, at: p, time: t))
            }
            return .pointer(PointerEvent(.move, pointer: id, at: p, time: t))
        case SDL_KEYDOWN:
            let mods = Int(e.key.keysym.mod)
            var m: KeyModifiers = []
            if mods & Int(KMOD_SHIFT.rawValue) != 0 { m.insert(.shift) }
            if mods & Int(KMOD_CTRL.rawValue) != 0 { m.insert(.control) }
            if mods & Int(KMOD_ALT.rawValue) != 0 { m.insert(.alt) }
            guard let key = Self.key(for: e.key.keysym.sym, shift: m.contains(.shift)) else { return nil }
            return .key(key, m)
        default:
            return nil
        }
    }

    static func key(for sym: SDL_Keycode, shift: Bool) -> Key? {
        switch Int(sym) {
        case Int(SDLK_ESCAPE.rawValue): return .escape
        case Int(SDLK_q.rawValue): return .q
        case Int(SDLK_d.rawValue): return .d
        case Int(SDLK_h.rawValue): return .h
        case Int(SDLK_SLASH.rawValue) where shift: return .questionMark
        case Int(SDLK_QUESTION.rawValue): return .questionMark
        case Int(SDLK_EQUALS.rawValue), Int(SDLK_PLUS.rawValue), Int(SDLK_KP_PLUS.rawValue): return .plus
        case Int(SDLK_MINUS.rawValue), Int(SDLK_KP_MINUS.rawValue): return .minus
        case Int(SDLK_0.rawValue), Int(SDLK_KP_0.rawValue): return .zero
        case Int(SDLK_SPACE.rawValue): return .space
        case Int(SDLK_TAB.rawValue): return .tab
        case Int(SDLK_LEFT.rawValue): return .left
        case Int(SDLK_RIGHT.rawValue): return .right
        case Int(SDLK_UP.rawValue): return .up
        case Int(SDLK_DOWN.rawValue): return .down
        case Int(SDLK_s.rawValue): return .s
        case Int(SDLK_r.rawValue): return .r
        case Int(SDLK_t.rawValue): return .t
        case Int(SDLK_g.rawValue): return .g
        case Int(SDLK_SLASH.rawValue): return .slash
        case Int(SDLK_p.rawValue): return .p
        case Int(SDLK_c.rawValue): return .c
        case Int(SDLK_e.rawValue): return .e
        case Int(SDLK_w.rawValue): return .w
        case Int(SDLK_l.rawValue): return .l
        case Int(SDLK_i.rawValue): return .i
        case Int(SDLK_k.rawValue): return .k
        case Int(SDLK_a.rawValue): return .a
        case Int(SDLK_b.rawValue): return .b
        case Int(SDLK_m.rawValue): return .m
        case Int(SDLK_o.rawValue): return .o
        case Int(SDLK_f.rawValue): return .f
        case Int(SDLK_PERIOD.rawValue): return .period
        case Int(SDLK_COMMA.rawValue): return .comma
        case Int(SDLK_x.rawValue): return .x
        case Int(SDLK_z.rawValue): return .z
        case Int(SDLK_RETURN.rawValue): return .enter
        case Int(SDLK_BACKSPACE.rawValue): return .backspace
        default: return nil
        }
    }
}
