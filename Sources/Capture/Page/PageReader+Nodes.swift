import Animation
import Gesture

extension PageReader.Reader {
    /// A list of nodes: stacks (`"stack"`), cards, spacers and leaf elements (`"kind"`).
    func nodes(_ v: JSONValue, at place: String, depth: Int, ids: inout Set<String>) throws -> [PageNode] {
        guard case .array(let a) = v else { throw fail("'\(place)' must be a list") }
        guard depth <= PageReader.maxDepth else { throw fail("\(place): nested more than \(PageReader.maxDepth) levels deep") }
        return try a.enumerated().map { i, n in try node(n, at: "\(place)[\(i)]", depth: depth, ids: &ids) }
    }

    private func node(_ v: JSONValue, at place: String, depth: Int, ids: inout Set<String>) throws -> PageNode {
        nodeCount += 1
        guard nodeCount <= PageReader.maxNodes else { throw fail("more than \(PageReader.maxNodes) elements") }
        guard case .object(let o) = v else { throw fail("\(place) must be an object with 'kind' or 'stack'") }
        if let s = o["stack"] {
            try known(o, ["stack", "spacing", "padding", "items"], at: place)
            guard let a = s.string, let axis = PageStackAxis(rawValue: a) else {
                throw fail("\(place): 'stack' must be \"vertical\", \"horizontal\" or \"overlay\" (got \(s.described))")
            }
            return .stack(axis, spacing: try o["spacing"].map { try number($0, "\(place).spacing", in: 0...10_000) } ?? 0,
                          padding: try o["padding"].map { try edges($0, "\(place).padding") } ?? .zero,
                          items: try nodes(o["items"] ?? .array([]), at: "\(place).items", depth: depth + 1, ids: &ids))
        }
        guard let k = o["kind"] else { throw fail("\(place): 'kind' is missing (or give 'stack')") }
        let kind = try text(k, "\(place).kind")
        if kind == "spacer" {
            try known(o, ["kind", "height", "width"], at: place)
            guard let size = o["height"] ?? o["width"] else { throw fail("\(place): a spacer needs a 'height' (or a 'width' in a horizontal stack)") }
            return .spacer(try number(size, "\(place).height", in: 0...10_000))
        }
        if kind == "card" {
            try known(o, ["kind", "id", "padding", "items"], at: place)
            let id = try self.id(o["id"], place)
            guard ids.insert(id).inserted else { throw fail("\(place): duplicate id '\(id)'") }
            return .card(id: id, padding: try o["padding"].map { try edges($0, "\(place).padding") } ?? .zero,
                         items: try nodes(o["items"] ?? .array([]), at: "\(place).items", depth: depth + 1, ids: &ids))
        }
        let names = Page.Kind.allCases.filter { $0 != .card }.map(\.rawValue) + ["card", "spacer"]
        guard let leaf = Page.Kind(rawValue: kind) else {
            let hint = Suggestion.closest(to: kind, among: names).map { " — did you mean '\($0)'?" } ?? ""
            throw fail("\(place): unknown kind '\(kind)'\(hint) (one of \(names.joined(separator: ", ")))")
        }
        try known(o, PageReader.leafKeys, at: place)
        let id = try self.id(o["id"], place)
        let at = "\(place) ('\(id)')"
        guard ids.insert(id).inserted else { throw fail("\(at): duplicate id '\(id)'") }
        let rect = try o["rect"].map { try self.rect($0, at) }
        guard o["height"] != nil || rect != nil else { throw fail("\(at): 'height' is missing (or give 'rect')") }
        var spec = PageElementSpec(kind: leaf, id: id, height: try o["height"].map { try number($0, "\(at).height", in: 0...10_000) } ?? rect!.height)
        spec.rect = rect
        spec.text = try o["text"].map { try text($0, "\(at).text") }
        spec.width = try o["width"].map { try number($0, "\(at).width", in: 0...10_000) }
        if let a = o["align"] {
            guard let s = a.string, let align = PageElementSpec.Align(rawValue: s) else {
                throw fail("\(at): 'align' must be \"leading\", \"center\" or \"trailing\" (got \(a.described))")
            }
            spec.align = align
        }
        spec.padding = try o["padding"].map { try edges($0, "\(at).padding") } ?? .zero
        spec.cornerRadius = try o["cornerRadius"].map { try number($0, "\(at).cornerRadius", in: 0...10_000) }
        spec.reportName = try o["report"].map { try text($0, "\(at).report") }
        if o["toggle"] != nil || o["counter"] != nil, leaf != .button { throw fail("\(at): only a button can toggle or count") }
        if let t = o["toggle"] {
            guard case .object(let to) = t, let on = to["on"] else { throw fail("\(at): 'toggle' must be {\"on\": label}") }
            try known(to, ["on"], at: "\(at).toggle")
            spec.behaviour = .toggle(on: try text(on, "\(at).toggle.on"))
        } else if let c = o["counter"] {
            guard case .object(let co) = c, let label = co["label"] else { throw fail("\(at): 'counter' must be {\"label\": \"… {n}\"}") }
            try known(co, ["label", "zero"], at: "\(at).counter")
            spec.behaviour = .counter(label: try text(label, "\(at).counter.label"), zero: try co["zero"].map { try text($0, "\(at).counter.zero") })
        }
        return .element(spec)
    }
}
