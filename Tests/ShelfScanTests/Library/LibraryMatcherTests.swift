import Testing

@testable import ShelfISBN
@testable import ShelfLibrary
@testable import ShelfPipeline
@testable import ShelfText

/// Duplicate rules as tables: what must match, how, and the near misses that must not.
struct LibraryMatcherTests {
    static let library: [LibraryBook] = [
        LibraryBook(
            id: 1, title: "The Hobbit", subtitle: "or There and Back Again", authors: ["J. R. R. Tolkien"],
            isbn: try! ISBN("9780261102217")),
        LibraryBook(id: 2, title: "Leviathan", authors: ["Thomas Hobbes"]),
        LibraryBook(id: 3, title: "The Bluest Sky", authors: ["Christina Baker Kline"]),
        LibraryBook(id: 4, title: "Great Expectations", series: "Penguin Classics", authors: ["Charles Dickens"]),
        LibraryBook(id: 5, title: "Kitchen", authors: ["Banana Yoshimoto"]),
        LibraryBook(id: 6, title: "The Left Hand of Darkness", authors: ["Ursula K. Le Guin"]),
        LibraryBook(id: 7, title: "Dune", authors: ["Frank Herbert"]),
        LibraryBook(id: 8, title: "Bonjour Tristesse", authors: ["Françoise Sagan"]),
        LibraryBook(id: 9, title: "Emma", authors: ["Jane Austen"]),
        LibraryBook(id: 10, title: "Frankenstein; or, The Modern Prometheus", authors: ["Mary Shelley"]),
    ]
    static let matcher = LibraryMatcher(books: library)

    struct CatalogueCase: CustomTestStringConvertible, Sendable {
        var title: String
        var authors: [String]
        var isbn: String?
        var expected: (Int64, LibraryMatch.Rule)?
        var testDescription: String {
            "\(title) / \(authors.joined(separator: ", ")) → \(expected.map { "#\($0.0) \($0.1)" } ?? "none")"
        }
    }

    static let catalogueCases: [CatalogueCase] = [
        // ISBN-10 and ISBN-13 are the same book, whatever the title says.
        CatalogueCase(title: "Hobbit", authors: [], isbn: "0-261-10221-4", expected: (1, .isbn)),
        // Case, accents, punctuation, leading article, subtitle, series, "Last, First".
        CatalogueCase(
            title: "THE HOBBIT: OR THERE AND BACK AGAIN", authors: ["Tolkien, J.R.R."], expected: (1, .titleAndAuthor)),
        CatalogueCase(title: "Hobbit (Middle-earth, #0)", authors: ["J.R.R. Tolkien"], expected: (1, .titleAndAuthor)),
        CatalogueCase(title: "Great Expectations", authors: ["Dickens, Charles"], expected: (4, .titleAndAuthor)),
        CatalogueCase(title: "Bonjour tristesse", authors: ["Francoise Sagan"], expected: (8, .titleAndAuthor)),
        CatalogueCase(title: "Left Hand of Darkness", authors: ["Le Guin, Ursula K."], expected: (6, .titleAndAuthor)),
        CatalogueCase(title: "Great Expectations", authors: [], expected: (4, .title)),
        // An alternative title after "or" is not needed, nor in the way.
        CatalogueCase(title: "Frankenstein", authors: ["Mary Shelley"], expected: (10, .titleAndAuthor)),
        CatalogueCase(
            title: "Frankenstein, or the Modern Prometheus", authors: ["Shelley, Mary"], expected: (10, .titleAndAuthor)
        ),
        // Near misses.
        CatalogueCase(title: "Leviathan Wakes", authors: ["James S. A. Corey"], expected: nil),
        CatalogueCase(title: "The Bluest Eye", authors: ["Toni Morrison"], expected: nil),
        CatalogueCase(title: "David Copperfield", authors: ["Charles Dickens"], expected: nil),
        CatalogueCase(title: "Kitchen Confidential", authors: ["Anthony Bourdain"], expected: nil),
        CatalogueCase(title: "Emma", authors: ["Alexander McCall Smith"], expected: nil),
        CatalogueCase(title: "Dune Messiah", authors: ["Frank Herbert"], expected: nil),
        // Another edition: both have ISBNs and they differ.
        CatalogueCase(title: "The Hobbit", authors: ["J. R. R. Tolkien"], isbn: "9780547928227", expected: nil),
    ]

    @Test(arguments: catalogueCases)
    func matchesCatalogueEntries(_ testCase: CatalogueCase) throws {
        let isbn = try testCase.isbn.map { try ISBN($0) }
        let match = Self.matcher.match(title: testCase.title, authors: testCase.authors, isbn: isbn)
        #expect(match?.id == testCase.expected?.0)
        #expect(match?.matchedBy == testCase.expected?.1)
    }

