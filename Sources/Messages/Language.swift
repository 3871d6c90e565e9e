/// The language human output is written in: English or Japanese, from the locale environment.
///
/// The reader's language is ambient while a command runs (``current``, bound by the command
/// line with ``speaking(_:)``); a ``Message`` is kept as a catalogue key and its arguments until it
/// is shown, and is rendered then in ``current`` (or in the language asked for). Logs are for
/// machines and stay English: render them with `rendered(in: .english)`.
public enum Language: String, Sendable, CaseIterable {
    case english = "en"
    case japanese = "ja"

    /// The language of the first non-empty of `LC_ALL`, `LC_MESSAGES`, `LANG` (POSIX order):
    /// Japanese for a `ja…` locale (`ja_JP.UTF-8`), English for any other or none.
    public init(environment: [String: String]) {
        let locale = [environment["LC_ALL"], environment["LC_MESSAGES"], environment["LANG"]]
            .compactMap { $0 }.first { !$0.isEmpty } ?? ""
        self = locale.lowercased().hasPrefix("ja") ? .japanese : .english
    }

    /// The reader's language while a command runs; English unless bound with ``speaking(_:)``
    /// (so library code and tests read English by default).
    @TaskLocal public static var current: Language = .english

    /// Runs `body` with this language as ``current``: every message rendered inside (also the
    /// description of an error thrown from inside, when it is rendered inside) is in this language.
    public func speaking<Result>(_ body: () throws -> Result) rethrows -> Result {
        try Language.$current.withValue(self, operation: body)
    }
}
