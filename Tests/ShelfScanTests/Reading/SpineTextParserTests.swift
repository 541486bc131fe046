import Testing

@testable import ShelfDetection
@testable import ShelfImaging
@testable import ShelfOCR
@testable import ShelfPipeline
@testable import ShelfReading

/// The parser on spines as Tesseract reads them: words with their sizes and places, typed here as
/// `WORD:capital height`, with `/` between lines, `|` for a wide gap along a line and `¦` for a
/// gap of a few letters.
@Suite struct SpineTextParserTests {
    static let parser = try! ScanModels.load().parser

    /// A reading built from a spec like "HERMANN:30 HESSE:30 | SIDDHARTHA:60 | Picador:24".
    static func reading(_ spec: String, confidence: Double = 92) -> RecognizedText {
        var lines: [RecognizedText.Line] = []
        for (index, lineSpec) in spec.split(separator: "/").enumerated() {
            var x = 20
            var words: [RecognizedText.Word] = []
            for token in lineSpec.split(separator: " ") {
                if token == "|" || token == "¦" {
                    x += token == "|" ? 80 : 30
                    continue
                }
                let parts = token.split(separator: ":")
                let text = String(parts[0]), cap = Int(parts[1])!
                let wordConfidence = parts.count > 2 ? Double(parts[2])! : confidence
                let characters = text.map { character -> (character: Character, height: Int) in
                    let tall = character.isUppercase || character.isNumber || "bdfhklt".contains(character)
                    return (character, tall ? cap : Int(Double(cap) * 0.7))
                }
                let width = text.count * cap * 7 / 10
                let box = PixelRect(x: x, y: 10 + index * 80, width: width, height: cap)
                words.append(
                    RecognizedText.Word(text: text, confidence: wordConfidence, box: box, characters: characters))
                x += width + cap / 3
            }
            let box = words.dropFirst().reduce(words[0].box) { $0.union($1.box) }
            lines.append(RecognizedText.Line(words: words, box: box))
        }
        return RecognizedText(lines: lines)
    }

