import ShelfCatalog
import ShelfLibrary
import Testing

/// A reading the catalogue cannot name yet, but that points to works it holds: a surname read, or
/// every word of a cut or partly read title; and readings that point nowhere.
struct CatalogLeadTests {
    typealias Catalogue = CatalogIdentifierTests

    @Test func aSurnameReadBesideAScrapOfTitleLeadsToTheAuthorsWorks() throws {
        let identifier = try Catalogue.identifier()
        let spine = Catalogue.spine("Fathms", "Marta Solvik", text: "FATHMS | MARTA SOLVIK")
        #expect(identifier.identify(spine) == nil)
        #expect(identifier.hasLead(spine))
        // Read in the raw text only, the parse having missed it.
        #expect(identifier.hasLead(Catalogue.spine("Fathms", nil, text: "FATHMS | SOLVIK")))
    }

    @Test func twoWordsOfATitleReadLeadToTheWorksThatHoldThem() throws {
        let identifier = try Catalogue.identifier()
        // The title cut at both ends, no author read.
        let cut = Catalogue.spine("Lighthouse Sleeps", nil)
        #expect(identifier.identify(cut) == nil)
        #expect(identifier.hasLead(cut))
        // A title misparsed from scraps around two of its words, one misread.
        let scraps = Catalogue.spine("Ne Lighthousc Tor", nil, text: "NE LIGHTHOUSC TOR | AT DAWN")
        #expect(identifier.identify(scraps) == nil)
        #expect(identifier.hasLead(scraps))
    }

    @Test func aReadingThatPointsToNoWorkHasNoLead() throws {
        let identifier = try Catalogue.identifier()
        // Words of no work, and a name no work's author bears.
        #expect(!identifier.hasLead(Catalogue.spine("Quiet Orchards", "Nadia Brembeck")))
        // One word of a title says too little: "Darkness" alone is in many titles.
        #expect(!identifier.hasLead(Catalogue.spine("Darkness", nil)))
        // One word of a work's title, with words it lacks, leads nowhere: "Lighthouse" is in it,
        // "Orchards" is not (and "at" says nothing).
        #expect(!identifier.hasLead(Catalogue.spine("Lighthouse Orchards", nil, text: "LIGHTHOUSE ORCHARDS AT")))
    }
}
