#!/bin/sh
# The pages written from the option table (Sources/store-screenshot-compose/CommandTable.swift)
# by the tool's hidden `reference` command: the man page and the Markdown command reference.
#   scripts/reference.sh          rewrites them (make reference)
#   scripts/reference.sh --check  fails naming each committed page that differs from what the
#                                 tool writes now (make test, through ReferencePageTests)
# ROOT=DIR reads or writes the pages under DIR instead of this repository (the check's own test).
set -eu
cd "$(dirname "$0")/.."
BIN="${BIN:-$PWD/.build/debug/store-screenshot-compose}"
ROOT="${ROOT:-$PWD}"
fresh="$(mktemp "${TMPDIR:-/tmp}/ssc-reference.XXXXXX")"
trap 'rm -f "$fresh"' EXIT
status=0
for page in man:docs/reference/store-screenshot-compose.1 markdown:docs/reference/commands.md; do
    format="${page%%:*}" path="${page#*:}"
    "$BIN" reference "$format" > "$fresh"
    if [ "${1:-}" != --check ]; then
        mkdir -p "$(dirname "$ROOT/$path")"
        cat "$fresh" > "$ROOT/$path"
    elif [ ! -f "$ROOT/$path" ]; then
        echo "reference: $path is missing: expected what \`store-screenshot-compose reference $format\` writes (run make reference)" >&2
        status=1
    elif ! cmp -s "$fresh" "$ROOT/$path"; then
        echo "reference: $path differs from what \`store-screenshot-compose reference $format\` writes (run make reference):" >&2
        diff -u "$ROOT/$path" "$fresh" | sed -n '3,12p' >&2 || true
        status=1
    fi
done
exit "$status"
