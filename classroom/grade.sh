#!/usr/bin/env bash
# GitHub Classroom: grades one submission with a single `slider autograde`
# run (one compile), and hands each category's result to Classroom's
# grading reporter as a step output: `compilation`, `api`, `correctness`,
# `memory`, `timing` (base64 JSON, the reporter's input format) and
# `runners` (their names, comma-separated). Annotations (`::error file=…,
# line=…`) go to the log. Used by action.yml; runnable on its own:
#
#   GITHUB_OUTPUT=out.txt SLIDER_MAX_SCORE=100 bash classroom/grade.sh SUBMISSION
#
# SLIDER (the binary, default `slider`), SLIDER_FLAGS (more autograde
# flags, split on spaces) and SLIDER_MAX_SCORE (default 100) configure it.
# Exit 0 when graded (the reporter decides pass or fail), 2 when slider
# could not grade.
set -uo pipefail
submission="${1:-.}"
slider="${SLIDER:-slider}"
max_score="${SLIDER_MAX_SCORE:-100}"
output="${GITHUB_OUTPUT:?GITHUB_OUTPUT names the file step outputs go to}"
read -r -a flags <<<"${SLIDER_FLAGS:-}"
results="$(mktemp -d)"
trap 'rm -rf "$results"' EXIT

"$slider" autograde "${flags[@]}" --max-score "$max_score" --format github \
  --classroom "$results" "$submission"
status=$?
if [ "$status" -ge 2 ]; then
  echo "::error title=slider autograde::could not grade $submission (exit $status)"
  exit 2
fi

runners=()
for runner in compilation api correctness memory timing; do
  [ -f "$results/$runner.json" ] || continue
  runners+=("$runner")
  printf '%s=%s\n' "$runner" "$(base64 -w0 <"$results/$runner.json")" >>"$output"
done
(IFS=,; printf 'runners=%s\n' "${runners[*]}") >>"$output"
exit 0
