import Testing

@testable import ShelfISBN
@testable import ShelfLibrary

struct ISBNExtractorTests {
    let extractor = ISBNExtractor()

    /// Real-looking OCR lines and the ISBNs that must come out of them.
    @Test(arguments: [
        ("ISBN 978-0-306-40615-7", ["9780306406157"]),
        ("ISBN-13: 9780306406157", ["9780306406157"]),
        ("ISBN-13 9780306406157", ["9780306406157"]),
        ("ISBN13:978-0-306-40615-7", ["9780306406157"]),
        ("ISBN-10: 0-306-40615-2", ["9780306406157"]),
        ("ISBN10 0306406152", ["9780306406157"]),
        ("ISBN 0306406152", ["9780306406157"]),
        ("eISBN 978-0-306-40615-7", ["9780306406157"]),
        ("ISBN (pbk.) 978 0 306 40615 7", ["9780306406157"]),
        ("ISBN 978 0 306 40615 7 (pbk.)", ["9780306406157"]),
        ("ISBN: 0-8044-2957-X", ["9780804429573"]),
        ("9780306406157", ["9780306406157"]),
        ("0-306-40615-2", ["9780306406157"]),
        ("9 780306 406157", ["9780306406157"]),
        ("l5BN 978-0-306-40615-7", ["9780306406157"]),
        ("1SBN 978-O-306-4O615-7", ["9780306406157"]),
        ("ISBN 978-0-3O6-406I5-7", ["9780306406157"]),
        ("ISBN 978-0-306-4|615-7", []),
        ("ISBN 97B-0-306-40615-7", ["9780306406157"]),
        ("ISBN 978-0-306-40615-7 (hbk.) ISBN 978-1-86197-271-2 (ebk.)", ["9780306406157", "9781861972712"]),
        ("ISBN 978-0-306-40615-7 and ISBN-10 0-306-40615-2", ["9780306406157"]),
        // Letters whose capital is two letters, before and after the label and number.
        ("Straße ISBN 978-0-306-40615-7 ﬁn", ["9780306406157"]),
        ("ß ISBN 0306406152", ["9780306406157"]),
    ])
    func findsISBNs(line: String, expected: [String]) {
        #expect(extractor.isbns(in: line).map(\.isbn13) == expected)
    }

    /// Numbers that pass a checksum but are not ISBNs, and near misses: none may come out.
    @Test(arguments: [
        "Library of Congress Control Number: 2020009358",
        "LCCN 2020009358",
        "Tel. 5035550192",
        "2020009358",
        "Printed 2021078094",
        "ISBN 978-0-306-40615-8",
        "ISBN 978-0-306-40615",
        "ISBN 4006381333931",
        "EAN 4006381333931",
        "ISBN 978-0-306-40615-7-1",
        "OOO-OOO-OOOO",
        "SOS is not 5O5",
        "",
    ])
    func ignoresNumbersThatAreNotISBNs(line: String) {
        #expect(extractor.isbns(in: line).isEmpty)
    }

    @Test func readsTheNumberOnTheLineAfterALabel() {
        #expect(extractor.isbns(in: "ISBN:\n0306406152").map(\.isbn13) == ["9780306406157"])
        #expect(extractor.isbns(in: "Printed in England\n0306406152").isEmpty)
    }

    @Test func anLCCNBetweenLabelAndNumberBreaksTheLabel() {
        #expect(extractor.isbns(in: "ISBN 978-0-306-40615-7 LCCN 2020009358").map(\.isbn13) == ["9780306406157"])
    }

    @Test func reportsWhereAndHowEachWasFound() {
        let matches = extractor.matches(in: "Published 2019\nISBN 978-0-306-40615-7\n0-306-40615-2")
        #expect(matches.count == 2)
        #expect(matches[0].line == 1 && matches[0].isLabelled && matches[0].printed == "978-0-306-40615-7")
        #expect(matches[1].line == 2 && !matches[1].isLabelled)
    }

    @Test func limitsHowManyLettersCountAsDigits() {
        #expect(extractor.isbns(in: "ISBN 978-O-3O6-4O615-7").isEmpty)
        #expect(ISBNExtractor(maxConfusions: 3).isbns(in: "ISBN 978-O-3O6-4O615-7").count == 1)
    }
}
