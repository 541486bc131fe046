import ShelfDetection
import ShelfOCR
import ShelfReading

/// The parses made of a spine's readings, and the ways one reading changes another: words lent or
/// mended by the other readings of the same cut, doubts shared, the author read again.
extension SpineReadingStage {
    /// `findings` with its author as the author check read it (`Lexicon.author(_:asReadAgainIn:)`)
    /// when the check spells a word of it as a known name the first reading misread, assessed
    /// again, with the check's agreement with that name; `findings` as they are otherwise.
    func withAuthor(of findings: SpineFindings, asReadAgainIn check: RecognizedText) -> SpineFindings {
        guard let author = findings.parsed.author,
            let named = parser.lexicon.author(author, asReadAgainIn: check.words.map(\.text))
        else { return findings }
        var parsed = findings.parsed
        parsed.author = named
        var renamed = reassessed(findings, with: parsed)
        renamed.authorAgreement = TitleCheck.agreement(title: named, check: check)
        return renamed
    }

    /// `kept` with the words it lacks that the other readings of its cut, `sameCut`, read surely
    /// (`SpineReader.merging(wordsOf:into:)`), when the confidence model trusts that parse at least
    /// as much; `kept` as it is when its reading is not of that cut (the wider one).
    func withLentWords(_ kept: SpineFindings, from sameCut: [SpineReader.Reading]) -> SpineFindings {
        guard let merged = kept.changed(byEachOf: sameCut, with: reader.merging(wordsOf:into:), stage: self) else {
            return kept
        }
        return merged.confidence >= kept.confidence ? merged : kept
    }

    /// `kept` with its title's misread words mended by the other readings of the same cut
    /// (`SpineReader.mendingMisreadWords(of:from:)`), when that leaves it a title with none.
    func withMisreadWordsMended(_ kept: SpineFindings, from sameCut: [SpineReader.Reading]) -> SpineFindings {
        let mend = { (other: SpineReader.Reading, reading: SpineReader.Reading) in
            reader.mendingMisreadWords(of: reading, from: other)
        }
        guard let mended = kept.changed(byEachOf: sameCut, with: mend, stage: self) else { return kept }
        return mended.parsed.title != nil && !isTitleMisread(mended) ? mended : kept
    }

    /// Whether the title of `findings` holds a word OCR most likely misread (`BookAssessor.hasMisreadWord(_:)`).
    func isTitleMisread(_ findings: SpineFindings) -> Bool {
        assessor.hasMisreadWord(findings.parsed.title)
    }

    /// `kept` doubted as another reading of the spine doubts the same title: one that read words
    /// going on unread beside it (`ParsedSpine.NotATitle.titleGoesOnUnread`) saw more of the spine
    /// there than the reading kept, which may have missed those words altogether. (Other doubts
    /// are about a reading's own words: on the rendered shelves, sharing `titleStartIsLost` took
    /// right titles from three books.)
    func withDoubtsShared(_ kept: SpineFindings, by others: [SpineFindings]) -> SpineFindings {
        guard kept.parsed.notATitle == nil, let title = kept.parsed.title?.folded.filter({ $0 != " " }) else { return kept }
        let seenUnread = others.contains { other in
            other.parsed.notATitle == .titleGoesOnUnread && other.parsed.title?.folded.filter({ $0 != " " }) == title
        }
        guard seenUnread else { return kept }
        var parsed = kept.parsed
        parsed.notATitle = .titleGoesOnUnread
        return reassessed(kept, with: parsed)
    }

    /// `findings` with `parsed` in place of their parse, assessed anew; the checks made and the way
    /// the reading was inked stay.
    private func reassessed(_ findings: SpineFindings, with parsed: ParsedSpine) -> SpineFindings {
        var changed = SpineFindings(
            spine: findings.spine, reading: findings.reading, parsed: parsed,
            assessment: assessor.assess(parsed, on: findings.spine), titleAgreement: findings.titleAgreement)
        changed.checkReadsOn = findings.checkReadsOn
        changed.authorAgreement = findings.authorAgreement
        changed.isReadInPlainGrey = findings.isReadInPlainGrey
        return changed
    }

    /// The parse of one reading of `spine`, assessed.
    func findings(of spine: DetectedSpine, reading: SpineReader.Reading) -> SpineFindings {
        let parsed = parser.parse(reading.text)
        return SpineFindings(
            spine: spine, reading: reading, parsed: parsed, assessment: assessor.assess(parsed, on: spine))
    }
}

extension SpineFindings {
    /// These findings with their reading changed by each other reading of `sameCut` in turn
    /// (`change(other, reading)`), parsed and assessed anew by `stage`, read in plain grey as they
    /// were; nil when the reading is not of that cut (the wider one) or nothing changed it.
    fileprivate func changed(
        byEachOf sameCut: [SpineReader.Reading],
        with change: (SpineReader.Reading, SpineReader.Reading) -> SpineReader.Reading?, stage: SpineReadingStage
    ) -> SpineFindings? {
        guard sameCut.contains(reading) else { return nil }
        let changedReading = sameCut.reduce(reading) { current, other in
            other == reading ? current : change(other, current) ?? current
        }
        guard changedReading != reading else { return nil }
        var found = stage.findings(of: spine, reading: changedReading)
        found.isReadInPlainGrey = isReadInPlainGrey
        return found
    }
}