    static let cases: [(spec: String, title: String?, author: String?, publisher: String?)] = [
        ("NORA:30 VANCE:30 | SALTMARSH:60 | Picador:24", "Saltmarsh", "Nora Vance", "Picador"),
        (
            "GUSTAVE:20 A.:20 FLAUBERT:20 | MADAME:30 BOVARY:30 | Penguin:20", "Madame Bovary", "Gustave A. Flaubert",
            "Penguin"
        ),
        (
            "THE:14 ART:14 OF:14 COMPUTER:14 PROGRAMMING:14 DONALD:14 KNUTH:14 | Norton:18",
            "The Art of Computer Programming", "Donald Knuth", "Norton"
        ),
        ("Barchester:21 Towers:21 | TROLLOPE:18 | Norton:14", "Barchester Towers", "Trollope", "Norton"),
        // An author's name set far larger than a one-word title is still the author.
        ("LEE:90 CHILD:90 | Persuader:25", "Persuader", "Lee Child", nil),
        ("HAWTHORNE:49 | Scarlet:60 Letter:60 | Bloomsbury:30", "Scarlet Letter", "Hawthorne", "Bloomsbury"),
        ("Oscar:17 and:17 Lucinda:17 | Carey:17", "Oscar and Lucinda", "Carey", nil),
        // A title can end in a verb's particle; the given name and surname after it are the author's.
        ("LEAN:40 IN:40 | SHERYL:30 SANDBERG:30", "Lean in", "Sheryl Sandberg", nil),
        // A name of another shape (an initial and a surname) still finishes the title.
        ("Lost:30 in:30 | J.:30 Street:30 | ANNA:20 REYES:20", "Lost in J. Street", "Anna Reyes", nil),
        (
            "OSCAR:20 F.WILDE:20 | THE:30 PICTURE:30 OF:30 DORIAN:30 GRAY:30", "The Picture of Dorian Gray",
            "Oscar F. Wilde", nil
        ),
        ("JULES:25 VERNE:25 THE:25 MYSTERIOUS:25 ISLAND:25 | Tor:25", "The Mysterious Island", "Jules Verne", "Tor"),
        ("B:50 E:50 O:50 W:50 U:50 LF:50 | SEAMUS:24 HEANEY:24 | Norton:20", "Beowulf", "Seamus Heaney", "Norton"),
        (
            "JULES:30 VERNE:30 TWENTY:30 THOUSAND:30 LEAGUES:30 | Knopf:20", "Twenty Thousand Leagues", "Jules Verne",
            "Knopf"
        ),
        ("JULESVERNE:20 | ROBUR:50 | Scribner:18", "Robur", "Jules Verne", "Scribner"),
        ("Typee:60", "Typee", nil, nil),
        ("Herman:20 ¦ Melville:20 | Typee:40 | Ace:18", "Typee", "Herman Melville", "Ace"),
        // A surname on the title's line, set off by a wider space.
        ("Possession:40 A:40 Romance:40 ¦ Byatt:40 | Vintage:20", "Possession A Romance", "Byatt", "Vintage"),
        // One word each: the larger is the title, whichever comes first and whatever the word lists say.
        ("Stoner:60 | WILLIAMS:36 | Vintage:20", "Stoner", "Williams", "Vintage"),
        ("WILLIAMS:36 | Stoner:60", "Stoner", "Williams", nil),
        // Marks of logos at the ends: a lone digit, a lower-case fragment.
        ("7:30 MIDDLEMARCH:50 ss:20 | Penguin:20", "Middlemarch", nil, "Penguin"),
        // A title in another language, in lower case, is not eaten as marks from its end, even
        // where its last words are short.
        ("ZAFON:40 | La:30 sombra:30 del:30 viento:30", "La sombra del viento", "Zafon", nil),
        ("MÁRQUEZ:30 | La:40 mala:40 ¦ hora:40", "La mala hora", "Márquez", nil),
        // Words of other languages are words: a larger last one is no surname on the title's line.
        ("Los:40 santos:40 inocentes:46 | DELIBES:30", "Los santos inocentes", "Delibes", nil),
        // "Y" is "and", not an initial.
        ("MANUAL:30 DE:30 COCINA:30 Y:30 REPOSTERÍA:30", "Manual De Cocina Y Repostería", nil, nil),
        // A library's call-number label at the foot is neither title nor author.
        ("N:25 Del:25 | El:40 camino:40 | DELIBES:25", "El camino", "Delibes", nil),
        ("863.64:22 Cor:22 | Rayuela:50 | CORTÁZAR:25", "Rayuela", "Cortázar", nil),
        // A doubtful mark far out beyond the lettering does not start the title.
        ("at:58:50 | | | | PAPEL:45 MOJADO:45 | MILLÁS:30", "Papel Mojado", "Millás", nil),
        // Unless it holds more letters than all the rest of its line: then it is the lettering.
        ("MOONRAKER:60:45 | | | | ii:30:50", "Moonraker", nil, nil),
        // A short word read very unsurely at another size after the lettering is a mark, word or not.
        ("THE:40 LONG:40 WALK:40 TOP:49:30", "The Long Walk", nil, nil),
        ("THE:40 LONG:40 WALK:40 TOP:40:30", "The Long Walk Top", nil, nil),
        // A publisher's name set as the largest text is the title, not the foot's mark.
        ("VINTAGE:60 | JOHN:30 SMITH:30", "Vintage", "John Smith", nil),
        // A title word close beside the title is not taken for a surname.
        ("Vile:50 Bodies:50 | WAUGH:30", "Vile Bodies", "Waugh", nil),
        // A surname split off the title's line does not take the title back; a neighbour's text
        // bleeding in on a second line is not the author.
        ("Invisible:37 Cities:37 ¦ Calvino:42 | Penguin:16 / Fuentes:26", "Invisible Cities", "Calvino", "Penguin"),
        // A surname that is also an English word, split off the title's line when set off by both
        // a wide space and another size; a title word is not.
        ("New:50 Atlantis:50 ¦ Bacon:40", "New Atlantis", "Bacon", nil),
        ("The:40 Heart:40 Is:40 a:40 Lonely:40 Hunter:45", "The Heart Is a Lonely Hunter", nil, nil),
        // Type that shrinks steadily along a spine seen at a slant is one size: its last word, set
        // off only from the larger words further back, is no surname.
        ("SILENT:48 HARBOUR:45 ¦ BELLS:42", "Silent Harbour Bells", nil, nil),
        // A word read doubtfully with a box far taller than its neighbours is not large type.
        ("Brave:150:35 New:55 World:55 | HUXLEY:30 | Vintage:20", "Brave New World", "Huxley", "Vintage"),
        // Pieces of one spaced-out word, set close, that the word lists know joined.
        ("Dra:50 cula:50 | BRAM:30 STOKER:30", "Dracula", "Bram Stoker", nil),
        ("IVAN:50 HO:50 E:50 | Penguin:20", "Ivanhoe", nil, "Penguin"),
        // A title does not stop at "the" or a comma, whatever the next run looks like.
        ("THE:18 WIND:18 IN:18 THE:18 | WILLOWS:18 | GRAHAME:16", "The Wind in the Willows", "Grahame", nil),
        ("GOODBYE,:28 | MR.:26 CHIPS:26 | JAMES:20 HILTON:20", "Goodbye, Mr. Chips", "James Hilton", nil),
        // "MR." is an honorific, not an initial: the title goes on past its comma.
        ("FAREWELL,:30 MR.:30 GARRISON!:30 | INGRID:20 SOLBERG:20", "Farewell, Mr. Garrison!", "Ingrid Solberg", nil),
        // A colon leads on to a subtitle, not to the name on the next line.
        (
            "Letters:30 from:30 the:30 harbour::30 | i:40:28 / Ingrid:26 Solberg:26", "Letters from the harbour",
            "Ingrid Solberg", nil
        ),
        // A name from end to end stays one, even led by a given name that is also a word.
        ("ROSE:18 MARY:18 HALLORAN:18 | Quiet:14 Waters:14", "Quiet Waters", "Rose Mary Halloran", nil),
        // A nickname in quotes belongs to the name, and vouches for a given name the lists lack.
        ("TEMPORADA:40 BAJA:40 TAVARIUS:40 «DEZ»:40 OKAFOR:40", "Temporada Baja", "Tavarius «Dez» Okafor", nil),
        // A title does not end with "del": pieces of a spaced-out Spanish word finish it.
        ("Historia:26 del:26 | PESC:30 ADOR:30 | JAUME:22 SERRA:22", "Historia del Pescador", "Jaume Serra", nil),
        // A doubtful scrap at the end of a whole word is a mark, not its last letters.
        ("KALEIDOSCOPE:40 Si:40:27 | LAIA:20 GARRIGA:20", "Kaleidoscope", "Laia Garriga", nil),
        // Words stacked across a spine, one a line: a given name above a surname is one name.
        ("HOLLOW:30 / WATERS:30 / EDITH:30 / BLAKE:30", "Hollow Waters", "Edith Blake", nil),
        // A word stacked right over the next goes on with the title though read less surely.
        ("SILVER:30:58 / HARBOUR:30 / EDITH:30 / BLAKE:30", "Silver Harbour", "Edith Blake", nil),
        // Read at 40, a word of six letters or more the lists know still does; a shorter one does not.
        ("HARVEST:30:40 / MOON:30 / EDITH:30 / BLAKE:30", "Harvest Moon", "Edith Blake", nil),
        ("SILK:30:40 / HARBOUR:30 / EDITH:30 / BLAKE:30", "Harbour", "Edith Blake", nil),
        // A lone English word on the next line, set the same size, goes on with the title.
        ("MOORLAND:40 / WALKING:40 / Norah:20 Vance:20", "Moorland Walking", "Norah Vance", nil),
        // Short unsure scraps set apart on the title's line, at the spine's edge, are not its words;
        // a sure short word set apart is.
        (
            "at:58:56 | Ko:49:41 | LA:45:92 BARCA:45:91 VERMELLA:49:89 JORDI:50:81 ROCAFORT:53:91",
            "La Barca Vermella", "Jordi Rocafort", nil
        ),
        ("EL:45:93 | MUNDO:45 AMARILLO:45 | Albert:20 Espinosa:20", "El Mundo Amarillo", "Albert Espinosa", nil),
        // Small words in lower case between words in capitals are the title's.
        ("SALT:40 and:40 HARBOUR:40 | JOAN:20 PUIG:20", "SALT and HARBOUR", "Joan Puig", nil),
        // A short word set apart at the edge after a comma is the title's last, not a mark.
        ("Clara:30 Soler:30 | Tornaràs:40 aviat,:40 | que?:40", "Tornaràs aviat, que?", "Clara Soler", nil),
        ("Clara:30 Soler:30 | Tornaràs:40 aviat,:40 | sol:40:50", "Tornaràs aviat", "Clara Soler", nil),
        // A short word in small letters a word space after a word read surely is the title's last (a
        // title in sentence case); read unsurely there, it is a mark at the spine's edge.
        ("Edith:20 Blake:20 | Silver:50 ¦ moon:50", "Silver moon", "Edith Blake", nil),
        ("Pere:20 Soler:20 | La:50 ¦ vida:50", "La vida", "Pere Soler", nil),
        ("Edith:20 Blake:20 | Silver:50 ¦ moon:50:70", "Silver", "Edith Blake", nil),
        // Two-letter words ("US") are words, not letters of a spaced-out neighbour.
        ("IT:45 ENDS:45 WITH:45 US:45 | Colleen:20 Hoover:20", "It Ends with Us", "Colleen Hoover", nil),
        ("Between:45 Us:45 | Colleen:20 Hoover:20", "Between Us", "Colleen Hoover", nil),
        // "A" before a word of its own is the article, not a letter of a word the lists misspell ("alittle").
        ("A:40 LITTLE:40 LIFE:40 | HANYA:20 YANAGIHARA:20", "A Little Life", "Hanya Yanagihara", nil),
        // A number set as the largest text is a title; a smaller one (an edition's year) is not.
        ("1984:50 | GEORGE:20 ORWELL:20", "1984", "George Orwell", nil),
        ("1999:15 | SILVER:40 HARBOUR:40 | Edith:20 Blake:20", "Silver Harbour", "Edith Blake", nil),
        // A title may begin with a name and go on with "and"; no title begins with "and".
        (
            "Harry:40 Potter:40 and:40 the:40 Goblet:40 of:40 Fire:40 | J.K.:20 ROWLING:20",
            "Harry Potter and the Goblet of Fire", "J.K. Rowling", nil
        ),
        (
            "Eleanor:40 Oliphant:40 is:40 Completely:40 Fine:40 | Gail:20 Honeyman:20", "Eleanor Oliphant is Completely Fine",
            "Gail Honeyman", nil
        ),
        (
            "Jonathan:40 Strange:40 &:40 Mr:40 Norrell:40 | Susanna:20 Clarke:20", "Jonathan Strange & Mr Norrell",
            "Susanna Clarke", nil
        ),
        // Words of other languages in lower case are words, not scraps; pronouns are not letters.
        ("Il:40 nome:40 della:40 rosa:40 | Umberto:20 Eco:20", "Il nome della rosa", "Umberto Eco", nil),
        ("Jo:40 confesso:40 | Jaume:20 Cabré:20", "Jo confesso", "Jaume Cabré", nil),
        // "e", "o" and "u" in lower case are conjunctions, not letters of the word beside them.
        ("Guerra:40 e:40 pace:40 | Lev:20 Tolstoj:20", "Guerra e pace", "Lev Tolstoj", nil),
        // Whatever the word before it.
        ("Fuoco:30 e:30 fiamme:30 | MARTOS:40", "Fuoco e fiamme", "Martos", nil),
        // A short unsure scrap on a line of its own does not go on with the title.
        ("Harbour:40 Lights:40 / ML:40:31", "Harbour Lights", nil, nil),
        // A doubtful mark far out at the end of a middle line (a crest) does not finish a title cut
        // at "of": the next line does.
        ("The:24 Letters:24 of:20 | | Sox:24:24 / MARTA:40 VIDAL:40", "The Letters of Marta Vidal", nil, nil),
        // A run in capitals goes on in title case within a title that is not, its minor words in
        // lower case; a short word in capitals alone is an acronym and stays.
        ("The:30 Story:30 / OF:30 THE:30 HARBOUR:30", "The Story of the Harbour", nil, nil),
        ("Wartime:30 Files:30 of:30 the:30 | FBI:40", "Wartime Files of the FBI", nil, nil),
        // Ordinary words read surely and set smaller right after or before the title are its
        // subtitle; a genre, doubtful words or a name are not.
        ("Running:60 | THE:25 WHOLE:25 SPORT:25 | ANNA:25 REYES:25", "Running: The Whole Sport", "Anna Reyes", nil),
        ("THE:25 WHOLE:25 SPORT:25 | Running:60 Free:60", "Running Free: The Whole Sport", nil, nil),
        ("Running:60 | A:25 NOVEL:25 | ANNA:25 REYES:25", "Running", "Anna Reyes", nil),
        ("Harbour:40 Lights:40 | LARK:25 STONE:25", "Harbour Lights", nil, nil),
        ("A:25 GREAT:25 | TIDE:60 | ANNA:25 REYES:25", "Tide", "Anna Reyes", nil),
        ("THE:50 LONG:50 WINTER:50 | AND:25 THE:25 | ANNA:25 REYES:25", "The Long Winter", "Anna Reyes", nil),
        ("Running:60 | THE:25:70 WHOLE:25:70 SPORT:25:70 | ANNA:25 REYES:25", "Running", "Anna Reyes", nil),
        // A publisher's name of two words with a letter misread is still the foot's mark, no subtitle.
        ("ANNA:25 REYES:25 | Harbour:40 Lights:40 | Dei:20 Rey:20", "Harbour Lights", "Anna Reyes", "Dei Rey"),
        // An academic house's mark is no author, whole or with a letter misread (N read as M).
        ("HARBOUR:40 ECONOMIES:40 | ROWMAN:16 &:16 LITTLEFIELD:16", "Harbour Economies", nil, "ROWMAN & LITTLEFIELD"),
        ("Harbour:40 Economies:40 | Rowmam:18", "Harbour Economies", nil, "Rowmam"),
        ("WESTVIEW:18 | THE:30 TIDE:30 STATE:30 | ANNA:20 REYES:20", "The Tide State", "Anna Reyes", "WESTVIEW"),
    ]

