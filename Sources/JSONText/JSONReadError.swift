/// Why `JSONReader` could not read a string or a number, and where: the raw fact, without a
/// message. `JSONParser` turns it into a `JSONSyntaxError`; a codec for one shape words it its way.
public struct JSONReadError: Error, Sendable, Equatable {
    /// The part of a number where a digit was expected.
    public enum NumberPart: Sendable, Equatable {
        /// The digits before any `.` (after an optional `-`).
        case integer
        /// The digits after the `.`.
        case fraction
        /// The digits after the `e` and its optional sign.
        case exponent
    }

    /// What is wrong.
    public enum Problem: Sendable, Equatable {
        /// The next byte is not the `"` of a string (`offset`: that byte).
        case notAString
        /// The input ends inside the string (`offset`: its opening quote).
        case unclosedString
        /// The input ends right after a backslash (`offset`: the opening quote; `escapeStart`: the backslash).
        case unfinishedEscape
        /// The string is not valid UTF-8 (`offset`: its opening quote).
        case invalidUTF8
        /// A raw control character (below 0x20) inside the string (`offset`: that byte).
        case controlCharacter(UInt8)
        /// A backslash followed by this byte, which is no JSON escape (`offset`: the backslash).
        case invalidEscape(UInt8)
        /// The input ends inside the four hex digits of a `\u` escape (`offset`: the end of the input).
        case truncatedUnicodeEscape
        /// This byte is not a hex digit of a `\u` escape (`offset`: that byte).
        case invalidHexDigit(UInt8)
        /// A number lacks a digit in this part (`offset`: where the digit was expected, possibly the end).
        case missingDigit(NumberPart)
        /// A number, as written, has a leading zero (`offset`: its start).
        case leadingZero(String)
        /// A whole number was expected and this one has a fraction or an exponent (`offset`: its start).
        case notAWholeNumber
        /// A number, as written, is out of range for its type (`offset`: its start).
        case numberOutOfRange(String)
    }

    /// What is wrong.
    public var problem: Problem
    /// The byte offset of the problem (see each `Problem`).
    public var offset: Int
    /// Where the string or the number being read starts.
    public var start: Int
    /// For a problem in an escape sequence, the offset of its backslash.
    public var escapeStart: Int?

    /// An error.
    public init(_ problem: Problem, at offset: Int, start: Int, escapeStart: Int? = nil) {
        self.problem = problem
        self.offset = offset
        self.start = start
        self.escapeStart = escapeStart
    }
}
