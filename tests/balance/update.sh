#!/usr/bin/env bash
# scripts/balance-check.sh --update keeps each baseline's battle count, a new
# baseline takes the file's, -n N sets them all, and the rewritten baselines
# pass the check. Usage: update.sh SCENARIO (a short battle), with $ARENA set.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/scenarios" "$work/baselines"
cp "$1" "$work/scenarios/"
name=$(basename "$1" .json)
baseline="$work/baselines/$name.baseline.json"
check=(bash "$root/scripts/balance-check.sh")
battles_of() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["battles"])' "$1"; }
expect() {  # expect WHAT ACTUAL EXPECTED
  if [ "$2" != "$3" ]; then echo "FAIL: $1: $2, expected $3" >&2; exit 1; fi
}

"${check[@]}" --update "$work/scenarios" "$work/baselines" >/dev/null
expect "a new baseline's battles" "$(battles_of "$baseline")" "$(battles_of "$1")"
"${check[@]}" --update -n 300 "$work/scenarios" "$work/baselines" >/dev/null
expect "battles after -n 300" "$(battles_of "$baseline")" 300
cp "$baseline" "$work/before.json"
"${check[@]}" --update "$work/scenarios" "$work/baselines" >/dev/null
expect "battles after a plain --update" "$(battles_of "$baseline")" 300
cmp "$work/before.json" "$baseline" || { echo "FAIL: an update that changes nothing rewrote the baseline" >&2; exit 1; }
"${check[@]}" "$work/scenarios" "$work/baselines" >/dev/null
echo '{}' > "$baseline"
status=0
"${check[@]}" --update "$work/scenarios" "$work/baselines" 2>"$work/err" >/dev/null || status=$?
expect "exit code for a baseline without battles" "$status" 2
grep -q "no battle count in it" "$work/err" || { echo "FAIL: message: $(cat "$work/err")" >&2; exit 1; }
echo "ok"
