# All set-up a fresh Debian machine needs goes through scripts/setup.sh (apt-get, only when missing).
SWIFT ?= swift
BIN := .build/debug/store-screenshot-compose
# Debian's python3, where scripts/setup.sh installs python3-jsonschema (the docs check needs it).
PYTHON := $(shell test -x /usr/bin/python3 && echo /usr/bin/python3 || echo python3)
# make install: the release binary, its drawing worker and its resources go to
# $(PREFIX)/libexec/store-screenshot-compose/ (the binary finds its worker, template, wells and schemas beside itself), a launcher to $(PREFIX)/bin,
# the shell completions where bash, zsh and fish look, and the man page. DESTDIR stages a package.
PREFIX ?= /usr/local
TOOL := store-screenshot-compose
# librsvg and cairo draw in worker processes the tool starts from beside itself (RasterWorkers).
WORKER := ssc-raster-worker
LIBEXEC := $(DESTDIR)$(PREFIX)/libexec/$(TOOL)
# The build make install copies: release, or debug (CONFIG=debug, for a quick install-check).
CONFIG ?= release
# make dist builds in a folder of its own with the Swift runtime linked in (scripts/dist.sh).
SCRATCH ?= .build
SWIFTFLAGS ?=
# The commit --version names (written beside the installed resources, never into an output).
COMMIT ?= $(shell git rev-parse --short=12 HEAD 2>/dev/null)

.PHONY: setup build test check-slow dist demo docs reference bench bench-peers fuzz update-references clean install uninstall install-check

setup:
	./scripts/setup.sh

build: setup
	$(SWIFT) build

# The tests, the docs check (every example in README.md and docs/, against the debug build), then
# the CI matrix reproduced on this machine: by hand (scripts/ci-matrix.sh) and
# as ci/github-actions.yml runs it through action.yml (scripts/action-check.py, which also checks
# both files against the GitHub Actions schemas with check-jsonschema, installed here from PyPI);
# scripts/mcp-check.py drives `mcp` with the Python MCP SDK (also from PyPI).
test: setup
	CHECK_JSONSCHEMA=1 MCP_SDK=1 ./scripts/setup.sh
	python3 scripts/check-stages.py
	$(SWIFT) test
	$(SWIFT) run ssc-example
	$(SWIFT) build --product store-screenshot-compose
	$(SWIFT) build --product $(WORKER)
	$(PYTHON) scripts/docs-check.py --bin $(BIN)
	$(PYTHON) scripts/mcp-check.py --bin $(BIN)
	./scripts/ci-matrix.sh
	./scripts/action-check.py
	./scripts/install-check.sh

# The slow whole-path checks (scripts/slow-checks/), which .ci/run runs after make test and make demo.
check-slow: setup
	./scripts/check-slow.sh

# The release artefacts for Debian 12 (bookworm, amd64): the release binary with the Swift runtime
# linked in (--static-swift-stdlib), its resources, man page and completions, as
# dist/store-screenshot-compose_<version>_amd64.deb (Depends derived by dpkg-shlibdeps), a tarball
# and SHA256SUMS. The version is ToolIdentity's; scripts/slow-checks/dist-package checks the package.
dist: setup
	DIST=1 ./scripts/setup.sh
	./scripts/dist.sh

# The fixture jobs: inline headlines (out/demo), an Xcode String Catalog (out/xcstrings), and a
# fastlane snapshot folder whose captures show each language's own UI (out/localized).
demo: build
	rm -rf out/demo out/xcstrings out/localized
	SOURCE_DATE_EPOCH=1767225600 $(BIN) render fixtures/demo-job.json
	$(BIN) verify out/demo/manifest.json
	SOURCE_DATE_EPOCH=1767225600 $(BIN) render fixtures/xcstrings-job.json
	$(BIN) verify out/xcstrings/manifest.json
	SOURCE_DATE_EPOCH=1767225600 $(BIN) render fixtures/localized-job.json
	$(BIN) verify out/localized/manifest.json

