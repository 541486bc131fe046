import Foundation
import ShelfFiles
import Testing

/// The system's reasons in plain words, whatever shape Foundation gave the error.
struct SystemReasonTests {
    @Test func foundationsErrorsReadAsTheSystemsReason() throws {
        #expect(SystemReason.of(CocoaError(.fileNoSuchFile)) == "no such file or directory")
        #expect(SystemReason.of(CocoaError(.fileWriteOutOfSpace)) == "no space left on device")
        #expect(SystemReason.of(POSIXError(.EACCES)) == "permission denied")
        #expect(SystemReason.of(errno: ENOSPC) == "no space left on device")
        #expect(SystemReason.of(errno: EPIPE).contains("closed the pipe"))
        // What Data(contentsOf:) throws for a missing file: a Cocoa error over a POSIX one.
        let missing = "/no/such/folder/\(UUID().uuidString)"
        let error = try #require(throws: (any Error).self) { try Data(contentsOf: URL(fileURLWithPath: missing)) }
        #expect(SystemReason.of(error) == "no such file or directory")
        let folderError = try #require(throws: (any Error).self) {
            try Data("x".utf8).write(to: URL(fileURLWithPath: "/no/such/folder/file"))
        }
        #expect(!SystemReason.of(folderError).contains("NSCocoaErrorDomain"))
    }
}
