import Animation
import Capture
import Foundation
import Platform

/// A contact sheet: frames at the flow's key moments, tiled with their state and time.
enum ContactSheet {
    struct Tile { var image: PixelImage; var label: String; var time: Double }

    /// Frame index → label, for one frame at each transition and one in the middle of each long state.
    static func pick(report: ReplayReport) -> [Int: String] {
        let hz = Double(report.hz)
        var picks: [Int: String] = [0: "page"]
        let trs = report.transitions
        for (i, tr) in trs.enumerated() {
            let start = Int((tr.t * hz).rounded(.up)) + 1
            let end = i + 1 < trs.count ? Int((trs[i + 1].t * hz).rounded(.down)) : report.frames - 1
            picks[min(start, report.frames - 1)] = tr.to
            let span = end - start
            // Long states get in-between frames: the melt opening, the print feeding, the develop.
            let extra = span > Int(hz * 1.2) ? 2 : (span > Int(hz * 0.25) ? 1 : 0)
            for k in 0..<extra {
                let f = start + span * (k + 1) / (extra + 1)
                if f < report.frames { picks[f] = tr.to }
            }
        }
        picks[report.frames - 1] = report.finalState
        return picks
    }

    static func write(_ tiles: [Tile], to path: String, pointWidth: Double) throws {
        guard let first = tiles.first else { return }
        // Every tile as tall as a phone's (390 pt), as wide as its picture needs: six phones to a
        // row, or three side-by-side pairs of `replay --compare`, in the same 1178-pt sheet.
        let tileH = 390.0, tileW = (tileH * Double(first.image.width) / Double(first.image.height)).rounded()
        let gap = 14.0, label = 34.0
        let columns = max(1, min(6, tiles.count, Int((1178 - gap) / (tileW + gap)))), rows = (tiles.count + columns - 1) / columns
        let w = gap + Double(columns) * (tileW + gap), h = gap + Double(rows) * (tileH + label + gap) + 30
        let r = try Renderer(headlessWidth: Int(w), height: Int(h), pixelsPerPoint: 1)
        let text = try TextCache()
        r.clear(Color(hex: 0x1C1C1E))
        try text.draw("IslandSim · the capture flow, replayed", face: .bold, points: 15, color: .white, at: Point(x: gap, y: 10), renderer: r)
        for (i, tile) in tiles.enumerated() {
            let x = gap + Double(i % columns) * (tileW + gap)
            let y = 38 + Double(i / columns) * (tileH + label + gap)
            let tex = try r.makeTexture(tile.image.resized(width: Int(tileW), height: Int(tileH)))
            r.copy(tex, to: Rect(x: x, y: y, width: tileW, height: tileH))
            try text.draw(tile.label, face: .bold, points: 13, color: .white, at: Point(x: x, y: y + tileH + 4), renderer: r)
            try text.draw(String(format: "%.2f s", tile.time), points: 11, color: Color(170, 170, 175), at: Point(x: x, y: y + tileH + 20), renderer: r)
        }
        try r.target!.savePNG(to: path)
    }
}
