/// `leavenow --help` and `leavenow COMMAND --help`, in the reader's language, from the command table.
enum CommandHelp {
    /// A command's help: its usage, what it does, every option it accepts with one line each, and
    /// its details.
    ///
    /// ```
    /// usage: leavenow next BOARD [--rules DIR] [--state DIR] [--at TIME] [--count N] [--json]
    ///
    /// Upcoming departures of a board, and when to leave for each.
    ///
    /// options:
    ///   --rules DIR   the rules directory (…)
    ///   …
    ///   -h, --help    this help
    /// ```
    static func text(of spec: CommandSpec) -> String {
        var text = localizedUsage(spec.usage) + "\n\n" + Message(spec.summary).text
        let rows = spec.options.map { option in
            ["  " + option.name + (option.value.map { " " + $0 } ?? ""), Message(option.summary).text]
        } + [["  -h, --help", Message(.helpOptionHelp).text]]
        text += "\n\n" + Message(.helpOptionsHeading).text + "\n" + TextTable.render(rows)
        if let details = spec.details { text += "\n\n" + Message(details).text }
        return text
    }

    /// The top-level help: every command with what it does, then what applies to all of them.
    static var overview: String {
        let rows = CommandSpec.all.map { ["  " + $0.name, Message($0.summary).text] }
        return Message(.helpTitle).text + "\n\n"
            + localizedUsage("usage: leavenow COMMAND [ARGUMENTS] [OPTIONS]") + "\n"
            + Message(.helpCommandHelp).text + "\n\n"
            + Message(.helpCommandsHeading).text + "\n" + TextTable.render(rows) + "\n\n"
            + Message(.helpNotes).text
    }
}
