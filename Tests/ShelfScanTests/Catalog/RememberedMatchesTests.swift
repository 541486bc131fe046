import Testing

@testable import ShelfCatalog
@testable import ShelfLibrary

/// The identifier remembers what each reading matched, a reading that matched nothing too, and
/// tells readings apart by everything a lookup depends on.
struct RememberedMatchesTests {
    static let work = CatalogWork(key: "/works/OL1W", title: "Leviathan Wakes", authors: ["James S. A. Corey"])

    @Test func remembersEachReadingsMatchAndForgetsAllWhenFull() {
        let remembered = RememberedMatches()
        let book = ScannedBook(title: "Leviathan Wakes", author: "Corey", isbn: nil, text: "LEVIATHAN WAKES | COREY")
        let match = CatalogMatch(work: Self.work, matchedBy: .titleAndAuthor, similarity: 1)
        #expect(remembered.match(for: book) == nil, "never looked up")
        remembered.remember(match, for: book)
        #expect(remembered.match(for: book) == .some(match))
        var unknown = book
        unknown.text += " ORBIT"
        #expect(remembered.match(for: unknown) == nil, "another text is another lookup")
        remembered.remember(nil, for: unknown)
        #expect(remembered.match(for: unknown) == .some(nil), "a reading that matched nothing is remembered too")
        var noAuthor = book
        noAuthor.author = nil
        #expect(remembered.match(for: noAuthor) == nil)
        for index in 0..<RememberedMatches.capacity {
            remembered.remember(nil, for: ScannedBook(title: nil, author: nil, isbn: nil, text: "spine \(index)"))
        }
        #expect(remembered.match(for: book) == nil, "forgotten once full")
    }

    /// Through the identifier: the same reading asked twice gets the same work.
    @Test func anIdentifierAskedTwiceAnswersAlike() throws {
        let identifier = try CatalogIdentifierTests.identifier()
        let book = CatalogIdentifierTests.spine("The Left Hond of Darknes", "LE GUlN")
        let first = identifier.identify(book)
        #expect(first?.title == "The Left Hand of Darkness")
        #expect(identifier.identify(book) == first)
        #expect(identifier.identify(CatalogIdentifierTests.spine("The Bluest Sky", "Morrison")) == nil)
        #expect(identifier.identify(CatalogIdentifierTests.spine("The Bluest Sky", "Morrison")) == nil)
    }
}
