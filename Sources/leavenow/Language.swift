/// The language of human output, from the locale environment (`LC_ALL`, `LC_MESSAGES`, `LANG`).
enum Language {
    case english
    case japanese

    init(environment: [String: String]) {
        let locale = [environment["LC_ALL"], environment["LC_MESSAGES"], environment["LANG"]]
            .compactMap { $0 }.first { !$0.isEmpty } ?? ""
        self = locale.lowercased().hasPrefix("ja") ? .japanese : .english
    }
}
