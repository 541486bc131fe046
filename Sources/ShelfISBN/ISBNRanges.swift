/// The registration group and registrant ranges of the International ISBN Agency, which say where
/// the hyphens of an ISBN go.
struct ISBNRanges: Sendable {
    /// A list of ranges of equal-length digit strings ("600"–"649"), in table order.
    struct RangeList: Sendable {
        var ranges: [(low: String, high: String)] = []

        /// The length of the range value the start of `digits` falls in.
        func matchLength(_ digits: Substring) -> Int? {
            for range in ranges where digits.count >= range.low.count {
                let head = String(digits.prefix(range.low.count))
                if head >= range.low && head <= range.high { return range.low.count }
            }
            return nil
        }

        mutating func append(parsing line: Substring) {
            for item in line.split(separator: ",") {
                let bounds = item.split(separator: "-")
                if bounds.count == 2 { ranges.append((String(bounds[0]), String(bounds[1]))) }
            }
        }
    }

    static let shared = ISBNRanges(table: ISBNRanges.table)

    /// Group ranges keyed by prefix ("978").
    let groupsByPrefix: [String: RangeList]
    /// Registrant ranges keyed by prefix + group ("9780").
    let registrantsByGroup: [String: RangeList]

    /// Reads the table: a prefix at depth 0, its group ranges and then each group at depth 1,
    /// that group's registrant ranges at depth 2.
    init(table: String) {
        var groupsByPrefix: [String: RangeList] = [:]
        var registrantsByGroup: [String: RangeList] = [:]
        var prefix = ""
        var group = ""
        for line in table.split(separator: "\n") {
            let depth = line.prefix { $0 == " " }.count
            let text = line.dropFirst(depth)
            switch depth {
            case 0:
                prefix = String(text)
            case 1 where text.contains("-"):
                groupsByPrefix[prefix, default: RangeList()].append(parsing: text)
            case 1:
                group = prefix + text
            default:
                registrantsByGroup[group, default: RangeList()].append(parsing: text)
            }
        }
        self.groupsByPrefix = groupsByPrefix
        self.registrantsByGroup = registrantsByGroup
    }

    /// `978-0-306-40615-7` for `9780306406157`; the digits unchanged when the ranges do not cover them.
    func hyphenate(_ isbn13: String) -> String {
        let prefix = String(isbn13.prefix(3))
        let body = isbn13.dropFirst(3).dropLast()
        guard let groupLength = groupsByPrefix[prefix]?.matchLength(body) else { return isbn13 }
        let group = String(body.prefix(groupLength))
        let afterGroup = body.dropFirst(groupLength)
        guard let registrantLength = registrantsByGroup[prefix + group]?.matchLength(afterGroup),
            registrantLength < afterGroup.count
        else { return isbn13 }
        return [
            prefix, group, String(afterGroup.prefix(registrantLength)),
            String(afterGroup.dropFirst(registrantLength)), String(isbn13.suffix(1)),
        ].joined(separator: "-")
    }
}
