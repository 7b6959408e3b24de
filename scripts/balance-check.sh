#!/usr/bin/env bash
# Balance regression check for CI: every encounter of a folder against its
# saved baseline report, with `arena check`.
#
#   scripts/balance-check.sh [SCENARIO_DIR] [BASELINE_DIR] [-- CHECK_OPTIONS...]
#   scripts/balance-check.sh --update [-n N] [SCENARIO_DIR] [BASELINE_DIR]
#
# SCENARIO_DIR defaults to scenarios/ and BASELINE_DIR to tests/baselines/ of
# this checkout. Every SCENARIO_DIR/NAME.json (but schema.json) is checked
# against BASELINE_DIR/NAME.baseline.json; CHECK_OPTIONS go to every
# `arena check` (--alpha, --tolerance, --threads). Exit codes: 0 every check
# passed, 1 a check failed (a figure moved), 2 bad usage, a missing baseline,
# or input arena refused.
#
# REGENERATING THE BASELINES. A baseline holds the exact results of the engine
# that wrote it. `arena check` replays the baseline's seed and battles, so an
# unchanged engine reproduces it exactly; a change to the engine's random
# draws (the order of the dice rolls, a faster battle loop that rolls
# differently) makes every figure move by chance, which `check` may report as
# a regression. After such a change, or an intended change of balance, rewrite
# the baselines and commit them with the change:
#
#   scripts/balance-check.sh --update
#
# --update runs `arena simulate NAME.json --format json` for every scenario
# and writes the report without its "run" block of timings, so that an update
# that changes nothing leaves the files unchanged. Each baseline keeps its own
# battle count (a new one takes the file's); -n N writes every one at N.
#
# The arena binary is $ARENA, by default build/app/arena of this checkout,
# which is built first (as scripts/arena does) when it is missing.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

usage() {
  cat <<EOF
usage: $(basename "$0") [SCENARIO_DIR] [BASELINE_DIR] [-- CHECK_OPTIONS...]
       $(basename "$0") --update [-n N] [SCENARIO_DIR] [BASELINE_DIR]

Checks every SCENARIO_DIR/NAME.json against BASELINE_DIR/NAME.baseline.json
with \`arena check\` (defaults: scenarios/ and tests/baselines/); --update
rewrites the baselines with \`arena simulate --format json\` (-n N battles, by
default each baseline's own, or the file's for a new one). Exit codes: 0 all
passed, 1 a check failed, 2 bad usage or a missing baseline.
EOF
}

bad_usage() {
  echo "error: $1" >&2
  usage >&2
  exit 2
}

# shellcheck source=lib/setup.sh
source "$ROOT/scripts/lib/setup.sh"

# --- arguments ----------------------------------------------------------------

update=false
battles=""
dirs=()
check_options=()
while [ $# -gt 0 ]; do
  case "$1" in
    -h | --help) usage; exit 0 ;;
    --update) update=true ;;
    -n | --battles)
      [ $# -ge 2 ] || bad_usage "$1 needs a number of battles"
      battles=$2
      shift ;;
    --) shift; check_options=("$@"); break ;;
    -*) bad_usage "unknown option $1" ;;
    *) dirs+=("$1") ;;
  esac
  shift
done
[ ${#dirs[@]} -le 2 ] || bad_usage "expected at most two folders, got ${#dirs[@]}"
scenario_dir=${dirs[0]:-$ROOT/scenarios}
baseline_dir=${dirs[1]:-$ROOT/tests/baselines}
if [ -n "$battles" ]; then
  $update || bad_usage "-n only applies to --update (a check replays the baseline's battles)"
  [[ "$battles" =~ ^[1-9][0-9]*$ ]] || bad_usage "-n $battles: expected a positive number of battles"
fi
if $update && [ ${#check_options[@]} -gt 0 ]; then
  bad_usage "options after -- are for checks, not for --update"
fi
[ -d "$scenario_dir" ] || bad_usage "$scenario_dir: no such folder"

scenarios=()
for file in "$scenario_dir"/*.json; do
  [ -f "$file" ] || continue
  [ "$(basename "$file")" = schema.json ] && continue
  scenarios+=("$file")
done
[ ${#scenarios[@]} -gt 0 ] || bad_usage "$scenario_dir: no encounter files (*.json)"

arena_find_binary

baseline_of() { echo "$baseline_dir/$(basename "$1" .json).baseline.json"; }

# --- --update: write the baselines --------------------------------------------

# A JSON report without its "run" block (the last key, timings only): drops
# the block and the comma before it.
strip_run_block() {
  awk '
    /^  "run": \{$/ { skipping = 1; sub(/,$/, "", held); next }
    skipping { if ($0 ~ /^  \}$/) skipping = 0; next }
    { if (have) print held; held = $0; have = 1 }
    END { if (have) print held }'
}

if $update; then
  mkdir -p "$baseline_dir"
  for file in "${scenarios[@]}"; do
    baseline=$(baseline_of "$file")
    simulate=("$ARENA" simulate "$file" --format json --no-progress)
    count=$battles
    if [ -z "$count" ] && [ -f "$baseline" ]; then  # the baseline's own count
      count=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["battles"])' \
              "$baseline" 2>/dev/null) || { echo "error: $baseline: no battle count in it" >&2; exit 2; }
    fi
    [ -n "$count" ] && simulate+=(-n "$count")
    "${simulate[@]}" | strip_run_block > "$baseline.tmp" || { rm -f "$baseline.tmp"; exit 2; }
    mv "$baseline.tmp" "$baseline"
    echo "wrote $baseline"
  done
  exit 0
fi

# --- the checks ---------------------------------------------------------------

missing=()
for file in "${scenarios[@]}"; do
  [ -f "$(baseline_of "$file")" ] || missing+=("$file")
done
if [ ${#missing[@]} -gt 0 ]; then
  for file in "${missing[@]}"; do
    echo "error: $file has no baseline $(baseline_of "$file")" >&2
  done
  echo "create it with: $0 --update $scenario_dir $baseline_dir" >&2
  echo "(a new baseline at the file's battles, the others rewritten at their own; -n N: all at N)" >&2
  exit 2
fi

passed=0 failed=0 refused=0
for file in "${scenarios[@]}"; do
  name=$(basename "$file" .json)
  status=0
  output=$("$ARENA" check "$file" --baseline "$(baseline_of "$file")" --no-progress \
           "${check_options[@]}" 2>&1) || status=$?
  case $status in
    0) passed=$((passed + 1)); printf 'pass  %s: %s\n' "$name" "$output" ;;
    1) failed=$((failed + 1)); printf 'FAIL  %s\n%s\n' "$name" "$output" | sed '2,$s/^/      /' ;;
    *) refused=$((refused + 1)); printf 'ERROR %s (exit %d)\n%s\n' "$name" "$status" "$output" | sed '2,$s/^/      /' ;;
  esac
done

echo "$passed passed, $failed failed, $refused refused by arena (of ${#scenarios[@]} scenarios)"
if [ $refused -gt 0 ]; then exit 2; fi
if [ $failed -gt 0 ]; then
  echo "if the change of balance is intended, or the engine's random draws changed, regenerate the baselines:" >&2
  echo "  $0 --update $scenario_dir $baseline_dir" >&2
  exit 1
fi
exit 0
