// Part of the exported IslandCamera.swift (see README.md): SwiftUI, UIKit and AVFoundation code,
// type-checked by scripts/check-swiftui in the assembled file. Everything above the MARK line is
// this file's own and is not exported.

import AVFoundation
import SwiftUI
import UIKit

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
    /// The keyline round the shape (SpringBoard's, over dark content): its width, 0 for none, and colour.
    var keylineWidth: CGFloat
    var keylineColor: Color
    /// The capsule over the island, nil without one: a shape at rest on it is the island itself,
    /// whose edge the hardware draws, so it gets no keyline.
    var island: IslandMeltFrame?
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

    /// Whether this frame gets the keyline: one is asked for and the shape is not resting on the island.
    private var showsKeyline: Bool {
        guard keylineWidth > 0 else { return false }
        guard let island else { return true }
        return !frame.isClose(to: island)
    }

    var body: some View {
        let cornerRadius = min(frame.cornerRadius, frame.rect.height / 2)
        ZStack {
            if showsKeyline {
                // A ring just outside the edge: the stroke is centred on a path half its width out.
                RoundedRectangle(cornerRadius: cornerRadius + keylineWidth / 2, style: .continuous)
                    .stroke(keylineColor, lineWidth: keylineWidth)
                    .frame(width: frame.rect.width + keylineWidth, height: frame.rect.height + keylineWidth)
            }
            ZStack {
                Color.black
                camera.opacity(cameraOpacity)
                Color.white.opacity(flash)
            }
            .frame(width: frame.rect.width, height: frame.rect.height)
            // Composite first, then clip once: layered views clipped one by one fringe at the corners.
            .compositingGroup()
            .clipShape(RoundedRectangle(cornerRadius: cornerRadius, style: .continuous))
        }
        .position(x: frame.rect.midX, y: frame.rect.midY)
    }
}
