import Testing

@testable import ShelfISBN

struct ISBNTests {
    @Test(arguments: [
        ("9780306406157", "9780306406157"),
        ("978-0-306-40615-7", "9780306406157"),
        ("0306406152", "9780306406157"),
        ("0-306-40615-2", "9780306406157"),
        ("0 306 40615 2", "9780306406157"),
        ("080442957X", "9780804429573"),
        ("080442957x", "9780804429573"),
        ("9791090636071", "9791090636071"),
    ])
    func parsesValidISBNs(text: String, isbn13: String) throws {
        #expect(try ISBN(text).isbn13 == isbn13)
    }

    @Test(arguments: [
        ("9780306406158", ISBNError.badCheckDigit("9780306406158")),
        ("0306406153", .badCheckDigit("0306406153")),
        ("4006381333931", .notBookland("4006381333931")),
        ("97803064061", .wrongLength(11, in: "97803064061")),
        ("", .wrongLength(0, in: "")),
        ("X306406152", .invalidCharacter("X", in: "X306406152")),
        ("978030640615X", .invalidCharacter("X", in: "978030640615X")),
    ])
    func rejectsInvalidISBNs(text: String, error: ISBNError) {
        #expect(throws: error) { try ISBN(text) }
    }

    @Test func convertsBetweenTenAndThirteen() throws {
        #expect(try ISBN("9780306406157").isbn10 == "0306406152")
        #expect(try ISBN("9780804429573").isbn10 == "080442957X")
        #expect(try ISBN("9791090636071").isbn10 == nil)
        #expect(try ISBN("0-306-40615-2") == ISBN("978-0-306-40615-7"))
    }

    @Test(arguments: [
        ("9780306406157", "978-0-306-40615-7"),
        ("9780804429573", "978-0-8044-2957-3"),
        ("9781861972712", "978-1-86197-271-2"),
        ("9783161484100", "978-3-16-148410-0"),
        ("9791090636071", "979-10-90636-07-1"),
    ])
    func hyphenatesByTheAgencyRanges(isbn: String, hyphenated: String) throws {
        #expect(try ISBN(isbn).hyphenated == hyphenated)
    }

    @Test func validatesEAN13Checksums() {
        #expect(ISBN.isValidEAN13("4006381333931"))
        #expect(!ISBN.isValidEAN13("4006381333932"))
        #expect(!ISBN.isValidEAN13("400638133393"))
    }
}
