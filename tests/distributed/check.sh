#!/usr/bin/env bash
# The documented ways to run across machines give one process's report:
# scripts/distributed (GNU parallel, 4 local shards) and scripts/slurm-array.sh
# (under a stand-in sbatch that runs the array tasks and then the dependent
# merge here), each compared with `arena simulate` byte for byte, apart
# from the `run` block (times, threads, shards).
#
#   ARENA=path/to/arena tests/distributed/check.sh SCENARIO BATTLES
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
source "$root/scripts/lib/setup.sh"  # arena_report_without_run
scenario=$1 battles=$2
: "${ARENA:?set ARENA to the arena binary}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$ARENA" simulate "$scenario" -n "$battles" --format json --no-progress | arena_report_without_run >"$work/one.json"

"$root/scripts/distributed" "$scenario" --shards 4 --jobs 2 --parts "$work/parallel" --format json \
  -- -n "$battles" | arena_report_without_run >"$work/parallel.json"
[ "$(ls "$work/parallel" | wc -l)" -eq 4 ] || { echo "FAIL: not 4 parts" >&2; exit 1; }
if ! cmp -s "$work/one.json" "$work/parallel.json"; then
  echo "FAIL: scripts/distributed's report differs from one process's" >&2
  diff "$work/one.json" "$work/parallel.json" | head -20 >&2
  exit 1
fi

# A stand-in for Slurm's sbatch: runs an array job's tasks one after
# another with SLURM_ARRAY_TASK_ID set, and any other job at once (the
# dependency is then already met), printing a job id as --parsable does.
mkdir -p "$work/bin"
cat >"$work/bin/sbatch" <<'SBATCH'
#!/usr/bin/env bash
array=""
while [[ $1 == --* ]]; do
  case $1 in --array=*) array=${1#--array=} ;; esac
  shift
done
script=$1
shift
if [ -n "$array" ]; then
  for k in $(seq "${array%-*}" "${array#*-}"); do
    SLURM_ARRAY_TASK_ID=$k bash "$script" "$@" >/dev/null || exit 1
  done
else
  bash "$script" "$@" || exit 1
fi
echo "$RANDOM"
SBATCH
chmod +x "$work/bin/sbatch"
PATH="$work/bin:$PATH" "$root/scripts/slurm-array.sh" "$scenario" 4 "$work/slurm" --format json \
  -o "$work/slurm-report.json" -- -n "$battles" >/dev/null
[ "$(ls "$work"/slurm/part-*.json | wc -l)" -eq 4 ] || { echo "FAIL: not 4 Slurm parts" >&2; exit 1; }
arena_report_without_run <"$work/slurm-report.json" >"$work/slurm.json"
if ! cmp -s "$work/one.json" "$work/slurm.json"; then
  echo "FAIL: scripts/slurm-array.sh's report differs from one process's" >&2
  diff "$work/one.json" "$work/slurm.json" | head -20 >&2
  exit 1
fi
echo "scripts/distributed and scripts/slurm-array.sh: 4 shards, the same report as one process"
