/// The catalogue of human output: one entry per ``MessageKey`` in each language.
///
/// How to add a message:
/// 1. add a case to ``MessageKey`` (in the section of its area);
/// 2. add its English entry to ``english`` (`Catalogue+English.swift`) and its Japanese entry to
///    ``japanese`` (`Catalogue+Japanese.swift`), with the same placeholders (see
///    `CatalogueTemplate` for the syntax: `{name}`, `{count|one|other}`);
/// 3. make it where the text used to be: `Message(.key, ["name": .text(value)])`, and keep it a
///    `Message` until it is printed.
///
/// `MessagesTests` fails when a key lacks an entry in either language, when the two entries of a
/// key do not have the same placeholders, when an entry is empty, and when a key is used nowhere
/// in `Sources/`.
public enum MessageCatalogue {
    /// The entry of `key` in `language` (the English one if the language lacks it, which
    /// `MessagesTests` does not let happen).
    public static func template(_ key: MessageKey, in language: Language) -> String {
        switch language {
        case .english: return english[key] ?? key.rawValue
        case .japanese: return japanese[key] ?? english[key] ?? key.rawValue
        }
    }

    /// The table of `language`.
    public static func table(_ language: Language) -> [MessageKey: String] {
        switch language {
        case .english: return english
        case .japanese: return japanese
        }
    }

    /// The placeholder names of an entry (`{name}` and `{name|one|other}` both name `name`).
    public static func placeholders(in template: String) -> Set<String> {
        CatalogueTemplate.placeholders(in: template)
    }
}
