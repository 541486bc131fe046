import Foundation

extension String {
    /// Lowercase ASCII letters and digits only, accents removed, every other run of characters a
    /// single space: the form word lists and comparisons use.
    public var folded: String {
        // Plain ASCII letters and digits, as most words and every word-list entry are: only the case
        // to fold (Foundation's folding costs microseconds a call, seconds over the word lists).
        if !isEmpty, utf8.allSatisfy({ ($0 >= 97 && $0 <= 122) || ($0 >= 65 && $0 <= 90) || ($0 >= 48 && $0 <= 57) }) {
            return lowercased()
        }
        let plain = folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil)
        var result = "", pendingSpace = false
        for character in plain.lowercased() {
            // Letters that no accent folding takes apart.
            if let spelled = Self.spelledOut[character] {
                if pendingSpace && !result.isEmpty { result.append(" ") }
                pendingSpace = false
                result += spelled
                continue
            }
            if character.isASCII && (character.isLetter || character.isNumber) {
                if pendingSpace && !result.isEmpty { result.append(" ") }
                pendingSpace = false
                result.append(character)
            } else if character != "'" && character != "’" {
                pendingSpace = true
            }
        }
        return result
    }

    private static let spelledOut: [Character: String] = [
        "ø": "o", "æ": "ae", "œ": "oe", "ß": "ss", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i",
    ]

    /// Abbreviations that are words, not initials, when a title is set in title case.
    private static let abbreviations: Set<String> = ["mr.", "mrs.", "ms.", "dr.", "st.", "jr.", "sr.", "no.", "vol."]

    /// Text read in capitals (four letters in five or more), set in title case ("THE DARK TOWER" → "The Dark Tower", "R.F." stays);
    /// text already in mixed case is kept as it is.
    public var titleCasedIfShouting: String { titleCasedIfShouting(continuingATitle: false) }

    /// `titleCasedIfShouting` of words that go on from earlier words of a title: their first word
    /// too is set in lower case when it is a minor one ("OF MICE" after "The Life" → "of Mice").
    public func titleCasedIfShouting(continuingATitle: Bool) -> String {
        let letters = filter(\.isLetter)
        guard letters.count >= 2, letters.filter(\.isUppercase).count * 5 >= letters.count * 4 else { return self }
        let minor: Set<String> = ["a", "an", "and", "as", "at", "by", "for", "in", "of", "on", "or", "the", "to", "with"]
        var words: [String] = []
        for (index, word) in split(separator: " ").enumerated() {
            let lower = word.lowercased()
            // "J.R.R.", "S.A.", "J.M" stay as they are; "MR." and "ST." are words.
            let isInitials = word.contains(".") && word.filter(\.isLetter).count <= 3 && !Self.abbreviations.contains(lower)
            // A subtitle's first word is capitalised, minor or not ("Edith Harlow: A Life at Sea").
            let startsSubtitle = words.last?.hasSuffix(":") ?? false
            if isInitials {
                words.append(String(word))
            } else if (index > 0 || continuingATitle) && !startsSubtitle && minor.contains(lower) {
                words.append(lower)
            } else if let first = lower.firstIndex(where: \.isLetter) {
                // The first letter, after any mark that leads the word ("«DEZ»", "¿QUÉ").
                words.append(lower[..<first] + lower[first...first].uppercased() + lower[lower.index(after: first)...])
            } else {
                words.append(lower)
            }
        }
        return words.joined(separator: " ")
    }
}
