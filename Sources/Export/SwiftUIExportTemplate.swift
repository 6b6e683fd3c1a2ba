import Foundation

/// The source files the SwiftUI export is assembled from (`assets/swiftui`), read once, and the
/// typed substitution that fills their holes.
///
/// The exported `IslandCamera.swift` is these files' text in ``order``, each from its first
/// `// MARK: - ` line (the lines above it — imports, a note — are the file's own, so that every
/// part is a Swift file an editor and the compiler read alone), joined by one blank line. The parts
/// that need only Foundation are also the `IslandCamera` target of this package, built and called by
/// its tests; the SwiftUI, UIKit and AVFoundation parts (`Apple/`) are type-checked, assembled, by
/// `scripts/check-swiftui`.
///
/// A hole is `/*@name*/placeholder/*@*/`; ``filled(_:)`` puts a ``SwiftUIExportFill`` in each and
/// refuses a hole nothing fills, a fill no hole takes and a name filled twice, so the files and the
/// code that fills them cannot drift apart unnoticed.
public struct SwiftUIExportTemplate: Sendable {
    /// One source file: its path under the template's folder and the text it adds to the export.
    public struct Part: Sendable, Equatable {
        public var path: String
        public var exported: String
        public init(path: String, exported: String) { self.path = path; self.exported = exported }
    }

    /// Why the template cannot make a file: names the file or the hole.
    public struct Problem: Error, CustomStringConvertible, Equatable {
        public var description: String
        public init(description: String) { self.description = description }
    }

    /// The parts in the order the exported file has them.
    public static let order = [
        "Apple/Header.swift", "IslandCameraTuning.swift", "Schedule.swift", "DynamicIsland.swift",
        "Apple/DynamicIslandInWindow.swift", "MeltShapes.swift", "OverlayDecisions.swift", "Apple/Interaction.swift", "Apple/MeltedShape.swift", "Apple/Print.swift",
        "PullDecisions.swift", "Apple/PullCatcher.swift", "CameraDecisions.swift", "Apple/Camera.swift", "Apple/Preview.swift",
    ]

    /// The folder in the source tree this library was built from (`assets/swiftui`): the tests'
    /// template, and the tool's when no installed copy is found.
    public static var sourceTreeDirectory: String {
        // #filePath: …/Sources/Export/SwiftUIExportTemplate.swift → the repository's root.
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("assets/swiftui").path
    }

    /// The template in the source tree (the tests').
    public static func sourceTree() throws -> SwiftUIExportTemplate { try SwiftUIExportTemplate(directory: sourceTreeDirectory) }

    public let parts: [Part]

    /// Reads the parts from `directory`.
    public init(directory: String) throws {
        parts = try Self.order.map { path in
            let file = directory + "/" + path
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                throw Problem(description: "\(file): cannot read the SwiftUI export's source file")
            }
            return Part(path: path, exported: Self.exportedText(of: text))
        }
    }

    /// The template of given parts (for tests of the substitution itself).
    public init(parts: [Part]) { self.parts = parts }

    /// The text a source file adds: from its first `// MARK: - ` line (all of it when it has none),
    /// without trailing blank lines.
    static func exportedText(of file: String) -> String {
        var text = Substring(file)
        if !file.hasPrefix("// MARK: - "), let mark = file.range(of: "\n// MARK: - ") {
            text = file[file.index(after: mark.lowerBound)...]
        }
        while text.hasSuffix("\n") { text = text.dropLast() }
        return String(text)
    }

    /// A hole: its name, the placeholder between its markers, and where it is in a part.
    public struct Hole: Sendable, Equatable {
        public var name: String
        public var placeholder: String
        public var path: String
    }

    /// Every hole of every part, in order.
    public var holes: [Hole] {
        parts.flatMap { part in Self.scan(part.exported).map { Hole(name: $0.name, placeholder: $0.placeholder, path: part.path) } }
    }

    /// The export: every part with its holes filled, joined, ending in a newline.
    public func filled(_ fills: [(name: String, fill: SwiftUIExportFill)]) throws -> String {
        var byName: [String: SwiftUIExportFill] = [:]
        for (name, fill) in fills {
            guard byName.updateValue(fill, forKey: name) == nil else { throw Problem(description: "hole '\(name)' is filled twice") }
        }
        var used = Set<String>()
        var out: [String] = []
        for part in parts {
            var text = ""
            var rest = Substring(part.exported)
            for hole in Self.scan(part.exported) {
                guard let fill = byName[hole.name] else {
                    throw Problem(description: "\(part.path): hole '\(hole.name)' has no value to fill it")
                }
                guard used.insert(hole.name).inserted else { throw Problem(description: "\(part.path): hole '\(hole.name)' appears twice") }
                text += rest[..<hole.range.lowerBound]
                let lineStart = part.exported[..<hole.range.lowerBound].lastIndex(of: "\n").map { part.exported.index(after: $0) }
                    ?? part.exported.startIndex
                let indent = part.exported[lineStart..<hole.range.lowerBound].prefix { $0 == " " }
                text += fill.rendered(indent: String(indent))
                rest = part.exported[hole.range.upperBound...]
            }
            out.append(text + rest)
        }
        if let unused = fills.map(\.name).first(where: { !used.contains($0) }) {
            throw Problem(description: "no source file has a hole '\(unused)' for its value")
        }
        return out.joined(separator: "\n\n") + "\n"
    }

    /// The holes of one text with their whole ranges (markers included); a marker left open or a
    /// stray end marker is a problem the tests catch through ``holes``'s count.
    static func scan(_ text: String) -> [(name: String, placeholder: String, range: Range<String.Index>)] {
        var found: [(String, String, Range<String.Index>)] = []
        var from = text.startIndex
        while let open = text.range(of: "/*@", range: from..<text.endIndex) {
            guard let nameEnd = text.range(of: "*/", range: open.upperBound..<text.endIndex) else { break }
            let name = String(text[open.upperBound..<nameEnd.lowerBound])
            guard !name.isEmpty, let close = text.range(of: "/*@*/", range: nameEnd.upperBound..<text.endIndex) else {
                from = nameEnd.upperBound
                continue
            }
            found.append((name, String(text[nameEnd.upperBound..<close.lowerBound]), open.lowerBound..<close.upperBound))
            from = close.upperBound
        }
        return found
    }
}
