# The two commands a newcomer types: `make run` and `make test`.
# Both install missing Debian packages, configure CMake into build/, build,
# then run. Everything else is CMake's (see CMakeLists.txt).

BUILD      ?= build
ASAN_BUILD ?= build-asan
RELEASE_BUILD ?= build-release
CLANG_BUILD ?= build-clang
FUZZ_BUILD ?= build-fuzz
TSAN_BUILD ?= build-tsan
WASM_BUILD ?= build-wasm
# `make web-static`'s folder: the client for any static file host.
WEB_STATIC ?= build-web
JOBS       ?= $(shell nproc 2>/dev/null || echo 2)
# The project's own builds treat warnings as errors (a packager's need not).
STRICT     := -DPF_WERROR=ON
# Seconds each fuzz target runs in `make test` (a long run: see docs/design.md).
FUZZ_SECONDS ?= 30
# The ThreadSanitizer sims, for each game: games with quick bots, games with
# ISMCTS searching on every thread, and the threads.
TSAN_GAMES        ?= 300
TSAN_SEARCH_GAMES ?= 4
TSAN_THREADS      ?= 4
# clang and its runtimes (libFuzzer, the sanitizers) build the fuzz targets
# and the ThreadSanitizer build; Open MPI runs `mpirun partyfood sim`
# (docs/sim.md: the build works without it); jemalloc is the allocator
# (CMakeLists.txt says why); libwebsockets on libuv's loop and SQLite make the server,
# whose tests are node programs using the ws package (and the sqlite3
# tool, to plant a failing trigger in a test database);
# PostgreSQL serves several server nodes (libpq; the tests start their own
# cluster); python3 runs the example bot of `sim --seats ext:...`; chromium
# runs the browser client's tests (with npm's playwright-core and axe-core,
# installed in tests/web by `npm ci` from its package-lock.json).
# The engine as WebAssembly (`make wasm`, docs/offline.md): clang with lld,
# wasi-libc and the wasm32 compiler runtime; dpkg-dev unpacks the Debian
# sources of cJSON and libmd that the module compiles in.
DEPS       := cmake make gcc pkg-config libcjson-dev libcmocka-dev libncurses-dev libssl-dev tmux \
              clang libclang-rt-14-dev libopenmpi-dev openmpi-bin \
              lld wasi-libc libclang-rt-14-dev-wasm32 dpkg-dev \
              libwebsockets-dev libuv1-dev libsqlite3-dev sqlite3 libjemalloc-dev libpq-dev postgresql nodejs node-ws \
              openssl python3 chromium
# The CMake the builds run (a test gives a stand-in, tests/cli/test_make.c).
CMAKE      ?= cmake
# Where `make run` serves (PORT=0: any free port).
HOST       ?= 127.0.0.1
PORT       ?= 8080

.PHONY: all deps web-deps play quiet-build build build-asan build-fuzz build-tsan build-release build-clang wasm \
        web-static run test test-plain \
        test-asan test-fuzz test-tsan test-release bench clean

all: build

deps:
	@sh scripts/deps.sh $(DEPS)

# The browser tests' npm packages, exactly as locked, when missing (npm
# itself from Debian only where node came without it).
web-deps: deps
	@command -v npm >/dev/null 2>&1 || sh scripts/deps.sh npm
	@test -d tests/web/node_modules/playwright-core -a -d tests/web/node_modules/axe-core || \
	    (cd tests/web && npm ci --no-audit --no-fund)

build: deps
	@$(CMAKE) -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo $(STRICT) -DPF_GAMES= \
	    -DPF_WASM_BUILD=$(abspath $(WASM_BUILD)) >/dev/null
	@$(CMAKE) --build $(BUILD) -j$(JOBS)

build-asan: deps
	@$(CMAKE) -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DPF_SANITIZE=ON $(STRICT) -DPF_GAMES= >/dev/null
	@$(CMAKE) --build $(ASAN_BUILD) -j$(JOBS)

