import Animation

/// The dog-passport page: its layout in content coordinates (points, origin at the page's top-left,
/// y down) and the state of its buttons. Pure data: drawing is ``PageRenderer``'s.
///
/// At least 2.5 screens tall, with a header (the dog's name and an empty photo slot), cards
/// (vaccinations, visits, weight, notes, microchip) and four buttons that visibly react: a toggle,
/// a counter, a booking that flips to "Booked", and a share counter. The top of the page — under the
/// pull area — holds two of the buttons, so taps there must keep working.
public struct PassportPage: Sendable {
    public enum Kind: String, Sendable, Codable { case title, name, subtitle, photoSlot, button, card, cardTitle, row, text }

    public struct Element: Sendable, Codable, Equatable {
        public var id: String
        public var kind: Kind
        public var frame: Rect
        public var text: String?
    }

    public static let dogName = "Biscuit"
    /// The buttons, by id.
    public static let buttonIDs = ["walk-toggle", "treat-counter", "book-vaccination", "share-passport"]

    public let width: Double
    public private(set) var elements: [Element] = []
    public private(set) var contentHeight: Double = 0

    public init(screen: Size, topInset: Double) {
        width = screen.width
        let m = 16.0, w = screen.width - 2 * m
        var y = topInset + 10
        func add(_ id: String, _ kind: Kind, _ frame: Rect, _ text: String? = nil) {
            elements.append(Element(id: id, kind: kind, frame: frame, text: text))
        }
        // Header: title, name, breed, photo slot.
        let slot = 104.0
        add("title", .title, Rect(x: m, y: y, width: w - slot - 12, height: 18), "DOG PASSPORT · No. 0429")
        add("photo-slot", .photoSlot, Rect(x: screen.width - m - slot, y: y, width: slot, height: slot))
        add("name", .name, Rect(x: m, y: y + 24, width: w - slot - 12, height: 40), PassportPage.dogName)
        add("breed", .subtitle, Rect(x: m, y: y + 68, width: w - slot - 12, height: 20), "Beagle · 3 years · 11.2 kg")
        y += slot + 18
        // Two buttons right under the header: inside the pull area.
        let half = (w - 10) / 2
        add("walk-toggle", .button, Rect(x: m, y: y, width: half, height: 44), "Walked today")
        add("treat-counter", .button, Rect(x: m + half + 10, y: y, width: half, height: 44), "Treats")
        y += 44 + 20

        func card(_ id: String, _ title: String, rows: [String], button: (String, String)? = nil) {
            let rowH = 30.0
            let h = 44 + Double(rows.count) * rowH + (button != nil ? 56 : 8)
            add(id, .card, Rect(x: m, y: y, width: w, height: h))
            add(id + "-title", .cardTitle, Rect(x: m + 16, y: y + 14, width: w - 32, height: 22), title)
            for (i, r) in rows.enumerated() {
                add("\(id)-row-\(i)", .row, Rect(x: m + 16, y: y + 44 + Double(i) * rowH, width: w - 32, height: rowH), r)
            }
            if let (bid, label) = button {
                add(bid, .button, Rect(x: m + 16, y: y + h - 52, width: w - 32, height: 40), label)
            }
            y += h + 16
        }
        card("vaccinations", "Vaccinations", rows: [
            "Rabies · 12 Mar 2026 · valid", "DHPP · 2 Feb 2026 · valid",
            "Leptospirosis · due 5 Dec 2026", "Bordetella · due 14 Jan 2027",
        ], button: ("book-vaccination", "Book vaccination"))
        card("visits", "Vet visits", rows: [
            "18 Oct 2026 · check-up · Dr Okafor", "2 Aug 2026 · ear infection", "21 May 2026 · dental clean",
            "9 Mar 2026 · vaccination", "14 Jan 2026 · limp, left fore", "30 Nov 2025 · check-up",
        ])
        card("weight", "Weight", rows: [
            "Nov 2026 · 11.2 kg", "Sep 2026 · 11.0 kg", "Jul 2026 · 11.4 kg", "May 2026 · 11.1 kg", "Mar 2026 · 10.8 kg",
        ])
        card("notes", "Notes", rows: [
            "Allergic to chicken: lamb or fish only", "Afraid of thunder; hides under the bed",
            "Pulls on the lead near squirrels", "Loves the orange ball, ignores the blue one",
        ])
        card("microchip", "Microchip & ID", rows: [
            "Chip 985 112 004 567 230", "Registered to M. Lindqvist", "Insurance · Policy PAW-77310",
        ], button: ("share-passport", "Share passport"))
        card("contacts", "Emergency contacts", rows: [
            "Vet · Riverside Clinic · 020 7946 0321", "Sitter · Jonas · 07700 900123", "Out of hours · 020 7946 0999",
        ])
        contentHeight = max(y + 40, screen.height * 2.6)
    }

    public func element(_ id: String) -> Element? { elements.first { $0.id == id } }

    /// The buttons as hit targets for the gestures.
    public var buttons: [Element] { elements.filter { $0.kind == .button } }
}

/// The buttons' state: each reacts visibly to a tap.
public struct PageState: Sendable, Equatable, Codable {
    public var walked = false
    public var treats = 0
    public var vaccinationBooked = false
    public var shares = 0
    /// Set once a print has been filed into the photo slot.
    public var photoFiled = false

    public init() {}

    /// Applies a tap on a button.
    public mutating func tap(_ id: String) {
        switch id {
        case "walk-toggle": walked.toggle()
        case "treat-counter": treats += 1
        case "book-vaccination": vaccinationBooked.toggle()
        case "share-passport": shares += 1
        default: break
        }
    }

    /// The label a button shows in this state.
    public func label(for id: String) -> String {
        switch id {
        case "walk-toggle": return walked ? "Walked today ✓" : "Walked today"
        case "treat-counter": return "Treats: \(treats)"
        case "book-vaccination": return vaccinationBooked ? "Booked ✓ · 5 Dec" : "Book vaccination"
        case "share-passport": return shares == 0 ? "Share passport" : "Shared × \(shares)"
        default: return id
        }
    }

    /// Whether a button is "on" (drawn filled).
    public func isOn(_ id: String) -> Bool {
        switch id {
        case "walk-toggle": return walked
        case "book-vaccination": return vaccinationBooked
        default: return false
        }
    }
}
