#!/usr/bin/env bash
# Plays one encounter on a Slurm cluster: an array job of K tasks, one shard
# each (`arena simulate --shard k/K --format tally`), then a merge job that
# starts when every shard has succeeded and writes the report of the whole
# run (byte for byte one process's report, except for its `run` block).
#
#   scripts/slurm-array.sh FILE SHARDS PARTS_DIR [--format F] [-o REPORT] [-- SIMULATE_OPTIONS...]
#
# Run it on the login node: it submits both jobs with sbatch and prints
# their ids. PARTS_DIR (on a filesystem the nodes share) receives
# part-k.json from each task and the Slurm logs; the report goes to REPORT
# (default PARTS_DIR/report.txt) in format F (default table). Each task runs
# one thread (pass --threads N after `--`, and sbatch options such as
# --cpus-per-task in $SBATCH_OPTIONS, to give each more). arena is $ARENA,
# or `arena` on the PATH of the nodes. A failed task leaves no part file
# (-o writes atomically), so the merge job never runs on a partial set; rerun
# the failed indices with `sbatch --array=LIST` and this script's task role.
#
# The same script is the job body: Slurm runs it with SLURM_ARRAY_TASK_ID
# set (a shard), or with ARENA_SLURM_ROLE=merge (the merge).
set -euo pipefail

usage() {
  echo "usage: scripts/slurm-array.sh FILE SHARDS PARTS_DIR [--format F] [-o REPORT] [-- SIMULATE_OPTIONS...]" >&2
  exit 2
}

arena=${ARENA:-arena}
script=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/$(basename "${BASH_SOURCE[0]}")

[ $# -ge 3 ] || usage
file=$1 shards=$2 parts=$3
shift 3
format=table report=""
while [ $# -gt 0 ]; do
  case $1 in
    --format) format=${2:?}; shift 2 ;;
    -o) report=${2:?}; shift 2 ;;
    --) shift; break ;;
    *) echo "error: unknown option $1" >&2; usage ;;
  esac
done
report=${report:-$parts/report.txt}

if [ "${ARENA_SLURM_ROLE:-}" = merge ]; then
  parts_list=()
  for k in $(seq 0 $(( shards - 1 ))); do parts_list+=("$parts/part-$k.json"); done
  exec "$arena" merge "${parts_list[@]}" --format "$format" -o "$report"
fi

if [ -n "${SLURM_ARRAY_TASK_ID:-}" ]; then
  threads=(--threads 1)
  for option in "$@"; do
    case $option in -t | --threads | --threads=*) threads=() ;; esac
  done
  exec "$arena" simulate "$file" --shard "$SLURM_ARRAY_TASK_ID/$shards" --format tally \
    -o "$parts/part-$SLURM_ARRAY_TASK_ID.json" --no-progress "${threads[@]}" "$@"
fi

# On the login node: submit the array, then the merge that depends on it.
[[ $shards =~ ^[1-9][0-9]*$ ]] || { echo "error: SHARDS must be a positive count, not '$shards'" >&2; exit 2; }
[ -f "$file" ] || { echo "error: no such file: $file" >&2; exit 2; }
mkdir -p "$parts"
file=$(cd "$(dirname "$file")" && pwd)/$(basename "$file")
parts=$(cd "$parts" && pwd)
read -r -a extra <<<"${SBATCH_OPTIONS:-}"
array=$(sbatch --parsable "${extra[@]}" --job-name=arena-shards --array="0-$(( shards - 1 ))" \
  --output="$parts/shard-%a.log" "$script" "$file" "$shards" "$parts" -- "$@")
array=${array%%;*}
merge=$(ARENA_SLURM_ROLE=merge sbatch --parsable --export=ALL --job-name=arena-merge \
  --dependency="afterok:$array" --output="$parts/merge.log" \
  "$script" "$file" "$shards" "$parts" --format "$format" -o "$report")
echo "submitted shards as job $array and the merge as job ${merge%%;*}; the report goes to $report"
