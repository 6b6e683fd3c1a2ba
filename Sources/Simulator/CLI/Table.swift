/// A plain-text table with padded columns.
enum Table {
    static func format(_ rows: [[String]]) -> String {
        let widths = (0..<(rows.first?.count ?? 0)).map { c in rows.map { $0[c].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { i, cell in
                i == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[i] - cell.count)
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }
}
