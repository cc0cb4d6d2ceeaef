#!/usr/bin/env bash
# Runs the slow whole-path checks (scripts/slow-checks/*, executable files, in name order).
set -euo pipefail
cd "$(dirname "$0")/.."
passed=0 failed=0
for check in scripts/slow-checks/*; do
  [ -f "$check" ] && [ -x "$check" ] || continue
  echo "check-slow: $check"
  if "$check"; then passed=$((passed + 1)); else echo "check-slow: FAILED $check" >&2; failed=$((failed + 1)); fi
done
echo "check-slow: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
