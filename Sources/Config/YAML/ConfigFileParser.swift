import Messages

/// Reads a configuration file: one YAML mapping whose top-level keys are sections (`boards:`,
/// `weather:`, `feeds:`, `channels:`, `odpt:`, `rules:`, `state:`, `health:`, `history:`). Each section is parsed by its own function,
/// listed in `ConfigFileParser.sections`; any other top-level key is an unknown key. A parser made
/// for some sections only (``boardsOnly``) skips the others unread: a typo in a rule does not stop
/// a timetable query.
///
/// Parsing never stops at the first problem: it returns what it could read and every problem.
public struct ConfigFileParser: Sendable {
    /// One top-level section: its key and the function that reads its value into the file.
    public struct Section: Sendable {
        /// The top-level key.
        public let key: String
        /// Reads the section's value, reporting problems through the context.
        public let parse: @Sendable (YAMLNode, ConfigFileContext, inout ConfigFile) -> Void

        /// Creates a section.
        public init(key: String, parse: @escaping @Sendable (YAMLNode, ConfigFileContext, inout ConfigFile) -> Void) {
            self.key = key
            self.parse = parse
        }
    }

    /// The sections a file may have, in the order unknown-key messages list them.
    /// To add a section, add an entry here and a field to `ConfigFile`.
    public static let sections: [Section] = [
        Section(key: "boards") { node, context, file in
            file.boards = BoardConfigParser(context: context).parseBoards(node)
        },
        Section(key: "weather") { node, context, file in
            file.weather = RuleConfigParser(context: context).parseWeather(node)
        },
        Section(key: "feeds") { node, context, file in
            file.feeds = RuleConfigParser(context: context).parseFeeds(node)
        },
        Section(key: "channels") { node, context, file in
            file.channels = RuleConfigParser(context: context).parseChannels(node)
        },
        Section(key: "odpt") { node, context, file in
            file.odpt = ODPTConfigParser(context: context).parse(node)
        },
        Section(key: "rules") { node, context, file in
            (file.rules, file.ruleReferences) = RuleConfigParser(context: context).parseRules(node)
        },
        Section(key: "state") { node, context, file in
            file.state = StateConfigParser(context: context).parse(node)
        },
        Section(key: "health") { node, context, file in
            file.health = HealthConfigParser(context: context).parseHealth(node)
        },
        Section(key: "history") { node, context, file in
            file.history = HealthConfigParser(context: context).parseHistory(node)
        },
    ]

    /// The YAML bounds enforced on each file.
    public var limits: YAMLLimits
    /// The sections read; the other known sections are skipped without a look.
    public var readSections: [Section]
    /// The formats a board's source may have.
    public var formats: TimetableFormatRegistry

    /// A parser of `readSections` (every section by default) reading board sources of `formats`.
    public init(limits: YAMLLimits = YAMLLimits(), readSections: [Section] = ConfigFileParser.sections,
                formats: TimetableFormatRegistry = .standard) {
        self.limits = limits
        self.readSections = readSections
        self.formats = formats
    }

    /// The sections read-only commands (`next`, `board`) need: the boards and the `odpt:` section
    /// their API sources use.
    public static let boardSectionKeys: Set<String> = ["boards", "odpt"]

    /// A parser that reads `boards:` and `odpt:` only.
    public static var boardsOnly: ConfigFileParser {
        ConfigFileParser(readSections: sections.filter { boardSectionKeys.contains($0.key) })
    }

    /// A parser that reads `state:` only (what `outbox`, `status` and `run` need to find the state).
    public static var stateOnly: ConfigFileParser {
        ConfigFileParser(readSections: sections.filter { $0.key == "state" })
    }

    /// Reads and parses the file at `path`, shown in diagnostics as `name` (default: `path`).
    /// Relative paths inside the file are resolved against the directory of `path`.
    public func parseFile(atPath path: String, name: String? = nil) -> (file: ConfigFile, diagnostics: [Diagnostic]) {
        let source: YAMLSource
        do {
            source = try YAMLSource.load(path: path, name: name, maxBytes: limits.maxBytes)
        } catch {
            return (ConfigFile(name: name ?? path), [error])
        }
        return parse(source, baseDirectory: ConfigFileContext.directory(of: path))
    }

    /// Parses a file's content; relative paths inside it are resolved against `baseDirectory`.
    /// The diagnostics are sorted by line and column.
    public func parse(_ source: YAMLSource, baseDirectory: String) -> (file: ConfigFile, diagnostics: [Diagnostic]) {
        var file = ConfigFile(name: source.name)
        let collector = DiagnosticCollector(source: source)
        let root: YAMLNode?
        do {
            root = try YAMLDocumentReader(limits: limits).read(source)
        } catch {
            return (file, [error])
        }
        guard let root, !root.isNull else { return (file, []) }  // an empty file declares nothing
        let context = ConfigFileContext(diagnostics: collector, baseDirectory: baseDirectory, formats: formats)
        guard var reader = MappingReader(root, what: Message(.nounTopLevel), diagnostics: collector) else {
            return (file, collector.sortedDiagnostics)
        }
        let read = Set(readSections.map(\.key))
        for section in ConfigFileParser.sections {
            guard let value = reader.optional(section.key) else { continue }
            if read.contains(section.key) {
                section.parse(value, context, &file)
                file.declare(section: section.key, value)
            }
        }
        reader.finish()
        return (file, collector.sortedDiagnostics)
    }
}
