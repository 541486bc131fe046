import Foundation
import Testing

@testable import ShelfDetection
import ShelfCatalog
@testable import ShelfPipeline
@testable import ShelfReading

/// An author read that is no person's name is left out of the book, which keeps its title and
/// selection: a blank author is seen and filled in, a stored word is not.
@Suite struct AuthorNameTests {
    static let lexicon = try! ScanModels.load().lexicon

    /// Marks no name has, and lone ordinary words that no list knows as a name: what OCR reads off
    /// a volume number, a publisher's mark or the end of a title.
    @Test(arguments: ["Harbour?", "Wells!", "Ann* Grey", "Vale)", "Tide: Grey", "Gr|ey", "Three", "Lamp", "Boats", "Boats."])
    func isNoName(_ author: String) {
        #expect(Self.lexicon.isNoName(author))
    }

    /// Words whose capitals fall where no name's do, as OCR reads small or worn lettering, beside a
    /// name or alone, or that run small letters no particle or name spells into a capitalised part;
    /// initials or scraps with no word a name could be; and words read all in small letters that no
    /// list knows as a name.
    @Test(arguments: [
        "QUillon", "Edda VArne", "TorvaK", "hOLMqvast", "Fenna DRellow", "BRedwick-Holt", "Ty Oo", "Q. Ek", "J. K.",
        "tewnor", "brask ulmen", "sarostavHASEK", "Tomas yeBourne", "trasMorrow",
    ])
    func isNoNameByCaseOrLength(_ author: String) {
        #expect(Self.lexicon.isNoName(author))
    }

    /// Words that make a phrase, no name: none of them a given name, initials or a known surname,
    /// and one of them an ordinary English word, whatever the others are.
    @Test(arguments: ["Morning Weather Tolsk", "Paper Lantern", "Velt Newspaper Quelt", "Harbour Brenholt"])
    func isNoNameAsAPhrase(_ author: String) {
        #expect(Self.lexicon.isNoName(author))
    }

    /// A name cut before its surname (ending in a particle or an initial), one run into another
    /// past a full stop, and three letters alone that no list knows as a name: what OCR reads when
    /// the surname runs off the lettering, two names or a scrap.
    @Test(arguments: ["Elena Del", "Tomas R.", "Nora V", "Maren van", "Harlow. Venn", "Idae. Marsh", "Xqt", "Rze"])
    func isNoNameAsAPart(_ author: String) {
        #expect(Self.lexicon.isNoName(author))
    }

    /// Names that end as names do: in a surname the catalogue's authors bear that is also a
    /// particle, after initials and short forms with their full stops, with "Jr.", or surname first
    /// with initials after it; and three letters alone that a list knows as a name.
    @Test(arguments: [
        "Lama Surya Das", "Chas. Dickens", "Rev. W. Awdry", "Kurt Vonnegut Jr.", "Tolkien, J.R.R.", "Poe", "Eco", "Ivo",
        "Tim WU",
    ])
    func isANameToItsEnd(_ author: String) {
        #expect(!Self.lexicon.isNoName(author))
    }

    /// A given name alone, in any case: the name of an author whose surname the reading lost. So
    /// is one that a catalogue author bears last, when far more of them bear it first ("Anne",
    /// "JOHN").
    @Test(arguments: ["Henrietta", "TOBIAS", "Ingrid", "Anne", "JOHN"])
    func isNoNameAsAGivenNameAlone(_ author: String) {
        #expect(Self.lexicon.isNoName(author))
    }

    /// A lone word that is a given name and the surname of a catalogue author, or the name of an
    /// author known by one name.
    @Test(arguments: ["Martin", "JAMES", "Plutarch", "Colette", "DANTE"])
    func isANameAloneThatAuthorsAreKnownBy(_ author: String) {
        #expect(!Self.lexicon.isNoName(author))
    }

    /// A name with an ordinary English word in it holds a given name, initials, a nickname or a
    /// known surname beside it.
    @Test(arguments: [
        "Will Tavish", "Maren Woods", "Garden Tolvik", "T. Lantern", "Velt «Paper» Brenholt", "Edda Holt-Velt",
    ])
    func isANameBesideAnOrdinaryWord(_ author: String) {
        #expect(!Self.lexicon.isNoName(author))
    }

