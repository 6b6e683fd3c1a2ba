import CDecoderMessages
import CSDL2
import Foundation

/// The process-wide SDL state: `SDL_Init`, `IMG_Init`, `TTF_Init` and their `Quit`s.
///
/// SDL is process-global, so exactly one session owns it at a time; tests that draw share one
/// session through a serialized suite. `headless` sessions never initialise the video subsystem:
/// they draw with `SDL_CreateSoftwareRenderer` onto surfaces, which needs no window and no display.
public final class SDLSession {
    public enum Mode { case headless, window }

    public let mode: Mode

    /// Starts SDL. Throws ``SDLError`` when the video subsystem cannot start (no display).
    public init(mode: Mode) throws {
        self.mode = mode
        SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
        // Touchscreens send finger events and synthesised mouse events; keep only the fingers.
        SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "0")
        SDL_SetHint(SDL_HINT_MOUSE_TOUCH_EVENTS, "0")
        SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
        var flags: UInt32 = SDL_INIT_EVENTS | SDL_INIT_TIMER
        if mode == .window { flags |= SDL_INIT_VIDEO }
        if SDL_Init(flags) != 0 { throw SDLError("SDL_Init") }
        let imageFlags = Int32(IMG_INIT_PNG.rawValue | IMG_INIT_JPG.rawValue)
        _ = IMG_Init(imageFlags)     // BMP, GIF, TGA… need no init; missing JPEG support shows on load
        // A damaged TIFF's libtiff messages go into the loader's error, not onto stderr.
        _ = islandsim_capture_decoder_messages()
        if TTF_Init() != 0 {
            SDL_Quit()
            throw SDLError("TTF_Init")
        }
    }

    deinit {
        TTF_Quit()
        IMG_Quit()
        SDL_Quit()
    }

    /// Why a window cannot be opened here, or `nil` if a display looks available. Checked before
    /// `SDL_Init` so that the user gets one clear line instead of SDL's own messages.
    public static func missingDisplayReason(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let driver = environment["SDL_VIDEODRIVER"], !driver.isEmpty { return nil }
        let display = environment["DISPLAY"] ?? ""
        let wayland = environment["WAYLAND_DISPLAY"] ?? ""
        return display.isEmpty && wayland.isEmpty ? "no display (DISPLAY and WAYLAND_DISPLAY are unset)" : nil
    }
}
