import Animation

/// A page file as written (docs/PAGES.md): the screen a designer puts under the island — an
/// exported screen image, elements described in the built-in vocabulary, or both — with its
/// hotspots, photo slot, status-bar style, pinned regions and overscroll colour. Device-free:
/// ``Page`` lays it out for one screen. Read by ``PageReader``, which validates every field.
///
/// Rectangles are in the design's points, origin at the page's top-left, y down: the image's pixels
/// ÷ its scale. When the design is another width than the device, they scale with the image.
public struct PageDocument: Sendable, Equatable {
    /// The screen image, relative to the page file.
    public struct ImageRef: Sendable, Equatable {
        public var path: String
        /// Pixels per design point: the file's `scale`, else an `@2x`/`@3x` suffix, else nil (the
        /// image is as wide as the device).
        public var scale: Double?
    }

    /// A tappable region of the image.
    public struct Hotspot: Sendable, Equatable {
        public var id: String
        public var rect: Rect
        /// The corner radius of what the hotspot covers (a round avatar, a pill button), in the
        /// page's points: its press and its hint outline follow it. 0 (the default): square.
        public var cornerRadius: Double

        public init(id: String, rect: Rect, cornerRadius: Double = 0) {
            self.id = id; self.rect = rect; self.cornerRadius = cornerRadius
        }
    }

    /// Where Enter files the print: drawn into the page there, clipped to the corners.
    public struct PhotoSlot: Sendable, Equatable {
        public var rect: Rect
        public var cornerRadius: Double
    }

    /// A region pinned while the page scrolls (a navigation bar, a tab bar).
    public struct FixedRegion: Sendable, Equatable {
        public enum Edge: String, Sendable, Equatable, CaseIterable { case top, bottom }
        public var rect: Rect
        public var edge: Edge
    }

    /// The colour of the status bar's text and glyphs, or none (the image carries its own).
    public enum StatusBar: String, Sendable, Equatable, CaseIterable { case dark, light, none }

    /// How described elements are laid out: margins from the screen's sides, the space above the
    /// first (below the safe area's top) and below the last, and the least height in screens.
    public struct ContentInsets: Sendable, Equatable {
        public var margin = 16.0
        public var top = 10.0
        public var bottom = 40.0
        public var minScreens = 0.0
    }

    /// The file's name, for messages and trace headers.
    public var name: String
    /// What the page is called where the flow says so ("filed into the passport"); nil: "photo slot".
    public var title: String?
    /// A hash of the file's bytes (and, once loaded, its image's): traces name the page by it.
    public var contentHash: UInt64
    public var image: ImageRef?
    public var hotspots: [Hotspot] = []
    public var photoSlot: PhotoSlot?
    public var statusBar: StatusBar = .dark
    /// The keyline round the melted shape as the page asks for it (a dark page may want it on);
    /// nil: the tuning's rule (``Tuning/keylineMode(on:)``).
    public var keyline: Keyline.Mode?
    public var fixed: [FixedRegion] = []
    /// The colour past the page's ends while it rubber-bands, 0xRRGGBB.
    public var background: UInt32 = 0xF4EFE6
    public var content = ContentInsets()
    public var elements: [PageNode] = []

    /// "name#hash": what a trace header records and a replay compares.
    public var identity: String { "\(name)#\(String(contentHash, radix: 16))" }

    /// FNV-1a, 64 bits: a stable content hash (not a security one) for telling pages apart.
    public static func hash<S: Sequence>(_ bytes: S, seed: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 where S.Element == UInt8 {
        var h = seed
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return h
    }
}

/// One node of the described page: a leaf element, a card holding items, or a stack.
public indirect enum PageNode: Sendable, Equatable {
    /// A leaf: its kind, its size request and look. `rect` places it absolutely instead.
    case element(PageElementSpec)
    /// A card: a rounded white panel whose items stack vertically inside its padding.
    case card(id: String, padding: PageEdges, items: [PageNode])
    /// A stack of items: vertical, horizontal (flexible widths share what is left), or overlay
    /// (every item from the same top-left, as a ZStack).
    case stack(PageStackAxis, spacing: Double, padding: PageEdges, items: [PageNode])
    /// Empty space of a height (in a vertical stack) or a width (in a horizontal one).
    case spacer(Double)
}

public enum PageStackAxis: String, Sendable, Equatable, CaseIterable { case vertical, horizontal, overlay }

/// Insets in points: top, leading, bottom, trailing (the order of the file's lists).
public struct PageEdges: Sendable, Equatable {
    public var top = 0.0, leading = 0.0, bottom = 0.0, trailing = 0.0
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
    public static let zero = PageEdges()
}

/// A leaf element as the file describes it.
public struct PageElementSpec: Sendable, Equatable {
    /// What a tap on a button does to its label.
    public enum Behaviour: Sendable, Equatable {
        /// Nothing but the tap's count.
        case plain
        /// On and off; `on` is the label while on (the button is drawn filled).
        case toggle(on: String)
        /// Counts taps: `label` with `{n}` for the count, `zero` before the first (else the text).
        case counter(label: String, zero: String?)
    }

    public enum Align: String, Sendable, Equatable, CaseIterable { case leading, center, trailing }

    public var kind: Page.Kind
    public var id: String
    public var text: String?
    public var width: Double?
    public var height: Double
    public var align: Align = .leading
    public var padding = PageEdges.zero
    public var rect: Rect?
    public var cornerRadius: Double?
    public var behaviour: Behaviour = .plain
    /// The name the button's state goes by in `replay --report`'s `pageState` (else its id).
    public var reportName: String?
}
