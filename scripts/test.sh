#!/usr/bin/env bash
# The whole suite: typecheck, lint, unit and integration tests (Vitest, real database), build, end-to-end (Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian's Chromium drives the browser tests; fetch it when missing (root on Debian), else say how.
if [ -z "${CHROMIUM_PATH:-}" ] && ! command -v chromium >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Debian's chromium for the browser tests…"
    apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "The browser tests need Chromium: run 'sudo apt-get install chromium' (or set CHROMIUM_PATH) and try again." >&2
    exit 1
  fi
fi

echo "== typecheck"; npm run --silent typecheck
echo "== lint"; npm run --silent lint
echo "== layers (docs/decisions/011-layers.md)"; npm run --silent check:layers
echo "== build"; npm run --silent build
echo "== unit and integration tests"; npx vitest run
echo "== end-to-end tests"; npx playwright test
