import Foundation
import ShelfTestSupport
import Testing

/// `scan --review` driven as a person drives it, through a pseudo-terminal, and the library
/// corrections `library add` and `library edit`.
@Suite(.tags(.endToEnd))
struct ReviewEndToEndTests {
    static let shelf = EndToEndTests.fixture("shelves/shelf-001.jpg")

    @Test func aReviewAcceptsRejectsAndCorrectsAndOnlyTheAcceptedAreAdded() throws {
        let library = Scratch.file("reviewed", extension: "sqlite")
        let terminal = try TerminalRun(["scan", Self.shelf, "--review", "--add", "--csv", "--library", library.path])
        #expect(terminal.waitFor("(Enter: reject) > ", timeout: 240), "\(terminal.screen)")
        // The books are numbered out of all the photo's, as many as the detector found (the
        // photos were counted "[1/1]" before them, while scanning).
        let count = try #require(terminal.screen.matches(of: /\[1\/(\d+)\]/).last.flatMap { Int($0.1) })
        #expect(count >= 30, "\(count) books on a shelf of 42")
        // The uncertain books come first; the suggestion for them is to reject.
        let firstItem = try #require(terminal.screen.components(separatedBy: "[1/\(count)]").last)
        let firstTitle = try #require(
            firstItem.components(separatedBy: "title:  ").dropFirst().first?.split(whereSeparator: \.isNewline).first)
        terminal.type("a")
        #expect(terminal.waitFor("[2/\(count)]", timeout: 5))
        terminal.type("r")
        #expect(terminal.waitFor("[3/\(count)]", timeout: 5))
        terminal.type("e")
        #expect(terminal.waitFor("title [", timeout: 5))
        terminal.type("The Corrected Title")
        #expect(terminal.waitFor("author [", timeout: 5))
        terminal.type("Ann Editor")
        #expect(terminal.waitFor("ISBN [", timeout: 5))
        terminal.type("978-0-00-000000-1")
        #expect(terminal.waitFor("is not a valid ISBN", timeout: 5))
        terminal.type("9780441478125")
        #expect(terminal.waitFor("[4/\(count)]", timeout: 5))
        terminal.type("b")
        #expect(terminal.waitFor("(Enter: ", timeout: 5))
        terminal.type("q")
        let (status, screen, csv) = terminal.finish(timeout: 60)
        #expect(status == 0, "\(screen)")
        // The crop of each book is shown with its path.
        #expect(screen.contains("  crop:   /"))
        let summary = try #require(screen.firstMatch(of: /Reviewed 3 of (\d+) books \(the rest as suggested\): (\d+) accepted \(1 corrected\), (\d+) not\./))
        #expect(Int(summary.1) == count)
        let accepted = Int(summary.2)!
        #expect(accepted + Int(summary.3)! == count)

        let list = try EndToEndTests.run(["library", "list", "--library", library.path])
        let titles = list.stdout.split(separator: "\n").dropFirst().dropLast().map(String.init)
        #expect(list.stdout.contains("The Corrected Title"))
        #expect(list.stdout.contains("9780441478125"))
        #expect(titles.contains { $0.contains(String(firstTitle.prefix(20))) }, "the accepted uncertain book")
        // The CSV holds what was added: the accepted books.
        #expect(csv.contains("The Corrected Title,Ann Editor"))
        let copies = csv.split(separator: "\n").dropFirst().compactMap { $0.split(separator: ",").last.flatMap { Int($0) } }
        #expect(copies.reduce(0, +) <= accepted)
        #expect(copies.count == titles.count)
    }

    @Test func reviewNeedsATerminal() throws {
        let run = try EndToEndTests.run(["scan", "--review", Self.shelf])
        #expect(run.status == 64)
        #expect(run.stderr.contains("--review asks on the terminal"))
    }

    @Test func libraryAddRefusesADuplicateAndEditChangesAnyField() throws {
        let library = Scratch.file("by-hand", extension: "sqlite").path
        let added = try EndToEndTests.run([
            "library", "add", "--library", library, "--title", "The Left Hand of Darkness", "--author",
            "Ursula K. Le Guin", "--isbn", "0-441-47812-3", "--shelf", "read",
        ])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.hasPrefix("added #1: The Left Hand of Darkness by Ursula K. Le Guin, ISBN 9780441478125"))

        let again = try EndToEndTests.run([
            "library", "add", "--library", library, "--title", "Left Hand of Darkness", "--author", "Le Guin",
        ])
        #expect(again.status == 1)
        #expect(again.stderr.contains("the library has it already: #1 \"The Left Hand of Darkness\" by Ursula K. Le Guin"))
        let badISBN = try EndToEndTests.run(["library", "add", "--library", library, "--title", "X", "--isbn", "123"])
        #expect(badISBN.status == 64 && badISBN.stderr.contains("not a valid ISBN"))

        let edited = try EndToEndTests.run([
            "library", "edit", "1", "--library", library, "--title", "The Dispossessed: An Ambiguous Utopia",
            "--isbn", "", "--copies", "2", "--year", "1974",
        ])
        #expect(edited.status == 0, "\(edited.stderr)")
        let list = try EndToEndTests.run(["library", "list", "--library", library])
        #expect(list.stdout.contains("The Dispossessed: An Ambiguous…") || list.stdout.contains("The Dispossessed: An Ambiguous Utopia"))
        #expect(list.stdout.contains("1974"))
        #expect(!list.stdout.contains("9780441478125"), "the ISBN was cleared")
        #expect(list.stdout.contains("Ursula K. Le Guin"), "fields not named stay")

        let missing = try EndToEndTests.run(["library", "edit", "9", "--library", library, "--title", "X"])
        #expect(missing.status == 1 && missing.stderr.contains("no book has id 9; nothing was changed"))
        let nothing = try EndToEndTests.run(["library", "edit", "1", "--library", library])
        #expect(nothing.status == 64)
    }
}
