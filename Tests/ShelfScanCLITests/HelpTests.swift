import ArgumentParser
import ShelfLibrary
import Testing

@testable import ShelfScanCLI

/// Every command's help, as a person reads it on an 80-column terminal.
struct HelpTests {
    /// Every command and subcommand, the hidden ones left out.
    static func commands(under command: ParsableCommand.Type = ShelfScanCommand.self) -> [ParsableCommand.Type] {
        guard command.configuration.shouldDisplay else { return [] }
        return [command] + command.configuration.subcommands.flatMap { commands(under: $0) }
    }

    /// An example wrapped by the help's line breaking cannot be pasted: each stays on its line,
    /// or goes on after ` \` on an indented line.
    @Test func everyExampleFitsOnItsLines() {
        let commands = Self.commands()
        #expect(commands.count >= 10)
        for command in commands {
            let help = ShelfScanCommand.helpMessage(for: command, columns: 80)
            var inExamples = false
            for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("Example") {
                    inExamples = true
                    continue
                }
                if line.isEmpty { inExamples = false }
                guard inExamples else { continue }
                #expect(line.hasPrefix("  "), "\(command.configuration.commandName ?? ""): an example wrapped: \(line)")
            }
        }
    }
}

/// `library list`'s table: cut to the terminal's width there, never cut when piped.
struct LibraryTableTests {
    static let books = [
        LibraryBook(
            id: 1, title: "The Hitchhiker's Guide to the Galaxy", subtitle: "The Trilogy of Five, Complete and Unabridged",
            authors: ["Douglas Adams", "Eoin Colfer"], shelf: "read"),
        LibraryBook(id: 2, title: "Dune", authors: ["Frank Herbert"], shelf: "to-read", copies: 0),
    ]

    @Test func pipedNothingIsCut() {
        let table = LibraryPrinter.table(Self.books, width: nil)
        #expect(table.contains(Self.books[0].fullTitle))
        #expect(table.contains("Douglas Adams, Eoin Colfer"))
        #expect(!table.contains("…"))
    }

    @Test func onATerminalTheTitleTakesTheWidthLeft() {
        let wide = LibraryPrinter.table(Self.books, width: 250)
        #expect(wide.contains(Self.books[0].fullTitle) && !wide.contains("…"))
        let narrow = LibraryPrinter.table(Self.books, width: 100)
        #expect(narrow.contains("…"))
        #expect(narrow.split(separator: "\n").allSatisfy { $0.count <= 100 })
    }
}
