#!/usr/bin/env bash
# The steps of the GitHub Action (action.yml), in one script, so the action and its local run
# (scripts/action-check.py, run by `make test`) run the same commands. action.yml passes its
# inputs as SSC_* variables (never pasted into the script's text) and reads the step outputs
# this writes to $GITHUB_OUTPUT. Inputs are data: checked against what they may be, split on
# spaces and commas only (never globbed), written to $GITHUB_OUTPUT under a random delimiter, and
# escaped in ::error commands as GitHub's workflow commands require.
#   action.sh plan     checks every input, then says how the tool is installed; outputs: build
#                      (true when built from source), scratch (the build folder actions/cache
#                      keeps), key (the cache key: the image's Debian and Swift, the sources)
#   action.sh install  SSC_TOOL (an installed tool); else SSC_VERSION's Debian package from the
#                      release (SSC_RELEASE_URL, its SHA-256 checked against the release's
#                      SHA256SUMS); else the libraries and fonts (scripts/setup.sh, SSC_SETUP=false
#                      skips it) and the release build from the action's own source; output: bin
#   action.sh render   SSC_JOB rendered (a part with SSC_LOCALE and/or SSC_SHARD), then verified
#                      (a part with verify --partial); outputs: manifest, contact-sheet (a whole
#                      run's index.html, empty for a part), out, outputs
#   action.sh merge    the part manifests in SSC_OUT merged into SSC_OUT/manifest.json with its
#                      contact sheet, verified, and the parts it merged removed
#                      (SSC_REMOVE_PARTS=false keeps them); outputs: manifest, contact-sheet, out
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
output="${GITHUB_OUTPUT:-/dev/null}"
tool_name=store-screenshot-compose

# GitHub's workflow commands: in the message, % CR LF are escaped; in a property also : and ,.
escape_data() {
    local s="$1"
    s="${s//%/%25}"; s="${s//$'\r'/%0D}"; s="${s//$'\n'/%0A}"
    printf '%s' "$s"
}
escape_property() {
    local s
    s="$(escape_data "$1")"
    s="${s//:/%3A}"; s="${s//,/%2C}"
    printf '%s' "$s"
}

# The title names the input the message opens with (`locale: expected …`), escaped as a property.
fail() {
    local message="$*"
    echo "::error title=$(escape_property "$tool_name action: ${message%%: *}")::$(escape_data "$message")" >&2
    exit 1
}

# One step output, under a delimiter the value cannot hold; a value with a line break is refused
# (no output of this action has one).
put() {
    local name="$1" value="$2" delimiter
    case "$value" in
        *$'\n'* | *$'\r'*) fail "$name: expected a value without a line break, found \"$value\"" ;;
    esac
    delimiter="ssc_$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')"
    printf '%s<<%s\n%s\n%s\n' "$name" "$delimiter" "$value" "$delimiter" >> "$output"
}

truth() {
    case "$2" in
        true | false) [ "$2" = true ] ;;
        *) fail "$1: expected true or false, found \"$2\"" ;;
    esac
}

one_of() {
    local input="$1" value="$2"
    shift 2
    local allowed
    for allowed in "$@"; do [ "$value" = "$allowed" ] && return 0; done
    fail "$input: expected $(printf '%s or ' "$@" | sed 's/ or $//'), found \"$value\""
}

single_line() {
    case "$2" in
        *$'\n'* | *$'\r'*) fail "$1: expected one line, found \"$2\"" ;;
    esac
}

locale_tag='^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$'

# The locale input's tags, split on spaces, tabs, line breaks and commas, never globbed.
locales=()
split_locales() {
    local IFS=$' \t\n\r,' tag
    set -f
    # shellcheck disable=SC2206 # split on IFS on purpose; globbing is off
    locales=(${SSC_LOCALE:-})
    set +f
    for tag in "${locales[@]}"; do
        [[ "$tag" =~ $locale_tag ]] || fail "locale: expected BCP 47 tags (en-US, de-DE) separated by spaces or commas, found \"$tag\" in \"${SSC_LOCALE:-}\""
    done
}

check_render_inputs() {
    [ -n "${SSC_JOB:-}" ] || fail "job: render needs the job file"
    single_line job "$SSC_JOB"
    single_line out "${SSC_OUT:-}"
    split_locales
    if [ -n "${SSC_SHARD:-}" ]; then
        [[ "$SSC_SHARD" =~ ^([1-9][0-9]{0,5})/([1-9][0-9]{0,5})$ ]] && [ "${BASH_REMATCH[1]}" -le "${BASH_REMATCH[2]}" ] ||
            fail "shard: expected I/N with 1 ≤ I ≤ N (2/4), found \"$SSC_SHARD\""
    fi
    one_of layout "${SSC_LAYOUT:-default}" default fastlane
    one_of png-compression "${SSC_PNG_COMPRESSION:-default}" fast default small
    if [ -n "${SSC_FALLBACK_LOCALE:-}" ]; then
        [[ "$SSC_FALLBACK_LOCALE" =~ $locale_tag ]] || fail "fallback-locale: expected a BCP 47 tag (en-US), found \"$SSC_FALLBACK_LOCALE\""
    fi
    truth allow-untranslated "${SSC_ALLOW_UNTRANSLATED:-false}" || true
    truth keep-going "${SSC_KEEP_GOING:-false}" || true
    if [ -n "${SSC_SOURCE_DATE_EPOCH:-}" ]; then
        [[ "$SSC_SOURCE_DATE_EPOCH" =~ ^[0-9]{1,12}$ ]] || fail "source-date-epoch: expected whole seconds since 1970, found \"$SSC_SOURCE_DATE_EPOCH\""
    fi
}

