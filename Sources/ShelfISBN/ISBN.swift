/// A checksum-valid International Standard Book Number, held as its 13 digits.
///
/// ```swift
/// let isbn = try ISBN("0-306-40615-2")
/// isbn.isbn13        // "9780306406157"
/// isbn.hyphenated    // "978-0-306-40615-7"
/// ```
public struct ISBN: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The 13 digits, prefix 978 or 979.
    public let isbn13: String

    /// Parses an ISBN-10 or ISBN-13, with or without hyphens or spaces, checking its check digit.
    public init(_ text: String) throws(ISBNError) {
        var characters: [Character] = []
        for character in text
        where character != "-" && character != " " && character != "\u{2010}"
            && character != "\u{2013}"
        {
            characters.append(character)
        }
        switch characters.count {
        case 10:
            for (index, character) in characters.enumerated() {
                let isCheckX = index == 9 && (character == "X" || character == "x")
                guard character.isASCII && (character.isNumber || isCheckX) else {
                    throw .invalidCharacter(character, in: text)
                }
            }
            let digits = characters.map { $0 == "X" || $0 == "x" ? 10 : Int(String($0))! }
            guard Self.isValidISBN10(digits) else { throw .badCheckDigit(text) }
            let body = "978" + String(characters.prefix(9))
            isbn13 = body + String(Self.isbn13CheckDigit(body))
        case 13:
            for character in characters where !(character.isASCII && character.isNumber) {
                throw .invalidCharacter(character, in: text)
            }
            let digits = String(characters)
            guard digits.hasPrefix("978") || digits.hasPrefix("979") else { throw .notBookland(text) }
            guard Self.isbn13CheckDigit(String(digits.prefix(12))) == Int(String(characters[12]))! else {
                throw .badCheckDigit(text)
            }
            isbn13 = digits
        default:
            throw .wrongLength(characters.count, in: text)
        }
    }

    /// The ISBN-10 form, for 978 ISBNs; 979 ISBNs have none.
    public var isbn10: String? {
        guard isbn13.hasPrefix("978") else { return nil }
        let body = Array(isbn13.dropFirst(3).prefix(9))
        var sum = 0
        for (index, character) in body.enumerated() { sum += (10 - index) * Int(String(character))! }
        let check = (11 - sum % 11) % 11
        return String(body) + (check == 10 ? "X" : String(check))
    }

    /// The ISBN-13 with hyphens between prefix, group, registrant, publication and check digit
    /// (`978-0-306-40615-7`), following the International ISBN Agency's ranges; unhyphenated when
    /// the group is not in the ranges.
    public var hyphenated: String {
        ISBNRanges.shared.hyphenate(isbn13)
    }

    public var description: String { isbn13 }

    public static func < (lhs: ISBN, rhs: ISBN) -> Bool { lhs.isbn13 < rhs.isbn13 }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do {
            try self.init(text)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "\(error)"))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(isbn13)
    }

    // MARK: - Check digits

    /// Whether ten digit values (the last may be 10, for `X`) satisfy the ISBN-10 check.
    static func isValidISBN10(_ digits: [Int]) -> Bool {
        guard digits.count == 10, digits.prefix(9).allSatisfy({ $0 < 10 }) else { return false }
        var sum = 0
        for (index, digit) in digits.enumerated() { sum += (10 - index) * digit }
        return sum % 11 == 0
    }

    /// The EAN-13 check digit of twelve digits.
    static func isbn13CheckDigit(_ twelveDigits: String) -> Int {
        var sum = 0
        for (index, character) in twelveDigits.enumerated() {
            sum += (index % 2 == 0 ? 1 : 3) * Int(String(character))!
        }
        return (10 - sum % 10) % 10
    }

    /// Whether thirteen digits form an EAN-13 with a correct check digit.
    package static func isValidEAN13(_ digits: String) -> Bool {
        guard digits.count == 13, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
        return isbn13CheckDigit(String(digits.prefix(12))) == Int(String(digits.last!))!
    }
}

/// Why a text is not an ISBN.
public enum ISBNError: Error, Sendable, Equatable, CustomStringConvertible {
    case wrongLength(Int, in: String)
    case invalidCharacter(Character, in: String)
    case badCheckDigit(String)
    /// Thirteen digits that are an EAN but not a book's (prefix other than 978/979).
    case notBookland(String)

    public var description: String {
        switch self {
        case .wrongLength(let count, let text): "\"\(text)\" has \(count) digits; an ISBN has 10 or 13"
        case .invalidCharacter(let character, let text): "\"\(text)\" contains \"\(character)\""
        case .badCheckDigit(let text): "\"\(text)\" fails the ISBN check digit"
        case .notBookland(let text): "\"\(text)\" is an EAN-13 but not an ISBN (no 978/979 prefix)"
        }
    }
}