    /// A name that starts a run and ends in a colon is a title's head before its subtitle, not an
    /// author set before the title: the run stays whole, the title.
    @Test func aNameEndingInAColonHeadsTheTitle() {
        let spec = "EDITH:30 HARLOW:30 A:30 LIFE:30 AT:30 SEA:30 | ANNA:20 REYES:20"
        var text = Self.reading(spec)
        text.lines[0].words[1].text = "HARLOW:"
        let parsed = Self.parser.parse(text)
        #expect(parsed.title == "Edith Harlow: A Life at Sea")
        #expect(parsed.author == "Anna Reyes")
        // Without the colon the name is split off the run's start.
        #expect(Self.parser.parse(Self.reading(spec)).title == "A Life at Sea")
    }

    /// A capital after a lower-case scrap begins a word: "he" (a "The" that lost its T) is not a
    /// letter of "Harbour". The scrap cannot be made "The" again; the title says it lost its start,
    /// which lowers its confidence.
    @Test func aScrapBeforeACapitalStaysApartAndMarksTheTitleAsCut() {
        let parsed = Self.parser.parse(Self.reading("he:30:33 Harbour:30:53 Lights:30 | Norah:20 Vance:20"))
        #expect(parsed.title?.hasSuffix("Harbour Lights") == true, "\(parsed.title ?? "nil")")
        #expect(parsed.title?.contains("heHarbour") == false)
        #expect(parsed.author == "Norah Vance")
        #expect(parsed.evidence.titleStartsLowerCase == 1)
    }

    @Test func doubtsATitleWhoseLineGoesOnUnread() {
        let unsure = Self.parser.parse(Self.reading("Xqzvr:50:45 ¦ Keys:50 to:50 Better:50 Tennis:50 | | JOHN:30 SMITH:30"))
        #expect(unsure.title == "Keys to Better Tennis" && unsure.notATitle == .titleGoesOnUnread, "\(unsure.title ?? "nil")")
        let cut = Self.parser.parse(Self.reading("\\ENNIS:50:70 ¦ Keys:50 to:50 Better:50 Tennis:50 | | JOHN:30 SMITH:30"))
        #expect(cut.notATitle == .titleGoesOnUnread, "\(cut.title ?? "nil")")
        // A smaller mark beside the title, or one set well apart, leaves it whole.
        let small = Self.parser.parse(Self.reading("Keys:50 to:50 Better:50 Tennis:50 ¦ Fab:30:45 | | JOHN:30 SMITH:30"))
        #expect(small.title == "Keys to Better Tennis" && small.notATitle == nil)
        let apart = Self.parser.parse(Self.reading("Xqzvr:50:45 | Keys:50 to:50 Better:50 Tennis:50 | | JOHN:30 SMITH:30"))
        #expect(apart.title == "Keys to Better Tennis" && apart.notATitle == nil)
        // Words read surely, about the title's size, right beside it, that are neither title nor author.
        let beside = Self.parser.parse(Self.reading("ch:40 dor:40 Keys:50 to:50 Better:50 Tennis:50 | | JOHN:30 SMITH:30"))
        #expect(beside.title == "Keys to Better Tennis" && beside.notATitle == .titleGoesOnUnread, "\(beside.title ?? "nil")")
        // Beside the author they are a given name it lost: the title is whole.
        let runs = Self.parser.runs(afterPassesOver: Self.reading("Keys:40 to:40 Better:40 Tennis:40 wren:52 Thorne:40"))
        #expect(runs.map(\.text) == ["Keys to Better Tennis", "wren", "Thorne"])
        let besideAuthor = Self.parser.goesOnUnread(title: 0...0, author: 2, in: runs)
        let besideNoAuthor = Self.parser.goesOnUnread(title: 0...0, author: nil, in: runs)
        #expect(!besideAuthor && besideNoAuthor)
        // Not so when the author already starts with a given name, nor when the author stands on
        // the next line: then the words are the title's own ("… PHARMACY FOREVER WILLIAM …").
        let named = Self.parser.runs(afterPassesOver: Self.reading("Keys:40 to:40 Better:40 Tennis:40 Forever:31 NORA:24 VANCE:24"))
        #expect(named.map(\.text) == ["Keys to Better Tennis", "Forever", "NORA VANCE"])
        #expect(Self.parser.goesOnUnread(title: 0...0, author: 2, in: named))
        let nextLine = Self.parser.runs(afterPassesOver: Self.reading("Keys:40 to:40 Better:40 Tennis:40 wren:52 / Thorne:40"))
        #expect(nextLine.map(\.text) == ["Keys to Better Tennis", "wren", "Thorne"])
        #expect(Self.parser.goesOnUnread(title: 0...0, author: 2, in: nextLine))
        // Words of the title's size after it that end as no title does: the title goes on there.
        let after = Self.parser.runs(afterPassesOver: Self.reading("WINTER:40 LIGHT:40 | NORA:20 VANCE:20 / SONGS:40 OF:40"))
        let smallAfter = Self.parser.runs(afterPassesOver: Self.reading("WINTER:40 LIGHT:40 | NORA:20 VANCE:20 / SONGS:20 OF:20"))
        #expect(after.map(\.text) == ["WINTER LIGHT", "NORA VANCE", "SONGS OF"] && smallAfter.count == 3)
        let goesOnAfter = Self.parser.goesOnUnread(title: 0...0, author: 1, in: after)
        let goesOnSmall = Self.parser.goesOnUnread(title: 0...0, author: 1, in: smallAfter)
        #expect(goesOnAfter && !goesOnSmall)
    }