check_install_inputs() {
    truth setup "${SSC_SETUP:-true}" || true
    single_line tool "${SSC_TOOL:-}"
    if [ -n "${SSC_VERSION:-}" ]; then
        [[ "$SSC_VERSION" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || fail "version: expected a release's version x.y.z (0.1.0), found \"$SSC_VERSION\""
    fi
    if [ -n "${SSC_RELEASE_URL:-}" ]; then
        [[ "$SSC_RELEASE_URL" =~ ^https?://[^[:space:]]+$ ]] || fail "release-url: expected an http(s) URL of the release's files, found \"$SSC_RELEASE_URL\""
    fi
}

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

scratch_folder() {
    printf '%s' "${RUNNER_TEMP:-${TMPDIR:-/tmp}}/$tool_name-build"
}

plan() {
    check_install_inputs
    case "${SSC_COMMAND:-render}" in
        render) check_render_inputs ;;
        merge) single_line out "${SSC_OUT:-}" ;;
        *) fail "command: expected render or merge, found \"${SSC_COMMAND:-}\"" ;;
    esac
    if [ -n "${SSC_TOOL:-}" ] || [ -n "${SSC_VERSION:-}" ]; then
        put build false
        put scratch ""
        put key ""
        return
    fi
    command -v swift >/dev/null || fail "version: no Swift toolchain here to build from source: give version (a release's Debian package) or run the job in container: swift:6.3.1-bookworm"
    put build true
    put scratch "$(scratch_folder)"
    put key "$(cache_key)"
}

# The cache key: the image (its Debian release and Swift) and the sources the build reads.
cache_key() {
    local image sources
    image="$( { cat /etc/debian_version 2>/dev/null; swift --version 2>/dev/null; } | sha256sum | cut -c1-16)"
    sources="$(cd "$here" && find Package.swift Sources -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum | cut -c1-16)"
    printf '%s' "$tool_name-build-$image-$sources"
}

# The release's files: the Debian package, its SHA-256 from the release's SHA256SUMS.
install_package() {
    local version="$SSC_VERSION" url="${SSC_RELEASE_URL:-}" repository
    # shellcheck disable=SC1091
    . /etc/os-release
    [ "${ID:-}" = debian ] && [ "${VERSION_ID:-}" = 12 ] ||
        fail "version: the package is built for Debian 12; this runner is ${PRETTY_NAME:-unknown}: run the job in container: debian:12-slim (or swift:6.3.1-bookworm)"
    if [ -z "$url" ]; then
        # A remote action is checked out under …/_actions/<owner>/<repository>/<ref>.
        repository="${GITHUB_ACTION_REPOSITORY:-}"
        if [ -z "$repository" ] && [[ "${GITHUB_ACTION_PATH:-}" =~ /_actions/([^/]+)/([^/]+)/[^/]+$ ]]; then
            repository="${BASH_REMATCH[1]}/${BASH_REMATCH[2]}"
        fi
        [ -n "$repository" ] || fail "release-url: expected the URL of release v$version's files, found none and no action repository to take it from"
        url="https://github.com/$repository/releases/download/v$version"
    fi
    url="${url%/}"
    local deb="${tool_name}_${version}_amd64.deb" folder
    folder="${RUNNER_TEMP:-${TMPDIR:-/tmp}}/$tool_name-$version"
    mkdir -p "$folder"
    export DEBIAN_FRONTEND=noninteractive
    if ! command -v curl >/dev/null; then
        as_root apt-get update -qq
        as_root apt-get install -y -qq --no-install-recommends curl ca-certificates >&2
    fi
    curl -fsSL --retry 3 -o "$folder/SHA256SUMS" "$url/SHA256SUMS" || fail "version: could not download $url/SHA256SUMS"
    curl -fsSL --retry 3 -o "$folder/$deb" "$url/$deb" || fail "version: could not download $url/$deb"
    local expected actual
    expected="$(awk -v name="$deb" '$2 == name || $2 == "*" name { print $1 }' "$folder/SHA256SUMS")"
    [[ "$expected" =~ ^[0-9a-f]{64}$ ]] || fail "version: expected a SHA-256 of $deb in $url/SHA256SUMS, found \"$expected\""
    actual="$(sha256sum "$folder/$deb" | cut -d' ' -f1)"
    [ "$actual" = "$expected" ] || fail "version: $deb from $url has SHA-256 $actual, expected $expected (the release's SHA256SUMS); not installed"
    as_root apt-get update -qq
    as_root apt-get install -y -qq --no-install-recommends "$folder/$deb" >&2
    bin="$(command -v "$tool_name")"
}

install() {
    check_install_inputs
    if [ -n "${SSC_TOOL:-}" ]; then
        bin="$(command -v "$SSC_TOOL" || true)"
        [ -n "$bin" ] && [ -x "$bin" ] || fail "tool: expected an executable store-screenshot-compose, found \"$SSC_TOOL\""
        if truth setup "${SSC_SETUP:-true}"; then SETUP=runtime "$here/scripts/setup.sh"; fi
    elif [ -n "${SSC_VERSION:-}" ]; then
        install_package
    else
        if truth setup "${SSC_SETUP:-true}"; then SETUP=runtime "$here/scripts/setup.sh"; fi
        # Built outside the action's folder, so a checkout of this repository stays clean; the
        # folder is what actions/cache keeps, so a second run of the same sources does not rebuild.
        # A restored folder holding the build of this key is used as it is: SwiftPM would rebuild
        # it all, since the action's files are unpacked anew on every run (new inodes).
        local scratch key
        scratch="$(scratch_folder)"
        key="$(cache_key)"
        bin="$scratch/release/$tool_name"
        if [ -x "$bin" ] && [ -x "$scratch/release/ssc-raster-worker" ] && [ "$(cat "$scratch/$tool_name.key" 2>/dev/null)" = "$key" ]; then
            echo "$tool_name: the build of $key, restored from the cache" >&2
        else
            swift build -c release --package-path "$here" --scratch-path "$scratch" --product "$tool_name" >&2
            # The drawing worker the tool starts from beside itself.
            swift build -c release --package-path "$here" --scratch-path "$scratch" --product ssc-raster-worker >&2
            printf '%s\n' "$key" > "$scratch/$tool_name.key"
        fi
    fi
    "$bin" --version >&2
    put bin "$bin"
}

# SOURCE_DATE_EPOCH: the input, else the one set, else the commit's time, the same on every
# runner of one commit, so the parts merge byte for byte.
source_date_epoch() {
    if [ -n "${SSC_SOURCE_DATE_EPOCH:-}" ]; then
        SOURCE_DATE_EPOCH="$SSC_SOURCE_DATE_EPOCH"
    elif [ -z "${SOURCE_DATE_EPOCH:-}" ]; then
        local workspace="${GITHUB_WORKSPACE:-$PWD}"
        command -v git >/dev/null ||
            fail "source-date-epoch: expected whole seconds since 1970, or git and a checkout to take the commit's time from, found neither"
        # The checkout belongs to another user than the container's root.
        git config --global --add safe.directory "$workspace"
        SOURCE_DATE_EPOCH="$(git -C "$workspace" log -1 --format=%ct)" ||
            fail "source-date-epoch: expected whole seconds since 1970, or a git checkout to take the commit's time from, found neither"
    fi
    export SOURCE_DATE_EPOCH
}

render() {
    check_render_inputs
    local arguments=(render "$SSC_JOB" --verbose)
    [ -z "${SSC_OUT:-}" ] || arguments+=(--out "$SSC_OUT")
    local locale
    for locale in "${locales[@]}"; do arguments+=(--locale "$locale"); done
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
    put manifest "$manifest"
    put contact-sheet "$sheet"
    put out "$out"
    put outputs "$count"
}

# A part manifest is named as render names one (manifest.<tags>[.shard-I-of-N].json or
# manifest.shard-I-of-N.json) and records its selection; any other manifest.*.json is the user's.
part_name='^manifest\.([A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*(\+[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*)*(\.shard-[1-9][0-9]*-of-[1-9][0-9]*)?|shard-[1-9][0-9]*-of-[1-9][0-9]*)\.json$'

merge() {
    [ -n "${SSC_OUT:-}" ] || fail "out: merge needs the folder the parts were downloaded into"
    single_line out "$SSC_OUT"
    [ -d "$SSC_OUT" ] || fail "out: expected the folder the parts were downloaded into, found no folder \"$SSC_OUT\""
    # Absolute, as render's outputs are (render names its manifest by its full path).
    local out
    out="$(cd "$SSC_OUT" && pwd)"
    local parts=() part name
    for part in "$out"/manifest.*.json; do
        name="$(basename "$part")"
        [ -f "$part" ] && [[ "$name" =~ $part_name ]] && grep -q '"selection"' "$part" && parts+=("$part")
    done
    [ ${#parts[@]} -gt 0 ] || fail "out: expected part manifests (manifest.<part>.json) in $SSC_OUT, found none"
    "$SSC_BIN" merge-manifests "${parts[@]}" -o "$out/manifest.json"
    "$SSC_BIN" verify "$out/manifest.json"
    # The release ships one manifest; the parts merged are in it. Other files stay.
    if truth remove-parts "${SSC_REMOVE_PARTS:-true}"; then rm -f -- "${parts[@]}"; fi
    put manifest "$out/manifest.json"
    put contact-sheet "$out/index.html"
    put out "$out"
}

case "${1:-}" in
    plan) plan ;;
    install) install ;;
    render) render ;;
    merge) merge ;;
    *) fail "command: expected render or merge, found \"${1:-}\"" ;;
esac
