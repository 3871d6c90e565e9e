import Store
import XCTest

final class PostgresURLTests: XCTestCase {
    func testTheComponentsArePercentDecoded() throws {
        let url = try PostgresURL("postgresql://leave%40now:p%3Ass%2Fw@db.example.com:6543/state%20db?sslmode=require")
        XCTAssertEqual(url.user, "leave@now")
        XCTAssertEqual(url.password, "p:ss/w")
        XCTAssertEqual(url.host, "db.example.com")
        XCTAssertEqual(url.port, 6543)
        XCTAssertEqual(url.database, "state db")
        XCTAssertEqual(url.redacted, "postgresql://leave%40now:REDACTED@db.example.com:6543/state%20db?sslmode=require")
        XCTAssertEqual("\(url)", url.redacted)
    }

    func testShortFormsAndTheOtherScheme() throws {
        let socket = try PostgresURL("postgres:///leavenow?host=/run/postgresql")
        XCTAssertNil(socket.user)
        XCTAssertNil(socket.password)
        XCTAssertEqual(socket.host, "")
        XCTAssertNil(socket.port)
        XCTAssertEqual(socket.database, "leavenow")
        let v6 = try PostgresURL("postgresql://worker@[::1]:5433")
        XCTAssertEqual(v6.host, "[::1]")
        XCTAssertEqual(v6.port, 5433)
        XCTAssertNil(v6.database)
        XCTAssertEqual(v6.redacted, "postgresql://worker@[::1]:5433")
        XCTAssertTrue(PostgresURL.isPostgresURL("postgres://x"))
        XCTAssertFalse(PostgresURL.isPostgresURL("/var/lib/leavenow/state.db"))
    }

    func testBadURLsAreRefusedWithoutThePassword() {
        for (text, why) in [
            ("mysql://u:hunter2@h/db", "the scheme is not postgresql:// or postgres://"),
            ("postgresql://u:hunter2@h:99999/db", "the port \"99999\" is not a number from 1 to 65535"),
            ("postgresql://u:hunter2@h:port/db", "the port \"port\" is not a number from 1 to 65535"),
            ("postgresql://u:hunter2@h1,h2/db", "several hosts are not supported"),
            ("postgresql://u:hunter2@h/db/x", "the database name \"db/x\" contains a /"),
            ("postgresql://u:hunter2%zz@h/db", "the password has an invalid percent-encoding"),
        ] {
            XCTAssertThrowsError(try PostgresURL(text), text) { error in
                let message = "\(error)"
                XCTAssertTrue(message.contains("reading the PostgreSQL URL: " + why), message)
                XCTAssertFalse(message.contains("hunter2"), message)
            }
        }
    }
}

final class StateLocationTests: XCTestCase {
    func testAPathIsAFileAndAURLIsADatabaseShownWithoutItsPassword() throws {
        XCTAssertEqual(try StateLocation("/var/lib/leavenow/state.db"), .file("/var/lib/leavenow/state.db"))
        let location = try StateLocation("postgres://leavenow:hunter2@db:5432/leavenow")
        guard case .postgres(let url) = location else { return XCTFail("\(location)") }
        XCTAssertEqual(url.database, "leavenow")
        XCTAssertEqual("\(location)", "postgres://leavenow:REDACTED@db:5432/leavenow")
        XCTAssertThrowsError(try StateLocation("postgresql://leavenow:hunter2@db:none/leavenow")) { error in
            XCTAssertFalse("\(error)".contains("hunter2"), "\(error)")
        }
    }
}
