import ShelfLibrary
import ShelfText

extension CatalogIdentifier {
    /// A spine's reading in the forms it is compared on.
    struct Reading {
        let parsed: BookKey
        let hasTitle: Bool
        let compactText: String
        /// The words of the text read, folded.
        let textWords: [String]
        /// The words of the title read, folded (three letters or more).
        let titleWords: [String]
        /// Every word of the main title read (before a colon), folded.
        let mainTitleWords: [String]
        /// The main title read, compact, in each form it is compared in: as read, and without a
        /// misread article (`withoutMisreadArticle(_:)`).
        let compactTitles: [String]
        /// The words of the author read after the first (surname-like), folded.
        let laterNameWords: [String]
        /// The given names the author read spells out (three letters or more, before the surname), folded.
        let givenNames: [String]
        /// The author read with its words run together, when it has several ("Nor A" → "nora"):
        /// OCR splits a name as often as it glues one.
        let gluedAuthor: String?

        init(_ book: ScannedBook) {
            parsed = BookKey(title: book.title ?? "", authors: book.author.map { [$0] } ?? [])
            hasTitle = !(book.title ?? "").isEmpty
            let folded = book.text.folded
            compactText = folded.replacingOccurrences(of: " ", with: "")
            textWords = folded.split(separator: " ").map(String.init)
            titleWords = (book.title ?? "").folded.split(separator: " ").map(String.init).filter { $0.count >= 3 }
            mainTitleWords = LibraryBook.splitTitle(book.title ?? "").title.folded.split(separator: " ").map(String.init)
            compactTitles = [parsed.compactTitle] + [Self.withoutMisreadArticle(mainTitleWords)].compactMap { $0 }
            laterNameWords = book.author.map(Self.laterNameWords(of:)) ?? []
            givenNames = book.author.map(Self.givenNames(of:)) ?? []
            let authorWords = (book.author ?? "").folded.split(separator: " ")
            gluedAuthor = authorWords.count >= 2 ? authorWords.joined() : nil
        }

        /// A catalogue work in the forms a reading is compared with.
        struct WorkForm {
            let key: BookKey
            /// The words of the title and subtitle, folded.
            let titleWords: [String]
            /// Each author's names after the first, folded: surnames, with a first surname
            /// ("Solberg" of Ingrid Solberg Dahl) and middle names.
            let laterNameWords: Set<String>
            /// Each author's whole name, its words run together, as OCR often reads a name
            /// ("AmosOz", "CHARLESDUHIGG").
            let gluedNames: [String]
            /// Each author's surname with the given names spelt out before it
            /// (`Reading.givenNames(of:)`).
            let namesakes: [(surname: String, givenNames: [String])]

            init(_ work: CatalogWork) {
                key = BookKey(title: work.title, subtitle: work.subtitle, authors: work.authors)
                titleWords = [work.title, work.subtitle ?? ""].joined(separator: " ").folded.split(separator: " ").map(String.init)
                laterNameWords = Set(work.authors.flatMap(Reading.laterNameWords(of:)))
                gluedNames = work.authors.map { LibraryBook.nameInReadingOrder($0).folded.replacingOccurrences(of: " ", with: "") }
                namesakes = work.authors.compactMap { author in
                    let surname = BookKey(title: "", authors: [author]).surnames.first
                    return surname.map { ($0, Reading.givenNames(of: author)) }
                }
            }
        }

        /// The words of `name` before its surname, in reading order and folded, that spell a given
        /// name out (three letters or more: not an initial, not a particle).
        static func givenNames(of name: String) -> [String] {
            let words = LibraryBook.nameInReadingOrder(name).folded.split(separator: " ").map(String.init)
            return words.dropLast().filter { $0.count >= 3 && !BookKey.particles.contains($0) }
        }

        /// Whether the given names read say the author is another person than the work's author of
        /// the same surname: "Lewis Carroll" is not Emily Carroll. Only names both spell out count
        /// ("J. K. Rowling" contradicts no one), and a name alike or cut short ("Chris" for
        /// Christopher), or any name of any of the work's authors, agrees.
        func givenNamesRefuse(_ work: WorkForm) -> Bool {
            guard !givenNames.isEmpty, let surname = parsed.surnames.first else { return false }
            let namesakes = work.namesakes.filter {
                Similarity.ratio($0.surname, surname) >= CatalogIdentifier.surnameAgrees
            }
            func agrees(_ ours: String, _ theirs: String) -> Bool {
                theirs.count >= 3
                    && (Similarity.ratio(ours, theirs) >= 0.5 || theirs.hasPrefix(ours) || ours.hasPrefix(theirs))
            }
            // A word of another of the work's authors is no contradiction: "Vance Harlow" is read off
            // a spine by Nora Vance and Edith Harlow.
            return !namesakes.isEmpty && namesakes.allSatisfy { !$0.givenNames.isEmpty }
                && !givenNames.contains { ours in work.key.nameWords.contains { agrees(ours, $0) } }
        }

