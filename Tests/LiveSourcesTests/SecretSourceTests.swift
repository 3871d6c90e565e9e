import Foundation
@testable import LiveSources
@testable import Secrets
import XCTest

final class SecretSourceTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "leavenow-secrets-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory + "/credentials", withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: directory) }

    func testEnvironmentVariableTrimmed() throws {
        let source = SecretSource(environment: ["OWM": " env-secret\n"])
        XCTAssertEqual(try source.resolve(SecretReference(environmentVariable: "OWM"), for: "x"), "env-secret")
    }

    func testFileContentTrimmed() throws {
        try "\n file-secret \n".write(toFile: directory + "/key", atomically: true, encoding: .utf8)
        let source = SecretSource(environment: [:])
        XCTAssertEqual(try source.resolve(SecretReference(file: directory + "/key"), for: "x"), "file-secret")
    }

    func testSystemdCredentialNamedLikeTheVariableOrExplicitly() throws {
        try "cred-secret\n".write(toFile: directory + "/credentials/OWM", atomically: true, encoding: .utf8)
        try "other-secret".write(toFile: directory + "/credentials/odpt-key", atomically: true, encoding: .utf8)
        let source = SecretSource(environment: ["CREDENTIALS_DIRECTORY": directory + "/credentials"])
        XCTAssertEqual(try source.resolve(SecretReference(environmentVariable: "OWM"), for: "x"), "cred-secret")
        XCTAssertEqual(try source.resolve(SecretReference(credential: "odpt-key"), for: "x"), "other-secret")
        // The environment wins over the credential.
        let both = SecretSource(environment: ["CREDENTIALS_DIRECTORY": directory + "/credentials", "OWM": "env-secret"])
        XCTAssertEqual(try both.resolve(SecretReference(environmentVariable: "OWM"), for: "x"), "env-secret")
    }

    func testMissingSecretNamesTheVariableAndFile() {
        let source = SecretSource(environment: ["CREDENTIALS_DIRECTORY": directory + "/credentials", "OTHER": "unrelated-value"])
        let reference = SecretReference(environmentVariable: "OPENWEATHER_API_KEY", file: directory + "/missing.key")
        XCTAssertThrowsError(try source.resolve(reference, for: "weather source \"chofu\"")) { error in
            XCTAssertEqual(String(describing: error), "no API key for weather source \"chofu\": the environment variable OPENWEATHER_API_KEY is not set; the key file \(self.directory)/missing.key does not exist")
        }
        XCTAssertThrowsError(try SecretSource(environment: ["OWM": "  "]).resolve(SecretReference(environmentVariable: "OWM"), for: "x")) { error in
            XCTAssertEqual(String(describing: error), "no API key for x: the environment variable OWM is empty")
        }
        XCTAssertThrowsError(try source.resolve(SecretReference(environmentVariable: "NOPE"), for: "x")) { error in
            XCTAssertEqual(String(describing: error), "no API key for x: the environment variable NOPE is not set; there is no credential NOPE in $CREDENTIALS_DIRECTORY (\(self.directory)/credentials)")
        }
    }

    func testEmptyFileIsAnErrorWithoutContent() throws {
        try " \n".write(toFile: directory + "/empty", atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try SecretSource(environment: [:]).resolve(SecretReference(file: directory + "/empty"), for: "x")) { error in
            XCTAssertEqual(String(describing: error), "no API key for x: the key file \(self.directory)/empty is empty")
        }
    }

    func testOpenWeatherWithoutKeyConfiguredIsRefusedBeforeAnyRequest() throws {
        let fixture = try LiveSourcesFixture()
        defer { fixture.remove() }
        var source = try fixture.source("chofu")
        source.key = nil
        XCTAssertThrowsError(try SourceEndpoint().request(for: source, secrets: SecretSource(environment: [:]))) { error in
            XCTAssertEqual(String(describing: error), "no API key for weather source \"chofu\": no key_env or key_file is configured")
        }
    }
}
