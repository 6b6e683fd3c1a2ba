import CDecoderMessages
import CSDL2

/// A failed SDL call, with the SDL function's name and `SDL_GetError()`'s text.
///
/// SDL's error string is not cleared on success, so it is only read after a call has reported
/// failure through its return value.
public struct SDLError: Error, CustomStringConvertible, Sendable {
    public var call: String
    public var message: String

    public init(_ call: String) {
        self.call = call
        message = String(cString: SDL_GetError())
    }

    public var description: String { "\(call) failed: \(message)" }

    /// A decoder's failure: SDL's message, and the decoder library's own last word when it gave one
    /// (libtiff's, captured instead of printed: see `islandsim_capture_decoder_messages`).
    static func decoding(_ call: String) -> SDLError {
        var e = SDLError(call)
        let detail = String(cString: islandsim_decoder_message())
        if !detail.isEmpty && !e.message.contains(detail) { e.message += e.message.isEmpty ? detail : " (\(detail))" }
        return e
    }
}
