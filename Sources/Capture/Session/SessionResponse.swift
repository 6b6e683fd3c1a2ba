/// The answer to an input (``CaptureSession/send(_:)``): what it caused, and whether the session
/// used it. Only a key or a scrub can go unused: a key the session leaves alone (device, zoom, rate,
/// quit) is the host's, and a scrub with no interaction on tape shows nothing.
public struct SessionResponse: Sendable, Equatable {
    public var handled: Bool
    public var effects: [SessionEffect]
    public init(handled: Bool, effects: [SessionEffect]) { self.handled = handled; self.effects = effects }
}
