#!/bin/sh
# The CI matrix by hand on one machine (run by `make test`; scripts/action-check.py runs
# ci/github-actions.yml itself, through action.yml): one process and one
# folder (a "checkout" with the job and its captures) per runner, rendered at once; the
# runners' output folders combined by copying, as the download step does; merged, verified and
# compared byte for byte with an unsharded run. Two releases:
#   - fixtures/ci-job.json: one capture file per screen, one runner per locale; a dropped
#     runner is refused;
#   - fixtures/ci-localized-job.json: `{locale}` captures (each language's own screens) and a
#     store target, with --layout fastlane; one runner per language, English in two shards,
#     each shard rendering its half of English's outputs.
set -eu
cd "$(dirname "$0")/.."
BIN="${BIN:-$PWD/.build/debug/store-screenshot-compose}"
export SOURCE_DATE_EPOCH=1767225600
work="$(mktemp -d "${TMPDIR:-/tmp}/ssc-ci-matrix.XXXXXX")"
trap 'rm -rf "$work"' EXIT

# A runner's checkout: the job and the captures it names. Its output folder is out/<name>
# (the job's "output": "../out/<name>"), at the same place in every checkout, as on CI runners.
checkout() {
    mkdir -p "$1/fixtures"
    cp "fixtures/$2" "$1/fixtures/"
    cp -R fixtures/captures fixtures/localized "$1/fixtures/"
}

# matrix JOB OUT RENDER_OPTIONS RUNNER... — each RUNNER is "name:option,option" (the options of
# its render, commas for spaces) and "=N", the outputs it must render. Every runner renders in
# its own checkout at once; the whole run too; the parts are combined, merged and compared.
matrix() {
    job="$1" out="$2" options="$3"
    shift 3
    pids=""
    for runner in "$@"; do
        name="${runner%%:*}" rest="${runner#*:}"
        arguments="$(echo "${rest%%=*}" | tr ',' ' ')" expected="${rest##*=}"
        checkout "$work/$out-$name" "$job"
        # shellcheck disable=SC2086
        ( "$BIN" render "$work/$out-$name/fixtures/$job" $options $arguments > "$work/$out-$name.txt" &&
          grep -q "^rendered $expected output(s);" "$work/$out-$name.txt" ||
          { echo "ci-matrix: runner $name of $job did not render $expected output(s): $(cat "$work/$out-$name.txt")" >&2; exit 1; } ) &
        pids="$pids $!"
    done
    checkout "$work/$out-whole" "$job"
    # shellcheck disable=SC2086
    "$BIN" render "$work/$out-whole/fixtures/$job" $options --quiet
    for pid in $pids; do wait "$pid"; done

    checkout "$work/$out-merge" "$job"
    mkdir -p "$work/$out-merge/out/$out"
    for runner in "$@"; do
        name="${runner%%:*}"
        test ! -e "$work/$out-$name/out/$out/manifest.json"
        cp -R "$work/$out-$name/out/$out/." "$work/$out-merge/out/$out/"
    done
    release="$work/$out-merge/out/$out"
}

# matched OUT — merges the combined parts, verifies the result and compares it byte for byte
# with the whole run's manifest, contact sheet and files.
matched() {
    release="$work/$1-merge/out/$1" whole="$work/$1-whole/out/$1"
    "$BIN" merge-manifests "$release"/manifest.*.json -o "$release/manifest.json" >/dev/null
    "$BIN" verify "$release/manifest.json" >/dev/null
    cmp "$release/manifest.json" "$whole/manifest.json"
    cmp "$release/index.html" "$whole/index.html"
    # Every SVG, PNG, capture copy and fastlane copy too (the part manifests and the lock file
    # are the runners').
    diff -r -x 'manifest.*.json' -x '.store-screenshot-compose.lock' "$release" "$whole"
}

matrix ci-job.json ci "" "de-DE:--locale,de-DE=2" "en-US:--locale,en-US=2" "fr-FR:--locale,fr-FR=2"
for locale in de-DE en-US fr-FR; do test -f "$release/manifest.$locale.json"; done
# A dropped runner: the merge is refused and writes nothing.
if "$BIN" merge-manifests "$release/manifest.de-DE.json" "$release/manifest.en-US.json" -o "$release/manifest.json" 2>"$work/dropped.txt"; then
    echo "ci-matrix: a merge without the fr-FR runner was accepted" >&2; exit 1
fi
grep -q "missing fr-FR/book-mobile, fr-FR/book-desktop" "$work/dropped.txt"
test ! -e "$release/manifest.json"
matched ci

matrix ci-localized-job.json ci-localized "--layout fastlane" \
    "de-DE:--locale,de-DE=2" "ja:--locale,ja=2" "en-US-1:--locale,en-US,--shard,1/2=1" "en-US-2:--locale,en-US,--shard,2/2=1"
for part in de-DE ja en-US.shard-1-of-2 en-US.shard-2-of-2; do test -f "$release/manifest.$part.json"; done
matched ci-localized
echo "ci-matrix: per-locale runs (and {locale} captures with a store target, English in two shards of one output each) merged byte for byte into the unsharded runs' manifests, contact sheets and files; verified; a dropped runner refused"
