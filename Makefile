# leavenow — the two commands: `make demo` (run on the bundled examples) and `make test`.
# Each installs the Debian packages it needs when they are missing.

SWIFT ?= swift
# `make fuzz`: each libFuzzer target of Fuzz/targets for FUZZ_SECONDS (all of them unless FUZZ_TARGETS).
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?=
# Build: libyaml, zlib, libcurl, SQLite, libcrypto (HMAC), libxml2 (feeds). Tests: xmllint (the feed
# oracle), systemd-analyze (unit checks), /bin/kill (procps: the units' ExecReload, which
# `systemd-analyze verify` requires to exist), python3 (test servers), a real notification daemon (dunst
# on Xvfb with dbus-daemon, observed with dunstctl / dbus-monitor), notify-send. Fuzzing: lld (libFuzzer
# targets are linked with it). `make bench`: python3-venv (the Python peers). GTFS-Realtime: libprotobuf-c (the runtime of the generated code in
# Sources/CGTFSRealtime) and protoc-c (RealtimeTests checks the generated code is current). zsh: the
# completion tests complete command lines in a real zsh (CompletionTests).
# The Swift toolchain (swift.org, e.g. in /opt/swift) runs on these libraries and links with the C
# runtime (crt files, libgcc, libstdc++) and binutils (`make release` links with GNU ld: Package.swift).
# libcurl, libpq, libsqlite3 and libcrypto are not linked but loaded on first use (Sources/CLazyLibraries):
# their -dev packages provide the headers, and the libraries by the sonames the trampolines open.
# scripts/check-fresh-machine.sh checks on a minimal Debian 12 that these lists are complete.
TOOLCHAIN_PACKAGES := binutils libc6-dev libgcc-12-dev libstdc++-12-dev libxml2 libncurses6 libicu72 libsqlite3-0
APT_PACKAGES := libyaml-dev zlib1g-dev libcurl4-openssl-dev libsqlite3-dev libssl-dev libxml2-dev libxml2-utils pkg-config tzdata python3 python3-venv \
	systemd procps libnotify-bin dunst xvfb dbus dbus-x11 lld libprotobuf-c-dev protobuf-c-compiler libpq-dev postgresql-15 zsh \
	$(TOOLCHAIN_PACKAGES)
BIN := .build/debug/leavenow

.PHONY: deps build demo test test-long check-fresh-machine bench bench-startup bench-sources bench-delivery release fuzz clean

deps:
	@missing=""; for p in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  SUDO=""; [ "$$(id -u)" -eq 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi

build: deps
	$(SWIFT) build

demo: build
	@scripts/demo.sh $(BIN)

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --disable-swift-testing
	$(BIN) check --rules rules
	$(BIN) test --rules rules
	$(BIN) test --rules Tests/Fixtures/realtime-rules

# On a throw-away minimal Debian 12 root (debootstrap, needs root): does `make deps` install everything
# the tests and scripts use? Add SWIFT_ROOT=/opt/swift to also build and run tests there (slow).
check-fresh-machine:
	scripts/check-fresh-machine.sh $(if $(SWIFT_ROOT),--swift $(SWIFT_ROOT))

# The long variants of the property tests (30 generated rules through the restarted worker over 8
# weeks); CI runs them after `make test`.
test-long: deps
	$(SWIFT) build --build-tests
	LEAVENOW_LONG_TESTS=1 $(SWIFT) test --skip-build --disable-swift-testing --filter WorkerWeeksTests

# Release executables link the Swift runtime and Foundation in (-static-stdlib) with GNU ld and packed
# relocations: see Package.swift. The debug build (tests, `make demo`) stays dynamic.
release: deps
	$(SWIFT) build -c release

bench: release
	scripts/bench.sh

# What a person waits for: `date`, `leavenow holidays` (the start-up floor), `next` and `board` on the
# examples and on an 11,091-departure board, each as a process (~1 min; also part of `make bench`).
bench-startup: release
	.build/release/leavenow-bench startup

# Live sources: 200 sources with 50 ms latency, multi vs sequential; a day of conditional GETs (~4 min).
bench-sources: release
	.build/release/leavenow-bench sources

# Delivery side by side: the wrk ceiling, Alertmanager, Apprise and leavenow (throughput, latency,
# idle cost, desktop); installs nginx, wrk, prometheus-alertmanager and apprise (~15 min).
bench-delivery: release
	scripts/bench/delivery-side-by-side.sh

# libFuzzer on the decoders of untrusted bytes ("Fuzzing" in README.md); a finding fails the run and
# leaves its input in Fuzz/regressions/<target>/ for the tests.
fuzz: deps
	Fuzz/fuzz.sh run $(FUZZ_SECONDS) $(FUZZ_TARGETS)

clean:
	rm -rf .build
