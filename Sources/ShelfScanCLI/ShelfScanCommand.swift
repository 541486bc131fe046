import ArgumentParser
import Foundation
import ShelfImaging
import ShelfLibrary
import ShelfOCR
import ShelfPipeline

/// The `shelfscan` command line: its subcommands live in files of their own.
public struct ShelfScanCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "shelfscan",
        abstract: "Find, read and catalogue the books in photos of bookshelves, back covers and copyright pages.",
        discussion: """
            Photos never leave this machine.

            Examples:
              shelfscan scan shelf.jpg                     the books on a shelf
              shelfscan scan shelves/ --html shelves.html  a page to look them over
              shelfscan scan shelf.jpg --review --add      check them, then keep them
              shelfscan isbn back-cover.jpg                the ISBN of one book

            Shell completion: shelfscan --generate-completion-script bash (or zsh, fish).
            """,
        version: "0.1.0",
        subcommands: [ScanCommand.self, ISBNCommand.self, LibraryCommand.self, CatalogCommand.self, ScanWorkerCommand.self]
    )

    public init() {}

    /// Entry point of the executable: makes Tesseract fast, then parses and runs the command. A
    /// write to standard output that failed on the way ends it with status 1, the failure named.
    public static func launch() async {
        OpenMPGuard.reexecIfNeeded()
        do {
            var command = try await asyncParseAsRoot(nil)
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            guard StandardStreams.outputFailure != nil else { exit(withError: error) }
            let message = fullMessage(for: error)
            if !message.isEmpty { StandardStreams.writeError(message + "\n") }
            StandardStreams.finish(exitingWith: exitCode(for: error).rawValue)
        }
        StandardStreams.finish(exitingWith: 0)
    }
}

/// Options every photo-reading command shares.
struct PhotoOptions: ParsableArguments {
    @Argument(help: "Photos (JPEG or PNG), at most \(ShelfScanner.maxPhotosPerRun) a run.")
    var photos: [String] = []

    @Flag(name: .long, help: "Print the report as JSON instead of text.")
    var json = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Refuse photos above this many pixels, before decoding them (e.g. 100000000 or 100M).",
            valueName: "pixels"),
        transform: PhotoOptions.parsePixelCount)
    var maxPixels: Int = ImageDecoder.defaultMaxPixels

    func validate() throws {
        if photos.isEmpty { throw ValidationError("Name at least one photo.") }
        if photos.count > ShelfScanner.maxPhotosPerRun {
            throw ValidationError(
                "At most \(ShelfScanner.maxPhotosPerRun) photos a run: got \(photos.count). Split them over several runs."
            )
        }
        if maxPixels < 1 { throw ValidationError("--max-pixels must be positive.") }
    }

    static func parsePixelCount(_ text: String) throws -> Int {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let multiplier = trimmed.uppercased().hasSuffix("M") ? 1_000_000.0 : 1.0
        let number = multiplier == 1 ? trimmed : String(trimmed.dropLast())
        // Past 2^62 pixels no photo could be refused anyway; above Int's range the conversion would trap.
        guard let value = Double(number), value > 0, value * multiplier < 0x1p62 else {
            throw ValidationError("--max-pixels takes a pixel count such as 100000000 or 100M, not \"\(text)\".")
        }
        return Int(value * multiplier)
    }
}
