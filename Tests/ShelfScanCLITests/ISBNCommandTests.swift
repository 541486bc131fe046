import ArgumentParser
import Foundation
import Testing

@testable import ShelfScanCLI

struct ISBNCommandTests {
    @Test func parsesPhotosAndOptions() throws {
        let command = try ISBNCommand.parse(["a.jpg", "b.png", "--json", "--max-pixels", "24M", "--all-text"])
        #expect(command.options.photos == ["a.jpg", "b.png"])
        #expect(command.options.json)
        #expect(command.options.maxPixels == 24_000_000)
        #expect(command.allText)
    }

    @Test func refusesMoreThanTenPhotos() {
        let photos = (1...11).map { "photo\($0).jpg" }
        #expect(throws: (any Error).self) { try ISBNCommand.parse(photos) }
        let message = ISBNCommand.message(for: ValidationError("x"))
        #expect(!message.isEmpty)
        do {
            _ = try ISBNCommand.parse(photos)
        } catch {
            #expect(ISBNCommand.message(for: error).contains("At most 10 photos a run: got 11"))
            #expect(ISBNCommand.exitCode(for: error) == .validationFailure)
        }
    }

    @Test func refusesNoPhotoAndABadPixelLimit() {
        #expect(throws: (any Error).self) { try ISBNCommand.parse([]) }
        #expect(throws: (any Error).self) { try ISBNCommand.parse(["a.jpg", "--max-pixels", "lots"]) }
    }

    /// Limits past Int's range trapped in the conversion ("Double value cannot be converted to Int").
    @Test(arguments: ["1e300", "inf", "1e20M", "nan"])
    func refusesAPixelLimitNoIntegerHolds(limit: String) {
        #expect(throws: (any Error).self) { try ISBNCommand.parse(["a.jpg", "--max-pixels", limit]) }
    }
}
