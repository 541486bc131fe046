import ShelfReading

extension DetectedBook {
    /// Why the book was held back or trusted less, in words for the person reviewing it: each
    /// reason the assessor named among its `signals` (`BookAssessor`, `ParsedSpine.PairingDoubt`,
    /// `ParsedSpine.NotATitle`), and a title check that did not bear the title out in full. Empty
    /// when nothing but the reading's own confidence speaks against it.
    public var doubts: [String] {
        var doubts: [String] = []
        if signals[BookAssessor.pageTextSignal] == 1 { doubts.append("found on a photo of a page, not a spine") }
        if signals[BookAssessor.plainGreySignal] == 1 {
            doubts.append("read only in plain grey, after two readings in colour left it in doubt")
        }
        for doubt in ParsedSpine.PairingDoubt.allCases where signals[doubt.rawValue] == 1 {
            doubts.append(Self.explanation(of: doubt))
        }
        for reason in ParsedSpine.NotATitle.allCases where signals[reason.rawValue] == 1 {
            doubts.append(Self.explanation(of: reason))
        }
        if let agreement = signals[BookAssessor.titleCheckSignal] {
            if agreement < TitleCheck.confirming {
                doubts.append("a second reading of the spine did not bear the title out")
            } else if agreement < TitleCheck.fullyConfirming {
                doubts.append("a second reading of the spine bore the title out only in part")
            }
        }
        if signals[BookAssessor.authorNotANameSignal] == 1 {
            doubts.append(
                BookAssessor.isAuthorUnconfirmed(signals)
                    ? "a second reading did not bear out the name read where the author stands, so it was left out"
                    : "what was read where the author stands is no name, so it was left out")
        }
        if signals[BookAssessor.titleMisreadSignal] == 1 {
            doubts.append("a word of the title is one letter from an English word and is none itself: it is likely misread")
        }
        if signals[Self.notInCatalogSignal] == 1 {
            doubts.append("the catalogue holds every book of these shelves, and none is this title: it is likely misread")
        }
        if signals[BookAssessor.checkReadsOnSignal] == 1 {
            doubts.append("a second reading saw more lettering beside the title: words may be missing")
        }
        return doubts
    }

    static func explanation(of doubt: ParsedSpine.PairingDoubt) -> String {
        switch doubt {
        case .titleMayBeAuthor: "the title is a person's name: it may be the author, the title unread"
        case .authorMayContinueTitle: "the author may be the title's own first or last word"
        }
    }

    static func explanation(of reason: ParsedSpine.NotATitle) -> String {
        switch reason {
        case .titleIsProse: "the words read as prose, a back cover's blurb, not a title"
        case .titleHasPrice: "a price is among the title's words"
        case .titleIsUnfinished: "the title ends as no title does: the rest may be lost"
        case .titleGoesOnUnread: "words beside the title could not be placed: it may go on there"
        case .titleStartIsLost: "the title's first words look lost"
        }
    }
}
