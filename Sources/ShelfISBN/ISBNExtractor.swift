import Foundation

/// Finds ISBNs in recognised text: with or without an `ISBN` label, hyphenated or spaced, through
/// the usual OCR confusions, keeping only checksum-valid ones.
///
/// A wrong ISBN is worse than a missing one, so a bare ten-digit number is only taken when an ISBN
/// label stands before it on its line, or when it is hyphenated as ISBN-10s are (four groups, a
/// one-character check group): Library of Congress numbers and phone numbers pass the ISBN-10
/// check one time in eleven. A 13-digit number must start 978 or 979.
public struct ISBNExtractor: Sendable {
    /// One ISBN found in the text.
    public struct Match: Sendable, Equatable {
        public let isbn: ISBN
        /// The characters it was read from, as they stand in the text.
        public let printed: String
        /// Whether an ISBN label stood before it.
        public let isLabelled: Bool
        /// The index of the line it was found on.
        public let line: Int
    }

    /// At most this many letters read as digits in one ISBN (`O`→0, `l`→1…).
    public var maxConfusions: Int

    public init(maxConfusions: Int = 2) {
        self.maxConfusions = maxConfusions
    }

    /// The distinct ISBNs in `text`, in order of appearance.
    public func isbns(in text: String) -> [ISBN] {
        var seen = Set<ISBN>()
        return matches(in: text).map(\.isbn).filter { seen.insert($0).inserted }
    }

    /// Every ISBN occurrence in `text`.
    public func matches(in text: String) -> [Match] {
        var matches: [Match] = []
        var labelCarriedOver = false
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let scan = LineScan(Array(line), labelCarriedOver: labelCarriedOver)
            matches += scan.candidates(maxConfusions: maxConfusions).map {
                Match(isbn: $0.isbn, printed: $0.printed, isLabelled: $0.isLabelled, line: index)
            }
            labelCarriedOver = scan.endsWithLabel
        }
        return matches
    }
}

/// The work on one line of text: labels, digit groups, candidate windows.
private struct LineScan {
    struct Candidate {
        let isbn: ISBN
        let printed: String
        let isLabelled: Bool
    }

    /// A maximal stretch of digit-like characters.
    struct Group {
        var start: Int
        var end: Int  // exclusive
    }

    var characters: [Character]
    /// Where each ISBN label ends (the index after it), in order.
    var labelEnds: [Int] = []
    /// Where each word that rules out an ISBN (LCCN, ISSN…) starts.
    var blockerStarts: [Int] = []
    let labelCarriedOver: Bool

    init(_ characters: [Character], labelCarriedOver: Bool) {
        self.characters = characters
        self.labelCarriedOver = labelCarriedOver
        findLabels()
    }

    /// Whether the line ends with a label and nothing after it: the number is on the next line.
    var endsWithLabel: Bool {
        guard let last = labelEnds.last else { return false }
        return characters[last...].allSatisfy { !$0.isLetter && !$0.isNumber }
    }

    // MARK: - Labels

    /// Marks `ISBN` labels (also misread as `1SBN`, `lSBN`, `IS8N`, with `-13`, `-10`, `(pbk.)`,
    /// a colon…) and blanks them so that their digits are not taken for part of a number.
    private mutating func findLabels() {
        // One character for one, so that positions match `characters`: a letter whose capital is
        // two letters ("ß" → "SS", "ﬁ" → "FI") stays as it is.
        let upper = characters.map { character -> Character in
            let capital = character.uppercased()
            return capital.count == 1 ? Character(capital) : character
        }
        var index = 0
        while index + 4 <= upper.count {
            let isLabel =
                "I1L|".contains(upper[index]) && "S5$".contains(upper[index + 1]) && "B8".contains(upper[index + 2])
                && upper[index + 3] == "N" && (index == 0 || !upper[index - 1].isLetter || upper[index - 1] == "E")
            if isLabel {
                var end = index + 4
                // "-13", "13", "-10", "10" right after the label belong to it.
                var probe = end
                if probe < upper.count && (upper[probe] == "-" || upper[probe] == " ") { probe += 1 }
                if probe + 2 <= upper.count && ["13", "10"].contains(String(upper[probe..<probe + 2]))
                    && (probe + 2 == upper.count || !upper[probe + 2].isNumber)
                {
                    end = probe + 2
                }
                for blank in index..<end { characters[blank] = " " }
                labelEnds.append(end)
                index = end
                continue
            }
            index += 1
        }
        let text = String(upper)
        for blocker in ["LCCN", "CONTROL NUMBER", "CONTROL NO", "ISSN", "TEL", "PHONE", "FAX", "DOI", "RECORD"] {
            var searchStart = text.startIndex
            while let range = text.range(of: blocker, range: searchStart..<text.endIndex) {
                blockerStarts.append(text.distance(from: text.startIndex, to: range.lowerBound))
                searchStart = range.upperBound
            }
        }
    }

