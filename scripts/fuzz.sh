#!/usr/bin/env bash
# make fuzz: libFuzzer over each decoder (FUZZ_TARGETS, default all nine) for FUZZ_SECONDS
# (default 120) seconds, seeded from the
# fixtures. Crashes land in out/fuzz/<target>/crash-*; a crash fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${FUZZ_SECONDS:-120}"
swift build --product ssc-fuzz --build-path .build/fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING >&2
bin=.build/fuzz/debug/ssc-fuzz
status=0
total=0
for target in ${FUZZ_TARGETS:-job wells template bounds svg xcstrings manifest strings png}; do
  corpus="out/fuzz/$target/corpus"
  mkdir -p "$corpus"
  case "$target" in
    job) cp fixtures/*.json "$corpus/" ;;
    wells) cp Sources/Ingest/Resources/wells.json Sources/Ingest/Resources/store-wells.json "$corpus/" ;;
    template) printf 'Headline & <b> {{WIDTH}}' > "$corpus/seed" ;;
    bounds) printf '<defs><filter id="f"><feTurbulence numOctaves="3"/><feGaussianBlur stdDeviation="4"/></filter><g id="a"><rect width="4" height="4" filter="url(#f)"/></g></defs><use href="#a"/><use href="#a"/>' > "$corpus/seed" ;;
    svg) cp fixtures/templates/*.svg fixtures/frames/phone-frame.svg "$corpus/" ;;
    xcstrings) cp fixtures/headlines/*.xcstrings "$corpus/" ;;
    manifest) printf '{"schemaVersion": 1, "kind": "composed-screenshots", "outputs": [{"png": {"path": "a.png", "sha256": "00", "bytes": 1, "width": 2, "height": 3}}]}' > "$corpus/seed" ;;
    strings) printf '/* c */\n"a" = "b\\n\\U00e9";\nkey = "v";\n' > "$corpus/seed" ;;
    png) cp fixtures/captures/rust-book-mobile.png "$corpus/" ;;
  esac
  log="out/fuzz/$target/log.txt"
  # -detect_leaks=0: kept from when FoundationXML (which leaked on parser errors) read templates.
  if ASAN_OPTIONS=detect_leaks=0 FUZZ_TARGET="$target" "$bin" -max_total_time="$seconds" -max_len=65536 -timeout=10 -detect_leaks=0 -artifact_prefix="out/fuzz/$target/" \
       -print_final_stats=1 "$corpus" >"$log" 2>&1; then
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
    echo "fuzz $target: $runs executions in ${seconds} s, no crash"
    total=$((total + runs))
  else
    echo "fuzz $target: CRASH, see $log and out/fuzz/$target/crash-*"
    status=1
  fi
done
echo "fuzz: $total executions in all"
exit $status
