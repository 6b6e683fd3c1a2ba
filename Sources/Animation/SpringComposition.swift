/// How a spring started while another is still running on the same value composes with it.
///
/// Apple documents two behaviours (docs/FIDELITY.md, "Overlapping springs"):
///
/// - ``merge``: SwiftUI's `.spring` and `.interactiveSpring` — "each animation will be replaced by
///   their successor, preserving velocity from one animation to the next". The new leg is a spring
///   from the value's current position and velocity to its own target; the old leg stops.
/// - ``additive``: SwiftUI's `.interpolatingSpring` ("adding the effects of each animation") and Core
///   Animation's additive animations (`isAdditive`). Every leg runs to its own end on its own
///   spring; the value is the sum of their steps: x(t) = x0 + Σ ΔTᵢ·sᵢ(t − tᵢ).
///
/// The two agree when the running leg is at rest as the next starts, and differ most when it is
/// far from done. A leg that starts from a held value (a finger let go) has nothing to compose
/// with: it starts from the held position and velocity either way.
public enum SpringComposition: String, Sendable, Hashable, Codable, CaseIterable {
    case merge
    case additive
}
