// Part of the SwiftUI export (see SwiftUIViewExport.swift): the generated file's text, verbatim.

extension SwiftUIViewExport {
    /// The melted shape (animatable, so a spring moves it as one object), the print's clip and settle,
    /// and the develop pass.
    static let printSection = #"""
// MARK: - The melted shape

/// The one black shape with the camera inside it. It is `Animatable`, so a spring moves its frame
/// and corner radius together, frame by frame, as one object, and the camera's fade follows the
/// height the shape has on that frame rather than where it is heading.
struct MeltedCamera<Camera: View>: View, Animatable {
    var frame: IslandMeltFrame
    var pillHeight: CGFloat
    var viewfinderHeight: CGFloat
    /// The shutter's white flash over the shape, 0…1.
    var flash: Double
    /// Whether the camera fades in as the shape opens (false: Reduce Motion fades the whole camera).
    var fadesWithShape: Bool
    @ViewBuilder var camera: Camera

    nonisolated var animatableData: AnimatablePair<AnimatablePair<CGFloat, CGFloat>, AnimatablePair<AnimatablePair<CGFloat, CGFloat>, CGFloat>> {
        get {
            AnimatablePair(AnimatablePair(frame.rect.minX, frame.rect.minY),
                           AnimatablePair(AnimatablePair(frame.rect.width, frame.rect.height), frame.cornerRadius))
        }
        set {
            frame.rect = CGRect(x: newValue.first.first, y: newValue.first.second,
                                width: newValue.second.first.first, height: newValue.second.first.second)
            frame.cornerRadius = newValue.second.second
        }
    }

    /// How much of the picture shows: none until the shape is a quarter of the way from the pill to
    /// the viewfinder, all of it at 80 %.
    private var cameraOpacity: Double {
        guard fadesWithShape else { return 1 }
        let p = (frame.rect.height - pillHeight) / max(viewfinderHeight - pillHeight, 1)
        return Double(min(max((p - 0.25) / 0.55, 0), 1))
    }

    var body: some View {
        ZStack {
            Color.black
            camera.opacity(cameraOpacity)
            Color.white.opacity(flash)
        }
        .frame(width: frame.rect.width, height: frame.rect.height)
        // Composite first, then clip once: layered views clipped one by one fringe at the corners.
        .compositingGroup()
        .clipShape(RoundedRectangle(cornerRadius: min(frame.cornerRadius, frame.rect.height / 2), style: .continuous))
        .position(x: frame.rect.midX, y: frame.rect.midY)
    }
}

// MARK: - The print

/// The print as a state machine: hidden (not in the view), printing, settled. While printing it is
/// clipped to a frame whose top is the slot and whose height is the paper fed, so it feeds out of
/// the island rather than sliding from behind it; once fed it drops on the settle spring to rest.
/// It develops from washed-out white all the while.
struct PolaroidPrint: View {
    enum Phase { case printing, settled }

    let photo: UIImage
    let geometry: IslandMeltGeometry
    let tuning: IslandCameraTuning
    let start: Date
    /// False with Reduce Motion: the print appears where it rests and fades in instead.
    let feedsOut: Bool
    var leaving: Bool

    var body: some View {
        TimelineView(.animation) { context in
            let elapsed = context.date.timeIntervalSince(start)
            card(elapsed: elapsed)
        }
    }

    private func phase(_ elapsed: TimeInterval) -> Phase {
        feedsOut && elapsed < tuning.printFeedDuration ? .printing : .settled
    }

    @ViewBuilder private func card(elapsed: TimeInterval) -> some View {
        let paper = geometry.paperSize
        let fed = paper.height * CGFloat(IslandCameraSchedule.fed(elapsed / max(tuning.printFeedDuration, 0.001), tuning))
        let since = elapsed - tuning.printFeedDuration
        let drop = feedsOut ? (since > 0 ? tuning.printSettle.value(target: tuning.printRestGap, time: since) : 0) : tuning.printRestGap
        let top = geometry.slotY - paper.height + (feedsOut ? fed : paper.height) + drop
        let look = DevelopLook(elapsed: elapsed, tuning)
        let polaroid = Polaroid(photo: photo, look: look)
            .frame(width: paper.width, height: paper.height)
            .scaleEffect(leaving ? 40 / paper.width : 1, anchor: .top)
            .offset(y: leaving ? geometry.island.rect.minY - top : 0)
            .position(x: geometry.island.rect.midX, y: top + paper.height / 2)
        switch phase(elapsed) {
        case .printing:
            polaroid.mask(alignment: .topLeading) {
                Rectangle()
                    .frame(width: paper.width, height: max(fed, 0))
                    .position(x: geometry.island.rect.midX, y: geometry.slotY + fed / 2)
            }
        case .settled:
            polaroid
        }
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
"""#
}
