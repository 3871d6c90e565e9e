import Foundation
import Messages

/// The configuration files of a rules directory, parsed: every `*.yaml` and `*.yml` directly in it.
///
/// Subdirectories are not read (`rules/tests/` holds rule tests, not configuration), nor are
/// hidden files (`.#boards.yaml` editor locks). Files are read in byte order of their names, and
/// are shown in diagnostics as `directory/name` with the directory as given.
public struct ConfigDirectory: Sendable {
    /// The directory, as given.
    public var path: String
    /// The parsed files, in order.
    public var files: [ConfigFile]
    /// Every problem of every file: file order, then line and column order.
    public var diagnostics: [Diagnostic]
    /// The sources read, by the name diagnostics show, so that later checks can quote their lines.
    public var sources: [String: YAMLSource]

    /// Reads and parses every configuration file of `directory`; never throws, problems
    /// (including an unreadable directory) are in `diagnostics`.
    public static func load(directory: String, parser: ConfigFileParser = ConfigFileParser()) -> ConfigDirectory {
        var result = ConfigDirectory(path: directory, files: [], diagnostics: [], sources: [:])
        let paths: [String]
        do {
            paths = try filePaths(in: directory)
        } catch {
            result.diagnostics = [error]
            return result
        }
        for path in paths {
            let source: YAMLSource
            do {
                source = try YAMLSource.load(path: path, maxBytes: parser.limits.maxBytes)
            } catch {
                result.files.append(ConfigFile(name: path))
                result.diagnostics.append(error)
                continue
            }
            result.sources[source.name] = source
            let (file, problems) = parser.parse(source, baseDirectory: ConfigFileContext.directory(of: path))
            result.files.append(file)
            result.diagnostics += problems
        }
        return result
    }

    /// The configuration file paths in `directory`, sorted, shown as `directory/name`.
    ///
    /// - Throws: a `Diagnostic` naming the directory when it cannot be listed.
    public static func filePaths(in directory: String) throws(Diagnostic) -> [String] {
        let manager = FileManager.default
        let names: [String]
        do {
            names = try manager.contentsOfDirectory(atPath: directory)
        } catch {
            throw Diagnostic(file: directory, text: Message(.directoryCannotList))
        }
        return names
            .filter { !$0.hasPrefix(".") && ($0.hasSuffix(".yaml") || $0.hasSuffix(".yml")) }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            .map { directory == "." ? $0 : (directory.hasSuffix("/") ? directory + $0 : directory + "/" + $0) }
            .filter { path in
                var isDirectory: ObjCBool = false
                return manager.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
            }
    }

    /// A diagnostic at a place in one of the files, quoting its line when the file was read.
    public func diagnostic(at location: ConfigLocation, _ message: Message) -> Diagnostic {
        Diagnostic(file: location.file, line: location.line, column: location.column, text: message,
                   sourceLine: sources[location.file]?.line(location.line))
    }

    /// A diagnostic at a place in one of the files whose message is the same in every language.
    public func diagnostic(at location: ConfigLocation, _ message: String) -> Diagnostic {
        diagnostic(at: location, .verbatim(message))
    }

    /// Adds problems found by checks across files, keeping file order, then line and column order.
    public mutating func add(_ problems: [Diagnostic]) {
        let fileOrder = Dictionary(files.enumerated().map { ($0.element.name, $0.offset) }, uniquingKeysWith: { a, _ in a })
        diagnostics = (diagnostics + problems).enumerated().sorted { a, b in
            let left = (fileOrder[a.element.file] ?? Int.max, a.element.line ?? 0, a.element.column ?? 0, a.offset)
            let right = (fileOrder[b.element.file] ?? Int.max, b.element.line ?? 0, b.element.column ?? 0, b.offset)
            return left < right
        }.map(\.element)
    }
}