        static func laterNameWords(of name: String) -> [String] {
            LibraryBook.nameInReadingOrder(name).folded.split(separator: " ").dropFirst()
                .map(String.init).filter { $0.count >= 3 && !BookKey.particles.contains($0) }
        }

        /// How `work` fits the reading, if it does. `looseNames` lets an author agree by a later
        /// name or a cut, misread surname: not for a reading taken the other way round, whose
        /// "author" is title words.
        func verdict(on work: WorkForm, looseNames: Bool = true) -> (CatalogMatch.Rule, Double)? {
            let key = work.key
            func likeness(_ compactTitle: String) -> Double {
                max(Similarity.ratio(compactTitle, key.compactTitle), Similarity.ratio(compactTitle, key.compactFullTitle))
            }
            var title = hasTitle ? compactTitles.map(likeness).max() ?? 0 : 0
            var titleRead = parsed.compactTitle
            // The author's name run into the title read: the rest is the title, and the name agrees.
            var nameRunIn = false
            if hasTitle && looseNames, let rest = titleWithoutRunInName(of: work) {
                let restLikeness = likeness(rest)
                if restLikeness > title { (title, titleRead, nameRunIn) = (restLikeness, rest, true) }
            }
            let titleInText =
                key.compactTitle.count >= 6 ? Similarity.occurrence(of: key.compactTitle, in: compactText) : 0
            // An author read on the spine who is none of the work's: another book. A spine may print
            // "Guin" for Le Guin, or a given name alone.
            let nameWords = key.surnames + key.nameWords.filter { $0.count >= 3 } + work.gluedNames
            let parsedAuthor = Self.surnameSimilarity(parsed.surnames + [gluedAuthor].compactMap { $0 }, nameWords)
            // A name cut short ("Rod" for Rodríguez, misread as well: "Appiew" for Applewhaite) is
            // no other author.
            let isCutName = parsed.surnames.contains { surname in
                surname.count >= 3
                    && nameWords.contains {
                        $0.count > surname.count
                            && ($0.hasPrefix(surname) || surname.count >= 5 && Similarity.ratio(String($0.prefix(surname.count)), surname) >= 0.8)
                    }
            }
            // A name the spine prints in full whose last word is cut or misread ("Ingrid Solberg Da"
            // for Ingrid Solberg Dahl): one of its later names is the work's.
            let laterNameAgrees = looseNames && laterNameWords.contains { word in
                word.count >= 4 && work.laterNameWords.contains { Similarity.ratio($0, word) >= CatalogIdentifier.surnameAgrees }
            }
            // A surname found in the text counts only outside the title read ("A Winter …" is no Winters).
            let surnameInText = key.surnames.filter { $0.count >= 4 }.contains { surname in
                Similarity.occurrence(of: surname, in: compactText) >= 0.85
                    && !(hasTitle && Similarity.occurrence(of: surname, in: parsed.compactTitle) >= 0.75)
                    && Similarity.occurrence(of: surname, in: key.compactFullTitle) < 0.75
            }
            // The work's author read on the spine outweighs another word the parse took for the
            // author ("Quiet Waters | Harlow | Xqvm").
            let authorReadElsewhere = looseNames && surnameInText
            // A long title found whole in the text is no chance likeness. The parse may have taken
            // a part of it for the title ("Seven Hundred Fathoms Beneath" of one set over three
            // lines) or for the author ("Choes" of "Echoes from the Saltmarsh").
            let wholeTitleInText = key.compactTitle.count >= 20 && titleInText >= 0.95
            let authorIsPartOfTitle = wholeTitleInText && !parsed.surnames.isEmpty && isReadOnlyInTitle(parsed.surnames, of: key)
            if !parsed.surnames.isEmpty && parsedAuthor < CatalogIdentifier.surnameRefuses && !isCutName && !laterNameAgrees
                && !authorReadElsewhere && !authorIsPartOfTitle
            {
                return nil
            }
            // A given name that is not the author's tells another person's book from a title read
            // nearly; a title read close enough to name the work alone outweighs it (a word misread
            // before the surname: "Nola Harlow" for Nora Harlow).
            if max(title, titleInText) < CatalogIdentifier.titleAlone && givenNamesRefuse(work) { return nil }
            let authorAgrees =
                parsedAuthor >= CatalogIdentifier.surnameAgrees || surnameInText || laterNameAgrees || nameRunIn
                || (looseNames && isCutName && parsed.surnames.contains { $0.count >= 5 })
            // A title read that goes on past the work's ("Dune Messiah" for "Dune", by one author):
            // another work, however well the shorter title occurs in the text.
            let readGoesOn = hasTitle && title < CatalogIdentifier.titleWithAuthor
                && titleRead.count >= key.compactFullTitle.count + 4
            let bestTitle = readGoesOn ? title : max(title, titleInText)
            if authorAgrees && bestTitle >= CatalogIdentifier.titleWithAuthor { return (.titleAndAuthor, bestTitle) }
            if title >= CatalogIdentifier.titleAlone && key.compactTitle.count >= 8 { return (.title, title) }
            // A long title found whole in the text, with a scrap more read beside it ("Ree En
            // Observación y análisis …") or with a part of it read as the title: with an author read
            // or without.
            if wholeTitleInText && title >= 0.85 { return (.title, title) }
            if wholeTitleInText && titleRead.count * 2 >= key.compactTitle.count
                && Similarity.occurrence(of: titleRead, in: key.compactTitle) >= 0.9
            {
                return (.title, titleInText)
            }
            if authorAgrees, let share = titleWordsRead(of: work) { return (.titleWordsAndAuthor, share) }
            return nil
        }