    @Test func doubtsATitleWhoseStartIsLost() {
        // A word in lower case before words in title case: the title's first letters were lost.
        let lowerCase = Self.parser.parse(Self.reading("and:40 Fields:40 of:40 Barley:40 | | NORA:30 VANCE:30"))
        #expect(lowerCase.title == "and Fields of Barley" && lowerCase.notATitle == .titleStartIsLost)
        // A title printed all in lower case is whole.
        let allLower = Self.parser.parse(Self.reading("fields:40 of:40 barley:40 | | NORA:30 VANCE:30"))
        #expect(allLower.title == "fields of barley" && allLower.notATitle == nil, "\(allLower.title ?? "nil")")
        // "DE" after a word of nearly its size on its line, read apart from it: part of the title.
        let apart = Self.parser.parse(Self.reading("CAMINOS:29 | DE:40 LA:40 SIERRA:40 | | NORA:30 VANCE:30"))
        #expect(apart.title == "De La Sierra" && apart.notATitle == .titleStartIsLost, "\(apart.title ?? "nil")")
        // A mark at half the title's size before it is not part of it.
        let mark = Self.parser.parse(Self.reading("CAMINOS:20 | DE:40 LA:40 SIERRA:40 | | NORA:30 VANCE:30"))
        #expect(mark.title == "De La Sierra" && mark.notATitle == nil, "\(mark.title ?? "nil")")
        // Words at the title's size ending in "of" before the author and the title: its start.
        let unfinished = Self.parser.parse(Self.reading("TALES:16 AND:16 SONGS:16 OF:16 / Kovac:11 / THE:19 NORTH:19 SEA:19"))
        #expect(unfinished.title == "The North Sea" && unfinished.notATitle == .titleStartIsLost, "\(unfinished.title ?? "nil")")
        // Nor does the smaller name between them finish the title at its "OF".
        let between = Self.parser.parse(Self.reading("SONGS:16 OF:16 / Kovac:11 / PILOTAGE:16"))
        #expect(between.title != "Songs of Kovac" && between.author == "Kovac", "\(between.title ?? "nil")")
        // Smaller words so ending are a line of another kind (a series).
        let smaller = Self.parser.parse(Self.reading("TALES:8 AND:8 SONGS:8 OF:8 / Kovac:11 / THE:16 NORTH:16 SEA:16"))
        #expect(smaller.title == "The North Sea" && smaller.notATitle == nil, "\(smaller.title ?? "nil")")
    }

    /// A short doubtful mark ending a line in a box twice the height of the words before it is
    /// dropped, not held to their size and kept as a word.
    @Test func dropsATallDoubtfulMarkAtALinesEnd() {
        let text = Self.reading("HARBOUR:40 LIGHTS:40 ON:90:32 / NORA:30 VANCE:30")
        let steadied = Self.parser.steadyingHeights(text).lines[0]
        #expect(steadied.words.map(\.text) == ["HARBOUR", "LIGHTS"])
        #expect(steadied.box.maxX == text.lines[0].words[1].box.maxX && steadied.box.height == 40)
        let parsed = Self.parser.parse(text)
        #expect(parsed.title == "Harbour Lights", "\(parsed.title ?? "nil")")
        #expect(parsed.author == "Nora Vance")
    }

    /// Marks at a title's ends go, unless their partner is in it.
    @Test(arguments: [
        ("¿Quién llama?", "¿Quién llama?"), ("Relatos [Breves]", "Relatos [Breves]"), ("Relatos [Breves", "Relatos [Breves"),
        ("[ Harbour Lights", "Harbour Lights"), ("Harbour Lights]", "Harbour Lights"), ("«Harbour Lights» ~", "«Harbour Lights»"),
        ("¡HARBOUR LIGHTS!", "¡Harbour Lights!"), ("— Harbour Lights", "Harbour Lights"),
    ])
    func trimsMarksAtTheEndsThatHaveNoPartner(_ read: String, _ tidied: String) {
        #expect(SpineTextParser.tidy(read) == tidied)
    }

    /// A name ending in a colon on the line before the title is the author's, not the title's start.
    @Test func aNameBeforeAColonIsTheAuthor() {
        var text = Self.reading("Nora:24 Vance:24 / GUIDE:40 TO:40 THE:40 HILLS:40")
        text.lines[0].words[1].text = "Vance:"
        let parsed = Self.parser.parse(text)
        #expect(parsed.title == "Guide to the Hills", "\(parsed.title ?? "nil")")
        #expect(parsed.author == "Nora Vance", "\(parsed.author ?? "nil")")
    }

    /// The passes run in the order `parse` applies them, each named once.
    /// Two full names set alike could be title and author either way round, and a title that is a
    /// name with no full name beside it may be the author; a name set larger than another is the
    /// title, and a title that is no name leaves no doubt of that kind.
    @Test func doubtsATitleThatMayBeTheAuthor() {
        let alike = Self.parser.parse(Self.reading("MARTA:30 VIDAL:30 | LUCAS:30 PRADO:30"))
        #expect(alike.title != nil && alike.author != nil && alike.pairingDoubt == .titleMayBeAuthor)
        let alone = Self.parser.parse(Self.reading("Lucas:30 Prado:30 | Qx:20:40"))
        #expect(alone.title == "Lucas Prado" && alone.pairingDoubt == .titleMayBeAuthor)
        let larger = Self.parser.parse(Self.reading("CLARA:60 BELL:60 | Tomas:30 Reyes:30"))
        #expect(larger.title == "Clara Bell" && larger.author == "Tomas Reyes" && larger.pairingDoubt == nil)
        let plain = Self.parser.parse(Self.reading("Quiet:30 Waters:30 | LUCAS:30 PRADO:30"))
        #expect(plain.title == "Quiet Waters" && plain.pairingDoubt == nil)
    }

    /// A one-word author set after the title as close as the title's words are to each other may be
    /// the title's last word; one set well apart is a surname beside the title.
    @Test func doubtsAnAuthorSetLikeTheTitlesNextWord() {
        let close = Self.parser.parse(Self.reading("BUILDING:40 NORTHERN:40 KOVAC:28"))
        #expect(close.title == "Building Northern" && close.author == "Kovac")
        #expect(close.pairingDoubt == .authorMayContinueTitle)
        let apart = Self.parser.parse(Self.reading("BUILDING:40 NORTHERN:40 | | KOVAC:28"))
        #expect(apart.title == "Building Northern" && apart.author == "Kovac" && apart.pairingDoubt == nil)
        // The title's own boxes overlapping (one stretched by a mark) measure no word space: the
        // name is as close as a word space of the type's size, and still in doubt.
        var overlapping = Self.reading("BUILDING:40 NORTHERN:40 KOVAC:28")
        overlapping.lines[0].words[0].box.width += 200
        let stretched = Self.parser.parse(overlapping)
        #expect(stretched.title == "Building Northern" && stretched.author == "Kovac")
        #expect(stretched.pairingDoubt == .authorMayContinueTitle)
    }

    /// Words that run on past a dozen with a sentence ending among them are a back cover's blurb, not
    /// a title; a long title, or one with an initial or "Mr.", is not prose.
    @Test func tellsATitleFromProse() {
        let blurb = Self.parser.parse(Self.reading(
            "A:30 quiet,:30 tender:30 story:30 of:30 the:30 sea.:30 Readers:30 will:30 remember:30 its:30 harbour:30 long:30"))
        #expect(blurb.title != nil && blurb.notATitle == .titleIsProse)
        let long = Self.parser.parse(Self.reading(
            "The:30 Complete:30 Guide:30 to:30 the:30 Birds:30 and:30 Flowers:30 of:30 the:30 Northern:30 Coast:30"))
        #expect(long.title != nil && long.notATitle == nil)
        let abbreviated = Self.parser.parse(Self.reading(
            "Letters:30 to:30 Mr.:30 Harbour:30 and:30 his:30 friends:30 on:30 the:30 coast:30 of:30 the:30 north:30"))
        #expect(abbreviated.title != nil && abbreviated.notATitle == nil)
    }

