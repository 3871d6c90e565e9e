/// The version of leavenow: a number kept here (raised with each release of the command line and
/// its contracts) and the git commit of the build, which the BuildInfo plugin writes
/// (`buildCommit`, nil when the package was built outside a git checkout or without git).
enum Version {
    /// The version number.
    static let number = "0.15.0"

    /// `leavenow 0.15.0 (git 73e4741c2f1a)`, or `leavenow 0.15.0` when the commit is unknown.
    static var text: String {
        "leavenow \(number)" + (buildCommit.map { " (git \($0))" } ?? "")
    }
}
