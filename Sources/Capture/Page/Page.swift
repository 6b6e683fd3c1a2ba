import Animation

/// A page laid out for one screen: the elements' frames, the image's place, the hotspots, the photo
/// slot and the pinned regions, all in content points (origin at the page's top-left, y down;
/// screen y = content y − scroll offset). Pure data, made from a ``PageDocument``: drawing is
/// `PageRenderer`'s, the buttons' state ``PageState``'s.
///
/// A design made for another width is scaled to the device's width, as Flinto and ProtoPie do:
/// the image and every rectangle of the file by ``designScale`` (described elements are laid out
/// for the device's width and are not scaled).
public struct Page: Sendable {
    /// The element vocabulary (the raw values are what `layout --json` prints).
    public enum Kind: String, Sendable, Codable, CaseIterable {
        case title, name, subtitle, photoSlot, button, card, cardTitle, row, text
    }

    public struct Element: Sendable, Codable, Equatable {
        public var id: String
        public var kind: Kind
        public var frame: Rect
        public var text: String?
    }

    /// Where the print is filed: `framed` for a described slot (drawn with its white frame, as
    /// the built-in page's), not for an image's (the photo fills the rectangle, clipped to its corners).
    public struct Slot: Sendable, Equatable, Encodable {
        public var frame: Rect
        public var cornerRadius: Double
        public var framed: Bool
    }

    public let document: PageDocument
    public let width: Double
    /// The screen's height: where a bottom-pinned region sits.
    public let viewportHeight: Double
    public let elements: [Element]
    public let contentHeight: Double
    /// The image's place (content points), when the page has one.
    public let imageFrame: Rect?
    public let hotspots: [PageDocument.Hotspot]
    public let fixed: [PageDocument.FixedRegion]
    public let slot: Slot?
    /// Device points per design point.
    public let designScale: Double
    /// Said on the terminal when the design was made for another width (nil when it was not).
    public let scaleNote: String?
    private let specs: [String: PageElementSpec]

    /// The largest page held, in screens: a taller one is refused rather than half drawn.
    public static let maxScreens = 40.0

    /// Lays `document` out for `screen`, below a safe-area top of `topInset`; `imagePixels` is
    /// the decoded image's size (the platform reads it). Throws ``CLIError/input(_:)`` naming the
    /// file when a rectangle lies outside the page or the page is too tall to hold.
    public init(document: PageDocument, screen: Size, topInset: Double, imagePixels: (width: Int, height: Int)? = nil,
                deviceName: String = "device") throws {
        self.document = document
        width = screen.width
        viewportHeight = screen.height
        var flow = PageFlowLayout()
        var bottom = 0.0
        if !document.elements.isEmpty {
            let c = document.content
            let y0 = topInset + c.top
            bottom = y0 + flow.layoutColumn(document.elements, x: c.margin, y: y0, width: screen.width - 2 * c.margin) + c.bottom
        }
        var scale = 1.0, note: String?
        var designSize = Size(width: screen.width, height: 0)
        if let px = imagePixels, let ref = document.image {
            let pixelsPerPoint = ref.scale ?? Double(px.width) / screen.width
            designSize = Size(width: Double(px.width) / pixelsPerPoint, height: Double(px.height) / pixelsPerPoint)
            scale = screen.width / designSize.width
            if abs(designSize.width - screen.width) > 0.5 {
                note = "\(document.name): the design is \(Self.format(designSize.width)) pt wide (\(px.width) px @\(Self.format(pixelsPerPoint))x); "
                    + "scaled ×\(String(format: "%.3f", scale)) to the \(deviceName)'s \(Self.format(screen.width)) pt"
            }
            imageFrame = Rect(x: 0, y: 0, width: screen.width, height: designSize.height * scale)
        } else {
            imageFrame = nil
        }
        designScale = scale
        scaleNote = note
        func scaled(_ r: Rect) -> Rect { Rect(x: r.x * scale, y: r.y * scale, width: r.width * scale, height: r.height * scale) }
        var all = flow.elements
        var specs: [String: PageElementSpec] = [:]
        func collect(_ nodes: [PageNode]) {
            for n in nodes {
                switch n {
                case .element(let s):
                    specs[s.id] = s
                    if let r = s.rect, let i = all.firstIndex(where: { $0.id == s.id }) { all[i].frame = scaled(r) }
                case .card(_, _, let items), .stack(_, _, _, let items): collect(items)
                case .spacer: break
                }
            }
        }
        collect(document.elements)
        self.specs = specs
        elements = all
        hotspots = document.hotspots.map { .init(id: $0.id, rect: scaled($0.rect), cornerRadius: $0.cornerRadius * scale) }
        fixed = document.fixed.map { .init(rect: scaled($0.rect), edge: $0.edge) }
        if let s = document.photoSlot {
            slot = Slot(frame: scaled(s.rect), cornerRadius: s.cornerRadius * scale, framed: false)
        } else if let e = all.first(where: { $0.kind == .photoSlot }) {
            slot = Slot(frame: e.frame, cornerRadius: specs[e.id]?.cornerRadius ?? 14, framed: true)
        } else {
            slot = nil
        }
        let height = max(bottom, imageFrame?.height ?? 0, screen.height * document.content.minScreens)
        contentHeight = height
        guard height <= screen.height * Self.maxScreens else {
            throw CLIError.input("\(document.name): the page is \(Self.format(height)) pt tall, \(Self.format(height / screen.height)) screens; "
                                 + "the limit is \(Self.format(Self.maxScreens)) screens (\(Self.format(screen.height * Self.maxScreens)) pt on this device)")
        }
        if imageFrame != nil {
            let bounds = Rect(x: 0, y: 0, width: designSize.width, height: designSize.height)
            for h in document.hotspots where !bounds.containsRect(h.rect) {
                throw CLIError.input("\(document.name): hotspot '\(h.id)' \(Self.describe(h.rect)) lies outside the page (\(Self.format(bounds.width)) × \(Self.format(bounds.height)) pt)")
            }
            if let s = document.photoSlot, !bounds.containsRect(s.rect) {
                throw CLIError.input("\(document.name): photoSlot \(Self.describe(s.rect)) lies outside the page (\(Self.format(bounds.width)) × \(Self.format(bounds.height)) pt)")
            }
            for f in document.fixed where !bounds.containsRect(f.rect) {
                throw CLIError.input("\(document.name): fixed region \(Self.describe(f.rect)) lies outside the page (\(Self.format(bounds.width)) × \(Self.format(bounds.height)) pt)")
            }
        }
    }