    /// A price on the title's line ("Marsh Harbour $16.95US") is the corner of a back cover; a
    /// number in a title is not a price.
    @Test(arguments: ["$16.95US", "£9.99", "12,90€", "16.95US", "¥1200"])
    func tellsAPriceFromATitle(_ price: String) {
        #expect(SpineTextParser.isPrice(price))
        let parsed = Self.parser.parse(Self.reading("Marsh:30 Harbour:30 \(price):30"))
        #expect(parsed.notATitle == .titleHasPrice, "\(parsed.title ?? "nil")")
    }

    /// A title that ends with "of", "and" or an article lost its end; one that ends with a verb's
    /// particle ("Lean In") or with "Die" ("Live and Let Die") did not.
    @Test(arguments: [
        ("THE:40 48:40 LAWS:40 OF:40", true), ("Internal:30 Control:30 of:30 an:30", true),
        ("Historia:30 de:30 la:30", true), ("Silver:30 Harbour:30 and:30", true),
        ("LEAN:40 IN:40 | SHERYL:20 SANDBERG:20", false), ("LIVE:40 AND:40 LET:40 DIE:40", false),
        // The author's whole name does not finish a title ending in "the".
        ("A:30 House:30 by:30 the:30 | Maria:30 Okada:30", true), ("Cartas:30 desde:30 la:30 | Laura:30 Pons:30", true),
        // A scrap in lower case after words in capitals does not finish them either.
        ("SALT:40 HARBOUR:40 DE:40 ¦ ss:40 | | JOAN:20 PUIG:20", true),
        ("Silver:30 Harbour:30", false),
    ])
    func tellsATitleThatLostItsEnd(_ spec: String, _ isUnfinished: Bool) {
        let parsed = Self.parser.parse(Self.reading(spec))
        #expect(parsed.title != nil)
        #expect((parsed.notATitle == .titleIsUnfinished) == isUnfinished, "\(parsed.title ?? "nil")")
    }

    @Test(arguments: ["1984", "2.0", "Vol.3", "1,000", "Catch-22"])
    func tellsANumberInATitleFromAPrice(_ word: String) {
        #expect(!SpineTextParser.isPrice(word))
    }

    /// Words the OCR ran together come apart into the words they are made of, in their own case.
    @Test(arguments: [
        ("ofthewinter", ["of", "the", "winter"]), ("ELCAMINANTE", ["EL", "CAMINANTE"]),
        ("Imaginea", ["Imagine", "a"]), ("anEnding", ["an", "Ending"]), ("ASOLITUDE,", ["A", "SOLITUDE,"]),
    ])
    func separatesWordsRunTogether(_ glued: String, _ parts: [String]) {
        #expect(Self.parser.gluedParts(of: glued) == parts)
    }

    /// A word the lists know, a name they do not ("MACKAY", "Ostberg", "DeLillo"), two words of
    /// substance ("WINTERGARDEN": "winter" "garden"), short words and junk stay whole.
    @Test(arguments: [
        "Hawthorne", "Ingebrigt", "MACKAY", "Ostberg", "DeLillo", "WINTERGARDEN", "Benchley", "ison", "Dopakevy",
        "SUPERNATURAL", "Wood-house", "VOLINDE", "Adover",
    ])
    func leavesWordsAndNamesWhole(_ word: String) {
        #expect(Self.parser.gluedParts(of: word) == nil)
    }

    /// A capital run into the capitalised word after it comes apart; a word that is one in mixed
    /// case ("PHPUnit", "McArdle"), or whose rest no list knows, stays whole.
    @Test func separatesALoneCapitalFromTheWordAfterIt() {
        #expect(Self.parser.gluedCapital(of: "AHouse") == ["A", "House"])
        #expect(Self.parser.gluedCapital(of: "JWatson,") == ["J", "Watson,"])
        for word in ["PHPUnit", "McArdle", "AXqvtr", "House", "ABC", "AHOUSE"] {
            #expect(Self.parser.gluedCapital(of: word) == nil, "\(word)")
        }
        #expect(Self.parser.parse(Self.reading("AHouse:40 for:40 Winter:40")).title == "A House for Winter")
    }

    /// The parts of a glued word share its box and characters, so sizes and gaps hold, and the
    /// title reads with its spaces.
    @Test func parsesATitleWhoseWordsRanTogether() {
        let text = Self.reading("ELCAMINANTE:40 EN:40 CASA:40 | JUAN:20 MARTOS:20")
        let separated = Self.parser.separatingGluedWords(text)
        let words = separated.lines[0].words
        #expect(words.map(\.text) == ["EL", "CAMINANTE", "EN", "CASA", "JUAN", "MARTOS"])
        #expect(words[0].box.x == text.lines[0].words[0].box.x)
        #expect(words[1].box.maxX == text.lines[0].words[0].box.maxX)
        #expect(words[0].characters.count == 2 && words[1].characters.count == 9)
        let parsed = Self.parser.parse(text)
        #expect(parsed.title == "El Caminante En Casa")
        #expect(parsed.author == "Juan Martos")
    }

    /// Initials glued to a surname and two names run together come apart the same way: each part
    /// with its share of the box and its own characters.
    @Test func separatesGluedInitialsAndNames() {
        let initials = Self.reading("A.HEINLEIN:30").words[0]
        let parts = Self.parser.separatingInitials(initials)
        #expect(parts.map(\.text) == ["A.", "HEINLEIN"])
        #expect(parts[0].box.x == initials.box.x && parts[1].box.maxX == initials.box.maxX)
        #expect(parts[0].box.maxX == parts[1].box.x)
        #expect(parts.map(\.characters.count) == [2, 8])
        let names = Self.parser.separatingNames(Self.reading("LOUISBRANDT:30").words[0])
        #expect(names.map(\.text) == ["LOUIS", "BRANDT"])
        #expect(names.map(\.characters.count) == [5, 6])
    }

    /// Capitalised names run together come apart where the second capital is, when what comes
    /// before it is a given name; a name that keeps a capital inside ("McArdle", "DeVane"), a word
    /// of that shape that is no name ("JavaScript"), and a known word stay whole.
    @Test func separatesCapitalisedNamesRunTogether() {
        let names = Self.parser.separatingNames(Self.reading("IdaFenn:30").words[0])
        #expect(names.map(\.text) == ["Ida", "Fenn"])
        #expect(names.map(\.characters.count) == [3, 4])
        #expect(Self.parser.separatingNames(Self.reading("MaryOk:30").words[0]).map(\.text) == ["Mary", "Ok"])
        for whole in ["McArdle", "DeVane", "JavaScript", "PowerPoint", "Ida", "IdaF"] {
            #expect(Self.parser.separatingNames(Self.reading("\(whole):30").words[0]).map(\.text) == [whole])
        }
        let parsed = Self.parser.parse(Self.reading("THE:40 SALT:40 ROAD:40 | IdaFenn:20"))
        #expect(parsed.author == "Ida Fenn")
    }

    @Test func namesEachPassOnceAndTracesThemInOrder() {
        let names = SpineTextParser.textPasses.map(\.name) + ["runs"] + SpineTextParser.runPasses.map(\.name)
        #expect(Set(names).count == names.count)
        let trace = Self.parser.trace(Self.reading("DRACULA:40 Ace:40"))
        #expect(trace.map(\.pass) == names)
        // One run of one size, until splitPublishers takes the foot's mark off its end.
        #expect(trace.first { $0.pass == "runs" }?.text == "DRACULA Ace")
        #expect(trace.first { $0.pass == "splitPublishers" }?.text == "DRACULA / Ace")
    }

    /// A publisher's name that starts a run is its mark (a spine read bottom to top puts the foot
    /// first) only when set apart from the words after it: a word space from them, it is the first
    /// word of a title or a name.
    @Test func takesAMarkOffARunsStartOnlyWhereItStandsApart() {
        let split = { (spec: String) in
            Self.parser.trace(Self.reading(spec)).first { $0.pass == "splitPublishers" }?.text
        }
        #expect(split("PENGUIN:40 ISLAND:40 | ANATOLE:20 FRANCE:20") == "PENGUIN ISLAND / ANATOLE FRANCE")
        #expect(split("Pan:30 TADEUSZ:30") == "Pan TADEUSZ")
        #expect(split("Vintage:30 ¦ STONER:30") == "Vintage / STONER")
        let parsed = Self.parser.parse(Self.reading("PENGUIN:40 ISLAND:40 | ANATOLE:20 FRANCE:20"))
        #expect(parsed.title == "Penguin Island")
        #expect(parsed.author == "Anatole France")
        #expect(parsed.publisher == nil)
    }

