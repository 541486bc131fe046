import ShelfOCR

extension SpineTextParser {
    /// The text without a library's call-number label ("N Vid", "641.5 Rob", "N 833 Sol"): a class
    /// mark — one or two capitals, a shelf number of three digits or more, or the two in that order —
    /// then the first letters of the author's surname, at either end of a line and set well apart from
    /// the spine's own lettering. It is neither title nor author, and its capital would pass for an
    /// initial. All of one size, and apart from the rest of the line by more than a word space; of
    /// sizes farther apart when the cutter begins a word of the spine (the surname it was cut from).
    func withoutCallNumbers(_ text: RecognizedText) -> RecognizedText {
        var lines = text.lines
        let longWords = text.lines.flatMap(\.words).map(\.text.folded).filter { $0.count >= 4 }
        for index in lines.indices {
            var words = lines[index].words
            if let (count, height) = callNumber(in: words, atStart: true, longWords: longWords),
                words.count == count || Double(words[count].box.x - words[count - 1].box.maxX) > 1.5 * height
            {
                words.removeFirst(count)
            }
            if let (count, height) = callNumber(in: words, atStart: false, longWords: longWords),
                words.count == count
                    || Double(words[words.count - count].box.x - words[words.count - count - 1].box.maxX) > 1.5 * height
            {
                words.removeLast(count)
            }
            lines[index].words = words
        }
        return RecognizedText(lines: lines.filter { !$0.words.isEmpty })
    }

    /// The number of words and the size of the call number that starts (or ends) `words`, nil when
    /// none does.
    private func callNumber(in words: [RecognizedText.Word], atStart: Bool, longWords: [String]) -> (count: Int, height: Double)? {
        func ends(_ count: Int) -> [RecognizedText.Word] {
            atStart ? Array(words.prefix(count)) : Array(words.suffix(count))
        }
        let three = ends(3)
        if three.count == 3, isClassLetters(three[0]), isShelfNumber(three[1]),
            let height = callNumberHeight(three[1], three[2], longWords: longWords),
            three[0].capitalHeight < 1.4 * height && height < 1.4 * three[0].capitalHeight
        {
            return (3, max(height, three[0].capitalHeight))
        }
        let two = ends(2)
        return two.count == 2 ? callNumberHeight(two[0], two[1], longWords: longWords).map { (2, $0) } : nil
    }

    /// "N", "JN": a class mark of one or two capitals, with any mark the label's edge left before
    /// or after them ("_N").
    private func isClassLetters(_ word: RecognizedText.Word) -> Bool {
        let core = word.text.drop { !$0.isLetter && !$0.isNumber }.reversed().drop { !$0.isLetter && !$0.isNumber }
        return (1...2).contains(core.count) && core.allSatisfy { $0.isLetter && $0.isUppercase }
    }

    /// "796.325", "833": a shelf number of three digits or more.
    private func isShelfNumber(_ word: RecognizedText.Word) -> Bool {
        word.text.count(where: \.isNumber) >= 3 && word.text.allSatisfy { $0.isNumber || $0 == "." || $0 == "-" }
    }

    /// The size of a class mark and cutter that make a call number, nil when they do not. A lone
    /// capital's box is often taller than its letter: when the cutter begins one of `longWords`,
    /// the two may differ in size by up to twice.
    private func callNumberHeight(_ mark: RecognizedText.Word, _ cutter: RecognizedText.Word, longWords: [String]) -> Double? {
        guard isClassLetters(mark) || isShelfNumber(mark) else { return nil }
        // The cutter: a capital and one or two lower-case letters.
        let cutterText = Array(cutter.text)
        guard (2...3).contains(cutterText.count), cutterText[0].isUppercase, cutterText.dropFirst().allSatisfy(\.isLowercase),
            cutterText.allSatisfy(\.isLetter)
        else { return nil }
        let height = max(mark.capitalHeight, cutter.capitalHeight)
        let cut = cutter.text.folded
        let tolerance = longWords.contains { $0.hasPrefix(cut) && $0 != cut } ? 2.0 : 1.4
        return height < tolerance * min(mark.capitalHeight, cutter.capitalHeight) ? height : nil
    }
}
