import Foundation
import ShelfTestSupport
import Testing

@testable import ShelfReading

struct ModelDirectoryTests {
    /// Lines come out split at every kind of line end and trimmed of blanks, without blank lines or
    /// comments, ASCII or not.
    @Test func readsTheLinesOfAListWhateverItsLineEnds() throws {
        let folder = try Scratch.folder("models")
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = "# a comment\nalpha\r\n  beta\t \r\n\n\t# indented comment\ngamma\u{0B}delta\u{0C}épée \u{00A0}\r"
            + "Zoë\u{2028}Ørsted\u{85}naïve\n   \nlast"
        try Data(text.utf8).write(to: folder.appendingPathComponent("words.txt"))
        let lines = try ModelDirectory(path: folder.path).lines(of: "words.txt")
        #expect(lines == ["alpha", "beta", "gamma", "delta", "épée", "Zoë", "Ørsted", "naïve", "last"])
    }

    /// A list that is not UTF-8 is an error naming the file, not a list of replacement characters.
    @Test func refusesAListThatIsNotUTF8() throws {
        let folder = try Scratch.folder("models")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data([0x61, 0x0A, 0xFF, 0xFE, 0x0A]).write(to: folder.appendingPathComponent("words.txt"))
        #expect(throws: ModelError.self) { try ModelDirectory(path: folder.path).lines(of: "words.txt") }
    }
}