    /// Names as spines print them, whatever their marks; and a lone word that is a surname of the
    /// catalogue's authors ("King", "Brown") or no ordinary word ("Ishiguro"); and capitals where
    /// names have them: after "Mc", "Mac", "De" or "O'", a surname in capitals run into the given
    /// name, initials, after a particle in small letters ("deGrasse"); or a known name read in the
    /// wrong case ("bROWN"), or all in small letters.
    @Test(arguments: [
        "Kazuo Ishiguro", "Ishiguro", "KING", "Brown", "Wells", "Flannery O'Connor", "J. R. R. Tolkien", "Smith-Jones",
        "Tovald «Red» Vance", "Jordi i Vallès", "Jo Nesbø", "Aidan McArdle", "Lise DeVane", "Fergus MacLEAN",
        "elenaMORROW", "Tess O'Dowd", "JRR Ashdown", "Nils LeBlanc", "bROWN", "ÅSA LUNDQVIST", "Li Ao", "Mo Yan",
        "bell hooks", "haruki murakami", "Neil deGrasse Tyson", "Tomie dePaola", "vanDyke",
    ])
    func isAName(_ author: String) {
        #expect(!Self.lexicon.isNoName(author))
    }

    static func book(author: String) throws -> DetectedBook {
        let assessor = BookAssessor(model: try ScanModels.load().confidence, lexicon: lexicon)
        let findings = SpineFindings(
            spine: TitleCheckTests.saltRoad.spine, reading: TitleCheckTests.saltRoad.reading,
            parsed: ParsedSpine(title: "The Salt Road", author: author),
            assessment: Assessment(signals: [:], modelled: 0.9, isbnFloor: 0.95), titleAgreement: 1)
        return assessor.book(from: findings, isbn: nil)
    }

    /// Through the assembly of a photo's books: the author that is no name is blank, the book still
    /// selected at its confidence, the reason given; a name stays as read.
    @Test func assemblyLeavesOutAnAuthorThatIsNoName() throws {
        let assessor = BookAssessor(model: try ScanModels.load().confidence, lexicon: Self.lexicon)
        let spine = TitleCheckTests.saltRoad.spine
        func findings(author: String) -> SpineFindings {
            SpineFindings(
                spine: spine, reading: TitleCheckTests.saltRoad.reading,
                parsed: ParsedSpine(title: "The Salt Road", author: author),
                assessment: Assessment(signals: [:], modelled: 0.9, isbnFloor: 0.95), titleAgreement: 1)
        }
        let assembly = BookAssembly(assessor: assessor, library: nil)
        let (books, _) = assembly.books(
            of: [findings(author: "Three"), findings(author: "Nora Vance")], barcodes: [], lineISBNs: [nil, nil])
        #expect(books.map(\.author) == [nil, "Nora Vance"])
        #expect(books.map(\.selected) == [true, true])
        #expect(books[0].confidence == books[1].confidence)
        #expect(books[0].doubts.contains { $0.contains("no name") })
        #expect(books[1].signals[BookAssessor.authorNotANameSignal] == nil)
    }

    /// A catalogue that names the book gives its author, which is not judged; without the word
    /// lists nothing is.
    @Test func anIdentifiedAuthorOrNoListsLeaveTheAuthor() throws {
        var book = try Self.book(author: "Lamp")
        let work = CatalogWork(key: "/works/OL1W", title: "The Salt Road", authors: ["Jane Lamp"], isbns: [])
        book.markIdentified(CatalogMatch(work: work, matchedBy: .titleAndAuthor, similarity: 0.92), minimumConfidence: 0.7)
        let assessor = BookAssessor(model: try ScanModels.load().confidence, lexicon: Self.lexicon)
        #expect(assessor.withoutAuthorThatIsNoName(book).author == "Jane Lamp")
        let unjudged = BookAssessor(model: try ScanModels.load().confidence, lexicon: nil)
        #expect(unjudged.withoutAuthorThatIsNoName(try Self.book(author: "Lamp")).author == "Lamp")
        #expect(assessor.withoutAuthorThatIsNoName(try Self.book(author: "Lamp")).author == nil)
    }
}

