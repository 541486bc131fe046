import ShelfLibrary

/// The matches a `CatalogIdentifier` has found, by the reading looked up: the reading stage asks
/// about a spine's reading to know whether to read on, and assembly then asks again about the same
/// reading. Shared by the identifier's copies; safe from any thread. Forgets everything when full.
final class RememberedMatches: Sendable {
    /// The most readings remembered at once: a batch of ten photos of a hundred spines, each looked
    /// up a few times, fits.
    static let capacity = 8192

    private let matches = RememberedValues<String, CatalogMatch?>(capacity: capacity)

    /// The match remembered for `book`: nil when it was never looked up, `.some(nil)` when it was
    /// and matched nothing.
    func match(for book: ScannedBook) -> CatalogMatch?? {
        matches.value(for: Self.key(book))
    }

    func remember(_ match: CatalogMatch?, for book: ScannedBook) {
        matches.remember(match, for: Self.key(book))
    }

    /// Everything a lookup depends on, in one string.
    private static func key(_ book: ScannedBook) -> String {
        [book.title ?? "\u{1}", book.author ?? "\u{1}", book.isbn?.isbn13 ?? "", book.text].joined(separator: "\u{0}")
    }
}
