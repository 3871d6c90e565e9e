# leavenow — the two commands: `make demo` (run on the bundled examples) and `make test`.
# Each installs the Debian packages it needs when they are missing.

SWIFT ?= swift
# `make fuzz`: each libFuzzer target of Fuzz/targets for FUZZ_SECONDS (all of them unless FUZZ_TARGETS).
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?=
# Build: libyaml, zlib, libcurl, SQLite, libcrypto (HMAC), libxml2 (feeds). Tests: xmllint (the feed
# oracle), systemd-analyze (unit checks), a real notification daemon (dunst on Xvfb with dbus-daemon,
# observed with dunstctl / dbus-monitor), notify-send. Fuzzing: lld (libFuzzer targets are linked with it).
APT_PACKAGES := libyaml-dev zlib1g-dev libcurl4-openssl-dev libsqlite3-dev libssl-dev libxml2-dev libxml2-utils pkg-config tzdata python3 \
	systemd libnotify-bin dunst xvfb dbus dbus-x11 lld
BIN := .build/debug/leavenow

.PHONY: deps build demo test bench bench-sources bench-delivery release fuzz clean

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

release: deps
	$(SWIFT) build -c release

bench: release
	scripts/bench.sh

# Live sources: 200 sources with 50 ms latency, multi vs sequential; a day of conditional GETs (~4 min).
bench-sources: release
	.build/release/leavenow-bench sources

# Delivery side by side: the wrk ceiling, Alertmanager, Apprise and leavenow (throughput, latency,
# idle cost, desktop); installs nginx, wrk, prometheus-alertmanager and apprise (~15 min).
bench-delivery: release
	scripts/bench/delivery-side-by-side.sh 3

# libFuzzer on the decoders of untrusted bytes ("Fuzzing" in README.md); a finding fails the run and
# leaves its input in Fuzz/regressions/<target>/ for the tests.
fuzz: deps
	Fuzz/fuzz.sh run $(FUZZ_SECONDS) $(FUZZ_TARGETS)

clean:
	rm -rf .build
