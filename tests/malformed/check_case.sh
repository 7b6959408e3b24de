#!/usr/bin/env bash
# Runs one malformed-input case through `arena validate` and checks the
# contract: exit code 2, nothing on stdout, stderr exactly NAME.expected.
#
# usage: check_case.sh ARENA_BINARY CASES_DIR NAME
#
# The binary runs from CASES_DIR with a relative path, so that messages read
# "NAME.json:LINE:COL: ..." and carry no absolute path. It is given NAME.json,
# or, when NAME.args exists, the path written in that file instead (for cases
# that are not a plain file: a missing file, a directory).
set -euo pipefail

if [[ $# -ne 3 ]]; then
  echo "usage: $0 ARENA_BINARY CASES_DIR NAME" >&2
  exit 64
fi
arena=$1
cases_dir=$2
name=$3

cd "$cases_dir"
expected="$name.expected"
if [[ ! -f $expected ]]; then
  echo "FAIL $name: $cases_dir/$expected is missing (every case needs its exact expected stderr)" >&2
  exit 1
fi
if [[ -f "$name.args" ]]; then
  IFS= read -r input <"$name.args" || true
else
  input="$name.json"
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

status=0
"$arena" validate "$input" >"$work/stdout" 2>"$work/stderr" || status=$?

failed=0
if [[ $status -ne 2 ]]; then
  echo "FAIL $name: exit code $status, expected 2" >&2
  failed=1
fi
if [[ -s "$work/stdout" ]]; then
  echo "FAIL $name: stdout is not empty:" >&2
  head -c 2000 "$work/stdout" >&2
  failed=1
fi
if ! diff -u --label "$expected (expected)" --label "stderr (actual)" "$expected" "$work/stderr" >&2; then
  echo "FAIL $name: stderr differs from $expected" >&2
  failed=1
fi
if [[ $failed -eq 0 ]]; then
  echo "ok $name"
fi
exit "$failed"
