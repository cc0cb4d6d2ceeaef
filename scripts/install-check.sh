#!/bin/sh
# make test's check of make install: installs into a scratch PREFIX, runs the installed tool
# (check and render of the demo job through its drawing worker, schema job, completions bash), reads the installed man page with man,
# proves it reads the resources installed beside it (not the build folder's), stages a DESTDIR
# install, then uninstalls both.
# CONFIG=release (the default, what make test runs) builds and installs the release binary users
# get: a whole-module release build can fail where the debug build compiles (it did: cairo's
# constants out of scope), at about 2 minutes on a fresh clone. CONFIG=debug installs the debug
# build instead (seconds), for a quick check of the install recipe alone.
set -eu
CONFIG=${CONFIG:-release}
TOOL=store-screenshot-compose
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
prefix="$scratch/prefix with space"

make --no-print-directory install CONFIG="$CONFIG" PREFIX="$prefix" >/dev/null
bin="$prefix/bin/$TOOL"
"$bin" check fixtures/demo-job.json
# The drawing worker is installed beside the binary and is the one that draws: the demo job
# renders; with the worker not executable, the render fails naming it.
worker="$prefix/libexec/$TOOL/ssc-raster-worker"
test -x "$worker"
mkdir "$scratch/job"
cp -R fixtures "$scratch/job/fixtures"
SOURCE_DATE_EPOCH=1767225600 "$bin" render --jobs 2 "$scratch/job/fixtures/demo-job.json" >/dev/null
"$bin" verify "$scratch/job/out/demo/manifest.json" >/dev/null
chmod a-x "$worker"
if "$bin" render "$scratch/job/fixtures/demo-job.json" 2>"$scratch/worker.txt"; then echo "install-check: the installed tool drew without its installed worker" >&2; exit 1; fi
grep -qF "expected the executable $worker" "$scratch/worker.txt" || { echo "install-check: expected the missing worker named, found:" >&2; cat "$scratch/worker.txt" >&2; exit 1; }
chmod a+x "$worker"
"$bin" schema job > "$scratch/job.schema.json"
grep -q '"\$schema" *: *"https://json-schema.org/draft/2020-12/schema"' "$scratch/job.schema.json"
"$bin" completions bash > "$scratch/completions.bash"
cmp "$scratch/completions.bash" "$prefix/share/bash-completion/completions/$TOOL"
test -s "$prefix/share/zsh/site-functions/_$TOOL"
test -s "$prefix/share/fish/vendor_completions.d/$TOOL.fish"
# The man page is where man looks under PREFIX (man finds it by name), and man reads it.
MANPATH="$prefix/share/man" MANPAGER=cat MANWIDTH=120 man "$TOOL" > "$scratch/man.txt"
grep -q "store-screenshot-compose merge-manifests PART.json... -o MANIFEST \[--allow-partial\]" "$scratch/man.txt"
# The installed resource bundle is the one used: with its schemas emptied, schema job fails.
definitions=$(find "$prefix/libexec/$TOOL" -name definitions.json)
test -n "$definitions"
chmod u+w "$definitions" && : > "$definitions"
if "$bin" check fixtures/devices-job.json >/dev/null 2>&1; then :; else echo "install-check: the installed tool could not check the per-device template job" >&2; exit 1; fi
if "$bin" schema job >/dev/null 2>&1; then echo "install-check: the installed tool did not read its installed resources" >&2; exit 1; fi
# The built-in templates are the installed files: with classic's portrait drawing emptied, a job
# naming classic is refused naming that file.
classic=$(find "$prefix/libexec/$TOOL" -path '*templates/classic/portrait.svg')
test -n "$classic"
test -n "$(find "$prefix/libexec/$TOOL" -path '*templates/frames/phone-portrait.svg')"
chmod u+w "$classic" && : > "$classic"
if "$bin" check fixtures/devices-job.json >/dev/null 2>&1; then echo "install-check: the installed tool did not read its installed templates" >&2; exit 1; fi

# DESTDIR stages the same files under it; the launcher names the final PREFIX.
make --no-print-directory install CONFIG="$CONFIG" PREFIX=/usr/local DESTDIR="$scratch/stage" >/dev/null
grep -q 'exec "/usr/local/libexec/store-screenshot-compose/store-screenshot-compose"' "$scratch/stage/usr/local/bin/$TOOL"
# --version names the commit installed from (beside the resources), when this is a git checkout.
version=$("$scratch/stage/usr/local/libexec/$TOOL/$TOOL" --version)
label="$TOOL $(sed -n 's/^ *public var version = "\([^"]*\)"$/\1/p' Sources/Support/ToolIdentity.swift)"
if commit=$(git rev-parse --short=12 HEAD 2>/dev/null); then
  test "$version" = "$label (commit $commit)" || { echo "install-check: --version printed \"$version\", expected \"$label (commit $commit)\"" >&2; exit 1; }
fi

make --no-print-directory uninstall PREFIX="$prefix" >/dev/null
make --no-print-directory uninstall PREFIX=/usr/local DESTDIR="$scratch/stage" >/dev/null
left=$(find "$prefix" "$scratch/stage" -type f | wc -l)
test "$left" -eq 0 || { echo "install-check: uninstall left $left file(s)" >&2; find "$prefix" "$scratch/stage" -type f >&2; exit 1; }
echo "install-check ($CONFIG): installed, ran and uninstalled"
