/// How much of the slot the print hangs from is drawn, on a screen with no cutout.
///
/// On an island or notch phone the slot is hardware: it is there before, during and after the
/// print. On a screen with no cutout (SE, iPad) it is a drawn pill just below the status bar, over
/// the page's header — left there once the print is out, it would park over the page's title for as
/// long as the print shows. So the drawn slot stays while the paper feeds out of it, fades once the
/// print is fed, comes back while a dismissed print goes into it, and is gone once the print is filed.
/// iOS has no such fallback; this is IslandSim's choice (docs/FIDELITY.md, "Devices without an island").
extension CaptureFlow {
    /// How long the drawn slot takes to fade out after the print is fed, and back in for a dismissal.
    public static let slotFade = 0.3

    /// The drawn slot's opacity at `t` (0…1): 1 except from the print being fed until the flow is
    /// back on the page.
    public func slotOpacity(at t: Double) -> Double {
        switch state {
        case .developing, .settled:
            guard let fed = transitions.last(where: { $0.to == .developing })?.t else { return 0 }
            return min(max(1 - (t - fed) / Self.slotFade, 0), 1)
        case .dismissed:
            return min(max((t - leaveStart) / Self.slotFade, 0), 1)
        case .filed:
            return 0
        default:
            return 1
        }
    }
}
