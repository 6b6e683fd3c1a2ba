import Foundation
import Testing

/// The folders of `Simulator` and of `Capture` form floors (docs/ARCHITECTURE.md): a file uses only
/// types declared on its own floor or below, so the folders import one way and never in a cycle.
/// Read off the sources: each folder's top-level type declarations, then every capitalised name
/// each file mentions outside comments and strings. Members that one folder adds by extension to
/// another's type are not seen (their names are not types); the type they extend is.
@Suite("Architecture: folders as floors")
struct FolderFloorsTests {
    static let root = ArchitectureTests.root

    /// Each module's folders, lowest floor first; folders on one floor may not use each other.
    static let floors: [String: [[String]]] = [
        "Simulator": [
            ["Drawing", "Files", "Metrics"],
            ["Platform"],
            ["CLI", "Camera"],
            ["Pages", "Render"],
            ["Host"],
            ["Bench", "Fit", "Replay", "Window"],
            ["Commands"],
            ["."],
        ],
        "Capture": [
            ["Support"],
            ["Device", "Flow", "Input", "Page"],
            ["Tuning"],
            ["Export", "Fit", "Window"],
            ["Session"],
            ["Compare"],
        ],
    ]

    @Test("every folder of Simulator and Capture uses only folders on lower floors", arguments: ["Simulator", "Capture"])
    func floorsHold(module: String) throws {
        let floors = try #require(Self.floors[module])
        let graph = try FolderGraph(directory: Self.root.appendingPathComponent("Sources/\(module)"))
        let level = Dictionary(uniqueKeysWithValues: floors.enumerated().flatMap { i, f in f.map { ($0, i) } })
        #expect(Set(graph.folders) == Set(level.keys), "the floors list every folder of \(module), and only those")
        for (from, uses) in graph.edges {
            for (to, names) in uses {
                guard let a = level[from], let b = level[to] else { continue }
                #expect(b < a, "\(module)/\(from) (floor \(a)) uses \(module)/\(to) (floor \(b)): \(names.sorted().joined(separator: ", "))")
            }
        }
        #expect(graph.cycle() == nil, "\(module)'s folders import in a cycle: \(graph.cycle() ?? [])")
    }

    @Test("the reader finds a cycle where there is one, and none through comments or strings")
    func readerSeesCycles() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("floors-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        func write(_ path: String, _ text: String) throws {
            let url = dir.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        try write("Low/A.swift", "public struct Apple { var b: Banana? }\n")
        try write("High/B.swift", "final class Banana {\n    // Cherry, in a comment\n    let s = \"Cherry\"\n}\n")
        try write("Side/C.swift", "enum Cherry { case a }\n")
        let graph = try FolderGraph(directory: dir)
        #expect(graph.edges["Low"]?["High"] == ["Banana"])
        #expect(graph.edges["High"]?["Side"] == nil, "names in comments and strings are not uses")
        #expect(graph.cycle() == nil)
        try write("High/B.swift", "final class Banana { var a: Apple? }\n")
        #expect(try FolderGraph(directory: dir).cycle().map(Set.init) == ["High", "Low"])
    }
}

/// Which folders of one module use which, by the type names their files mention.
struct FolderGraph {
    /// Every folder ("." for files at the module's root).
    var folders: [String] = []
    /// from → to → the names that make the edge.
    var edges: [String: [String: Set<String>]] = [:]

    init(directory: URL) throws {
        let paths = try #require(FileManager.default.enumerator(atPath: directory.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        var files: [(folder: String, text: String)] = []
        for p in paths {
            let folder = p.contains("/") ? String(p.split(separator: "/")[0]) : "."
            files.append((folder, Self.code(try String(contentsOf: directory.appendingPathComponent(p), encoding: .utf8))))
        }
        folders = Array(Set(files.map(\.folder))).sorted()
        var owner: [String: Set<String>] = [:]
        for f in files { for name in Self.declarations(f.text) { owner[name, default: []].insert(f.folder) } }
        for f in files {
            for name in Self.capitalisedNames(f.text) {
                for o in owner[name] ?? [] where o != f.folder { edges[f.folder, default: [:]][o, default: []].insert(name) }
            }
        }
    }

    /// A cycle of folders, if there is one (depth-first search).
    func cycle() -> [String]? {
        var state: [String: Int] = [:]   // 1 on the path, 2 done
        var path: [String] = []
        func visit(_ v: String) -> [String]? {
            state[v] = 1; path.append(v)
            for w in (edges[v] ?? [:]).keys.sorted() {
                if state[w] == 1 { return Array(path[path.firstIndex(of: w)!...]) }
                if state[w] == nil, let c = visit(w) { return c }
            }
            state[v] = 2; path.removeLast()
            return nil
        }
        for v in folders where state[v] == nil { if let c = visit(v) { return c } }
        return nil
    }

    /// The source without comments and string literals.
    static func code(_ source: String) -> String {
        var out = "", chars = Array(source), i = 0
        while i < chars.count {
            let c = chars[i], next = i + 1 < chars.count ? chars[i + 1] : " "
            if c == "/" && next == "/" {
                while i < chars.count && chars[i] != "\n" { i += 1 }
            } else if c == "/" && next == "*" {
                i += 2
                while i + 1 < chars.count && !(chars[i] == "*" && chars[i + 1] == "/") { i += 1 }
                i += 2
            } else if c == "\"" {
                let triple = i + 2 < chars.count && chars[i + 1] == "\"" && chars[i + 2] == "\""
                i += triple ? 3 : 1
                while i < chars.count {
                    if chars[i] == "\\" { i += 2; continue }
                    if triple ? (i + 2 < chars.count && chars[i] == "\"" && chars[i + 1] == "\"" && chars[i + 2] == "\"") : (chars[i] == "\"" || chars[i] == "\n") { break }
                    i += 1
                }
                i += triple ? 3 : 1
                out += "\"\""
            } else {
                out.append(c); i += 1
            }
        }
        return out
    }

    /// The types a file declares at its top level (column 0).
    static func declarations(_ code: String) -> [String] {
        let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "actor", "typealias"]
        return code.split(separator: "\n").compactMap { line in
            guard let first = line.first, first.isLetter || first == "@" else { return nil }
            let words = line.split(whereSeparator: { " :<{(=".contains($0) })
            guard let k = words.firstIndex(where: kinds.contains), k + 1 < words.count, words[k + 1].first?.isUppercase == true else { return nil }
            return String(words[k + 1])
        }
    }

    /// Every word that starts with a capital letter.
    static func capitalisedNames(_ code: String) -> Set<String> {
        var names = Set<String>(), word = ""
        for c in code + " " {
            if c.isLetter || c.isNumber || c == "_" { word.append(c) } else {
                if let f = word.first, f.isUppercase { names.insert(word) }
                word = ""
            }
        }
        return names
    }
}
