# nfcrig: on a fresh Debian 12 machine with Swift installed, `make run` and `make test` do
# all the set-up they need (`make deps`). See README.md.

SHELL := /bin/bash
.DEFAULT_GOAL := run

SWIFT ?= swift
# The python the venv is made from: Debian's, whose venv module python3-venv provides.
PYTHON ?= /usr/bin/python3

# Debian packages the build and the tests need, installed by `make deps` when missing.
# Later issues add theirs to this list.
SYSTEM_PACKAGES := python3-venv python3-pip libusb-1.0-0-dev pkg-config \
	umockdev libumockdev-dev libglib2.0-dev libnfc-bin libnfc-examples tshark

# Answers to the questions packages in SYSTEM_PACKAGES ask on installation, so that none
# waits for a person: wireshark-common (pulled in by tshark, the oracle of the trace files)
# asks whether non-root users may capture; they need not, nfcrig only reads captures.
DEBCONF_ANSWERS := wireshark-common wireshark-common/install-setuid boolean false

# Python packages for test oracles and benchmarks (never runtime dependencies of nfcrig),
# pinned, in the virtual env $(VENV).
PYTHON_PACKAGES := ndeflib==0.3.3 nfcpy==1.0.4

VENV := .build-venv
VENV_PYTHON := $(VENV)/bin/python
# Records which PYTHON_PACKAGES the venv holds; the venv is only made when missing and
# pip only runs when this list changes.
VENV_STAMP := $(VENV)/nfcrig-packages.txt