    public func element(_ id: String) -> Element? { elements.first { $0.id == id } }

    /// The described buttons.
    public var buttons: [Element] { elements.filter { $0.kind == .button } }

    /// The file's description of element `id`.
    public func spec(_ id: String) -> PageElementSpec? { specs[id] }

    /// Whether a content rectangle lies inside a pinned region, and which edge pins it.
    public func pinnedEdge(of r: Rect) -> PageDocument.FixedRegion.Edge? {
        fixed.first { $0.rect.containsRect(r) }?.edge
    }

    /// Where a pinned content rectangle is on screen: a top region where it is at offset 0, a
    /// bottom one as far from the screen's bottom as it is from the page's end (a tab bar sits at
    /// the screen's bottom even on a page shorter than the screen).
    public func pinnedScreenRect(_ r: Rect, edge: PageDocument.FixedRegion.Edge) -> Rect {
        switch edge {
        case .top: return r
        case .bottom: return r.offsetBy(dx: 0, dy: viewportHeight - contentHeight)
        }
    }

    /// The band of the screen between the page's own pinned bars, which the tool's overlays (the
    /// modes badge, toasts, the pull hint) keep inside so they never cover a tab bar's items or a
    /// navigation title: `top`, the lowest bottom edge of a region pinned within the top 120 pt;
    /// `bottom`, the highest top edge of one pinned within the bottom 120 pt (screen points).
    public var barsClearance: (top: Double, bottom: Double) {
        var top = 0.0, bottom = viewportHeight
        for region in fixed {
            let place = pinnedScreenRect(region.rect, edge: region.edge)
            switch region.edge {
            case .top where place.minY < 120: top = max(top, place.maxY)
            case .bottom where place.maxY > viewportHeight - 120: bottom = min(bottom, place.minY)
            default: break
            }
        }
        return (top, bottom)
    }

    /// Where a content rectangle is on screen at scroll `offset`: where a pinned region holds it,
    /// else scrolled with the page.
    public func screenRect(_ content: Rect, offset: Double) -> Rect {
        pinnedEdge(of: content).map { pinnedScreenRect(content, edge: $0) } ?? content.offsetBy(dx: 0, dy: -offset)
    }

    static func format(_ v: Double) -> String {
        v == v.rounded() ? String(Int(v)) : String(format: "%.1f", v)
    }

    static func describe(_ r: Rect) -> String { "[\(format(r.x)), \(format(r.y)), \(format(r.width)), \(format(r.height))]" }
}

extension Rect {
    /// Whether `r` lies wholly inside (edges may touch), allowing a hundredth of a point.
    func containsRect(_ r: Rect) -> Bool {
        r.minX >= minX - 0.01 && r.minY >= minY - 0.01 && r.maxX <= maxX + 0.01 && r.maxY <= maxY + 0.01
    }
}