    struct SpineCase: CustomTestStringConvertible, Sendable {
        var text: String
        var title: String?
        var author: String?
        var expected: Int64?
        var testDescription: String { "\(text) → \(expected.map { "#\($0)" } ?? "none")" }
    }

    static let spineCases: [SpineCase] = [
        // Clean and noisy reads of owned books.
        SpineCase(text: "THE HOBBIT | TOLKIEN | Allen & Unwin", title: "The Hobbit", author: "Tolkien", expected: 1),
        SpineCase(text: "DNNE FRANK HERBERT", title: "Dnne", author: "Frank Herbert", expected: 7),
        SpineCase(
            text: "THE LEFT HAND OF DARKNESS Ursula K. LeGuin Ace", title: "The Left Hand of Darkness", author: nil,
            expected: 6),
        SpineCase(
            text: "Bonjour Tristesse Francoise sagali", title: "Bonjour Tristesse Francoise sagali", author: nil,
            expected: 8),
        SpineCase(
            text: "GREAT EXPECTATIONS Bicomsbury", title: "Great Expectations", author: "Bicomsbury", expected: 4),
        SpineCase(text: "DICKENS GREAT EXPECTATI0NS", title: "Dickens Great Expectati0ns", author: nil, expected: 4),
        // Near misses: a longer title, another author, another book by the same author.
        SpineCase(
            text: "LEVIATHAN WAKES | JAMES S. A. COREY | orbit", title: "Leviathan Wakes", author: "James S. A. Corey",
            expected: nil),
        SpineCase(
            text: "KITCHEN CONFIDENTIAL ANTHONY BOURDAIN", title: "Kitchen Confidential", author: "Anthony Bourdain",
            expected: nil),
        SpineCase(
            text: "THE BLUEST EYE TONI MORRISON", title: "The Bluest Eye", author: "Toni Morrison", expected: nil),
        SpineCase(text: "DUNE MESSIAH FRANK HERBERT", title: "Dune Messiah", author: "Frank Herbert", expected: nil),
        SpineCase(text: "EMMA ALEXANDER McCALL SMITH", title: "Emma", author: "Alexander McCall Smith", expected: nil),
        SpineCase(
            text: "THE LEFT HAND OF GOD PAUL HOFFMAN", title: "The Left Hand of God", author: "Paul Hoffman",
            expected: nil),
    ]

    @Test(arguments: spineCases)
    func matchesSpines(_ testCase: SpineCase) {
        let book = DetectedBook(
            title: testCase.title, author: testCase.author, confidence: 0.9, detectionScore: 0.9, status: .detected,
            selected: true, polygon: [], text: testCase.text)
        #expect(Self.matcher.match(for: book.scannedBook)?.id == testCase.expected)
    }

    @Test func aSpineISBNWinsAndTheBookTakesTheLibrarysNames() throws {
        var book = DetectedBook(
            title: "Hobit", author: nil, isbn: try ISBN("0261102214"), confidence: 0.97, detectionScore: 0.9,
            status: .confirmed, selected: true, polygon: [], text: "Hobit 0-261-10221-4")
        let match = try #require(Self.matcher.match(for: book.scannedBook))
        #expect(match.matchedBy == .isbn)
        book.markInLibrary(match)
        #expect(book.status == .alreadyInLibrary)
        #expect(!book.selected)
        #expect(book.title == "The Hobbit")
        #expect(book.author == "J. R. R. Tolkien")
        #expect(book.isbn?.isbn13 == "9780261102217")
    }

    @Test func normalisesTitlesAndNames() {
        let key = BookKey(title: "The Snowman: A Novel (Harry Hole, #7)", authors: ["Nesbø, Jo", "Ursula K. Le Guin"])
        #expect(key.title == "snowman")
        #expect(key.surnames == ["nesbo", "leguin"])
        #expect(key.initials == ["j", "uk"])
        #expect(
            BookKey(title: "Blood Meridian, or the Evening Redness in the West", authors: []).title == "blood meridian")
        #expect(BookKey(title: "Frankenstein; or, The Modern Prometheus", authors: []).compactTitle == "frankenstein")
        // Only an "or" set off by a comma or semicolon begins an alternative title.
        #expect(BookKey(title: "Now or Never", authors: []).title == "now or never")
        #expect(LibraryBook.nameInReadingOrder("Tolstoy, Leo") == "Leo Tolstoy")
        #expect(LibraryBook.nameInReadingOrder("F, Scott Fitzgerald") == "F, Scott Fitzgerald")
        #expect(LibraryBook.nameInReadingOrder("Oz, Amós") == "Amós Oz")
    }

    @Test func findsApproximateOccurrences() {
        #expect(Similarity.occurrence(of: "saunders", in: "tenthofdecemberceorcesaunpers") >= 0.85)
        #expect(Similarity.occurrence(of: "leviathan", in: "theleviathanwakes") == 1)
        #expect(Similarity.occurrence(of: "hobbes", in: "leviathanwakescorey") < 0.5)
    }
}
