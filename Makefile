# The two commands a newcomer types: `make run` and `make test`.
# Both install missing Debian packages, configure CMake into build/, build,
# then run. Everything else is CMake's (see CMakeLists.txt).

BUILD      ?= build
ASAN_BUILD ?= build-asan
JOBS       ?= $(shell nproc 2>/dev/null || echo 2)
DEPS       := cmake make gcc pkg-config libcjson-dev libcmocka-dev libncurses-dev libssl-dev tmux

.PHONY: all deps build build-asan run test test-plain test-asan bench clean

all: build

deps:
	@sh scripts/deps.sh $(DEPS)

build: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPF_GAMES= >/dev/null
	@cmake --build $(BUILD) -j$(JOBS)

build-asan: deps
	@cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DPF_SANITIZE=ON -DPF_GAMES= >/dev/null
	@cmake --build $(ASAN_BUILD) -j$(JOBS)

run: build
	./$(BUILD)/partyfood play

# The whole suite, then again under AddressSanitizer + UBSan (fewer random
# games there: the sanitizers make each one about ten times slower).
test: test-plain test-asan

test-plain: build
	ctest --test-dir $(BUILD) --output-on-failure -j$(JOBS)

test-asan: build-asan
	PF_TEST_SCALE=0.2 ASAN_OPTIONS=detect_leaks=1 \
	    ctest --test-dir $(ASAN_BUILD) --output-on-failure -j$(JOBS)

bench: build
	./$(BUILD)/partyfood bench

clean:
	rm -rf $(BUILD) $(ASAN_BUILD)
