# The two user commands are `make run` and `make test`; each installs what is
# missing, configures and builds before it runs.
JOBS ?= $(shell nproc)
OUT  ?= out

.PHONY: all deps build run test test-release test-sanitize bench format clean

all: build

deps:
	@bash scripts/install-deps

build/release/build.ninja: CMakeLists.txt CMakePresets.json | deps
	cmake --preset release

build/sanitize/build.ninja: CMakeLists.txt CMakePresets.json | deps
	cmake --preset sanitize

build: deps build/release/build.ninja
	cmake --build --preset release -j $(JOBS)

run: build
	@mkdir -p $(OUT)
	./build/release/transit simulate --out $(OUT)/trajectory.json --svg $(OUT)/demo.svg

test: test-release test-sanitize

test-release: build
	ctest --preset release -j $(JOBS)

test-sanitize: deps build/sanitize/build.ninja
	cmake --build --preset sanitize -j $(JOBS)
	ctest --preset sanitize -j $(JOBS)

bench: build
	./build/release/transit_bench

format:
	clang-format -i $$(git ls-files '*.cpp' '*.hpp' '*.h')

clean:
	rm -rf build $(OUT)
