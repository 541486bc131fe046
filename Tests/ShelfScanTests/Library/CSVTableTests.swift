import Foundation
import Testing

@testable import ShelfISBN
@testable import ShelfLibrary

struct CSVTableTests {
    @Test func readsQuotedCellsNewlinesAndDoubledQuotes() {
        let table = CSVTable(text: "Title,Review\r\n\"Dune\",\"Sand, \"\"spice\"\"\nand worms\"\r\nEmma,\r\n")
        #expect(table.header == ["Title", "Review"])
        #expect(table.rows == [["Dune", "Sand, \"spice\"\nand worms"], ["Emma", ""]])
    }

    @Test func readsGoodreadsISBNCells() {
        let table = CSVTable(text: "Title,ISBN13\nDune,\"=\"\"9780441013593\"\"\"\n")
        #expect(table.cell(table.rows[0], "isbn13") == "=\"9780441013593\"")
        #expect(ExportFormat.isbn(in: table.cell(table.rows[0], "ISBN13"))?.isbn13 == "9780441013593")
        #expect(ExportFormat.isbn(in: "=\"\"") == nil)
        #expect(ExportFormat.isbn(in: "[0441013597]")?.isbn13 == "9780441013593")
    }

    @Test func shortRowsHaveEmptyCells() {
        let table = CSVTable(text: "Title,Authors,ISBN/UID\nDune\n")
        #expect(table.cell(table.rows[0], "Title") == "Dune")
        #expect(table.cell(table.rows[0], "ISBN/UID") == nil)
    }

    @Test func decodesUTF16TabSeparatedExports() throws {
        let text = "Book Id\tTitle\tPrimary Author\tISBNs\n1\tBeloved\tMorrison, Toni\t9781400033416\n"
        var data = Data([0xFF, 0xFE])
        data.append(text.data(using: .utf16LittleEndian)!)
        let table = try CSVTable(data: data, path: "export.tsv")
        #expect(ExportFormat.detect(table) == .libraryThing)
        guard case .book(let book, _) = ExportFormat.libraryThing.read(table.rows[0], of: table) else {
            Issue.record("row not read")
            return
        }
        #expect(book.authors == ["Toni Morrison"])
        #expect(book.isbn13 == "9781400033416")
    }

    @Test func refusesBinaryFiles() {
        #expect(throws: LibraryError.self) { try CSVTable(data: Data([0xC3, 0x28, 0xFF, 0x00]), path: "x.csv") }
    }
}
