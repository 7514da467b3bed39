#!/usr/bin/env bash
# What `npm test` runs: lint, types, unit and integration tests, then the browser tests.
# Every stage runs even after a failure, so one report shows all of them; the exit code is 1 if any failed.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! CHROMIUM_PATH="$(bash scripts/find-chromium.sh)"; then
  echo "Chromium not found. Install it with: apt-get update && apt-get install -y chromium (or set CHROMIUM_PATH)" >&2
  exit 1
fi
export CHROMIUM_PATH

passed=0
failed=()

stage() {
  local name=$1
  shift
  printf '\n==> %s\n' "$name"
  if "$@"; then
    passed=$((passed + 1))
  else
    failed+=("$name")
  fi
}

stage "lint (eslint, prettier)" npm run lint
stage "types (tsc)" npx tsc --noEmit -p tsconfig.json
stage "unit and integration tests (vitest)" npx vitest run
stage "browser tests (playwright, $CHROMIUM_PATH)" npx playwright test

echo
if ((${#failed[@]} > 0)); then
  echo "all suites: $passed passed, ${#failed[@]} failed ($(IFS=,; echo "${failed[*]}"))"
  exit 1
fi
echo "all suites: $passed passed, 0 failed"
