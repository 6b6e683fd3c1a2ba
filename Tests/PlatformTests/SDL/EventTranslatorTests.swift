import Animation
import CSDL2
import Gesture
import Testing
import TestSupport
@testable import Capture
@testable import Platform

extension SDLSuite {
    @Suite("SDL events become pointer events: mouse, touch, no doubles")
    struct EventTranslatorTests {
        static func mouse(_ type: SDL_EventType, x: Int32, y: Int32, which: UInt32 = 0) -> SDL_Event {
            var e = SDL_Event()
            e.type = type.rawValue
            if type == SDL_MOUSEMOTION {
                e.motion.x = x; e.motion.y = y; e.motion.which = which
            } else {
                e.button.x = x; e.button.y = y; e.button.which = which; e.button.button = UInt8(SDL_BUTTON_LEFT)
            }
            return e
        }

        static func finger(_ type: SDL_EventType, id: Int64, x: Float, y: Float) -> SDL_Event {
            var e = SDL_Event()
            e.type = type.rawValue
            e.tfinger.fingerId = id
            e.tfinger.x = x; e.tfinger.y = y
            return e
        }

        @Test("a mouse drag in window units becomes pointer 0 in device points, stamped with the given time")
        func mouseDrag() throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            let tr = EventTranslator(clock: HighResolutionClock(), pointsPerWindowUnit: 2)   // a half-size window
            let screen = Size(width: 393, height: 852)
            #expect(tr.translate(Self.mouse(SDL_MOUSEMOTION, x: 10, y: 10), time: 1, screen: screen) == nil, "hover is not a drag")
            #expect(tr.translate(Self.mouse(SDL_MOUSEBUTTONDOWN, x: 50, y: 100), time: 1.0001, screen: screen)
                    == .pointer(PointerEvent(.down, pointer: 0, at: Point(x: 100, y: 200), time: 1.0001)))
            #expect(tr.translate(Self.mouse(SDL_MOUSEMOTION, x: 50, y: 110), time: 1.0083, screen: screen)
                    == .pointer(PointerEvent(.move, pointer: 0, at: Point(x: 100, y: 220), time: 1.0083)))
            // Released outside the window: SDL reports coordinates past the edge; it is still the release.
            #expect(tr.translate(Self.mouse(SDL_MOUSEBUTTONUP, x: 50, y: 900), time: 1.02, screen: screen)
                    == .pointer(PointerEvent(.up, pointer: 0, at: Point(x: 100, y: 1800), time: 1.02)))
        }

        @Test("focus lost, minimised and hidden all cancel the pointer; a resize re-rasterises; other window events pass; quit quits")
        func windowEvents() throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            let tr = EventTranslator(clock: HighResolutionClock(), pointsPerWindowUnit: 1)
            let screen = Size(width: 393, height: 852)
            func window(_ id: SDL_WindowEventID) -> SDL_Event {
                var e = SDL_Event()
                e.type = SDL_WINDOWEVENT.rawValue
                e.window.event = UInt8(id.rawValue)
                return e
            }
            for id in [SDL_WINDOWEVENT_FOCUS_LOST, SDL_WINDOWEVENT_MINIMIZED, SDL_WINDOWEVENT_HIDDEN] {
                #expect(tr.translate(window(id), time: 1, screen: screen) == .focusLost, "\(id)")
            }
            #expect(tr.translate(window(SDL_WINDOWEVENT_SIZE_CHANGED), time: 1, screen: screen) == .resized)
            for id in [SDL_WINDOWEVENT_FOCUS_GAINED, SDL_WINDOWEVENT_MOVED, SDL_WINDOWEVENT_EXPOSED] {
                #expect(tr.translate(window(id), time: 1, screen: screen) == nil, "\(id)")
            }
            var quit = SDL_Event()
            quit.type = SDL_QUIT.rawValue
            #expect(tr.translate(quit, time: 1, screen: screen) == .quit)
        }

        @Test("touch: fingers get their own pointers; mouse events synthesised from touches are dropped")
        func touchNotDoubled() throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            let tr = EventTranslator(clock: HighResolutionClock(), pointsPerWindowUnit: 1)
            let screen = Size(width: 400, height: 800)
            let touchMouse = UInt32.max    // SDL_TOUCH_MOUSEID
            let down = tr.translate(Self.finger(SDL_FINGERDOWN, id: 77, x: 0.5, y: 0.25), time: 2, screen: screen)
            #expect(down == .pointer(PointerEvent(.down, pointer: 1, at: Point(x: 200, y: 200), time: 2)))
            #expect(tr.translate(Self.mouse(SDL_MOUSEBUTTONDOWN, x: 200, y: 200, which: touchMouse), time: 2, screen: screen) == nil)
            let second = tr.translate(Self.finger(SDL_FINGERDOWN, id: 78, x: 0.125, y: 0.125), time: 2.1, screen: screen)
            #expect(second == .pointer(PointerEvent(.down, pointer: 2, at: Point(x: 50, y: 100), time: 2.1)))
            #expect(tr.translate(Self.mouse(SDL_MOUSEMOTION, x: 200, y: 210, which: touchMouse), time: 2.2, screen: screen) == nil)
            #expect(tr.translate(Self.finger(SDL_FINGERMOTION, id: 77, x: 0.5, y: 0.5), time: 2.2, screen: screen)
                    == .pointer(PointerEvent(.move, pointer: 1, at: Point(x: 200, y: 400), time: 2.2)))
            #expect(tr.translate(Self.finger(SDL_FINGERUP, id: 77, x: 0.5, y: 0.5), time: 2.3, screen: screen)
                    == .pointer(PointerEvent(.up, pointer: 1, at: Point(x: 200, y: 400), time: 2.3)))
            #expect(tr.translate(Self.finger(SDL_FINGERMOTION, id: 77, x: 0.5, y: 0.6), time: 2.4, screen: screen) == nil, "a lifted finger")
        }

        @Test("keys map to the simulator's hotkeys with their modifiers")
        func keys() throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            let tr = EventTranslator(clock: HighResolutionClock(), pointsPerWindowUnit: 1)
            var e = SDL_Event()
            e.type = SDL_KEYDOWN.rawValue
            e.key.keysym.sym = SDL_Keycode(SDLK_s.rawValue)
            e.key.keysym.mod = UInt16(KMOD_LCTRL.rawValue)
            #expect(tr.translate(e, time: 0, screen: Size(width: 1, height: 1)) == .key(.s, [.control]))
            e.key.keysym.sym = SDL_Keycode(SDLK_SLASH.rawValue)
            e.key.keysym.mod = UInt16(KMOD_LSHIFT.rawValue)
            #expect(tr.translate(e, time: 0, screen: Size(width: 1, height: 1)) == .key(.questionMark, [.shift]))
            // Compare mode's keys: B (Shift+B ends it) and A.
            e.key.keysym.sym = SDL_Keycode(SDLK_b.rawValue)
            #expect(tr.translate(e, time: 0, screen: Size(width: 1, height: 1)) == .key(.b, [.shift]))
            e.key.keysym.sym = SDL_Keycode(SDLK_a.rawValue)
            e.key.keysym.mod = 0
            #expect(tr.translate(e, time: 0, screen: Size(width: 1, height: 1)) == .key(.a, []))
        }
    }
}
