// What Messages says to people, in English and Japanese side by side (see `MessageKey`). A new
// message is one more `static let` here, in the section of its area.
extension MessageKey {
    // MARK: Shared pieces

    public static let listSeparator = MessageKey("listSeparator",
        en: ", ",
        ja: "、")
}
