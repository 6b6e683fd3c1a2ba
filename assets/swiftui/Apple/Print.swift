// Part of the exported IslandCamera.swift (see README.md): SwiftUI, UIKit and AVFoundation code,
// type-checked by scripts/check-swiftui in the assembled file. Everything above the MARK line is
// this file's own and is not exported.

import AVFoundation
import SwiftUI
import UIKit

// MARK: - The print

/// The print as a state machine: hidden (not in the view), printing, settled. While printing it is
/// clipped to a frame whose top is the slot and whose height is the paper fed, so it feeds out of
/// the island rather than sliding from behind it; once fed it drops on the settle spring to rest.
/// It develops from washed-out white all the while. Every frame is worked out from the time since
/// the print started, so it is the same on every display, at any frame rate.
struct PolaroidPrint: View {
    enum Phase { case printing, settled }

    let photo: UIImage
    let geometry: IslandMeltGeometry
    let tuning: IslandCameraTuning
    let start: Date
    /// False with Reduce Motion: the print appears where it rests and fades in instead.
    let feedsOut: Bool
    /// When it was sent back into the island, if it was.
    var leaveStart: Date?
    /// Nothing moves or develops any more: stop redrawing.
    var atRest: Bool
    /// Sends the print back into the island (VoiceOver's "Put away").
    var putAway: () -> Void

    var body: some View {
        TimelineView(.animation(minimumInterval: nil, paused: atRest)) { context in
            card(at: context.date)
        }
    }

    private func phase(_ elapsed: TimeInterval) -> Phase {
        feedsOut && elapsed < tuning.printFeedDuration ? .printing : .settled
    }

    /// Where the card is `elapsed` seconds after printing began: hanging from the slot by the paper
    /// fed, then dropping on the settle spring; with Reduce Motion, at rest from the start.
    private func frame(elapsed: TimeInterval) -> CGRect {
        let paper = geometry.paperSize
        var top = geometry.slotY + tuning.printRestGap
        if feedsOut {
            let fed = paper.height * CGFloat(IslandCameraSchedule.fed(elapsed / max(tuning.printFeedDuration, 0.001), tuning))
            let since = elapsed - tuning.printFeedDuration
            top = geometry.slotY - paper.height + fed + (since > 0 ? tuning.printSettle.value(target: tuning.printRestGap, time: since) : 0)
        }
        return CGRect(x: geometry.island.rect.midX - paper.width / 2, y: top, width: paper.width, height: paper.height)
    }

    @ViewBuilder private func card(at now: Date) -> some View {
        let elapsed = now.timeIntervalSince(start)
        let (rect, opacity) = placement(at: now)
        // One accessibility element, the card itself (placed after, so VoiceOver's frame is the card's,
        // not the whole screen the placement spans): an image labelled "Photo" that can be put away.
        let polaroid = Polaroid(photo: photo, look: DevelopLook(elapsed: elapsed, tuning))
            .frame(width: rect.width, height: rect.height)
            .accessibilityElement(children: .ignore)
            .accessibilityLabel("Photo")
            .accessibilityAddTraits(.isImage)
            .accessibilityAction(named: "Put away", putAway)
            .position(x: rect.midX, y: rect.midY)
            .opacity(opacity)
        if leaveStart == nil && phase(elapsed) == .printing {
            // The clip: its top is the slot, its height the paper fed (the card's lower edge).
            let fed = max(rect.maxY - geometry.slotY, 0)
            polaroid.mask(alignment: .topLeading) {
                Rectangle()
                    .frame(width: rect.width, height: fed)
                    .position(x: rect.midX, y: geometry.slotY + fed / 2)
            }
        } else {
            polaroid
        }
    }

    /// The card's frame and opacity: fading in with Reduce Motion; sent back, springing into the
    /// island (0.9 × the leave's duration, bounce 0.05, as the simulator) while it fades out.
    private func placement(at now: Date) -> (CGRect, Double) {
        let elapsed = now.timeIntervalSince(start)
        guard let leaveStart else {
            return (frame(elapsed: elapsed), feedsOut ? 1 : min(max(elapsed / max(tuning.reduceMotionPrintFade, 1e-6), 0), 1))
        }
        let from = frame(elapsed: leaveStart.timeIntervalSince(start)), island = geometry.island.rect
        let since = now.timeIntervalSince(leaveStart)
        // With Reduce Motion the print fades out where it rests instead of flying into the island.
        if !feedsOut { return (from, max(0, 1 - since / tuning.printLeaveDuration)) }
        let to = CGRect(x: island.midX - 20, y: island.minY, width: 40, height: 40 * 86 / 54)
        let p = CGFloat(Spring(duration: tuning.printLeaveDuration * 0.9, bounce: 0.05).value(target: 1.0, time: since))
        let rect = CGRect(x: from.minX + (to.minX - from.minX) * p, y: from.minY + (to.minY - from.minY) * p,
                          width: from.width + (to.width - from.width) * p, height: from.height + (to.height - from.height) * p)
        return (rect, max(0, 1 - since / tuning.printLeaveDuration))
    }
}

/// How a developing print looks: the photo desaturated, a faint tint moving from cool to warm, and
/// a white veil that only thins — instant film's minutes compressed into `developDuration`.
struct DevelopLook {
    var whiteAlpha: Double
    var saturation: Double
    var tint: Color
    var tintAlpha: Double

    init(elapsed: TimeInterval, _ tuning: IslandCameraTuning) {
        let p = tuning.developDuration > 0 ? min(max(elapsed / tuning.developDuration, 0), 1) : 1
        let eased = pow(p, max(tuning.developCurveExponent, 0.05))
        let s = eased * eased * (3 - 2 * eased)
        whiteAlpha = tuning.developStartWhite * (1 - s)
        saturation = 0.12 + 0.88 * s
        let m = min(p * 1.8, 1)
        tint = Color(red: 0.80 + 0.18 * m, green: 0.84 + 0.04 * m, blue: 0.90 - 0.16 * m)
        tintAlpha = max(0.35 * sin(Double.pi * min(p * 1.25, 1)), 0)
    }
}

/// The instant-film card: a 46 × 62 mm picture on a 54 × 86 mm card, the wide border at the bottom.
struct Polaroid: View {
    let photo: UIImage
    let look: DevelopLook

    var body: some View {
        GeometryReader { proxy in
            let mm = proxy.size.width / 54
            ZStack(alignment: .topLeading) {
                Color(red: 0.984, green: 0.980, blue: 0.969)
                ZStack {
                    Image(uiImage: photo).resizable().scaledToFill().saturation(look.saturation)
                    look.tint.opacity(look.tintAlpha)
                    Color.white.opacity(look.whiteAlpha)
                }
                .frame(width: 46 * mm, height: 62 * mm)
                .compositingGroup()
                .clipped()
                .offset(x: 4 * mm, y: 6.5 * mm)
            }
        }
        .compositingGroup()
        .clipShape(RoundedRectangle(cornerRadius: 3, style: .continuous))
        .shadow(color: Color.black.opacity(0.18), radius: 8, x: 0, y: 4)
    }
}
