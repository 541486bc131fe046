import Foundation
import ShelfTestSupport
import Testing

@testable import ShelfPipeline

/// The built-in selection is imported once into the user's cache folder; a newer selection (another
/// version of shelfscan, another clone) replaces the older caches instead of piling up beside them.
struct BuiltInCatalogCacheTests {
    @Test func aNewSelectionReplacesTheCachesOfEarlierOnes() throws {
        let cacheHome = try Scratch.folder("cache").path
        let folder = cacheHome + "/shelfscan"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let older = folder + "/built-in-catalog-1234-1700000000.sqlite"
        let beingMade = folder + "/built-in-catalog-99-1700000000.sqlite.4242.partial"
        let unrelated = folder + "/notes.txt"
        for path in [older, beingMade, unrelated] { try Data("x".utf8).write(to: URL(fileURLWithPath: path)) }
        let source = Scratch.file("books", extension: "csv").path
        try "title,author\nThe Left Hand of Darkness,Ursula K. Le Guin\n".write(toFile: source, atomically: true, encoding: .utf8)

        let catalog = try #require(BuiltInCatalog.cached(from: source, environment: ["XDG_CACHE_HOME": cacheHome]))
        #expect(try catalog.info().works == 1)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        let cache = try #require(names.first { $0.hasPrefix("built-in-catalog-") && $0.hasSuffix(".sqlite") })
        #expect(!FileManager.default.fileExists(atPath: older))
        #expect(FileManager.default.fileExists(atPath: beingMade) && FileManager.default.fileExists(atPath: unrelated))
        #expect(names.filter { $0.hasSuffix(".sqlite") } == [cache])
        // Asked again, the cache is used as it is.
        let again = try #require(BuiltInCatalog.cached(from: source, environment: ["XDG_CACHE_HOME": cacheHome]))
        #expect(again.path == folder + "/" + cache)
    }
}
