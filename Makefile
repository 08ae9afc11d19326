# dynrr — the two set-up commands are `make demo` and `make test`. Both install what
# they need (Debian packages, .venv with torch 2.13.0), idempotently, then build.

SHELL := /bin/bash
PYTHON ?= python3.11
VENV := .venv
VPY := $(VENV)/bin/python
BUILD := build
JOBS ?= 2
STAMPS := $(BUILD)/.stamps
WERROR ?= $(if $(CI),ON,OFF)
APT_PACKAGES := capnproto libcapnp-dev libxxhash-dev librapidcheck-dev libgtest-dev \
                libbenchmark-dev clang-format clang-tidy pkg-config valgrind libedit-dev \
                chromium

.PHONY: all setup deps venv configure build test test-cpp test-python format format-check \
        test-asan demo bench bench-compare corpus models fuzz fuzz-reader clean

all: build

# ---------------------------------------------------------------- set-up
# Debian packages: install only the missing ones (apt-get update at most once).
deps:
	@missing=$$(for p in $(APT_PACKAGES); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null \
	  | grep -q "install ok installed" || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages: $$missing"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi

# The venv with torch 2.13.0 (the CPU wheel on disk) and the test tools.
$(VENV)/.ready: scripts/requirements.txt
	@test -x $(VPY) || $(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install -q -r scripts/requirements.txt
	@$(VPY) -c "import torch, sys; assert torch.__version__.startswith('2.13.0'), torch.__version__"
	@touch $@

# dynrr on the venv's path: the package source and the built extension.
$(VENV)/.dynrr-pth: $(VENV)/.ready
	@site=$$($(VPY) -c "import sysconfig; print(sysconfig.get_paths()['purelib'])"); \
	printf '%s\n%s\n%s\n' "$(CURDIR)/recorder/python" "$(CURDIR)/$(BUILD)/python" \
	  "import os; os.environ.get('DYNRR_TRACE') and __import__('dynrr._autostart')" > $$site/dynrr.pth
	@touch $@

venv: $(VENV)/.ready $(VENV)/.dynrr-pth

setup: deps venv

$(BUILD)/CMakeCache.txt: | deps venv
	cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DDYNRR_WERROR=$(WERROR) -DPython3_EXECUTABLE=$(CURDIR)/$(VPY)

configure: $(BUILD)/CMakeCache.txt

build: setup configure
	cmake --build $(BUILD) -j $(JOBS)

# ---------------------------------------------------------------- tests
format-check: deps
	@files=$$(git ls-files '*.cpp' '*.h' | grep -v '^corpus/'); \
	clang-format --dry-run --Werror $$files && echo "format: ok ($$(echo $$files | wc -w) files)"

format: deps
	git ls-files '*.cpp' '*.h' | xargs clang-format -i

test-cpp: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

test-python: build
	$(VPY) -m pytest -q tests/python

# Ends with pytest's summary line.
test: format-check test-cpp test-python

# Everything under ASan+UBSan, C++ tests only.
test-asan: setup
	cmake -S . -B $(BUILD)-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DDYNRR_SANITIZE=ON \
	  -DDYNRR_BUILD_RECORDER=OFF -DDYNRR_BUILD_BENCH=OFF -DDYNRR_WERROR=$(WERROR) \
	  -DPython3_EXECUTABLE=$(CURDIR)/$(VPY)
	cmake --build $(BUILD)-asan -j $(JOBS)
	cd $(BUILD)-asan && ctest --output-on-failure -j $(JOBS)

# ---------------------------------------------------------------- demo, bench
demo: build
	$(VPY) scripts/demo.py --build $(BUILD)

bench: build
	$(VPY) scripts/bench_run.py --build $(BUILD)

# The core's replay time of this build against another (BASE=<build dir>), side by side.
bench-compare: build
	$(VPY) scripts/bench_compare_builds.py --a $(BASE) --b $(BUILD) --traces corpus/traces

# Re-records every corpus trace from its program with the venv's torch.
# The models suite: transformers models recorded and replayed; the table of issue 15.
models: build
	$(VPY) scripts/models_suite.py --report $(BUILD)/models/report.md

corpus: build
	$(VPY) scripts/record_corpus.py -j $(JOBS) --fork
	$(VPY) scripts/replay_corpus.py --dynrr $(BUILD)/bin/dynrr --reasons

clean:
	rm -rf $(BUILD) $(BUILD)-asan $(BUILD)-fuzz

# A differential fuzz campaign (dynrr-fuzz: generated programs, real Dynamo as the
# oracle, the core as the subject; failures shrunk into corpus/fuzz/). `make test`
# runs a tiny one through CTest (fuzz_tiny_campaign).
fuzz: build
	$(BUILD)/bin/dynrr-fuzz --property all --features all --cases 300 --seed 1 --jobs $(JOBS) --junit $(BUILD)/fuzz-junit.xml

# The deep trace fuzzer (libFuzzer, clang, ASan+UBSan, coverage of all code): mutates
# inside chunk payloads with the trace schema, re-frames and re-checksums, and replays
# every event through the core. Seeded from corpus/traces and the regression inputs;
# FUZZ_RUNS executions in all over JOBS workers (unbounded when FUZZ_SECONDS is set);
# prints executions, coverage and crashes.
# FUZZ_FLAGS go to scripts/run_deep_fuzz.sh (--seed-kb N, --merge, --no-memo, --max-len N).
FUZZ_SECONDS ?= 0
FUZZ_RUNS ?= $(if $(filter 0,$(FUZZ_SECONDS)),200000,0)
FUZZ_FLAGS ?=
fuzz-reader: deps
	@for p in clang-14 libclang-rt-14-dev; do dpkg-query -W -f='$${Status}' $$p 2>/dev/null \
	  | grep -q "install ok installed" || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; fi
	cmake -S . -B $(BUILD)-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 \
	  -DDYNRR_SANITIZE=ON -DDYNRR_FUZZ_COVERAGE=ON -DDYNRR_BUILD_RECORDER=OFF \
	  -DDYNRR_BUILD_BENCH=OFF -DDYNRR_BUILD_TESTS=OFF
	cmake --build $(BUILD)-fuzz -j $(JOBS) --target deep_trace_fuzz trace_reader_fuzz deep_trace_driver
	scripts/run_deep_fuzz.sh --build $(BUILD)-fuzz --runs $(FUZZ_RUNS) --seconds $(FUZZ_SECONDS) --jobs $(JOBS) $(FUZZ_FLAGS)
