import Foundation
import ShelfISBN
import ShelfPipeline

/// `scan --review`: steps a person through the books of a scan on the terminal — the uncertain
/// ones first (likeliest first), then the selected ones (least sure first), then those already in
/// the library — to accept, reject or correct each. Enter takes the suggestion (accept a selected
/// book, reject an uncertain one); `q` (or the end of input) keeps the suggestion for all the
/// books left. Returns the report with the decisions in it: accepted books selected, rejected ones
/// not, corrections in place.
struct ReviewSession {
    var report: ScanReport
    var pictures: [String: PictureWriter.Written]
    var style: TerminalStyle
    /// Reads a line the person typed; nil at the end of input.
    var readLine: () -> String? = { Swift.readLine(strippingNewline: true) }
    /// Writes to the person (stderr, so that stdout can carry CSV or JSON).
    var write: (String) -> Void = { StandardStreams.writeError($0) }

    /// One book to decide on.
    private struct Item {
        var image: Int
        var book: Int
    }

    private enum Decision {
        case accepted, rejected, corrected
    }

    /// The order the books are shown in: uncertain, selected, already owned.
    private var items: [Item] {
        var items: [(item: Item, group: Int, confidence: Double)] = []
        for (imageIndex, image) in report.images.enumerated() {
            for (bookIndex, book) in image.books.enumerated() {
                let group = book.status == .alreadyInLibrary ? 2 : book.selected ? 1 : 0
                items.append((Item(image: imageIndex, book: bookIndex), group, book.confidence))
            }
        }
        // Uncertain books likeliest first (the nearest to being selected); selected ones least sure
        // first (the likeliest to be wrong).
        return items.sorted { a, b in
            if a.group != b.group { return a.group < b.group }
            return a.group == 1 ? a.confidence < b.confidence : a.confidence > b.confidence
        }.map(\.item)
    }

    func run() -> ScanReport {
        var report = report
        let items = items
        guard !items.isEmpty else {
            write("No books to review.\n")
            return report
        }
        write(
            "Reviewing \(items.count) books: a accept, r reject, e edit title/author/ISBN, b back, q keep the rest as suggested.\n"
        )
        var decisions = [Decision?](repeating: nil, count: items.count)
        var position = 0
        var stoppedEarly = false
        while position < items.count {
            let item = items[position]
            let image = report.images[item.image]
            let book = image.books[item.book]
            show(book, number: item.book + 1, of: image, position: position, total: items.count)
            let suggestion: Decision = book.selected ? .accepted : .rejected
            write("  [a]ccept  [r]eject  [e]dit  [b]ack  [q]uit  (Enter: \(suggestion == .accepted ? "accept" : "reject")) > ")
            guard let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() else {
                write("\n")
                stoppedEarly = true
                break
            }
            switch answer {
            case "": decisions[position] = suggestion
            case "a", "accept", "y": decisions[position] = .accepted
            case "r", "reject", "n": decisions[position] = .rejected
            case "e", "edit":
                report.images[item.image].books[item.book] = edited(book)
                decisions[position] = .corrected
            case "b", "back":
                position = max(0, position - 1)
                continue
            case "q", "quit":
                stoppedEarly = true
            default:
                write("  (a, r, e, b or q)\n")
                continue
            }
            if stoppedEarly { break }
            position += 1
        }
        for (position, item) in items.enumerated() {
            var book = report.images[item.image].books[item.book]
            switch decisions[position] ?? (book.selected ? .accepted : .rejected) {
            case .accepted, .corrected:
                if book.status == .uncertain { book.status = .detected }
                book.selected = book.status != .alreadyInLibrary
            case .rejected:
                book.selected = false
                book.status = .uncertain
                book.libraryMatch = nil
            }
            report.images[item.image].books[item.book] = book
        }
        let decided = decisions.compactMap { $0 }
        let accepted = items.indices.filter { position in
            let item = items[position]
            return report.images[item.image].books[item.book].selected
        }.count
        var summary = "Reviewed \(decided.count) of \(items.count) books"
        if stoppedEarly && decided.count < items.count { summary += " (the rest as suggested)" }
        summary += ": \(accepted) accepted"
        let corrected = decided.filter { $0 == .corrected }.count
        if corrected > 0 { summary += " (\(corrected) corrected)" }
        summary += ", \(items.count - accepted) not.\n"
        write(summary)
        return ScanReport(images: report.images)
    }

    private func show(_ book: DetectedBook, number: Int, of image: ImageReport, position: Int, total: Int) {
        let status = style.paint(book.status.rawValue, book.selected ? .green : .yellow)
        var lines = [
            "",
            style.paint("[\(position + 1)/\(total)]", .bold)
                + " \((image.path as NSString).lastPathComponent) #\(number)  \(status)  confidence \(String(format: "%.2f", (book.confidence * 100).rounded(.down) / 100))",
            "  title:  \(book.title ?? "–")",
            "  author: \(book.author ?? "–")",
            "  ISBN:   \(book.isbn?.isbn13 ?? "–")",
        ]
        if let match = book.libraryMatch {
            lines.append(
                match.isWanted
                    ? "  wanted: library #\(match.id) \(match.title), on \(match.shelf ?? "a wish shelf"): accepting it makes it yours"
                    : "  owned:  library #\(match.id) \(match.title)")
        }
        if let identified = book.identificationLine { lines.append("  identified: \(identified)") }
        // Why it is in doubt, so that the person knows what to look at on the spine.
        let doubts = book.doubts
        if !doubts.isEmpty { lines.append("  doubt:  " + doubts.joined(separator: "; ")) }
        if !book.text.isEmpty { lines.append("  read:   \(book.text.replacingOccurrences(of: "\n", with: " | "))") }
        if let crops = pictures[image.path]?.crops, number - 1 < crops.count {
            lines.append("  crop:   \(crops[number - 1])")
        }
        write(lines.joined(separator: "\n") + "\n")
    }

    /// The book with the title, author and ISBN the person typed: Enter keeps a field, `-` empties it.
    private func edited(_ book: DetectedBook) -> DetectedBook {
        var book = book
        book.title = ask("title", current: book.title)
        book.author = ask("author", current: book.author)
        while true {
            let typed = ask("ISBN", current: book.isbn?.isbn13)
            guard let typed else {
                book.isbn = nil
                break
            }
            if let isbn = try? ISBN(typed) {
                book.isbn = isbn
                break
            }
            write("  \(typed) is not a valid ISBN-10 or ISBN-13 (check digit?); try again, or - for none\n")
        }
        // Corrected by a person: no longer the library's book it was taken for, unless it still is.
        if book.status == .alreadyInLibrary { book.status = .detected }
        book.libraryMatch = nil
        return book
    }

    private func ask(_ field: String, current: String?) -> String? {
        write("    \(field) [\(current ?? "")]: ")
        guard let typed = readLine()?.trimmingCharacters(in: .whitespaces) else { return current }
        if typed.isEmpty { return current }
        return typed == "-" ? nil : typed
    }
}