# Only the programs these two need: the tests are built and run above.
build-fuzz: deps
	@CC=clang $(CMAKE) -S . -B $(FUZZ_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPF_FUZZ=ON $(STRICT) \
	    -DPF_GAMES= >/dev/null
	@$(CMAKE) --build $(FUZZ_BUILD) -j$(JOBS) --target \
	    $(patsubst fuzz/%/,fuzz_%,$(sort $(dir $(wildcard fuzz/*/fuzz_*.c))))

build-tsan: deps
	@CC=clang $(CMAKE) -S . -B $(TSAN_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPF_TSAN=ON $(STRICT) \
	    -DPF_GAMES= >/dev/null
	@$(CMAKE) --build $(TSAN_BUILD) -j$(JOBS) --target partyfood

# What a packager builds: Release (-O3), and everything with clang too,
# warnings as errors in both.
build-release: deps
	@$(CMAKE) -S . -B $(RELEASE_BUILD) -DCMAKE_BUILD_TYPE=Release $(STRICT) -DPF_GAMES= >/dev/null
	@$(CMAKE) --build $(RELEASE_BUILD) -j$(JOBS)

build-clang: deps
	@CC=clang $(CMAKE) -S . -B $(CLANG_BUILD) -DCMAKE_BUILD_TYPE=Debug $(STRICT) -DPF_GAMES= >/dev/null
	@$(CMAKE) --build $(CLANG_BUILD) -j$(JOBS)

# The engine as a WebAssembly module for the page (docs/offline.md):
# $(WASM_BUILD)/partyfood.wasm, and partyfood-bench.wasm to measure it; then
# the page as an app (scripts/web_app.py): the module, the icons and the
# service worker's list of files with the build's version, written into
# web/ (not in git), where the server serves them.
wasm: deps
	@sh scripts/wasm_sources.sh $(WASM_BUILD)/debian
	@$(CMAKE) -S wasm -B $(WASM_BUILD) -DCMAKE_TOOLCHAIN_FILE=$(CURDIR)/wasm/toolchain.cmake \
	    $(STRICT) -DPF_GAMES= >/dev/null
	@$(CMAKE) --build $(WASM_BUILD) -j$(JOBS)
	@python3 scripts/web_app.py web --module $(WASM_BUILD)/partyfood.wasm

# The client as a folder any static file host serves for games against
# bots, without `partyfood serve` (README.md says how to put it online).
web-static: wasm
	@python3 scripts/web_app.py web --static $(WEB_STATIC)

# What `make run` and `make play` build: the program alone, with one line of
# progress on a terminal instead of the build's own output, which goes to
# $(BUILD)/build.log and is shown whole when the build fails (`make build`
# and the tests keep the full output, for CI).
quiet-build: deps
	@$(CMAKE) -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo $(STRICT) -DPF_GAMES= \
	    -DPF_WASM_BUILD=$(abspath $(WASM_BUILD)) >/dev/null
	@rm -f $(BUILD)/build.failed; \
	 if [ -t 1 ]; then tty=1; else tty=; fi; \
	 { $(CMAKE) --build $(BUILD) -j$(JOBS) --target partyfood 2>&1 || touch $(BUILD)/build.failed; } | \
	     tee $(BUILD)/build.log | \
	     while IFS= read -r line; do \
	         case "$$line" in \
	         "["*"%]"*) p=$${line#[}; [ -n "$$tty" ] && printf '\rpartyfood: building %s' "$${p%%]*}";; \
	         esac; \
	     done; \
	 [ -n "$$tty" ] && printf '\r%40s\r' ''; \
	 if [ -e $(BUILD)/build.failed ]; then \
	     cat $(BUILD)/build.log; \
	     echo "partyfood: the build failed (its output is above and in $(BUILD)/build.log)"; \
	     exit 1; \
	 fi; \
	 echo "partyfood: built ($(BUILD)/partyfood; the build's output is in $(BUILD)/build.log)"

# The game server with the browser client: open the address it prints last.
# After `make wasm` (once; `make test` does it too) the page plays against
# bots on the device and offline; before, it plays them on the server.
run: quiet-build
	@$(BUILD)/partyfood serve --listen $(HOST):$(PORT) --db $(BUILD)/partyfood.db

# The terminal client: pick a game, you against bots.
play: quiet-build
	@$(BUILD)/partyfood play

# The whole suite, then again under AddressSanitizer + UBSan (fewer random
# games there: the sanitizers make each one about ten times slower), then a
# short run of every fuzz target, a multi-thread sim and the server under ThreadSanitizer,
# and the suite once more on a Release build (-O3), with a clang build beside.
test: test-plain test-asan test-fuzz test-tsan test-release

test-plain: build web-deps wasm
	ctest --test-dir $(BUILD) --output-on-failure -j$(JOBS)

# The browser tests (label web) and the module's (wasm) run once, in the plain build.
test-asan: build-asan
	PF_TEST_SCALE=0.2 ASAN_OPTIONS=detect_leaks=1 \
	    ctest --test-dir $(ASAN_BUILD) --output-on-failure -j$(JOBS) -LE 'web|wasm'

# From the seeds alone each time: a corpus grown by long runs (kept in
# $(FUZZ_BUILD)/fuzz-corpus) would take longer than the budget to load.
test-fuzz: build-fuzz
	rm -rf $(FUZZ_BUILD)/fuzz-corpus-short
	FUZZ_CORPUS=$(FUZZ_BUILD)/fuzz-corpus-short sh scripts/fuzz.sh $(FUZZ_BUILD) $(FUZZ_SECONDS)

# The server's threads too (the loop, the committer, the bots' and hints'
# worker): a race makes the server exit 66 at its clean stop, which the
# tests check; the worker's unit test is built for it.
test-tsan: build-tsan
	@$(CMAKE) --build $(TSAN_BUILD) -j$(JOBS) --target server_test_think
	TSAN_GAMES=$(TSAN_GAMES) TSAN_SEARCH_GAMES=$(TSAN_SEARCH_GAMES) TSAN_THREADS=$(TSAN_THREADS) \
	    ctest --test-dir $(TSAN_BUILD) --output-on-failure \
	    -R '^(sim_threads_tsan|server_think|server_test_think|server_commit|server_games|server_chat|server_overlap)$$'

test-release: build-release build-clang
	PF_TEST_SCALE=0.2 ctest --test-dir $(RELEASE_BUILD) --output-on-failure -j$(JOBS) -LE 'web|wasm'

bench: build
	./$(BUILD)/partyfood bench

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(RELEASE_BUILD) $(CLANG_BUILD) $(FUZZ_BUILD) $(TSAN_BUILD) $(WASM_BUILD) \
	    build-fuzzcov $(WEB_STATIC) web/wasm web/sw-files.js web/img/icon-192.png web/img/icon-512.png \
	    web/img/icon-maskable.png
