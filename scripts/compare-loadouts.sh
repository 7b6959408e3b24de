#!/usr/bin/env bash
# Ranks loadouts (or any other values of one field) of an encounter by the
# first faction's win probability, one `arena simulate --set` run per value.
#
#   scripts/compare-loadouts.sh FILE PATH VALUE... [-- ARENA_OPTIONS...]
#
#   scripts/compare-loadouts.sh scenarios/goblin-ambush.json factions.Heroes.members.Fighter.weapons \
#       '["longsword"]' '["shortsword"]' '["club"]' -- -n 20000
#
# PATH and VALUE are as for `arena simulate --set PATH=VALUE` (see its --help).
# Options after `--` go to every `arena simulate` run (-n, --seed, --threads,
# --precision, ...). Every run uses the file's seed (or --seed), so the rows
# differ only by the value. For a paired test of the differences, see
# `arena compare`; for a grid over several fields, `arena sweep`.
#
# The arena binary is $ARENA, by default build/app/arena of this checkout,
# which is built first (as scripts/arena does) when it is missing.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

usage() {
  cat <<EOF
usage: $(basename "$0") FILE PATH VALUE... [-- ARENA_OPTIONS...]

Runs \`arena simulate FILE --set PATH=VALUE --format csv\` for each VALUE and
prints the first faction's win probability with its 95% interval and its mean
damage dealt, best first. ARENA_OPTIONS go to every run (e.g. -n 20000).

example:
  $(basename "$0") scenarios/goblin-ambush.json factions.Heroes.members.Fighter.weapons \\
      '["longsword"]' '["shortsword"]' '["club"]' -- -n 20000
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

case "${1:-}" in
  -h | --help) usage; exit 0 ;;
esac
[ $# -ge 3 ] || bad_usage "expected a file, a path and at least one value"
file=$1
field=$2
shift 2
values=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
  values+=("$1")
  shift
done
[ ${#values[@]} -ge 1 ] || bad_usage "expected at least one value after the path"
options=()
if [ $# -gt 0 ]; then
  shift  # the --
  options=("$@")
fi
for option in "${options[@]}"; do
  case "$option" in
    --format | --format=* | --shard | --shard=*)
      bad_usage "$option: the script sets the format itself and needs whole runs" ;;
  esac
done
[ -f "$file" ] || bad_usage "$file: no such file"
arena_find_binary

# --- one run per value --------------------------------------------------------

# Prints "win<TAB>low<TAB>high<TAB>dealt<TAB>faction<TAB>battles" for the first
# faction row of a report in CSV (fields are quoted when they hold a comma).
first_faction() {
  awk '
    # Splits a CSV line into f[1..n], honouring quotes; returns n.
    function split_csv(line, f,    n, i, c, field, quoted) {
      n = 0; field = ""; quoted = 0
      for (i = 1; i <= length(line); i++) {
        c = substr(line, i, 1)
        if (quoted) {
          if (c == "\"" && substr(line, i + 1, 1) == "\"") { field = field "\""; i++ }
          else if (c == "\"") quoted = 0
          else field = field c
        } else if (c == "\"") quoted = 1
        else if (c == ",") { f[++n] = field; field = "" }
        else field = field c
      }
      f[++n] = field
      return n
    }
    NR == 1 { n = split_csv($0, header); for (i = 1; i <= n; i++) col[header[i]] = i; next }
    {
      split_csv($0, f)
      if (f[col["kind"]] == "faction") {
        printf "%s\t%s\t%s\t%s\t%s\t%s\n", f[col["win_probability"]], f[col["win_ci95_low"]],
               f[col["win_ci95_high"]], f[col["damage_dealt_mean"]], f[col["name"]], f[col["battles"]]
        exit
      }
    }'
}

rows=""
for value in "${values[@]}"; do
  [ -t 2 ] && echo "running $field=$value" >&2
  csv=$("$ARENA" simulate "$file" --set "$field=$value" --format csv --no-progress \
        "${options[@]}") || exit $?
  row=$(printf '%s\n' "$csv" | first_faction)
  [ -n "$row" ] || { echo "error: no faction row in arena's output for $field=$value" >&2; exit 1; }
  rows+="$value"$'\t'"$row"$'\n'
done

# --- the table, best first ----------------------------------------------------

# Columns: value, win, low, high, dealt, faction, battles. `sort -s` keeps ties
# in the order given.
printf '%s' "$rows" | sort -s -t $'\t' -k2,2gr | awk -F '\t' -v field="$field" '
  {
    n++
    value[n] = $1; win[n] = sprintf("%.2f%%", 100 * $2)
    interval[n] = sprintf("[%.2f, %.2f]", 100 * $3, 100 * $4); dealt[n] = sprintf("%.1f", $5)
    faction = $6; battles[n] = $7
    if (length($1) > width) width = length($1)
  }
  END {
    if (width < length(field)) width = length(field)
    win_label = faction " win"; win_width = length(win_label) > 7 ? length(win_label) : 7
    dealt_label = faction " dealt"; dealt_width = length(dealt_label)
    printf "%-4s  %-*s  %*s  %16s  %*s  %8s\n", "rank", width, field, win_width, win_label, "95% interval",
           dealt_width, dealt_label, "battles"
    for (i = 1; i <= n; i++) {
      printf "%-4d  %-*s  %*s  %16s  %*s  %8s\n", i, width, value[i], win_width, win[i], interval[i],
             dealt_width, dealt[i], battles[i]
    }
  }'