    /// Whether a number starting at `start` is introduced by an ISBN label on this line (or the
    /// label ending the previous line), with no LCCN/ISSN-like word in between.
    private func isLabelled(at start: Int) -> Bool {
        let labelEnd = labelEnds.last { $0 <= start } ?? (labelCarriedOver ? 0 : nil)
        guard let labelEnd else { return false }
        return !blockerStarts.contains { $0 >= labelEnd && $0 < start }
    }

    // MARK: - Digits

    private static let confusions: [Character: Character] = [
        "O": "0", "o": "0", "I": "1", "l": "1", "|": "1", "i": "1",
        "S": "5", "s": "5", "B": "8", "Z": "2", "z": "2", "G": "6",
    ]
    private static let separators: Set<Character> = ["-", " ", "\u{2010}", "\u{2011}", "\u{2013}", "\u{2014}"]

    private func isDigitLike(_ character: Character) -> Bool {
        (character.isASCII && character.isNumber) || Self.confusions[character] != nil
            || character == "X" || character == "x"
    }

    /// Stretches of digit-like characters that stand alone (not inside a word); letters-only
    /// stretches of one or two characters count (`978-O-…`), longer ones are words.
    private func groups() -> [Group] {
        var groups: [Group] = []
        var index = 0
        while index < characters.count {
            guard isDigitLike(characters[index]) else {
                index += 1
                continue
            }
            var end = index
            while end < characters.count && isDigitLike(characters[end]) { end += 1 }
            let insideWord =
                (index > 0 && characters[index - 1].isLetter)
                || (end < characters.count && characters[end].isLetter)
            let hasDigit = characters[index..<end].contains { $0.isASCII && $0.isNumber }
            if !insideWord && (hasDigit || end - index <= 2) { groups.append(Group(start: index, end: end)) }
            index = end
        }
        return groups
    }

    /// Checksum-valid ISBNs from windows of adjacent groups, longest first, never overlapping.
    func candidates(maxConfusions: Int) -> [Candidate] {
        let groups = groups()
        var found: [(start: Int, candidate: Candidate)] = []
        var used = [Bool](repeating: false, count: groups.count)
        // Runs: groups joined by exactly one separator character.
        var runStart = 0
        while runStart < groups.count {
            var runEnd = runStart + 1
            while runEnd < groups.count && groups[runEnd].start == groups[runEnd - 1].end + 1
                && Self.separators.contains(characters[groups[runEnd - 1].end])
            {
                runEnd += 1
            }
            for length in [13, 10] {
                for first in runStart..<runEnd where !used[first] {
                    var digitCount = 0
                    var last = first
                    while last < runEnd && !used[last] && digitCount < length {
                        digitCount += groups[last].end - groups[last].start
                        last += 1
                    }
                    guard digitCount == length else { continue }
                    // A window may end at a space but never cut a hyphenated number short.
                    let cutsBefore = first > runStart && isHyphen(before: groups[first])
                    let cutsAfter = last < runEnd && isHyphen(before: groups[last])
                    guard !cutsBefore && !cutsAfter else { continue }
                    let window = groups[first..<last]
                    if let candidate = candidate(from: window, length: length, maxConfusions: maxConfusions) {
                        for index in first..<last { used[index] = true }
                        found.append((groups[first].start, candidate))
                    }
                }
            }
            runStart = runEnd
        }
        return found.sorted { $0.start < $1.start }.map(\.candidate)
    }

    private func isHyphen(before group: Group) -> Bool {
        group.start > 0 && characters[group.start - 1] != " "
    }

    private func candidate(from window: ArraySlice<Group>, length: Int, maxConfusions: Int) -> Candidate? {
        var digits = ""
        var confusions = 0
        for group in window {
            for index in group.start..<group.end {
                let character = characters[index]
                if character.isASCII && character.isNumber {
                    digits.append(character)
                } else if (character == "X" || character == "x") && length == 10 && digits.count == 9 {
                    digits.append("X")
                } else if let digit = Self.confusions[character] {
                    digits.append(digit)
                    confusions += 1
                } else {
                    return nil
                }
            }
        }
        guard confusions <= maxConfusions, let isbn = try? ISBN(digits) else { return nil }
        let start = window.first!.start, end = window.last!.end
        let printed = String(characters[start..<end])
        let labelled = isLabelled(at: start)
        if length == 10 && !labelled {
            // Unlabelled ten-digit numbers only in the ISBN-10 hyphenation shape: 4 groups, check alone.
            let isHyphenatedShape =
                window.count == 4 && window.last!.end - window.last!.start == 1
                && window.dropLast().allSatisfy { characters[$0.end] == "-" }
            guard isHyphenatedShape else { return nil }
        }
        return Candidate(isbn: isbn, printed: printed, isLabelled: labelled)
    }
}
