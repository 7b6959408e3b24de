#!/usr/bin/env bash
# The --html pages of simulate, sweep (one axis and a grid), compare and check: written, self-contained
# (no script, nothing fetched), and every <svg> in them well-formed XML
# (xmllint, Debian package libxml2-utils).
#
#   ARENA=build/app/arena tests/cli_html.sh
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
arena=${ARENA:?set ARENA to the arena binary}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$root"
fail() { echo "FAIL: $*" >&2; exit 1; }

"$arena" simulate scenarios/goblin-ambush.json -n 2000 --html "$dir/simulate.html" >/dev/null
"$arena" sweep scenarios/goblin-ambush.json -n 1000 \
  --vary factions.Heroes.members.Fighter.ac=14,18 --html "$dir/sweep.html" >/dev/null
# Over two axes: a bar per combination, not a line through the grid.
"$arena" sweep scenarios/goblin-ambush.json -n 500 \
  --vary factions.Heroes.members.Fighter.ac=14,18 --vary max_rounds=50,100 \
  --html "$dir/grid.html" >/dev/null
grep -q '<polyline' "$dir/grid.html" && fail "a sweep over two axes draws a line through its grid"
grep -q '>18, 100</text>' "$dir/grid.html" || fail "a sweep over two axes names each combination"
"$arena" compare scenarios/fighter-greatsword.json scenarios/fighter-sword-and-shield.json \
  -n 2000 --html "$dir/compare.html" >/dev/null
status=0
"$arena" check scenarios/goblin-ambush.json --baseline tests/baselines/goblin-ambush.baseline.json \
  --set factions.Heroes.members.Fighter.ac=20 --html "$dir/check.html" >/dev/null || status=$?
[ "$status" -eq 1 ] || fail "check of a changed encounter exits $status, not 1"

# page: expected number of <svg> elements
for entry in simulate:5 sweep:2 grid:2 compare:3 check:2; do
  page=$dir/${entry%%:*}.html
  want=${entry##*:}
  [ -s "$page" ] || fail "$page not written"
  grep -qi '<script' "$page" && fail "$page has a script"
  grep -Eqi '(src|href)=' "$page" && fail "$page refers to another file"
  rm -f "$dir"/*.svg
  awk -v dir="$dir" '/^<svg /{n++; f=1} f{print > (dir "/" n ".svg")} /^<\/svg>$/{f=0}' "$page"
  got=$(find "$dir" -name '*.svg' | wc -l)
  [ "$got" -eq "$want" ] || fail "$page has $got <svg> elements, expected $want"
  for svg in "$dir"/*.svg; do
    xmllint --noout "$svg" || fail "$page: $(basename "$svg") is not well-formed XML"
  done
  echo "ok: $page, $got well-formed <svg> elements"
done
