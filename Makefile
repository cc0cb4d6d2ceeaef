# All set-up a fresh Debian machine needs goes through scripts/setup.sh (apt-get, only when missing).
SWIFT ?= swift
BIN := .build/debug/store-screenshot-compose

.PHONY: setup build test demo clean

setup:
	./scripts/setup.sh

build: setup
	$(SWIFT) build

test: setup
	$(SWIFT) test

demo: build
	rm -rf out/demo
	SOURCE_DATE_EPOCH=1767225600 $(BIN) render fixtures/demo-job.json
	$(BIN) verify out/demo/manifest.json

clean:
	rm -rf .build out
