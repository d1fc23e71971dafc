#!/usr/bin/env bash
# Runs the e2e suite (project 'screens') at several hours of one day in Moscow, the demo airport's zone, to find the
# tests that depend on the hour: the server under faketime, the browser on Playwright's clock (tests/e2e/clock.ts).
# Not part of `npm test`. Holds /tmp/gow-e2e.lock around the build and every run (one Playwright run at a time).
#
#   scripts/e2e-hours.sh                      # 00:30 06:00 12:30 18:00 22:45 of today in Moscow
#   E2E_HOURS_DAY=2026-11-30 scripts/e2e-hours.sh 23:50 00:10 -- flight-table.spec.ts
#
# Arguments before '--' are Moscow times (HH:MM); after it, what to pass to `playwright test`. Each run's log is in
# $E2E_HOURS_LOGS (default /tmp/e2e-hours), named by the time.
set -u
cd "$(dirname "$0")/.."

hours=()
while [ $# -gt 0 ] && [ "$1" != '--' ]; do
  hours+=("$1")
  shift
done
[ $# -gt 0 ] && shift
[ ${#hours[@]} -eq 0 ] && hours=(00:30 06:00 12:30 18:00 22:45)
day="${E2E_HOURS_DAY:-$(TZ=Europe/Moscow date +%F)}"
logs="${E2E_HOURS_LOGS:-/tmp/e2e-hours}"
mkdir -p "$logs"

flock /tmp/gow-e2e.lock npx vite build >"$logs/build.log" 2>&1 || {
  echo "build failed: $logs/build.log"
  exit 1
}

failed=0
for hour in "${hours[@]}"; do
  instant="${day}T${hour}:00+03:00"
  log="$logs/${day}_${hour/:/}.log"
  E2E_FAKE_TIME="$instant" E2E_PORT="${E2E_PORT:-18190}" \
    flock /tmp/gow-e2e.lock npx playwright test --project=screens "$@" >"$log" 2>&1
  status=$?
  summary=$(grep -E '^\s+[0-9]+ (passed|failed|flaky|skipped|did not run)' "$log" | tr -s ' ' | tr '\n' ',')
  echo "$instant: exit $status ${summary%,}"
  grep -E '^\s+[0-9]+\) ' "$log" | sed 's/^/    /'
  [ $status -eq 0 ] || failed=1
done
exit $failed
