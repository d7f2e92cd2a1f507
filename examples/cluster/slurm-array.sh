#!/usr/bin/env bash
# slider autograde over a class, as a Slurm job array: 8 tasks, each
# grading its share of $BATCH into $OUT (a shared file system), then one
# job that merges them once every task is done:
#
#   cd examples/cluster && jid=$(sbatch --parsable slurm-array.sh)
#   sbatch --dependency=afterok:$jid --wrap \
#     "slider autograde merge $OUT --csv $OUT/scores.csv --html $OUT/pages"
#
#SBATCH --job-name=slider-autograde
#SBATCH --array=0-7
#SBATCH --cpus-per-task=2
#SBATCH --mem=2G
#SBATCH --time=02:00:00
set -euo pipefail
export BATCH="${BATCH:-$HOME/class/subs}" OUT="${OUT:-$HOME/class/out}"
export SHARDS="${SLURM_ARRAY_TASK_COUNT:-8}"
# Slurm runs a copy of this script: shard.sh is found where it was submitted
exec "${SLURM_SUBMIT_DIR:-$(dirname "$0")}/shard.sh" "$@"