        /// Whether each of `names` is a part of the work's title that the text holds only where it
        /// holds that title: a scrap of the title taken for the author ("Ilent" of "ILENT
        /// HARBOUR AT MIDWINTER"), not a name read beside it as well.
        func isReadOnlyInTitle(_ names: [String], of key: BookKey) -> Bool {
            guard let stretch = Similarity.bestStretch(of: key.compactTitle, in: compactText) else { return false }
            let text = Array(compactText.utf8)
            let outside = [text[..<stretch.lowerBound], text[stretch.upperBound...]].map { String(decoding: $0, as: UTF8.self) }
            return names.allSatisfy { name in
                name.count >= 3 && Similarity.occurrence(of: name, in: key.compactTitle) >= 0.9
                    && !outside.contains { Similarity.occurrence(of: name, in: $0) >= 0.9 }
            }
        }

        /// The share of the work's title (its letters in words of three or more) whose words were
        /// read, in any order, when it is most of it and every word of the title read is one of
        /// them: a spine that shows the subtitle larger than the title, lines read in another order,
        /// a title cut at the crop's edge. Nil otherwise.
        func titleWordsRead(of work: WorkForm) -> Double? {
            // A title word that is the author's name ("Franz Kafka's The Castle") is read as the
            // author, not as the title.
            let long = work.titleWords.filter { word in
                word.count >= 3 && !work.key.nameWords.contains { Similarity.ratio($0, word) >= CatalogIdentifier.wordAgrees }
            }
            let total = long.reduce(0) { $0 + $1.count }
            guard long.count >= 2, total > 0 else { return nil }
            let found = long.filter(isRead)
            let share = Double(found.reduce(0) { $0 + $1.count }) / Double(total)
            // Two words that say something: "The Bluest" is not most of "The Bluest Eye".
            guard found.filter({ !Self.smallWords.contains($0) }).count >= 2, share >= CatalogIdentifier.titleWordsShare else { return nil }
            // The title read has no word of its own ("Chamber of Secrets" is not "Prisoner of
            // Azkaban"), unless it is a scrap or the author's name run on.
            let foreign = titleWords.filter { word in
                word.count >= 3
                    && !long.contains { Similarity.ratio($0, word) >= CatalogIdentifier.wordAgrees }
                    && !work.key.nameWords.contains { Similarity.ratio($0, word) >= CatalogIdentifier.wordAgrees }
            }
            return foreign.isEmpty ? share : nil
        }

        /// Articles, conjunctions and prepositions of three letters or more, in the languages
        /// shelves are most often in: in every title, they tell one title from another by nothing.
        static let smallWords: Set<String> = [
            "the", "and", "for", "from", "with", "into", "los", "las", "del", "una", "por", "para", "con", "que", "les",
            "des", "une", "aux", "dans", "pour", "avec", "der", "die", "das", "und", "ein", "eine", "mit", "els", "amb",
            "per", "dels", "della", "delle", "degli", "nel",
        ]

        /// Whether a title word was read: as a word of the text, or, when long, inside the text
        /// (OCR glues words).
        private func isRead(_ word: String) -> Bool {
            if textWords.contains(where: { Similarity.ratio($0, word) >= CatalogIdentifier.wordAgrees }) { return true }
            return word.count >= 6 && Similarity.occurrence(of: word, in: compactText) >= 0.83
        }

        static func surnameSimilarity(_ some: [String], _ others: [String]) -> Double {
            var best = 0.0
            for a in some { for b in others { best = max(best, Similarity.ratio(a, b)) } }
            return best
        }
    }
}
