import Testing

@testable import ShelfISBN
@testable import ShelfImaging
@testable import ShelfReading
@testable import ShelfOCR

/// The spine ISBN reader at the true outlines of the rendered fixture shelves: the spines that
/// carry a printed ISBN line, and spines that carry none.
@Suite(.tags(.accuracy))
struct SpineISBNReaderTests {
    static let photos = ["shelf-003.jpg", "shelf-007.jpg", "shelf-010.jpg"]

    static func books(_ photo: String) throws -> (Image, [ShelfTruth.Book]) {
        let truth = try ShelfTruth.load(photo)
        let image = try ImageDecoder().decodePhoto(atPath: Fixtures.path("shelves/\(photo)")).image
        return (image, truth.books.filter { $0.polygon != nil })
    }

    @Test func readsTheISBNLinesOfTheFixtureSpines() async throws {
        let engine = try TesseractEngine()
        var read = 0, total = 0
        for photo in Self.photos {
            let (image, books) = try Self.books(photo)
            for book in books where book.isbn != nil {
                total += 1
                let orientation = book.textOrientation.flatMap(TextOrientation.init(rawValue:))
                let isbn = SpineISBNReader().read(book.outline, in: image, orientation: orientation, engine: engine)
                #expect(isbn == nil || isbn?.isbn13 == book.isbn, "\(photo) \(book.title): read \(isbn?.isbn13 ?? "")")
                if isbn?.isbn13 == book.isbn { read += 1 }
            }
        }
        #expect(total == 5)
        #expect(read >= 4, "read \(read) of \(total)")
    }

    @Test func readsTheLineWhicheverWayTheLetteringIsThoughtToRun() async throws {
        let (image, books) = try Self.books("shelf-003.jpg")
        let book = try #require(books.first { $0.isbn != nil && $0.textOrientation == "topToBottom" })
        let engine = try TesseractEngine()
        for orientation in [TextOrientation.topToBottom, .bottomToTop, nil] {
            let isbn = SpineISBNReader().read(book.outline, in: image, orientation: orientation, engine: engine)
            #expect(isbn?.isbn13 == book.isbn, "\(String(describing: orientation))")
        }
    }

    /// A spine too narrow in its photo for an ISBN line's digits to be legible is not searched;
    /// the fixture spines that carry one are wide enough, and once the photo is made small enough
    /// to rule them out, their lines no longer read anyway.
    @Test func searchesOnlySpinesWideEnoughForALegibleLine() async throws {
        let (image, books) = try Self.books("shelf-003.jpg")
        let carrying = books.filter { $0.isbn != nil }
        #expect(!carrying.isEmpty)
        let reader = SpineISBNReader()
        func width(_ outline: [Point]) -> Double {
            (outline[0].distance(to: outline[1]) + outline[3].distance(to: outline[2])) / 2
        }
        #expect(carrying.allSatisfy { reader.mayHoldReadableLine(spineWidth: width($0.outline)) })
        let widest = carrying.map { width($0.outline) }.max() ?? 0
        let factor = 0.9 * SpineISBNReader.leastReadableDigitHeight / reader.finder.textHeights.upperBound / widest
        let small = image.scaled(by: factor)
        let engine = try TesseractEngine()
        for book in carrying {
            let outline = book.outline.map { Point(x: $0.x * factor, y: $0.y * factor) }
            #expect(!reader.mayHoldReadableLine(spineWidth: width(outline)))
            let orientation = book.textOrientation.flatMap(TextOrientation.init(rawValue:))
            #expect(reader.read(outline, in: small, orientation: orientation, engine: engine) == nil, "\(book.title)")
        }
    }

    @Test func findsNothingOnSpinesWithoutAnISBNLine() async throws {
        let (image, books) = try Self.books("shelf-003.jpg")
        let plain = books.filter { $0.isbn == nil }.prefix(30)
        #expect(plain.count == 30)
        let engine = try TesseractEngine()
        for book in plain {
            let orientation = book.textOrientation.flatMap(TextOrientation.init(rawValue:))
            let isbn = SpineISBNReader().read(book.outline, in: image, orientation: orientation, engine: engine)
            #expect(isbn == nil, "\(book.title): read \(isbn?.isbn13 ?? "")")
        }
    }
}
