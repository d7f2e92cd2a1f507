#!/usr/bin/env bash
# GitHub Classroom: grades one submission with a single `slider autograde`
# run (one compile), and hands each category's result to Classroom's
# grading reporter as a step output: `compilation`, `api`, `correctness`,
# `memory`, `timing`, `style` (the style section, worth nothing; base64
# JSON, the reporter's input format) and
# `runners` (their names, comma-separated). Annotations (`::error file=…,
# line=…`, at most one per failing test and ten in all) go to the log; the
# whole report, in Markdown, to the job summary ($GITHUB_STEP_SUMMARY). Used
# by action.yml; runnable on its own:
#
#   GITHUB_OUTPUT=out.txt SLIDER_MAX_SCORE=100 bash classroom/grade.sh SUBMISSION
#
# SLIDER (the binary, default `slider`), SLIDER_FLAGS (more autograde
# flags, split on spaces) and SLIDER_MAX_SCORE (default 100) configure it.
# Exit 0 when graded (the reporter decides pass or fail). When slider
# cannot grade (exit 2: a flag it does not know, no JDK), the outputs
# still record it, as a `configuration` runner with one failed test that
# carries slider's message, so that Classroom records a 0 with the reason;
# the message is an error annotation and the script exits 2.
set -uo pipefail
submission="${1:-.}"
slider="${SLIDER:-slider}"
max_score="${SLIDER_MAX_SCORE:-100}"
output="${GITHUB_OUTPUT:?GITHUB_OUTPUT names the file step outputs go to}"
read -r -a flags <<<"${SLIDER_FLAGS:-}"
results="$(mktemp -d)"
trap 'rm -rf "$results"' EXIT

"$slider" autograde "${flags[@]}" --max-score "$max_score" --format github \
  --classroom "$results" --markdown "$results/summary.md" "$submission" \
  2>"$results/stderr"
status=$?
cat "$results/stderr" >&2
if [ -n "${GITHUB_STEP_SUMMARY:-}" ] && [ -s "$results/summary.md" ]; then
  cat "$results/summary.md" >>"$GITHUB_STEP_SUMMARY"
fi

# A JSON string of standard input: quotes and backslashes escaped, control
# characters dropped, lines joined with \n.
json_string() {
  tr -d '\000-\011\013-\037\177' | sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' \
    | awk 'BEGIN { printf "\"" } NR > 1 { printf "\\n" } { printf "%s", $0 } END { printf "\"" }'
}

if [ "$status" -ge 2 ]; then
  why="$(head -c 4000 "$results/stderr")"
  [ -n "$why" ] || why="slider autograde exited with $status and said nothing"
  message="slider autograde could not grade this submission (exit $status): the action's configuration (its flags:) or the runner is at fault, not the student's code. ${why}"
  # %0A: a line break in a workflow command's message
  one_line="$(printf '%s' "$message" | tr -d '\r' | sed -e 's/%/%25/g' | awk 'NR > 1 { printf "%%0A" } { printf "%s", $0 }')"
  echo "::error title=slider autograde could not grade::${one_line}"
  points="$max_score"
  [[ "$points" =~ ^[0-9]+([.][0-9]+)?$ ]] || points=100
  runner=$(printf '{"version": 1, "status": "fail", "max_score": %s, "tests": [{"name": "slider autograde: configuration", "status": "fail", "score": 0, "message": %s, "test_code": "", "filename": "", "line_no": 0, "duration": 0}]}' \
    "$points" "$(printf '%s' "$message" | json_string)")
  printf 'configuration=%s\n' "$(printf '%s' "$runner" | base64 -w0)" >>"$output"
  printf 'runners=configuration\n' >>"$output"
  if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
    printf '## slider autograde could not grade\n\n```\n%s\n```\n' "$message" >>"$GITHUB_STEP_SUMMARY"
  fi
  exit 2
fi

runners=()
for runner in compilation api correctness memory timing style; do
  [ -f "$results/$runner.json" ] || continue
  runners+=("$runner")
  printf '%s=%s\n' "$runner" "$(base64 -w0 <"$results/$runner.json")" >>"$output"
done
(IFS=,; printf 'runners=%s\n' "${runners[*]}") >>"$output"
exit 0
