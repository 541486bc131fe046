import GRDB

extension LibraryBook: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "book"
    static let sources = hasMany(BookSource.self)

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

extension BookSource: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "bookSource"
    static let book = belongsTo(LibraryBook.self)

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
