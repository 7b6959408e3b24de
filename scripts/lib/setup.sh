# Shared set-up for scripts/arena, scripts/test and friends (sourced, not run).
# Installs the Debian packages arena needs when they are missing, then
# configures (once) and builds a CMake tree. Build chatter goes to stderr so
# that stdout carries only what arena prints.

ARENA_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

# Debian 12 packages: compiler and build tools, then one per dependency.
ARENA_PACKAGES=(g++ cmake ninja-build python3 python3-jsonschema libcli11-dev libfmt-dev libspdlog-dev
                nlohmann-json3-dev libgtest-dev libgmock-dev libbenchmark-dev parallel
                libxml2-utils)

arena_install_packages() {
  local missing=() pkg
  for pkg in "${ARENA_PACKAGES[@]}" "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" ||
      missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
      sudo=(sudo -n)
    else
      echo "arena: missing Debian packages: ${missing[*]}" >&2
      echo "arena: install them with: sudo apt-get install ${missing[*]}" >&2
      return 1
    fi
  fi
  echo "arena: installing ${missing[*]}" >&2
  "${sudo[@]}" apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "${missing[@]}" >&2
}

# The shipped scenarios' paths, one per line (scenarios/*.json but the schema).
arena_scenarios() {
  local file
  for file in "$ARENA_ROOT"/scenarios/*.json; do
    [ "$(basename "$file")" = schema.json ] || echo "$file"
  done
}

# arena_build DIR [cmake -D options...]: configure DIR once, then build it.
arena_build() {
  local dir=$1
  shift
  if [ ! -f "$dir/CMakeCache.txt" ]; then
    cmake -S "$ARENA_ROOT" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release "$@" >&2
  fi
  cmake --build "$dir" --parallel "$(nproc)" >&2
}

# Sanitizer trees build at -O1 with line tables only (-g1): what a report
# needs (functions and lines), in about three quarters of the time of -O2 -g.
ARENA_SANITIZER_FLAGS=(-DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG"
                       -DARENA_BUILD_BENCHMARKS=OFF)

# arena_asan_build [cmake --build options...]: configures (once) and builds
# build-asan/, the clang tree under AddressSanitizer and UndefinedBehaviorSanitizer
# with libFuzzer's coverage: scripts/sanitize runs the tests from it and
# scripts/fuzz the fuzzers, so CI builds the library once for both.
arena_asan_build() {
  arena_install_packages clang libclang-rt-dev
  local dir="$ARENA_ROOT/build-asan"
  # A tree configured before the fuzzers moved in (gcc, no fuzzers) is configured anew.
  if [ -f "$dir/CMakeCache.txt" ] && ! grep -q '^ARENA_BUILD_FUZZERS:BOOL=ON$' "$dir/CMakeCache.txt"; then
    rm -rf "$dir/CMakeCache.txt" "$dir/CMakeFiles"
  fi
  if [ ! -f "$dir/CMakeCache.txt" ]; then
    cmake -S "$ARENA_ROOT" -B "$dir" -G Ninja -DCMAKE_CXX_COMPILER=clang++ \
          "${ARENA_SANITIZER_FLAGS[@]}" -DARENA_SANITIZE=ON -DARENA_BUILD_FUZZERS=ON >&2
  fi
  cmake --build "$dir" --parallel "$(nproc)" "$@" >&2
}

# arena_report_without_run: a JSON report on stdin, printed without its `run`
# block (times, threads, shards): what must be the same byte for byte
# however the battles were played.
arena_report_without_run() {
  python3 -c 'import json, sys; r = json.load(sys.stdin); r.pop("run", None); print(json.dumps(r, indent=1))'
}

# arena_find_binary: sets ARENA to the arena binary: $ARENA if set (it must be
# executable), else this checkout's Release build, built first if missing.
arena_find_binary() {
  if [ -n "${ARENA:-}" ]; then
    [ -x "$ARENA" ] || { echo "error: ARENA=$ARENA is not an executable" >&2; exit 2; }
    return
  fi
  ARENA=$ARENA_ROOT/build/app/arena
  if [ ! -x "$ARENA" ]; then
    echo "arena: $ARENA is missing; building it" >&2
    arena_install_packages
    arena_build "$ARENA_ROOT/build"
  fi
}
