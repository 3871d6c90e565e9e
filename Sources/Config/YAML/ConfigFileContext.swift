import Foundation
import Messages

/// What a section parser needs while reading one configuration file: where problems go, the
/// directory relative paths are resolved against, and the timetable formats a board's source may have.
public struct ConfigFileContext {
    /// Collects the file's problems.
    public let diagnostics: DiagnosticCollector
    /// The directory of the file (as given, possibly relative), for resolving relative paths.
    public let baseDirectory: String
    /// The formats a board's source may have.
    public let formats: TimetableFormatRegistry

    /// Creates a context.
    public init(diagnostics: DiagnosticCollector, baseDirectory: String, formats: TimetableFormatRegistry = .standard) {
        self.diagnostics = diagnostics
        self.baseDirectory = baseDirectory
        self.formats = formats
    }

    /// The file's name as shown in diagnostics.
    public var fileName: String { diagnostics.source.name }

    /// The location of a node in this file.
    public func location(of node: YAMLNode) -> ConfigLocation {
        ConfigLocation(file: fileName, line: node.mark.line, column: node.mark.column)
    }

    /// `path` resolved against `baseDirectory` (an absolute path stays as is), with `.` and `..`
    /// segments removed lexically. A relative base gives a relative result (relative to the
    /// working directory, like the file's own name).
    public func resolve(path: String) -> String {
        ConfigFileContext.join(baseDirectory, path)
    }

    /// The non-empty path `node` holds, resolved against the file's directory; nil (reported) when
    /// it is not a string or is empty.
    public func path(_ node: YAMLNode) -> String? {
        guard let text = diagnostics.decode(node, YAMLValue.string) else { return nil }
        guard !text.isEmpty else {
            diagnostics.report(.configPathEmpty, at: node.mark)
            return nil
        }
        return resolve(path: text)
    }

    /// `path` joined to `base` and normalised lexically.
    static func join(_ base: String, _ path: String) -> String {
        let combined = path.hasPrefix("/") || base.isEmpty ? path : base + "/" + path
        let isAbsolute = combined.hasPrefix("/")
        var parts: [Substring] = []
        for part in combined.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                if let last = parts.last, last != ".." {
                    parts.removeLast()
                } else if !isAbsolute {
                    parts.append(part)
                }
            default: parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        if isAbsolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    /// The directory part of a file path (`rules/a.yaml` → `rules`, `a.yaml` → `.`).
    package static func directory(of file: String) -> String {
        guard let slash = file.lastIndex(of: "/") else { return "." }
        let directory = String(file[..<slash])
        return directory.isEmpty ? "/" : directory
    }
}

@available(*, unavailable)
extension ConfigFileContext: Sendable {}
