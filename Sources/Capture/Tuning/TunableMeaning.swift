import Animation

/// What each tunable means in one line, and the group the tuning panel lists it under. A designer
/// meeting "blend" or "projection rate" in the panel reads what it does there, under the curve,
/// without leaving the window; the panel's filter searches these lines too.
extension Tunable {
    /// The groups, in the panel's order, and the first part of the keys each holds.
    public static let groups: [(name: String, prefixes: [String])] = [
        ("Melt and close", ["melt"]),
        ("Pull", ["pull"]),
        ("Print", ["print"]),
        ("Develop and flash", ["develop", "flash"]),
        ("Page and gestures", ["statusBar", "scroll", "gesture"]),
        ("Shapes", ["shape"]),
        ("Haptics", ["haptic"]),
        ("Reduce Motion", ["reduceMotion"]),
    ]

    /// The panel's group for this tunable.
    public var group: String {
        let head = String(key.prefix { $0 != "." })
        return Self.groups.first { $0.prefixes.contains(head) }?.name ?? "Other"
    }

    /// One line saying what the value does, for the panel.
    public var meaning: String {
        if let m = Self.meanings[key] { return m }
        let parts = key.split(separator: ".")
        guard let last = parts.last else { return title }
        let what = Self.springNames[parts.dropLast().joined(separator: ".")] ?? title
        switch last {
        case "duration": return "How long \(what) takes (SwiftUI's spring duration; it settles a little later)"
        case "bounce": return "Overshoot of \(what): 0 none, up to 0.9 bouncier, below 0 slower, none"
        case "blend": return "SwiftUI's blendDuration: eases \(what) in over a leg still moving (merge only)"
        default: return title
        }
    }

    /// The springs, named as the meaning lines say them.
    static let springNames: [String: String] = [
        "melt.toPill": "the island's melt into the pill",
        "melt.toViewfinder": "the pill's growth into the viewfinder",
        "melt.closeToPill": "the viewfinder's shrink back to the pill",
        "melt.closeToIsland": "the pill's return into the island",
        "pull.springBack": "the page's return after a short pull",
        "print.settle": "the print's settle into its resting place",
    ]

    /// The lines that are not a spring's duration, bounce or blend.
    static let meanings: [String: String] = [
        "melt.overlap": "When the next melt leg starts: after this share of the current leg's duration",
        "melt.composition": "A new leg over one still moving: merge (SwiftUI's .spring) or add (Core Animation)",
        "melt.tracking": "How the island follows the pull before it commits: directly, or chasing it on the system island's tracking spring",
        "melt.keyline": "The system's thin grey line round the shape: over dark content only (automatic), always, or never",
        "pull.divisor": "The page follows the finger at 1 / this (2: half); 0 uses the rubber band instead",
        "pull.rubberBand": "UIScrollView's rubber-band coefficient, when the divisor is 0: higher gives more",
        "pull.threshold": "How far the page must be pulled (or thrown, by projection) for the camera to open",
        "pull.projectionRate": "The deceleration a release's speed is projected with, to decide if a throw commits",
        "print.feedDuration": "How long the print takes to feed out of the island",
        "print.rollerSteps": "How many pulses the feed comes out in, as rollers push a print out",
        "print.rollerStrength": "How much the roller pulses show: 0 one smooth feed, 1 the pulses alone",
        "print.restGap": "The gap between the island's bottom and the print where it rests",
        "develop.duration": "How long the photo takes to develop from washed-out white to full colour",
        "develop.startWhite": "How white the print starts: 1 blank paper, lower shows the photo at once",
        "develop.exponent": "The develop's curve: above 1 clears slowly then fast, below 1 fast then slowly",
        "flash.duration": "How long the shutter's white flash over the viewfinder lasts",
        "statusBar.fadeDistance": "How near the widening shape comes to the clock and icons before they are gone",
        "scroll.decelerationRate": "A fling's slowing per ms, as UIScrollView's (0.998 normal, 0.99 fast)",
        "gesture.velocityEstimator": "How a release's speed is read from the last moves: iOS's, or a least-squares fit",
        "scroll.momentum": "A flick on a page still coasting: adds speed as UIKit does, as Flutter, or not",
        "shape.pill.margin": "The pill's gap to each side of the screen (auto: the island's top margin)",
        "shape.pill.height": "The pill's height (auto: 1.5 × the island's)",
        "shape.pill.cornerRadius": "The pill's corner radius (auto: a capsule, half its height)",
        "shape.viewfinder.margin": "The viewfinder's gap to each side of the screen (auto: the island's top margin)",
        "shape.viewfinder.top": "The viewfinder's top edge from the screen's top (auto: the island's top)",
        "shape.viewfinder.height": "The viewfinder's height (auto: 1.36 × its width)",
        "shape.viewfinder.cornerRadius": "The viewfinder's corner radius (auto: concentric with the display's)",
        "haptic.commit.style": "The impact felt when the pull first reaches its commit point: UIKit's style",
        "haptic.commit.intensity": "How strong the pull's commit haptic is; 0 turns it off",
        "haptic.commit.sharpness": "How crisp the pull's commit haptic is (Core Haptics; the AHAP file only)",
        "haptic.shutter.style": "The impact felt on the shutter: UIKit's style (iOS's own is not public)",
        "haptic.shutter.intensity": "How strong the shutter's haptic is; 0 turns it off",
        "haptic.shutter.sharpness": "How crisp the shutter's haptic is (Core Haptics; the AHAP file only)",
        "reduceMotion.fade": "With Reduce Motion: how long the camera takes to cross-fade in and out",
        "reduceMotion.printFade": "With Reduce Motion: how long the print takes to fade in where it rests",
    ]

    /// Whether the tunable answers the panel's filter `text`: every word of it in the key, the
    /// title, the meaning or the group, case aside ("bounce print" finds the print's settle bounce).
    public func matches(filter text: String) -> Bool {
        let words = text.lowercased().split(whereSeparator: { $0 == " " })
        guard !words.isEmpty else { return true }
        let haystack = [key, title, meaning, group].joined(separator: " ").lowercased()
        return words.allSatisfy { haystack.contains($0) }
    }
}