    /// A wide spine set in two columns, the author's name stacked on the left and the title on the
    /// right, is read line by line across both: the title's unfinished first line goes on in the
    /// run under it, not in the surname that starts the next line.
    @Test func finishesATitleInItsOwnColumn() {
        let columns = Self.parser.parse(Self.reading("NORA:30 | THE:30 QUIET:30 ART:30 OF:30 / VANCE:30 | LETTINGGOOFIT:30"))
        // The words under "OF" are one glued scrap, so the title stays unfinished and unselected.
        #expect(columns.title == "The Quiet Art of")
        #expect(columns.notATitle == .titleIsUnfinished)
        // Along a line, a run set far off under a name of the line above is that name's surname.
        var stackedName = Self.reading("NORA:30 / NOTES:20 FROM:20 THE:20 | | VANCE:30")
        stackedName.lines[0].words[0].box.x = stackedName.lines[1].words[3].box.x
        let beside = Self.parser.parse(stackedName)
        #expect(beside.title == "Notes From the")
        #expect(beside.notATitle == .titleIsUnfinished)
        // One column: the next line's first run finishes the title, a name too.
        let stacked = Self.parser.parse(Self.reading("THE:30 PICTURE:30 OF:30 / DORIAN:30 GRAY:30 | OSCAR:20 WILDE:20"))
        #expect(stacked.title == "The Picture of Dorian Gray")
    }

    /// A spine that prints its title and author over and over is read once: later lines that say
    /// again what an earlier one said go, misread letters and all; short and new lines stay.
    @Test func dropsLinesThatRepeatAnEarlierLine() {
        let text = Self.reading("SALT:30 / MOON:30 / NORA:30 / QUILL:30 / SALT.:30 / MOON:30 / NORA:30 / QUILT:30 / OF:30 / OF:30")
        #expect(Self.parser.withoutRepeatedLines(text).text == "SALT\nMOON\nNORA\nQUILL\nOF\nOF")
        let distinct = Self.reading("HARBOUR:30 / LIGHTS:30 / HARBOUR:30 MASTER:30")
        #expect(Self.parser.withoutRepeatedLines(distinct) == distinct)
    }

    /// A name stacked across a thick spine, its given name set small over the surname, with the
    /// title beside the given name on its line: the two words are one name, the author's, though the
    /// title comes between them in reading order and the lists lack the given name. A word the lists
    /// lack is a given name before a surname the catalogue's authors bear, not before another word.
    @Test func joinsANameStackedBesideTheTitle() {
        let stacked = Self.parser.parse(Self.reading("ZEB:20 | Salt:24 Meadows:24 / ISHIGURO:34"))
        #expect(stacked.title == "Salt Meadows")
        #expect(stacked.author == "Zeb Ishiguro")
        // Over an ordinary word, a surname that is an English word too, or a surname over a surname,
        // the upper word is no given name.
        let apart = ["ZEB:20 | Salt:24 / HARBOUR:34", "ZEB:20 | Salt:24 / BROWN:34", "TOLKIEN:20 | Salt:24 / ISHIGURO:34"]
        for spec in apart {
            #expect(Self.parser.joiningNames(Self.parser.runs(of: Self.reading(spec))).count == 3, "\(spec)")
        }
        // A surname read unsurely under a name, with runs between, is a scrap: it stays apart.
        let unsure = Self.parser.parse(Self.reading("ZEB:20 | Salt:24 Meadows:24 / ISHIGURO:34:40"))
        #expect(unsure.author != "Zeb Ishiguro")
        // On one line, the same two words score as a name; before an ordinary word, they do not.
        let name = Self.parser.runs(of: Self.reading("ZEB:20 ISHIGURO:20"))
        #expect(Self.parser.nameScore(name[0]) == 1)
        let phrase = Self.parser.runs(of: Self.reading("ZEB:20 HARBOUR:20"))
        #expect(Self.parser.nameScore(phrase[0]) < 1)
    }

    /// One word right under another, close below it, is stacked; set aside or far below, it is not.
    @Test func tellsWordsStackedOneUnderAnother() {
        let runs = Self.parser.runs(of: Self.reading("EDITH:30 / BLAKE:30"))
        #expect(SpineTextParser.isStacked(runs[1], under: runs[0]))
        #expect(!SpineTextParser.isStacked(runs[0], under: runs[1]))
        var aside = runs[1]
        aside.words[0].box.x += 400
        #expect(!SpineTextParser.isStacked(aside, under: runs[0]))
        var farBelow = runs[1]
        farBelow.words[0].box.y += 300
        #expect(!SpineTextParser.isStacked(farBelow, under: runs[0]))
        // Set apart so, a given name and a surname stay two runs.
        let apart = Self.parser.joiningNames([runs[0], aside])
        #expect(apart.count == 2)
        #expect(Self.parser.joiningNames(runs).count == 1)
    }

    @Test func anInitialsStretchedBoxDoesNotSizeItsRun() {
        let words = Self.reading("B.:80 STOKER:30").lines[0].words
        #expect(SpineTextParser.Run(words: words, line: 0).height == 30)
        #expect(SpineTextParser.Run(words: [words[0]], line: 0).height == 80)
    }

    @Test func keepsAWordInItsRunWhenItsBoxBeliesItsLetterHeights() {
        // Letters and box agreeing on a smaller size start a new run...
        var text = Self.reading("El:23 faro:23 del:23 puerto:23 escondido:15")
        #expect(Self.parser.runs(of: text).count == 2)
        // ...but small letters in a box as tall as its neighbours' were misread.
        text.lines[0].words[4].box.height = 23
        #expect(Self.parser.runs(of: text).count == 1)
    }

    @Test func keepsWordsSpacedAsWideAsTheirLettersInOneRun() {
        // Letters set 40 px apart at 20 px tall: word spaces of 36 px are spaces, not partings...
        func spaced(gap: Int) -> RecognizedText {
            var text = Self.reading("THE:20 SILVER:20 HARBOUR:20")
            var x = 20
            for index in text.lines[0].words.indices {
                text.lines[0].words[index].box.x = x
                text.lines[0].words[index].box.width = 40 * text.lines[0].words[index].text.count
                x += text.lines[0].words[index].box.width + gap
            }
            return text
        }
        #expect(Self.parser.runs(of: spaced(gap: 36)).count == 1)
        // ...while a gap far wider than a letter's pitch still parts them.
        #expect(Self.parser.runs(of: spaced(gap: 90)).count == 3)
    }

    @Test func splitsOffOnlyWhatCanBeAName() {
        func split(_ spec: String) -> [String] {
            let words = Self.reading(spec).lines[0].words
            return Self.parser.splitNames(in: [SpineTextParser.Run(words: words, line: 0)]).map(\.text)
        }
        #expect(split("SALT:30 ROAD:30 ANNA:30 REYES:30") == ["SALT ROAD", "ANNA REYES"])
        #expect(split("JULES:30 VERNE:30 THE:30 MYSTERIOUS:30 ISLAND:30") == ["JULES VERNE", "THE MYSTERIOUS ISLAND"])
        // "A" before a capitalised word is an article, not an initial...
        #expect(split("VIAJE:30 A:30 MARTE:30") == ["VIAJE A MARTE"])
        // ...and two ordinary words before an article are no name.
        #expect(split("MOUNTAIN:30 ROADS:30 A:30 FIELD:30 GUIDE:30") == ["MOUNTAIN ROADS A FIELD GUIDE"])
    }