FORMAT_PATHS := Sources Tests Package.swift
# A target may import only the modules its dependencies in Package.swift reach. A module
# above it cannot be imported anyway (it is built after it), but without this check a module
# beside it could be, when the build happened to make it first.
IMPORT_CHECK := --explicit-target-dependency-import-check error
SAMPLES := $(sort $(wildcard Rigs/samples/*.hex))
TEST_LOG := .build/nfcrig-test.log
VUSB_TEST_LOG := .build/nfcrig-vusb-test.log
VUSB_RIG_TEST_LOG := .build/nfcrig-vusb-rig-test.log
VUSB_LATE_TEST_LOG := .build/nfcrig-vusb-late-test.log
WALL_TEST_LOG := .build/nfcrig-wall-test.log
# Tests that time real exchanges on the wall clock (third-party clients, every suite over
# virtual USB, a rig of no simulated chip and its waits): they run after the others, one
# at a time, not beside hundreds of tests competing for two cores (under ThreadSanitizer
# those can keep a woken wait off a thread for more than 30 s).
WALL_CLOCK_TESTS := SimUSBClientTests|VirtualUSBRunCommandLineTests
WALL_CLOCK_TESTS := $(WALL_CLOCK_TESTS)|NfcpyDUTTests|LibnfcDUTTests|ScriptedRecordsDUTTests
WALL_CLOCK_TESTS := $(WALL_CLOCK_TESTS)|WallRigTimeTests|WallSignalTests|WallTagSlotTests
WALL_CLOCK_TESTS := $(WALL_CLOCK_TESTS)|WallTagArmingTests|WallHostLatenessTests
# NFCRIG_CLIENT_TESTS: the third-party PN533 clients (libnfc's tools, nfcpy) are installed,
# so their tests run and fail when a client is missing. NFCRIG_TSHARK: the program the trace
# files' oracle test and the Wireshark profile's test run (tshark, in SYSTEM_PACKAGES).
TEST_ENV := NFCRIG_NDEFLIB_PYTHON=$(CURDIR)/$(VENV_PYTHON) NFCRIG_REPO_ROOT=$(CURDIR) \
	NFCRIG_CLIENT_TESTS=1 NFCRIG_TSHARK=tshark

.PHONY: deps system-deps python-deps build test tsan fuzz stress run samples bench gate clean lint \
	format gate-demo screenshots

## deps: system packages (when missing) and the Python venv with the test oracles
deps: system-deps python-deps

system-deps:
	@missing=""; \
	for package in $(SYSTEM_PACKAGES); do \
		dpkg -s "$$package" 2>/dev/null | grep -q '^Status: install ok installed' \
			|| missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
		if [ "$$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi; \
		echo "make deps: installing$$missing"; \
		echo "$(DEBCONF_ANSWERS)" | $$sudo debconf-set-selections \
			&& $$sudo apt-get update -q \
			&& DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -q $$missing; \
	fi

python-deps: $(VENV_PYTHON)
	@if [ "$$(cat $(VENV_STAMP) 2>/dev/null)" != "$(PYTHON_PACKAGES)" ]; then \
		echo "make deps: installing $(PYTHON_PACKAGES) into $(VENV)"; \
		$(VENV_PYTHON) -m pip install --quiet --disable-pip-version-check \
			$(PYTHON_PACKAGES) \
			&& echo "$(PYTHON_PACKAGES)" > $(VENV_STAMP); \
	fi

$(VENV_PYTHON): | system-deps
	@echo "make deps: creating $(VENV)"
	@rm -rf $(VENV)
	@$(PYTHON) -m venv $(VENV)

## build: debug build of every target
build:
	$(SWIFT) build $(IMPORT_CHECK)

## test: unit, property and oracle tests, then swift-format lint; ends with the summary
test: deps
	@mkdir -p .build
	set -o pipefail; $(SWIFT) build --build-tests $(IMPORT_CHECK) 2>&1 \
		| tee .build/nfcrig-build.log
	@# Warnings in the project's own files fail the build (a fresh build shows them all).
	@if grep -E '^$(CURDIR)/(Sources|Tests)/.*: warning:' .build/nfcrig-build.log; then \
		echo "make test: the warnings above must be fixed"; exit 1; fi
	@mkdir -p $(dir $(TEST_LOG))
	set -o pipefail; $(TEST_ENV) $(SWIFT) test --skip-build --skip '$(WALL_CLOCK_TESTS)' \
		2>&1 | tee $(TEST_LOG)
	@# The trace files' oracle and the Wireshark profile's test (issue 21) must have run:
	@# tshark is installed by make deps.
	@for suite in TSharkOracleTests WiresharkProfileTests RunTraceTests; do \
		if grep -q "$$suite skipped" $(TEST_LOG) \
			|| ! grep -q "Suite $$suite passed" $(TEST_LOG); then \
			echo "make test: $$suite did not run"; exit 1; fi; \
	done
	set -o pipefail; $(TEST_ENV) $(SWIFT) test --skip-build --no-parallel \
		--filter '$(WALL_CLOCK_TESTS)' 2>&1 | tee $(WALL_TEST_LOG)
	@if grep -q 'skipped' $(WALL_TEST_LOG); then \
		echo "make test: wall-clock tests skipped"; exit 1; fi
	@# Virtual USB (DESIGN §8, issue 6): VirtualUSBTests again, under umockdev's LD_PRELOAD,
	@# where libusb sees the simulated readers; a skip there means the set-up broke.
	set -o pipefail; NFCRIG_VIRTUAL_USB=1 umockdev-wrapper $(SWIFT) test --skip-build \
		--filter VirtualUSBTests 2>&1 | tee $(VUSB_TEST_LOG)
	@if grep -q 'skipped' $(VUSB_TEST_LOG); then \
		echo "make test: VirtualUSBTests skipped under umockdev-wrapper"; exit 1; fi
	@# A rig assembles its own bus, and umockdev keeps one per process: a run of its own.
	set -o pipefail; NFCRIG_VIRTUAL_USB=1 umockdev-wrapper $(SWIFT) test --skip-build \
		--filter ProcessDUTReaderFaultTests 2>&1 | tee $(VUSB_RIG_TEST_LOG)
	@if grep -q 'skipped' $(VUSB_RIG_TEST_LOG) \
		|| ! grep -q 'Test run with 1 test' $(VUSB_RIG_TEST_LOG); then \
		echo "make test: ProcessDUTReaderFaultTests did not run under umockdev-wrapper"; exit 1; fi
	@# An emulator timing its host over virtual USB (issue 32): a bus of its own, a run too.
	set -o pipefail; NFCRIG_VIRTUAL_USB=1 umockdev-wrapper $(SWIFT) test --skip-build \
		--filter VirtualUSBHostLatenessTests 2>&1 | tee $(VUSB_LATE_TEST_LOG)
	@if grep -q 'skipped' $(VUSB_LATE_TEST_LOG) \
		|| ! grep -q 'Test run with 1 test' $(VUSB_LATE_TEST_LOG); then \
		echo "make test: VirtualUSBHostLatenessTests did not run under umockdev-wrapper"; exit 1; fi
	$(SWIFT) format lint --strict -r $(FORMAT_PATHS)
	@echo "make test: swift format lint --strict clean; wall-clock tests on their own:"
	@grep -E 'Test run with [0-9]+ tests?' $(WALL_TEST_LOG) | tail -n 1
	@echo "make test: under umockdev-wrapper:"
	@grep -E 'Test run with [0-9]+ tests?' $(VUSB_TEST_LOG) | tail -n 1
	@echo "make test: swift test summary (last, for CI):"
	@grep -E 'Executed [1-9][0-9]* tests?,' $(TEST_LOG) | tail -n 1 || true
	@grep -E 'Test run with [0-9]+ tests?' $(TEST_LOG) | tail -n 1

## run: the conformance suite on the default simulated rig; reports in Reports/
run: deps build
	$(SWIFT) run --skip-build nfcrig run --rig Rigs/sim.yaml --out Reports

## samples: decode, lint and re-encode every sample tag message in Rigs/samples/
samples: deps build
	@$(VENV_PYTHON) Scripts/run_samples.py --nfcrig "$(SWIFT) run --skip-build nfcrig" \
		$(SAMPLES)

## fuzz: the libFuzzer binary (Fuzz/, release, fuzzer + AddressSanitizer, in .build-fuzz),
## then every target from its seed corpus for FUZZ_TIME seconds (default 30) or FUZZ_RUNS
## inputs each; prints runs, exec/s and coverage per target, fails on a crash or a broken
## property (the input is in .build-fuzz/crashes/). FUZZ_TARGETS picks targets; FUZZ_JOBS
## runs that many at once (default: one per core, each fuzzer being single-threaded).
FUZZ_TIME ?= 30
# SwiftPM hands swiftc one -sanitize= per --sanitize, and swiftc keeps only the last: the
# Swift code would get AddressSanitizer but no coverage (libFuzzer then sees only the C
# code). -Xswiftc comes after them and names both.
fuzz: deps
	@# SwiftPM keeps the build plan of a path dependency (nfcrig, for Fuzz/) and misses source
	@# files added since: dropping the plan makes it look again; compiled modules stay.
	rm -f .build-fuzz/release.yaml .build-fuzz/build.db
	cd Fuzz && $(SWIFT) build -c release --sanitize=fuzzer --sanitize=address \
		-Xswiftc -sanitize=fuzzer,address --scratch-path ../.build-fuzz
	FUZZ_TIME=$(FUZZ_TIME) FUZZ_RUNS=$(FUZZ_RUNS) Fuzz/fuzz.sh

## bench: release build, then the NDEF codec benchmark against ndeflib and the APDU benchmark
# The Swift runtime is linked statically into the benchmarked binary: its thread-local
# look-ups (current task, exclusivity checks) are then plain loads instead of calls into the
# dynamic linker, about a third of an APDU round trip through the simulated stack.
bench: deps
	$(SWIFT) build -c release --static-swift-stdlib
	.build/release/nfcrig bench ndef --ndeflib-python $(VENV_PYTHON) --out Reports/bench
	.build/release/nfcrig bench apdu --out Reports/bench
	.build/release/nfcrig bench trace --rig Rigs/sim.yaml --out Reports/bench
	@$(call timed_run,Rigs/sim.yaml,run,the reference reader on simulated chips,target: 10 s)
	@$(call timed_run,Rigs/sim-usb.yaml,sim-usb,the reference reader over virtual USB,no target)
	@$(call timed_run,Rigs/nfcpy-sim.yaml,nfcpy,nfcpy as the DUT (it fails cases: exit 1),target: 60 s)
	@$(MAKE) --no-print-directory stress STRESS_BIN=.build/release/nfcrig

# timed_run RIG,FOLDER,WHAT,TARGET: every suite on RIG, reports in Reports/bench/FOLDER, the
# last lines of the run and its wall time.
define timed_run
echo "make bench: every suite on $(1), $(3) ($(4) of wall time)"; \
	start=$$(date +%s.%N); .build/release/nfcrig run --rig $(1) --out Reports/bench/$(2) \
		| tail -n 2; end=$$(date +%s.%N); \
	echo "make bench: $(1) took $$(awk "BEGIN{printf \"%.2f\", $$end - $$start}") s of wall time"
endef

## tsan: every test built and run under ThreadSanitizer (in .build-tsan, its own build
## tree): the same four runs as `make test`; any report or failure fails it, and so does a
## skip where `make test` allows none (the wall-clock and umockdev runs). NFCRIG_SANITIZER
## tells the conformance tests to run only the suites each reads and a sample of the fault
## matrix (Tests/ConformanceTests/CatalogRuns.swift), and the seeded property tests a tenth
## of their cases (Tests/NFCRigTestSupport/TestBudget.swift): the rig's concurrency is the
## same under every fault and every case, and `make test` checks them all. The tests run
## one at a time: each still runs the simulation on several threads, and ThreadSanitizer
## runs them sooner in a row than side by side
TSAN_FLAGS := --sanitize=thread --scratch-path .build-tsan
TSAN_LOG := .build-tsan/nfcrig-tsan.log
TSAN_STRICT_LOG := .build-tsan/nfcrig-tsan-no-skips.log
tsan: deps
	$(SWIFT) build --build-tests $(TSAN_FLAGS)
	set -o pipefail; NFCRIG_SANITIZER=thread $(TEST_ENV) $(SWIFT) test --skip-build \
		$(TSAN_FLAGS) --no-parallel --skip '$(WALL_CLOCK_TESTS)' 2>&1 | tee $(TSAN_LOG)
	set -o pipefail; { \
		$(TEST_ENV) $(SWIFT) test --skip-build $(TSAN_FLAGS) --no-parallel \
			--filter '$(WALL_CLOCK_TESTS)' \
		&& NFCRIG_VIRTUAL_USB=1 umockdev-wrapper $(SWIFT) test --skip-build $(TSAN_FLAGS) \
			--filter VirtualUSBTests \
		&& NFCRIG_VIRTUAL_USB=1 umockdev-wrapper $(SWIFT) test --skip-build $(TSAN_FLAGS) \
			--filter ProcessDUTReaderFaultTests; } 2>&1 | tee $(TSAN_STRICT_LOG)
	@if grep -q 'WARNING: ThreadSanitizer' $(TSAN_LOG) $(TSAN_STRICT_LOG); then \
		echo "make tsan: ThreadSanitizer reported the races above"; exit 1; fi
	@if grep -q 'skipped' $(TSAN_STRICT_LOG); then \
		echo "make tsan: wall-clock or umockdev tests were skipped"; exit 1; fi
	@echo "make tsan: no ThreadSanitizer report in:"
	@grep -hE 'Test run with [0-9]+ tests?' $(TSAN_LOG) $(TSAN_STRICT_LOG)

## stress: the multi-tag and restart-polling suites, every case 200 times on the virtual
## clock (Rigs/sim.yaml) and 20 times over virtual USB (Rigs/sim-usb.yaml); any failed
## repetition fails its case and the target. STRESS_BIN picks the build (make bench: release)
STRESS_BIN ?= .build/debug/nfcrig
STRESS_SUITES := --suite multi-tag --suite restart-polling
stress: deps
	$(if $(filter .build/debug/%,$(STRESS_BIN)),$(SWIFT) build --product nfcrig)
	@echo "make stress: $(STRESS_SUITES) x 200 on Rigs/sim.yaml"
	set -o pipefail; $(STRESS_BIN) run --rig Rigs/sim.yaml $(STRESS_SUITES) --repeat 200 \
		--out Reports/stress/sim | tail -n 2
	@echo "make stress: $(STRESS_SUITES) x 20 on Rigs/sim-usb.yaml"
	set -o pipefail; $(STRESS_BIN) run --rig Rigs/sim-usb.yaml $(STRESS_SUITES) --repeat 20 \
		--out Reports/stress/sim-usb | tail -n 2

## gate: compare a run with a baseline; BASELINE=Reports/<run-id> (or a report.json) is
## required, CANDIDATE defaults to Reports/latest; TOLERANCE and MIN_DELTA are optional
CANDIDATE ?= Reports/latest
gate:
	@if [ -z "$(BASELINE)" ]; then \
		echo "make gate: set BASELINE=Reports/<run-id> (a run folder or its report.json)"; \
		exit 2; fi
	$(SWIFT) build --product nfcrig
	$(SWIFT) run --skip-build nfcrig gate --baseline "$(BASELINE)" --candidate "$(CANDIDATE)" \
		$(if $(TOLERANCE),--tolerance "$(TOLERANCE)") $(if $(MIN_DELTA),--min-delta "$(MIN_DELTA)")

# The baseline's and the candidate's nfcpy, in that order (Rigs/gate-demo/nfcpy-*.yaml).
GATE_DEMO_NFCPY := 1.0.3 1.0.4

## gate-demo: the gate's walk-through (docs/gate.md): nfcpy 1.0.3 as the baseline and 1.0.4
## as the candidate on the simulated rig (venvs in .build-gate, reports in Reports/gate-demo),
## then the gate's table; exits with the gate's status. TOLERANCE and MIN_DELTA as for gate;
## SUITES=latency OUT=Reports/gate-demo-latency runs only the latency suite
gate-demo: system-deps build
	@# One venv per nfcpy version, made and kept up to date as make deps keeps .build-venv.
	@for version in $(GATE_DEMO_NFCPY); do \
		$(MAKE) --no-print-directory python-deps VENV=.build-gate/nfcpy-$$version \
			PYTHON_PACKAGES="nfcpy==$$version ndeflib==0.3.3" || exit 1; \
	done
	@NFCRIG=.build/debug/nfcrig $(if $(TOLERANCE),TOLERANCE="$(TOLERANCE)") \
		$(if $(MIN_DELTA),MIN_DELTA="$(MIN_DELTA)") $(if $(SUITES),SUITES="$(SUITES)") \
		$(if $(OUT),OUT="$(OUT)") bash Scripts/gate_demo.sh

## screenshots: the pictures of docs/images/ taken again in headless Chromium from the latest
## run of Rigs/sim.yaml (make run) and from the latency walk-through (make gate-demo
## SUITES=latency OUT=Reports/gate-demo-latency); installs chromium and python3-pil
screenshots:
	@$(MAKE) --no-print-directory system-deps SYSTEM_PACKAGES="chromium python3-pil"
	bash Scripts/docs_screenshots.sh

## lint: swift-format in strict lint mode
lint:
	$(SWIFT) format lint --strict -r $(FORMAT_PATHS)

## format: rewrite sources in place with swift-format
format:
	$(SWIFT) format format --in-place -r $(FORMAT_PATHS)

## clean: build products and the venv (reports stay)
clean:
	rm -rf .build $(VENV)
