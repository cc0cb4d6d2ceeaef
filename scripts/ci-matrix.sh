#!/bin/sh
# Reproduces ci/github-actions.yml on one machine (run by `make test`): one process and one
# folder (a "checkout" with the job and its captures) per locale, rendered at once; the
# runners' output folders combined by copying, as the download step does; merged, verified and
# compared byte for byte with an unsharded run. Also checks that a dropped runner is refused.
set -eu
cd "$(dirname "$0")/.."
BIN="${BIN:-$PWD/.build/debug/store-screenshot-compose}"
LOCALES="de-DE en-US fr-FR"
export SOURCE_DATE_EPOCH=1767225600
work="$(mktemp -d "${TMPDIR:-/tmp}/ssc-ci-matrix.XXXXXX")"
trap 'rm -rf "$work"' EXIT

# A runner's checkout: the job and the captures it names. Its output folder is out/ci
# (the job's "output": "../out/ci"), at the same place in every checkout, as on CI runners.
checkout() {
    mkdir -p "$1/fixtures"
    cp fixtures/ci-job.json "$1/fixtures/"
    cp -R fixtures/captures "$1/fixtures/"
}

pids=""
for locale in $LOCALES; do
    checkout "$work/runner-$locale"
    "$BIN" render "$work/runner-$locale/fixtures/ci-job.json" --locale "$locale" --quiet &
    pids="$pids $!"
done
checkout "$work/whole"
"$BIN" render "$work/whole/fixtures/ci-job.json" --quiet
for pid in $pids; do wait "$pid"; done

checkout "$work/merge"
mkdir -p "$work/merge/out/ci"
for locale in $LOCALES; do
    test -f "$work/runner-$locale/out/ci/manifest.$locale.json"
    test ! -e "$work/runner-$locale/out/ci/manifest.json"
    cp -R "$work/runner-$locale/out/ci/." "$work/merge/out/ci/"
done
release="$work/merge/out/ci"

# A dropped runner: the merge is refused and writes nothing.
if "$BIN" merge-manifests "$release/manifest.de-DE.json" "$release/manifest.en-US.json" -o "$release/manifest.json" 2>"$work/dropped.txt"; then
    echo "ci-matrix: a merge without the fr-FR runner was accepted" >&2; exit 1
fi
grep -q "missing fr-FR/book-mobile, fr-FR/book-desktop" "$work/dropped.txt"
test ! -e "$release/manifest.json"

"$BIN" merge-manifests "$release"/manifest.*.json -o "$release/manifest.json" >/dev/null
"$BIN" verify "$release/manifest.json" >/dev/null
cmp "$release/manifest.json" "$work/whole/out/ci/manifest.json"
cmp "$release/index.html" "$work/whole/out/ci/index.html"
# Every SVG, PNG and capture copy too (the part manifests and the lock file are the runners').
diff -r -x 'manifest.*.json' -x '.store-screenshot-compose.lock' "$release" "$work/whole/out/ci"
echo "ci-matrix: $(echo $LOCALES | wc -w) per-locale runs merged byte for byte into the unsharded run's manifest, contact sheet and files; verified; a dropped runner refused"
