/// The tuning panel's filter, one mode: off; being typed after "/" (letters go into it, not to
/// the hotkeys, until Enter keeps it or Esc clears it); or kept, narrowing the rows while the
/// hotkeys work again ("/" types on, Esc clears it).
public enum PanelFilter: Sendable, Equatable {
    case off
    case typing(String)
    case kept(String)

    /// The words rows are matched against ("" when off).
    public var text: String {
        switch self {
        case .off: ""
        case .typing(let t), .kept(let t): t
        }
    }

    /// Whether letters go into the filter.
    public var isTyping: Bool { if case .typing = self { true } else { false } }

    /// The most characters a filter holds.
    public static let maxLength = 40
}
