#!/usr/bin/env bash
# The steps of the GitHub Action (action.yml), in one script, so the action and its local run
# (scripts/action-check.py, run by `make test`) run the same commands. action.yml passes its
# inputs as SSC_* variables (never pasted into the script's text) and reads the step outputs
# this writes to $GITHUB_OUTPUT.
#   action.sh install  the libraries and fonts (scripts/setup.sh, SSC_SETUP=false skips it), then
#                      the release build of the tool from the action's own source, unless SSC_TOOL
#                      names a tool already installed; output: bin
#   action.sh render   SSC_JOB rendered (a part with SSC_LOCALE and/or SSC_SHARD), then verified
#                      (a part with verify --partial); outputs: manifest, contact-sheet (a whole
#                      run's index.html, empty for a part), out, outputs
#   action.sh merge    the part manifests in SSC_OUT merged into SSC_OUT/manifest.json with its
#                      contact sheet, verified, and the parts removed (SSC_REMOVE_PARTS=false keeps
#                      them); outputs: manifest, contact-sheet, out
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
output="${GITHUB_OUTPUT:-/dev/null}"

fail() {
    echo "::error title=store-screenshot-compose action::$*" >&2
    exit 1
}

truth() {
    case "$2" in
        true | false) [ "$2" = true ] ;;
        *) fail "$1: expected true or false, found \"$2\"" ;;
    esac
}

install() {
    if truth setup "${SSC_SETUP:-true}"; then
        SETUP=runtime "$here/scripts/setup.sh"
    fi
    if [ -n "${SSC_TOOL:-}" ]; then
        [ -x "$SSC_TOOL" ] || fail "tool: expected an executable store-screenshot-compose, found \"$SSC_TOOL\""
        bin="$SSC_TOOL"
    else
        # Built outside the action's folder, so a checkout of this repository stays clean.
        scratch="${RUNNER_TEMP:-${TMPDIR:-/tmp}}/store-screenshot-compose-build"
        swift build -c release --package-path "$here" --scratch-path "$scratch" --product store-screenshot-compose >&2
        bin="$scratch/release/store-screenshot-compose"
    fi
    "$bin" --version >&2
    echo "bin=$bin" >> "$output"
}

# SOURCE_DATE_EPOCH: the input, else the one set, else the commit's time, the same on every
# runner of one commit, so the parts merge byte for byte.
source_date_epoch() {
    if [ -n "${SSC_SOURCE_DATE_EPOCH:-}" ]; then
        SOURCE_DATE_EPOCH="$SSC_SOURCE_DATE_EPOCH"
    elif [ -z "${SOURCE_DATE_EPOCH:-}" ]; then
        workspace="${GITHUB_WORKSPACE:-$PWD}"
        # The checkout belongs to another user than the container's root.
        git config --global --add safe.directory "$workspace"
        SOURCE_DATE_EPOCH="$(git -C "$workspace" log -1 --format=%ct)" ||
            fail "source-date-epoch: expected whole seconds since 1970, or a git checkout to take the commit's time from, found neither"
    fi
    export SOURCE_DATE_EPOCH
}

render() {
    [ -n "${SSC_JOB:-}" ] || fail "job: render needs the job file"
    local arguments=(render "$SSC_JOB" --verbose)
    [ -z "${SSC_OUT:-}" ] || arguments+=(--out "$SSC_OUT")
    local locale
    local locales="${SSC_LOCALE:-}"
    for locale in ${locales//,/ }; do arguments+=(--locale "$locale"); done
    [ -z "${SSC_SHARD:-}" ] || arguments+=(--shard "$SSC_SHARD")
    [ -z "${SSC_LAYOUT:-}" ] || arguments+=(--layout "$SSC_LAYOUT")
    [ -z "${SSC_FALLBACK_LOCALE:-}" ] || arguments+=(--fallback-locale "$SSC_FALLBACK_LOCALE")
    [ -z "${SSC_PNG_COMPRESSION:-}" ] || arguments+=(--png-compression "$SSC_PNG_COMPRESSION")
    if truth allow-untranslated "${SSC_ALLOW_UNTRANSLATED:-false}"; then arguments+=(--allow-untranslated); fi
    if truth keep-going "${SSC_KEEP_GOING:-false}"; then arguments+=(--keep-going); fi
    source_date_epoch
    local log
    log="$(mktemp)"
    "$SSC_BIN" "${arguments[@]}" | tee "$log"
    # "rendered N output(s); manifest PATH": the one line render prints on stdout.
    local manifest count
    manifest="$(sed -n 's/^rendered [0-9]* output(s); manifest //p' "$log")"
    count="$(sed -n 's/^rendered \([0-9]*\) output(s); manifest .*/\1/p' "$log")"
    rm -f "$log"
    [ -f "$manifest" ] || fail "render: expected the manifest render names, found \"$manifest\""
    local out sheet=""
    out="$(dirname "$manifest")"
    if [ "$(basename "$manifest")" = manifest.json ]; then
        "$SSC_BIN" verify "$manifest"
        sheet="$out/index.html"
    else
        "$SSC_BIN" verify --partial "$manifest"
    fi
    { echo "manifest=$manifest"; echo "contact-sheet=$sheet"; echo "out=$out"; echo "outputs=$count"; } >> "$output"
}

merge() {
    [ -n "${SSC_OUT:-}" ] || fail "out: merge needs the folder the parts were downloaded into"
    [ -d "$SSC_OUT" ] || fail "out: expected the folder the parts were downloaded into, found no folder \"$SSC_OUT\""
    # Absolute, as render's outputs are (render names its manifest by its full path).
    local out
    out="$(cd "$SSC_OUT" && pwd)"
    local parts=()
    local part
    for part in "$out"/manifest.*.json; do [ -f "$part" ] && parts+=("$part"); done
    [ ${#parts[@]} -gt 0 ] || fail "out: expected part manifests (manifest.<part>.json) in $SSC_OUT, found none"
    "$SSC_BIN" merge-manifests "${parts[@]}" -o "$out/manifest.json"
    "$SSC_BIN" verify "$out/manifest.json"
    # The release ships one manifest; the parts are in it.
    if truth remove-parts "${SSC_REMOVE_PARTS:-true}"; then rm -f "${parts[@]}"; fi
    { echo "manifest=$out/manifest.json"; echo "contact-sheet=$out/index.html"; echo "out=$out"; } >> "$output"
}

case "${1:-}" in
    install) install ;;
    render) render ;;
    merge) merge ;;
    *) fail "command: expected render or merge, found \"${1:-}\"" ;;
esac