# The generated reference pages (docs/reference/job-file.md from the JSON Schema,
# docs/reference/store-catalog.md from store-wells.json, and make reference's two), then the guides' images: one per script
# family (docs/headline-<locale>.png), the built-in templates, a panorama, devices, one per device-frame
# family (docs/frame-<family>.png, scripts/frame-families.py), themes, frameit's looks, and the
# contact sheet of a fastlane folder's release (headless Chromium).
docs: build
	$(PYTHON) scripts/docs-reference.py
	./scripts/reference.sh
	rm -rf out/scripts
	SOURCE_DATE_EPOCH=1767225600 $(BIN) render fixtures/scripts-job.json
	for d in out/scripts/*/; do l=$$(basename $$d); cp $$d/book.png docs/headline-$$l.png; done
	rm -rf out/demo
	SOURCE_DATE_EPOCH=1767225600 $(BIN) render fixtures/demo-job.json
	cp out/demo/en-US/home.png docs/demo-en-US-home.png
	rm -rf out/templates; SOURCE_DATE_EPOCH=1767225600 $(BIN) render fixtures/templates-job.json
	for t in classic caption-below browser duo panorama-1 panorama-2 panorama-3 feature-graphic frame-png frame-svg; do cp out/templates/en-US/$$t.png docs/template-$$t.png; done
	rm -rf out/devices; SOURCE_DATE_EPOCH=1767225600 $(BIN) render fixtures/devices-job.json
	cp out/devices/en-US/app-store-iphone-6.9/home.png docs/devices-iphone-6.9.png
	cp out/devices/en-US/app-store-ipad-13/inbox-ipad.png docs/devices-ipad-13.png
	cp out/devices/en-US/google-play-phone/inbox-android.png docs/devices-play-phone.png
	$(PYTHON) scripts/frame-families.py --bin $(BIN)
	for t in light dark; do rm -rf out/theme-$$t; SOURCE_DATE_EPOCH=1767225600 $(BIN) render fixtures/theme-$$t-job.json; \
	  cp out/theme-$$t/en-US/home.png docs/theme-$$t-home.png; cp out/theme-$$t/en-US/book-desktop.png docs/theme-$$t-desktop.png; done
	rm -rf out/looks; SOURCE_DATE_EPOCH=1767225600 $(BIN) render fixtures/looks-job.json
	for s in home chat private; do cp out/looks/en-US/$$s.png docs/looks-$$s.png; done
	rm -rf out/localized; SOURCE_DATE_EPOCH=1767225600 $(BIN) render fixtures/localized-job.json
	chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1280,900 \
	  --screenshot="$(CURDIR)/docs/contact-sheet.png" "file://$(CURDIR)/out/localized/index.html" 2>/dev/null

# The pages written from the option table (Sources/store-screenshot-compose/CommandTable.swift):
# docs/reference/store-screenshot-compose.1 (the man page) and docs/reference/commands.md.
# make test fails while a committed page differs (ReferencePageTests runs scripts/reference.sh --check).
reference: build
	./scripts/reference.sh

# Release build, then this tool against rsvg-convert (and Koubou when pip can install it), then
# peak memory on inputs at their size limits (scripts/input-memory.py; BIN=… picks another build).
# BENCH_ONLY=encoder: only CPU per output and PNG bytes against the zlib floor (short runs);
# BENCH_ONLY=memory: only the peak memory table;
# BENCH_ONLY=shadow: only the classic template's shadow cost per output, with and without;
# BENCH_ONLY=template: only the worst templates check accepts, drawn (scripts/template-bounds.py);
# BENCH_ONLY=matrix: only a 36-output two-store release's CPU, whole against a CI matrix of parts;
# BENCH_ONLY=verify: only verify on manifests of 160,000 font entries and at the 64 MiB limit.
bench: setup
	BENCH=1 ./scripts/setup.sh
	$(SWIFT) build -c release
	if [ "$(BENCH_ONLY)" != memory ] && [ "$(BENCH_ONLY)" != template ] && [ "$(BENCH_ONLY)" != verify ]; then BENCH_ONLY=$(BENCH_ONLY) python3 scripts/bench.py; fi
	if [ -z "$(BENCH_ONLY)" ] || [ "$(BENCH_ONLY)" = memory ]; then python3 scripts/input-memory.py; fi
	if [ -z "$(BENCH_ONLY)" ] || [ "$(BENCH_ONLY)" = template ]; then python3 scripts/template-bounds.py; fi
	if [ -z "$(BENCH_ONLY)" ] || [ "$(BENCH_ONLY)" = verify ]; then python3 scripts/verify-bench.py; fi

# This tool's CPU against app-preview 0.2.0's (PyPI, a venv under .build/) on the same 24-output
# job, five pairs run in turn (scripts/bench-peers.py); says so and stops where PyPI is unreachable.
bench-peers: setup
	BENCH=1 ./scripts/setup.sh
	$(SWIFT) build -c release
	python3 scripts/bench-peers.py

# libFuzzer over the job, wells, template, .strings and PNG decoders (FUZZ_SECONDS each, default 120).
fuzz: setup
	./scripts/fuzz.sh

# Rewrites the reference images of ThemeTests and BuiltinTemplateTests (Tests/ScreenshotComposeTests/References/).
update-references: setup
	UPDATE_REFERENCES=1 $(SWIFT) test --filter "ThemeTests|BuiltinTemplateTests|ScreenTests|GraphicTests|StoreSizeLookTests"

install: setup
	$(SWIFT) build -c $(CONFIG) $(SWIFTFLAGS) --scratch-path $(SCRATCH) --product $(TOOL)
	$(SWIFT) build -c $(CONFIG) $(SWIFTFLAGS) --scratch-path $(SCRATCH) --product $(WORKER)
	rm -rf "$(LIBEXEC)"
	install -d "$(LIBEXEC)" "$(DESTDIR)$(PREFIX)/bin"
	install -m 755 $(SCRATCH)/$(CONFIG)/$(TOOL) "$(LIBEXEC)/$(TOOL)"
	install -m 755 $(SCRATCH)/$(CONFIG)/$(WORKER) "$(LIBEXEC)/$(WORKER)"
	cp -R $(SCRATCH)/$(CONFIG)/$(TOOL)_Ingest.resources "$(LIBEXEC)/"
	if [ -n "$(COMMIT)" ]; then printf '%s\n' "$(COMMIT)" > "$(LIBEXEC)/$(TOOL)_Ingest.resources/build-commit.txt"; fi
	printf '#!/bin/sh\nexec "%s" "$$@"\n' "$(PREFIX)/libexec/$(TOOL)/$(TOOL)" > "$(DESTDIR)$(PREFIX)/bin/$(TOOL)"
	chmod 755 "$(DESTDIR)$(PREFIX)/bin/$(TOOL)"
	install -d "$(DESTDIR)$(PREFIX)/share/bash-completion/completions" "$(DESTDIR)$(PREFIX)/share/zsh/site-functions" \
	  "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d" "$(DESTDIR)$(PREFIX)/share/man/man1"
	"$(LIBEXEC)/$(TOOL)" completions bash > "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/$(TOOL)"
	"$(LIBEXEC)/$(TOOL)" completions zsh > "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_$(TOOL)"
	"$(LIBEXEC)/$(TOOL)" completions fish > "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/$(TOOL).fish"
	"$(LIBEXEC)/$(TOOL)" reference man > "$(DESTDIR)$(PREFIX)/share/man/man1/$(TOOL).1"
	@echo "installed $(PREFIX)/bin/$(TOOL)"

uninstall:
	rm -rf "$(LIBEXEC)" "$(DESTDIR)$(PREFIX)/bin/$(TOOL)" "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/$(TOOL)" \
	  "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_$(TOOL)" "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/$(TOOL).fish" \
	  "$(DESTDIR)$(PREFIX)/share/man/man1/$(TOOL).1"

# make install into a scratch PREFIX (and a DESTDIR), run the installed tool, uninstall; make test
# runs it on the release build (CONFIG=debug make install-check: the debug build, in seconds).
install-check:
	./scripts/install-check.sh

clean:
	rm -rf .build out
