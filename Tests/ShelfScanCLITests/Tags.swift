import Testing

extension Tag {
    /// Runs the built `shelfscan` binary on fixture photos: seconds each.
    @Tag static var endToEnd: Self
}
