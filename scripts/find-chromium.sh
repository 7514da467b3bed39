#!/usr/bin/env bash
# Prints the Chromium binary the browser tests use: $CHROMIUM_PATH, /usr/bin/chromium or chromium on PATH.
# Exits 1 without output when there is none.
set -euo pipefail

if [[ -n "${CHROMIUM_PATH:-}" ]]; then
  [[ -x "$CHROMIUM_PATH" ]] || exit 1
  echo "$CHROMIUM_PATH"
elif [[ -x /usr/bin/chromium ]]; then
  echo /usr/bin/chromium
else
  command -v chromium
fi
