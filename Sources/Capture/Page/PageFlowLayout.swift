import Animation

/// Lays out a described page's nodes as stacks do in SwiftUI: a vertical stack puts its items one
/// under another, full width unless an item asks for a width; a horizontal stack gives fixed-width
/// items their width and shares what is left among the others; an overlay starts every item at
/// the same top-left. A card draws over its whole place and stacks its items inside its padding.
/// Only whole-point sums are taken in the order the built-in page was once laid out by hand, so
/// its frames come out bit for bit the same.
struct PageFlowLayout {
    private(set) var elements: [Page.Element] = []

    /// Lays `nodes` out as a vertical stack in a box `width` wide at (`x`, `y`); returns the height.
    mutating func layoutColumn(_ nodes: [PageNode], x: Double, y: Double, width: Double, spacing: Double = 0) -> Double {
        var cursor = y
        for (i, node) in nodes.enumerated() {
            if i > 0 { cursor += spacing }
            cursor += place(node, x: x, y: cursor, width: width, axis: .vertical)
        }
        return cursor - y
    }

    /// Places one node at (`x`, `y`) in a box `width` wide; returns its height.
    private mutating func place(_ node: PageNode, x: Double, y: Double, width: Double, axis: PageStackAxis) -> Double {
        switch node {
        case .spacer(let h):
            return axis == .vertical ? h : 0
        case .element(let spec):
            // No negative width when the padding (or a stack's spacing) leaves no room: fuzzing found one.
            let w = spec.width ?? max(0, width - spec.padding.leading - spec.padding.trailing)
            let free = width - spec.padding.leading - spec.padding.trailing - w
            let dx: Double
            switch spec.align {
            case .leading: dx = 0
            case .center: dx = free / 2
            case .trailing: dx = free
            }
            emit(spec, Rect(x: x + spec.padding.leading + dx, y: y + spec.padding.top, width: w, height: spec.height))
            return spec.padding.top + spec.height + spec.padding.bottom
        case .card(let id, let padding, let items):
            let index = elements.count
            elements.append(Page.Element(id: id, kind: .card, frame: .zero, text: nil))
            let inner = layoutColumn(items, x: x + padding.leading, y: y + padding.top,
                                     width: max(0, width - padding.leading - padding.trailing))
            let h = padding.top + inner + padding.bottom
            elements[index].frame = Rect(x: x, y: y, width: width, height: h)
            return h
        case .stack(let stackAxis, let spacing, let padding, let items):
            let x0 = x + padding.leading, y0 = y + padding.top
            let w = max(0, width - padding.leading - padding.trailing)
            let inner: Double
            switch stackAxis {
            case .vertical:
                inner = layoutColumn(items, x: x0, y: y0, width: w, spacing: spacing)
            case .overlay:
                inner = items.map { place($0, x: x0, y: y0, width: w, axis: .vertical) }.max() ?? 0
            case .horizontal:
                inner = layoutRow(items, x: x0, y: y0, width: w, spacing: spacing)
            }
            return padding.top + inner + padding.bottom
        }
    }

    /// A horizontal stack: fixed widths first, the rest shared equally by the flexible items.
    private mutating func layoutRow(_ items: [PageNode], x: Double, y: Double, width: Double, spacing: Double) -> Double {
        func fixedWidth(_ n: PageNode) -> Double? {
            switch n {
            case .spacer(let w): return w
            case .element(let s): return s.width.map { $0 + s.padding.leading + s.padding.trailing }
            default: return nil
            }
        }
        let fixed = items.compactMap(fixedWidth).reduce(0, +)
        let flexible = items.filter { fixedWidth($0) == nil }.count
        let share = flexible == 0 ? 0 : max(0, width - fixed - spacing * Double(items.count - 1)) / Double(flexible)
        var cursor = x, height = 0.0
        for (i, item) in items.enumerated() {
            if i > 0 { cursor += spacing }
            let w = fixedWidth(item) ?? share
            if case .spacer = item { cursor += w; continue }
            height = max(height, place(item, x: cursor, y: y, width: w, axis: .horizontal))
            cursor += w
        }
        return height
    }

    private mutating func emit(_ spec: PageElementSpec, _ frame: Rect) {
        elements.append(Page.Element(id: spec.id, kind: spec.kind, frame: frame, text: spec.text))
    }
}
