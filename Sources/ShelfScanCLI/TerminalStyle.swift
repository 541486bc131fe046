import ArgumentParser
import Foundation

/// `--color auto|always|never`.
enum ColorChoice: String, ExpressibleByArgument, CaseIterable, Sendable {
    case auto, always, never
}

/// What the terminal shows and how: colours on or off, and its width.
struct TerminalStyle: Sendable {
    /// Whether escape sequences for colour are written.
    var colours: Bool
    /// The terminal's width in columns; nil when not a terminal.
    var width: Int?

    static let plain = TerminalStyle(colours: false, width: nil)

    /// The style for writing to `descriptor`: colour with `always`; with `auto`, when it is a
    /// terminal, `NO_COLOR` is unset or empty and `TERM` is not `dumb`.
    init(for descriptor: Int32, choice: ColorChoice, environment: [String: String] = ProcessInfo.processInfo.environment) {
        let isTerminal = Self.isTerminal(descriptor)
        switch choice {
        case .always: colours = true
        case .never: colours = false
        case .auto:
            colours = isTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
        }
        width = isTerminal ? Self.columns(of: descriptor) : nil
    }

    init(colours: Bool, width: Int?) {
        self.colours = colours
        self.width = width
    }

    static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// The width of the terminal at `descriptor`, or `COLUMNS`, or nil.
    static func columns(of descriptor: Int32) -> Int? {
        var size = winsize()
        if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
    }

    /// SGR colours used.
    enum Paint: String {
        case green = "32", blue = "34", magenta = "35", yellow = "33", red = "31", bold = "1", dim = "2"
    }

    /// `text` in `paint` when colours are on.
    func paint(_ text: String, _ paint: Paint) -> String {
        colours ? "\u{1B}[\(paint.rawValue)m\(text)\u{1B}[0m" : text
    }
}