extension AuthorNameTests {
    /// An author no list knows that a second reading of its stretch did not spell alike is left
    /// out, the book still selected, even a letter off (one of the two readings is misread, and no
    /// list says which); one it spelled alike stays, as does one a catalogue names.
    @Test func anAuthorTheCheckDidNotBearOutIsLeftOut() throws {
        let assessor = BookAssessor(model: try ScanModels.load().confidence, lexicon: Self.lexicon)
        func book(authorAgreement: Double?) -> DetectedBook {
            var findings = SpineFindings(
                spine: TitleCheckTests.saltRoad.spine, reading: TitleCheckTests.saltRoad.reading,
                parsed: ParsedSpine(title: "The Salt Road", author: "Vashkorin"),
                assessment: Assessment(signals: [:], modelled: 0.9, isbnFloor: 0.95), titleAgreement: 1)
            findings.authorAgreement = authorAgreement
            return assessor.book(from: findings, isbn: nil)
        }
        let unconfirmed = assessor.withoutAuthorThatIsNoName(book(authorAgreement: 0.5))
        #expect(unconfirmed.author == nil && unconfirmed.selected)
        #expect(unconfirmed.signals[BookAssessor.authorNotANameSignal] == 1)
        #expect(unconfirmed.signals[BookAssessor.authorCheckSignal] == 0.5)
        #expect(unconfirmed.doubts.contains { $0.contains("did not bear out the name") })
        let letterOff = assessor.withoutAuthorThatIsNoName(book(authorAgreement: 8.0 / 9.0))
        #expect(letterOff.author == nil && letterOff.selected)
        #expect(assessor.withoutAuthorThatIsNoName(book(authorAgreement: 1)).author == "Vashkorin")
        #expect(assessor.withoutAuthorThatIsNoName(book(authorAgreement: nil)).author == "Vashkorin")
        var identified = book(authorAgreement: 0.5)
        let work = CatalogWork(key: "/works/OL1W", title: "The Salt Road", authors: ["Jane Vashkorin"], isbns: [])
        identified.markIdentified(CatalogMatch(work: work, matchedBy: .title, similarity: 0.95), minimumConfidence: 0.7)
        #expect(assessor.withoutAuthorThatIsNoName(identified).author == "Jane Vashkorin")
    }
}

extension AuthorNameTests {
    /// An author read that is no name ("Row" of Harper & Row, a scrap) does not keep the catalogue
    /// from naming the book its title names: the book is looked up again without it. An author
    /// that is a name still refuses another person's work.
    @Test func anAuthorThatIsNoNameRefusesNoWork() throws {
        let catalog = try Catalog.inMemory()
        let csv = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(UUID().uuidString).csv")
        try "title,author\n\"The Salt Road\",\"Nora Vance\"\n".write(to: csv, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: csv) }
        _ = try catalog.importFile(at: csv.path)
        let assessor = BookAssessor(model: try ScanModels.load().confidence, lexicon: Self.lexicon)
        let assembly = BookAssembly(assessor: assessor, library: nil, catalog: CatalogIdentifier(catalog: catalog))
        func findings(author: String) -> SpineFindings {
            SpineFindings(
                spine: TitleCheckTests.saltRoad.spine, reading: TitleCheckTests.saltRoad.reading,
                parsed: ParsedSpine(title: "The Salt Road", author: author),
                assessment: Assessment(signals: [:], modelled: 0.6, isbnFloor: 0.95), titleAgreement: 1)
        }
        let (books, _) = assembly.books(
            of: [findings(author: "Three"), findings(author: "Lena Marsh")], barcodes: [], lineISBNs: [nil, nil])
        #expect(books[0].identified?.title == "The Salt Road" && books[0].author == "Nora Vance")
        #expect(books[1].identified == nil && books[1].author == "Lena Marsh")
    }
}
