#!/usr/bin/env bash
# Grades this task's share of a batch: the task's index comes from the
# scheduler (Kubernetes' Indexed Job sets JOB_COMPLETION_INDEX, a Slurm job
# array SLURM_ARRAY_TASK_ID; both count from 0 here), SHARDS says how many
# tasks there are. Every task reads the same BATCH folder and writes into
# the same OUT folder; `slider autograde merge OUT` joins them.
#
#   BATCH=/data/subs OUT=/data/out SHARDS=8 JOB_COMPLETION_INDEX=3 shard.sh
#
# Extra arguments go to `slider autograde` (--api, --only, --edition ...).
set -euo pipefail
index="${JOB_COMPLETION_INDEX:-${SLURM_ARRAY_TASK_ID:-}}"
if [ -z "$index" ]; then
  echo "shard.sh: no task index (JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID)" >&2
  exit 2
fi
: "${BATCH:?the submissions folder}" "${OUT:?the reports folder}" "${SHARDS:?how many tasks}"
mkdir -p "$OUT"
# slider's own Java is compiled once per machine into its cache
"${SLIDER:-slider}" autograde --prepare >&2
# exit 1 means some submission lost points: the task itself succeeded
status=0
"${SLIDER:-slider}" autograde --batch "$BATCH" --shard "$((index + 1))/$SHARDS" \
  --out-dir "$OUT" --html "$OUT" "$@" >/dev/null || status=$?
[ "$status" -le 1 ] || exit "$status"
