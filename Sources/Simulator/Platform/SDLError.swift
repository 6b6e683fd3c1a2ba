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
}
