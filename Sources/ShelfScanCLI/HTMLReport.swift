import Foundation
import ShelfFiles
import ShelfPipeline

/// `scan --html FILE`: one page to look a scan over in a browser, offline (no file from the
/// network, nothing but the page and its pictures): per photo, its annotated picture and a table
/// of its books — the crop beside each reading, status, confidence, library match, and what speaks
/// against the reading (`DetectedBook.doubts`). Clicking a row
/// outlines its book on the picture; clicking a book on the picture finds its row. A row can be
/// linked to (`page.html#photo0-book7`): the page opens with that book shown.
struct HTMLReport {
    var report: ScanReport
    /// The pictures written for each photo, by path.
    var pictures: [String: PictureWriter.Written]

    /// Where the page's pictures go when no other folder was named: beside it, `NAME_files`.
    static func assetFolder(forPage page: String) -> String {
        let base = (page as NSString).deletingPathExtension
        return base + "_files"
    }

    /// Writes the page to `path`, all at once.
    func write(to path: String) throws {
        let folder = URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent()
        try OutputFile.write(Data(page(relativeTo: folder).utf8), to: path, what: "the page")
    }

    /// The page, its pictures named relative to `folder`.
    func page(relativeTo folder: URL) -> String {
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>shelfscan: \(Self.escape(summaryText))</title>
            <style>\(Self.style)</style>
            </head>
            <body>
            <header><h1>shelfscan</h1><p>\(Self.escape(summaryText))</p>\(legend)</header>

            """
        for (index, image) in report.images.enumerated() {
            html += section(image, number: index, folder: folder)
        }
        html += "<script>\(Self.script)</script>\n</body>\n</html>\n"
        return html
    }

    private var summaryText: String {
        let summary = report.summary
        return "\(summary.images) \(summary.images == 1 ? "photo" : "photos"), \(summary.books) books, "
            + "\(summary.selected) selected, \(summary.duplicates) already in the library"
            + (summary.errors > 0 ? ", \(summary.errors) not read" : "")
    }

    private var legend: String {
        let entries: [(DetectedBook.Status, String)] = [
            (.detected, "selected"), (.confirmed, "selected, ISBN agrees"), (.uncertain, "uncertain: check it"),
            (.alreadyInLibrary, "already in the library"),
        ]
        return "<ul class=\"legend\">"
            + entries.map { "<li><span class=\"swatch \($0.0.rawValue)\"></span>\($0.1)</li>" }.joined() + "</ul>"
    }

    private func section(_ image: ImageReport, number: Int, folder: URL) -> String {
        let id = "photo\(number)"
        var html = "<section id=\"\(id)\">\n<h2>\(Self.escape(image.path))</h2>\n"
        if let error = image.error {
            html += "<p class=\"error\">\(Self.escape(error.message))</p>\n"
            if image.books.isEmpty { return html + "</section>\n" }
        }
        let written = pictures[image.path] ?? PictureWriter.Written()
        if let annotated = written.annotated, let width = image.width, let height = image.height {
            let size = Self.annotatedSize(width: width, height: height)
            let scale = Double(size.photoWidth) / Double(max(1, width))
            html += "<figure><div class=\"frame\">"
            html += "<img src=\"\(Self.escape(Self.relative(annotated, to: folder)))\" alt=\"\(Self.escape(image.path)) with its books outlined\">"
            html += "<svg viewBox=\"0 0 \(size.photoWidth) \(size.totalHeight)\" preserveAspectRatio=\"none\">"
            for (index, book) in image.books.enumerated() {
                let points = book.polygon.map { "\(Self.number($0.x * scale)),\(Self.number($0.y * scale))" }
                    .joined(separator: " ")
                html += "<polygon id=\"\(id)-shape\(index + 1)\" data-row=\"\(id)-book\(index + 1)\" points=\"\(points)\"><title>\(index + 1): \(Self.escape(book.title ?? "no title read"))</title></polygon>"
            }
            html += "</svg></div></figure>\n"
        }
        guard !image.books.isEmpty else { return html + "<p>No books found.</p>\n</section>\n" }
        html += """
            <table><thead><tr><th>#</th><th>crop</th><th>title</th><th>author</th><th>ISBN</th>\
            <th>status</th><th>confidence</th><th>library</th><th>text read</th></tr></thead><tbody>

            """
        for (index, book) in image.books.enumerated() {
            let crop = index < written.crops.count ? written.crops[index] : nil
            let cropCell =
                crop.map { "<img class=\"crop\" src=\"\(Self.escape(Self.relative($0, to: folder)))\" alt=\"book \(index + 1)\">" }
                ?? ""
            let library =
                book.libraryMatch.map {
                    ($0.isWanted ? "wanted: " : "") + "#\($0.id) \(Self.escape($0.title)) (by \($0.matchedBy.rawValue))"
                } ?? ""
            // Why the book is in doubt, under what was read: what to look at on the spine.
            let doubtList = book.doubts
            let doubts = doubtList.isEmpty ? "" : "<div class=\"doubt\">\(Self.escape(doubtList.joined(separator: "; ")))</div>"
            // What was read, beside what the catalogue identified it as.
            let identified =
                book.identified.map { _ in "<div class=\"identified\">identified as: \(Self.escape(book.identificationLine ?? ""))</div>" }
                ?? ""
            html += """
                <tr id="\(id)-book\(index + 1)" data-shape="\(id)-shape\(index + 1)" class="\(book.status.rawValue)">\
                <td>\(index + 1)</td><td>\(cropCell)</td><td>\(Self.escape(book.title ?? "–"))</td>\
                <td>\(Self.escape(book.author ?? "–"))</td><td>\(book.isbn?.isbn13 ?? "–")</td>\
                <td><span class="badge \(book.status.rawValue)">\(book.status.rawValue)</span>\(book.selected ? " ✓" : "")</td>\
                <td>\(String(format: "%.2f", (book.confidence * 100).rounded(.down) / 100))</td><td>\(library)</td>\
                <td class="text">\(Self.escape(book.text.split(whereSeparator: \.isNewline).joined(separator: " | ")))\(identified)\(doubts)</td></tr>

                """
        }
        return html + "</tbody></table>\n</section>\n"
    }

    /// The size `BookAnnotator` gives a photo's annotated picture, as `PictureWriter` writes it.
    static func annotatedSize(width: Int, height: Int) -> (photoWidth: Int, totalHeight: Int) {
        let size = BookAnnotator.pictureSize(width: width, height: height, maxSide: PictureWriter.annotationMaxSide)
        return (size.photoWidth, size.totalHeight)
    }

    /// `path` as a link from a page in `folder`.
    static func relative(_ path: String, to folder: URL) -> String {
        let target = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        let base = folder.standardizedFileURL.pathComponents
        var common = 0
        while common < min(target.count, base.count) && target[common] == base[common] { common += 1 }
        let parts = Array(repeating: "..", count: base.count - common) + target[common...]
        return parts.map { $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? $0 }
            .joined(separator: "/")
    }

    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    private static func number(_ value: Double) -> String {
        value.isFinite ? String(format: "%.1f", value) : "0"
    }

    private static let style = """
        body{font:15px/1.4 system-ui,sans-serif;margin:0 auto;max-width:1400px;padding:0 16px 40px;color:#222}\
        h1{margin:16px 0 4px}h2{font-size:17px;margin:28px 0 8px;word-break:break-all}\
        .legend{list-style:none;padding:0;display:flex;gap:18px;flex-wrap:wrap}\
        .swatch{display:inline-block;width:14px;height:14px;margin-right:6px;vertical-align:-2px;border:1px solid #000}\
        .detected{--c:#3cd250}.confirmed{--c:#3c96ff}.alreadyInLibrary{--c:#c86ee6}.uncertain{--c:#ffbe1e}\
        .swatch,.badge{background:var(--c)}.badge{padding:1px 6px;border-radius:4px;font-size:13px}\
        figure{margin:0}.frame{position:relative;display:inline-block;max-width:100%}\
        .frame img{display:block;max-width:100%;height:auto}\
        .frame svg{position:absolute;left:0;top:0;width:100%;height:100%}\
        polygon{fill:transparent;stroke:none;cursor:pointer}\
        polygon.active{fill:rgba(255,255,255,.25);stroke:#ff1744;stroke-width:6}\
        table{border-collapse:collapse;width:100%;margin-top:10px}\
        th,td{border-bottom:1px solid #ddd;padding:4px 8px;text-align:left;vertical-align:middle}\
        tbody tr{cursor:pointer;border-left:5px solid var(--c)}tbody tr:hover{background:#f4f4f4}\
        tr.active{background:#ffecb3!important}\
        img.crop{max-height:56px;max-width:320px;display:block}\
        td:nth-child(6){white-space:nowrap}td.text{font-size:12px;color:#666;max-width:320px}.doubt{color:#8a5a00}.identified{color:#1a5e20}.error{color:#b00020}
        """

    private static let script = """
        function show(row,scroll,instant){document.querySelectorAll('.active').forEach(e=>e.classList.remove('active'));\
        const shape=document.getElementById(row.dataset.shape);row.classList.add('active');\
        if(shape){shape.classList.add('active');if(scroll)shape.closest('figure').scrollIntoView({behavior:instant?'auto':'smooth',block:'center'});}}\
        document.querySelectorAll('tbody tr').forEach(r=>r.addEventListener('click',()=>{show(r,true);history.replaceState(null,'','#'+r.id);}));\
        document.querySelectorAll('polygon').forEach(p=>p.addEventListener('click',()=>{\
        const row=document.getElementById(p.dataset.row);if(row){show(row,false);history.replaceState(null,'','#'+row.id);\
        row.scrollIntoView({behavior:'smooth',block:'center'});}}));\
        const linked=location.hash&&document.getElementById(location.hash.slice(1));if(linked&&linked.dataset.shape)show(linked,true,true);
        """
}
