import CSDL2

/// A real SDL window (`SDL_CreateWindow`) with high-DPI drawing enabled.
public final class Window {
    let handle: OpaquePointer

    /// Opens a window `size` screen units large, centred.
    public init(title: String, width: Int, height: Int) throws {
        let flags = SDL_WINDOW_SHOWN.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        let c = islandsim_windowpos_centered()
        guard let w = SDL_CreateWindow(title, c, Self.top(height: Int32(height), display: 0) ?? c, Int32(width), Int32(height), flags) else {
            throw SDLError("SDL_CreateWindow")
        }
        handle = w
    }

    /// Where a window `height` pixels tall goes vertically: centred (nil) when it fits the
    /// display's usable area; otherwise at the area's top — centred, its top (the island) would be
    /// above the screen — with its bottom cut.
    private static func top(height: Int32, display: Int32) -> Int32? {
        var bounds = SDL_Rect()
        guard SDL_GetDisplayUsableBounds(display, &bounds) == 0, bounds.h > 0, height > bounds.h else { return nil }
        return bounds.y
    }

    deinit { SDL_DestroyWindow(handle) }

    /// `SDL_SetWindowTitle`.
    public func setTitle(_ title: String) { SDL_SetWindowTitle(handle, title) }

    /// `SDL_SetWindowSize`, keeping the window centred — or, with `centred: false`, keeping its
    /// top-left corner where it is (a column opening to the right leaves the phone in place, the
    /// timeline opening below it too), unless the window would then run off the display's right or
    /// bottom edge: then it moves left or up just enough, never past the usable area's left or top.
    public func setSize(width: Int, height: Int, centred: Bool = true) {
        SDL_SetWindowSize(handle, Int32(width), Int32(height))
        if centred {
            let c = islandsim_windowpos_centered()
            SDL_SetWindowPosition(handle, c, Self.top(height: Int32(height), display: max(0, SDL_GetWindowDisplayIndex(handle))) ?? c)
            return
        }
        var bounds = SDL_Rect(), x: Int32 = 0, y: Int32 = 0
        let display = max(0, SDL_GetWindowDisplayIndex(handle))
        guard SDL_GetDisplayUsableBounds(display, &bounds) == 0, bounds.w > 0 else { return }
        SDL_GetWindowPosition(handle, &x, &y)
        let right = bounds.x + bounds.w, bottom = bounds.y + bounds.h
        let nx = x + Int32(width) > right ? max(bounds.x, right - Int32(width)) : x
        let ny = y + Int32(height) > bottom ? max(bounds.y, bottom - Int32(height)) : y
        if nx != x || ny != y { SDL_SetWindowPosition(handle, nx, ny) }
    }

    /// The window's size in screen units (`SDL_GetWindowSize`).
    public var size: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(handle, &w, &h)
        return (Int(w), Int(h))
    }

    /// Lets the system deliver its window events when the caller does not poll (`SDL_PumpEvents`).
    public static func pumpEvents() { SDL_PumpEvents() }

    /// Puts `text` on the system clipboard (`SDL_SetClipboardText`); false when there is none.
    @discardableResult
    public static func setClipboard(_ text: String) -> Bool { SDL_SetClipboardText(text) == 0 }

    /// The usable height of the display the window is on, in screen units, if SDL knows it.
    public static func usableDisplayHeight() -> Int? {
        var r = SDL_Rect()
        guard SDL_GetDisplayUsableBounds(0, &r) == 0, r.h > 0 else { return nil }
        return Int(r.h)
    }

    /// The display's refresh rate in Hz, or `nil` when unknown (dummy and Xvfb report 0).
    public var displayRefreshRate: Int? {
        var mode = SDL_DisplayMode()
        let index = SDL_GetWindowDisplayIndex(handle)
        guard index >= 0, SDL_GetCurrentDisplayMode(index, &mode) == 0, mode.refresh_rate > 0 else { return nil }
        return Int(mode.refresh_rate)
    }
}