    @Test func knowsAPublisherOfSeveralWordsWithALetterMisread() {
        let known = ["del rey", "dei rey", "el rey"].map(Self.parser.lexicon.isPublisher)
        // A letter lost is a word lost: "El Rey" is a title.
        #expect(known == [true, true, false])
    }

    /// A subtitle's words are the title's: the title's box takes them in, for the independent
    /// check, and they are no leftover text.
    @Test func countsASubtitleInTheTitlesBoxAndNotAsLeftover() throws {
        let text = Self.reading("Running:60 | THE:25 WHOLE:25 SPORT:25 | ANNA:25 REYES:25")
        let parsed = Self.parser.parse(text)
        #expect(parsed.title == "Running: The Whole Sport")
        let box = try #require(parsed.titleBox)
        #expect(box.maxX == text.lines[0].words[3].box.maxX)
        #expect(parsed.evidence.leftoverShare == 0)
    }

    @Test func keepsEvenlySpacedWordsInOneRun() {
        // Letters 45 px apart at 30 px tall, and word spaces of about 60 px, wider than a letter's
        // pitch, throughout the line: one line of text...
        func tracked(_ spec: String, gaps: [Int]) -> RecognizedText {
            var text = Self.reading(spec)
            var x = 20
            for index in text.lines[0].words.indices {
                text.lines[0].words[index].box.x = x
                text.lines[0].words[index].box.width = 45 * text.lines[0].words[index].text.count
                x += text.lines[0].words[index].box.width + (index < gaps.count ? gaps[index] : 0)
            }
            return text
        }
        #expect(Self.parser.runs(of: tracked("RUN:30 THE:30 LONG:30 ROAD:30", gaps: [62, 60, 64])).map(\.text) == ["RUN THE LONG ROAD"])
        // ...where a title and a name set apart once by a wider space are two runs.
        let apart = tracked("RUN:30 THE:30 ROAD:30 ANNA:30 REYES:30", gaps: [62, 60, 130, 60])
        #expect(Self.parser.runs(of: apart).map(\.text) == ["RUN THE ROAD", "ANNA REYES"])
    }

    @Test func dropsDoubtfulWordsWhoseBoxesNoLetteringCouldHave() {
        // Read over most of its neighbour: a picture, not a word.
        var overlapping = Self.reading("Rutas:40 de:40 montaña:40 sea:40:25")
        overlapping.lines[0].words[3].box.x = overlapping.lines[0].words[2].box.x + 10
        #expect(Self.parser.withoutImpossibleWords(overlapping).text == "Rutas de montaña")
        // Letters far narrower than they are tall.
        var narrow = Self.reading("Rutas:40 de:40 montaña:40 | Vela:140:60")
        narrow.lines[0].words[3].box.width = 30
        #expect(Self.parser.withoutImpossibleWords(narrow).text == "Rutas de montaña")
        // Read with confidence, or of a shape letters can have, a word stays.
        overlapping.lines[0].words[3].confidence = 95
        #expect(Self.parser.withoutImpossibleWords(overlapping) == overlapping)
        let plain = Self.reading("Rutas:40 de:40 montaña:40 | Vela:40:60")
        #expect(Self.parser.withoutImpossibleWords(plain) == plain)
    }

    /// No given name in the lists is a small word of titles ("Els" is a Dutch name and the
    /// Catalan "the"): such a word would start a name wherever a title starts with it.
    /// A given name that is also a word is a name before a surname the lists do not know as a word,
    /// and a word before a word.
    @Test func aGivenNameThatIsAWordLeadsASurname() {
        #expect(Self.parser.nameScore(Self.parser.runs(of: Self.reading("JACK:30 HARLOWE:30"))[0]) == 1)
        #expect(Self.parser.nameScore(Self.parser.runs(of: Self.reading("Grace:30 Notes:30"))[0]) < 1)
        let parsed = Self.parser.parse(Self.reading("JACK:30 HARLOWE:30 | SILENT:40 WATERS:40"))
        #expect(parsed.title == "Silent Waters" && parsed.author == "Jack Harlowe", "\(parsed.title ?? "nil")")
    }

    @Test func noGivenNameIsASmallWordOfTitles() {
        let smallWords = SpineTextParser.functionWords.union(SpineTextParser.titleWords)
        #expect(Self.parser.lexicon.givenNames.intersection(smallWords).isEmpty)
    }

    /// The English list's short words are words: abbreviations and codes of three letters that the
    /// dictionaries do not know are left out (`Models/make-english-words.sh`), short words of the
    /// other languages kept.
    @Test func shortEnglishWordsAreWordsNotCodes() {
        let words = Self.parser.lexicon.words
        let codesKnown = ["cnx", "pyc", "jvm", "nbc"].filter { words.contains($0) }
        #expect(codesKnown.isEmpty)
        let wordsMissing = ["tax", "the", "los", "tu"].filter { !words.contains($0) }
        #expect(wordsMissing.isEmpty)
    }

    /// Given names alone may end with the surname: they take one more word as the rest of the
    /// name, not a run of two beside them, which is the title.
    @Test func givenNamesAloneTakeOneWordMoreAsTheirSurname() {
        let titleBeside = Self.parser.runs(of: Self.reading("JOSE:30 LUIS:30 ¦ KORVAL:34 DENTIR:34"))
        #expect(titleBeside.map(\.text) == ["JOSE LUIS", "KORVAL DENTIR"])
        #expect(Self.parser.joiningNames(titleBeside).map(\.text) == ["JOSE LUIS", "KORVAL DENTIR"])
        let surname = Self.parser.runs(of: Self.reading("JOSE:30 LUIS:30 ¦ KORVAL:34"))
        #expect(Self.parser.joiningNames(surname).map(\.text) == ["JOSE LUIS KORVAL"])
        let parsed = Self.parser.parse(Self.reading("JOSE:30 LUIS:30 ¦ KORVAL:34 DENTIR:34"))
        #expect(parsed.title == "Korval Dentir")
        #expect(parsed.author == "Jose Luis")
    }

    /// A doubtful word is held to the size of a neighbour read at least as surely; a scrap one
    /// pixel tall and read less surely is no measure of it.
    @Test func holdsADoubtfulWordOnlyToTheSizeOfASurerNeighbour() {
        let merged = Self.reading("Brave:150:35 New:55 World:55")
        #expect(Self.parser.steadyingHeights(merged).lines[0].words[0].capitalHeight == 55)
        let besideAScrap = Self.reading("HARBOUR:44:43 ag,:1:24")
        #expect(Self.parser.steadyingHeights(besideAScrap).lines[0].words[0].capitalHeight == 44)
    }

    /// Unsure scraps between two runs of words are marks, not words that part a title; a short
    /// name the lists know, read with some confidence, stays.
    @Test func dropsUnsureScrapsBetweenRunsOfWords() {
        let runs = Self.parser.runs(of: Self.reading("HARBOUR:43:85 Fie:13:21 ey):27:25 / LIGHTS:43:96"))
        #expect(runs.map(\.text) == ["HARBOUR", "Fie", "ey)", "LIGHTS"])
        #expect(Self.parser.droppingScrapsBetweenWords(runs).map(\.text) == ["HARBOUR", "LIGHTS"])
        let parsed = Self.parser.parse(Self.reading("HARBOUR:43:85 Fie:13:21 ey):27:25 / LIGHTS:43:96"))
        #expect(parsed.title == "Harbour Lights")
        // At the end, or before a line far below, a scrap is not between words and stays.
        let atEnd = Self.parser.runs(of: Self.reading("HARBOUR:43:85 | Fie:13:21"))
        #expect(Self.parser.droppingScrapsBetweenWords(atEnd) == atEnd)
        let linesApart = Self.parser.runs(of: Self.reading("HARBOUR:43:85 Fie:13:21 / ey):13:25 / LIGHTS:43:96"))
        #expect(Self.parser.droppingScrapsBetweenWords(linesApart) == linesApart)
        let name = Self.parser.runs(of: Self.reading("Notas:50 para:50 viajar:50 | HAL:34:56 | Brenner:45:65"))
        #expect(Self.parser.droppingScrapsBetweenWords(name) == name)
    }

