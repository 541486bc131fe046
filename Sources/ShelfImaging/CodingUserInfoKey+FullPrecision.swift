extension CodingUserInfoKey {
    /// Set to `true` in an encoder's `userInfo` to write numbers as they are, not rounded for people
    /// (confidences to thousandths, coordinates to tenths): for reports passed between shelfscan's
    /// own processes, where the reader must get back exactly what was written.
    public static let fullPrecision = CodingUserInfoKey(rawValue: "shelfscan.fullPrecision")!
}

extension Encoder {
    /// `value` rounded to `places` decimals unless the encoder asks for full precision.
    package func rounded(_ value: Double, places: Double) -> Double {
        userInfo[.fullPrecision] as? Bool == true ? value : (value * places).rounded() / places
    }
}
