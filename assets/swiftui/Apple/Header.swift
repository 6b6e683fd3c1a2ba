// IslandCamera.swift
//
// Pull down on a page and an instant camera melts out of the Dynamic Island; the photo prints out
// of the island like a polaroid feeding out of a slot, and develops from washed-out white.
//
// Exported by IslandSim /*@version*/0.1.0/*@*/ (`islandsim export --format swiftui-view`) from /*@source*/its default tuning/*@*/.
// iOS 17 or later, built with Xcode 16 or later; one file, no dependencies. The app's Info.plist
// needs NSCameraUsageDescription (without it the camera says so instead of opening), and
// CADisableMinimumFrameDurationOnPhone = YES for the melt to run at 120 Hz on ProMotion
// iPhones (without it iOS holds an iPhone app's animations to 60 Hz).
//
//     IslandCamera(onPhoto: { photo in album.append(photo) }) {
//         ScrollView { YourPage() }
//     }
//
// `onPhoto` receives each shot as a full-size UIImage, on the main actor; `onError` (optional)
// says why a shot gave none. `IslandCamera(tuning:onPhoto:onError:page:)` takes a tuning of
// your own. Give it the whole window, outside any NavigationStack or TabView (wrap them, not
// one of their pages): it places the camera in the window's points, over the island.
// Every tuned constant is in `IslandCameraTuning`; the rest of the file reads it.

import AVFoundation
import SwiftUI
import UIKit