    @Test func takesAParticleReadWithFForEAsAParticle() {
        var text = Self.reading("OLEAJE:16 / MARINA:15 DF:15 LA:15 CUEVA:15")
        // "DF" set a word space apart on either side, as read, not glued to its neighbours as a letter.
        for index in 1...3 { text.lines[1].words[index].box.x += 5 }
        for index in 2...3 { text.lines[1].words[index].box.x += 5 }
        let parsed = Self.parser.parse(text)
        #expect(parsed.title == "Oleaje")
        #expect(parsed.author == "Marina Df La Cueva")
    }

    @Test func notesATitleThatLooksLikeANameOrLostItsStart() {
        let clean = Self.parser.parse(Self.reading("Scarlet:60 Letter:60 | HAWTHORNE:30")).evidence
        #expect(clean.titleNameScore == 0 && clean.titleStartsLowerCase == 0)
        let lostStart = Self.parser.parse(Self.reading("the:40 Sea:40 Wolf:40 | LONDON:30")).evidence
        #expect(lostStart.titleStartsLowerCase == 1)
        let nameLike = Self.parser.parse(Self.reading("Trollope:60 | Barchester:30 Towers:30")).evidence
        #expect(nameLike.titleNameScore > 0)
    }

    @Test func takesOffCallNumbersOnlyWhereTheyStandApart() {
        let label = Self.parser.withoutCallNumbers(Self.reading("796.4:30 Gar:30 | Pilates:40 / Laia:20 Garriga:20"))
        #expect(label.text == "Pilates\nLaia Garriga")
        let atTheEnd = Self.parser.withoutCallNumbers(Self.reading("Pilates:40 | N:30 Gar:30"))
        #expect(atTheEnd.text == "Pilates")
        // A mark the label's edge left beside the class letter does not hide it.
        let edged = Self.parser.withoutCallNumbers(Self.reading("_N:30 Gar:30 | Pilates:40"))
        #expect(edged.text == "Pilates")
        let classAndShelf = Self.parser.withoutCallNumbers(Self.reading("N:30 833:30 Gar:30 | Pilates:40 | JN:30 796.4:30 Gar:30"))
        #expect(classAndShelf.text == "Pilates")
        // A lone capital's box taller than the cutter's letters is a label still when the cutter
        // begins a word of the spine, the surname it was cut from...
        let tallMark = Self.parser.withoutCallNumbers(Self.reading("N:14 Mor:9 | | SEA:30 TALES:30 | ANNA:10 MORELL:10"))
        #expect(tallMark.text == "SEA TALES ANNA MORELL")
        // ...and is left alone otherwise.
        let unrelated = Self.reading("N:14 Mor:9 | | SEA:30 TALES:30 | ANNA:10 KOVAC:10")
        #expect(Self.parser.withoutCallNumbers(unrelated) == unrelated)
        // An initial and a short surname set as close as words are a name.
        let name = Self.reading("J:30 Orr:30 Tales:30")
        #expect(Self.parser.withoutCallNumbers(name) == name)
    }

    @Test(arguments: cases.indices)
    func findsTitleAuthorAndPublisher(_ index: Int) {
        let example = Self.cases[index]
        let parsed = Self.parser.parse(Self.reading(example.spec))
        #expect(parsed.title == example.title, "\(example.spec)")
        #expect(parsed.author == example.author, "\(example.spec)")
        #expect(parsed.publisher == example.publisher, "\(example.spec)")
    }
}

/// The author is judged apart from the title: what OCR reads off a picture, a crease or a cut
/// letter is left out, never given as a name; names of every shape stay.
@Suite struct AuthorJudgementTests {
    @Test(arguments: ["Sss", "lI", "Ss", "Oooo", "XYte", "JOhn", "Brrr", "Xqz"])
    func marksAreNoName(_ word: String) {
        #expect(!SpineTextParser.hasNameShape(word))
    }

    @Test(arguments: ["Smith", "SMITH", "smith", "McDonald", "MacLeod", "DeLillo", "O'Brien", "Smith-Jones", "pyNCHON", "D'Agostino", "Oz", "Ío", "westoveR", "KERoOUAC", "CelesteNg"])
    func namesHaveANamesShape(_ word: String) {
        #expect(SpineTextParser.hasNameShape(word))
    }

    /// Every given name the lists know, capitalised or in capitals, is shaped as a name.
    @Test func everyKnownGivenNameHasANamesShape() {
        let names = SpineTextParserTests.parser.lexicon.givenNames
        #expect(names.count > 1000)
        let misshapen = names.filter { !SpineTextParser.hasNameShape($0.capitalized) || !SpineTextParser.hasNameShape($0.uppercased()) }
        #expect(misshapen.isEmpty, "\(misshapen.sorted().prefix(20))")
    }

    @Test(arguments: [
        ("SILVER:60 HARBOUR:60 | Sss:24", "Sss"),
        // Read apart, the two scraps are joined as the letters of one cut word.
        ("SILVER:60 HARBOUR:60 / lI:22 Ss:22", "lISs"),
        ("SILVER:60 HARBOUR:60 | XYte:24", "XYte"),
    ])
    func dropsAnAuthorThatCannotBeAName(_ spec: String, _ junk: String) {
        let parsed = SpineTextParserTests.parser.parse(SpineTextParserTests.reading(spec))
        #expect(parsed.title == "Silver Harbour")
        #expect(parsed.author == nil && parsed.droppedAuthor == junk, "\(parsed.author ?? "no author"), dropped \(parsed.droppedAuthor ?? "nothing")")
    }

    @Test(arguments: [
        ("SILVER:60 HARBOUR:60 | VONNEGUT:24 JR.:24", "Vonnegut Jr."),
        ("Camins:40 salats:40 | Jordi:24 i:24 Vallès:24", "Jordi i Vallès"),
        ("SILVER:60 HARBOUR:60 | Edith:24 McDonald:24", "Edith McDonald"),
    ])
    func keepsAuthorsOfEveryShape(_ spec: String, _ author: String) {
        let parsed = SpineTextParserTests.parser.parse(SpineTextParserTests.reading(spec))
        #expect(parsed.author == author && parsed.droppedAuthor == nil, "\(parsed.author ?? "no author")")
    }
}

/// What a spine prints besides its title and author — an imprint, an edition note, praise — is
/// set aside before the title is chosen, however large it is set.
@Suite struct SpineFurnitureTests {
    @Test(arguments: [
        "Higher Education Press", "OXFORD UNIVERSITY PRESS", "Ediciones Cátedra", "Third Edition", "2nd Edition",
        "Revised and Updated Edition", "Winner of the Pulitzer Prize", "THE SUNDAY TIMES BESTSELLER",
        "By the author of Atonement", "Now a Major Motion Picture", "Over a million copies sold",
    ])
    func setsAsideWhatIsNoTitle(_ line: String) {
        #expect(SpineTextParser.furniture(line) != nil)
    }

    @Test(arguments: ["The Printing Press", "Winner Takes All", "The Bestseller Code", "The Edition", "Ed", "Persuasion", "A Winter's Tale"])
    func keepsTitlesThatShareItsWords(_ line: String) {
        #expect(SpineTextParser.furniture(line) == nil)
    }

    @Test func theTitleIsChosenWithoutIt() {
        let parser = SpineTextParserTests.parser
        let edition = parser.parse(SpineTextParserTests.reading("THIRD:60 EDITION:60 / Calculus:40 | Gilbert:20 Strang:20"))
        #expect(edition.title == "Calculus" && edition.author == "Gilbert Strang")
        let imprint = parser.parse(SpineTextParserTests.reading("HIGHER:50 EDUCATION:50 PRESS:50 / Linear:40 Algebra:40"))
        #expect(imprint.title == "Linear Algebra" && imprint.publisher == "HIGHER EDUCATION PRESS")
        let praise = parser.parse(SpineTextParserTests.reading("WINNER:44 OF:44 THE:44 PULITZER:44 PRIZE:44 / GILEAD:40 | Marilynne:18 Robinson:18"))
        #expect(praise.title == "Gilead" && praise.author == "Marilynne Robinson")
    }
}
