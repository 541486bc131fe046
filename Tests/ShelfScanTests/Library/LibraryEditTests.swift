import Foundation
import Testing

@testable import ShelfISBN
@testable import ShelfLibrary

/// Books typed in and corrected by hand.
struct LibraryEditTests {
    static func book(_ title: String, _ author: String, isbn: String? = nil) throws -> LibraryBook {
        LibraryBook(title: title, authors: [author], isbn: try isbn.map { try ISBN($0) })
    }

    @Test func aBookTypedInIsAddedOnceAndADuplicateNamesItsEntry() throws {
        let library = try Library.inMemory()
        let saved = try library.add(try Self.book("Kindred", "Octavia E. Butler", isbn: "9780807083697"))
        #expect(saved.id != nil)
        // The same ISBN, whatever the title; the same title and author, whatever the ISBN.
        for duplicate in [
            try Self.book("Kindred (25th anniversary)", "Someone", isbn: "9780807083697"),
            try Self.book("Kindred", "Octavia Butler"),
        ] {
            #expect {
                try library.add(duplicate)
            } throws: { error in
                guard let error = error as? LibraryError, error.code == .duplicate else { return false }
                return error.reason.contains("#\(saved.id!) \"Kindred\" by Octavia E. Butler")
            }
        }
        #expect(try library.count() == 1)
        // Another book of the same author is not a duplicate.
        try library.add(try Self.book("Dawn", "Octavia E. Butler"))
        #expect(try library.count() == 2)
    }

    @Test func anEditChangesTheEntryAndRefusesAnotherEntrysISBN() throws {
        let library = try Library.inMemory()
        var first = try library.add(try Self.book("Kindred", "Octavia E. Butler", isbn: "9780807083697"))
        let second = try library.add(try Self.book("Dawn", "Octavia E. Butler"))
        first.shelf = "read"
        first.copies = 3
        try library.update(first)
        #expect(try library.book(id: first.id!)?.shelf == "read")
        #expect(try library.book(id: first.id!)?.copies == 3)

        var clash = second
        clash.isbn13 = "9780807083697"
        #expect(throws: LibraryError.self) { try library.update(clash) }
        #expect(try library.book(id: second.id!)?.isbn13 == nil, "nothing changed")

        var ghost = second
        ghost.id = 999
        #expect {
            try library.update(ghost)
        } throws: { error in
            (error as? LibraryError)?.code == .noSuchBook
        }
    }
}
