import ShelfOCR

extension SpineTextParser {
    /// The text without a library's call-number label ("N Orr", "796.325 Ken"): a class mark — one
    /// or two capitals, or a shelf number of three digits or more — then the first letters of the
    /// author's surname, at either end of a line and set well apart from the spine's own lettering.
    /// It is neither title nor author, and its capital would pass for an initial. Both of one size,
    /// and apart from the rest of the line by more than a word space.
    func withoutCallNumbers(_ text: RecognizedText) -> RecognizedText {
        var lines = text.lines
        for index in lines.indices {
            var words = lines[index].words
            if words.count >= 2, let height = callNumberHeight(words[0], words[1]),
                words.count == 2 || Double(words[2].box.x - words[1].box.maxX) > 1.5 * height
            {
                words.removeFirst(2)
            }
            let count = words.count
            if count >= 2, let height = callNumberHeight(words[count - 2], words[count - 1]),
                count == 2 || Double(words[count - 2].box.x - words[count - 3].box.maxX) > 1.5 * height
            {
                words.removeLast(2)
            }
            lines[index].words = words
        }
        return RecognizedText(lines: lines.filter { !$0.words.isEmpty })
    }

    /// The size of a class mark and cutter that make a call number, nil when they do not.
    private func callNumberHeight(_ mark: RecognizedText.Word, _ cutter: RecognizedText.Word) -> Double? {
        let markLetters = mark.text.filter(\.isLetter)
        let isClassLetters = (1...2).contains(mark.text.count) && markLetters.count == mark.text.count && markLetters.allSatisfy(\.isUppercase)
        let digits = mark.text.filter(\.isNumber).count
        let isShelfNumber = digits >= 3 && mark.text.allSatisfy { $0.isNumber || $0 == "." || $0 == "-" }
        guard isClassLetters || isShelfNumber else { return nil }
        // The cutter: a capital and one or two lower-case letters.
        let cutterText = Array(cutter.text)
        guard (2...3).contains(cutterText.count), cutterText[0].isUppercase, cutterText.dropFirst().allSatisfy(\.isLowercase),
            cutterText.allSatisfy(\.isLetter)
        else { return nil }
        let height = max(mark.capitalHeight, cutter.capitalHeight)
        return height < 1.4 * min(mark.capitalHeight, cutter.capitalHeight) ? height : nil
    }
}
