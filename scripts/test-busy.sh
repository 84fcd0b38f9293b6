#!/usr/bin/env bash
# `npm run test:busy`: the whole suite (`npm test`) while stress-ng keeps two cores busy, as on a
# machine shared with other work: no test may depend on how fast the machine is. Installs Debian's
# stress-ng when it is missing, stops it when the run ends however it ends, and prints how long the
# run took. Arguments go on to `npm test`; BUSY_CPU_WORKERS sets the number of busy workers (2).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v stress-ng >/dev/null 2>&1; then
  echo "== stress-ng (Debian package)"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq stress-ng >/dev/null
fi

workers="${BUSY_CPU_WORKERS:-2}"
stress-ng --cpu "$workers" --timeout 0 --quiet &
stress_pid=$!
test_pid=""
stop() {
  kill "$stress_pid" 2>/dev/null || true
  wait "$stress_pid" 2>/dev/null || true
}
# The run goes on in the background, in a process group of its own, so that a signal reaches these
# traps at once (bash would wait for a command in the foreground to end first) and is passed on to
# every process of the run.
trap stop EXIT
trap '[ -n "$test_pid" ] && kill -INT -- "-$test_pid" 2>/dev/null; exit 130' INT
trap '[ -n "$test_pid" ] && kill -TERM -- "-$test_pid" 2>/dev/null; exit 143' TERM

started=$(date +%s)
status=0
setsid npm test -- "$@" &
test_pid=$!
wait "$test_pid" || status=$?
elapsed=$(($(date +%s) - started))
printf '\nnpm test beside stress-ng --cpu %s took %dm%02ds (exit code %d)\n' "$workers" $((elapsed / 60)) $((elapsed % 60)) "$status"
exit "$status"
