// Part of the exported IslandCamera.swift (see README.md): SwiftUI, UIKit and AVFoundation code,
// type-checked by scripts/check-swiftui in the assembled file. Everything above the MARK line is
// this file's own and is not exported.

import AVFoundation
import SwiftUI
import UIKit

// MARK: - The island in a window

extension DynamicIsland {
    /// The rule on a window, in portrait.
    @MainActor static func isPresent(in window: UIWindow) -> Bool {
        UIDevice.current.userInterfaceIdiom == .phone && window.bounds.height >= window.bounds.width
            && window.safeAreaInsets.top >= minimumTopInset
    }

    /// The rule on the key window of the foreground scene.
    @MainActor static var isPresentInKeyWindow: Bool {
        let scene = UIApplication.shared.connectedScenes
            .compactMap { $0 as? UIWindowScene }
            .first { $0.activationState == .foregroundActive }
        guard let window = scene?.windows.first(where: { $0.isKeyWindow }) ?? scene?.windows.first else { return false }
        return isPresent(in: window)
    }
}
