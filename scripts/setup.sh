#!/usr/bin/env bash
# Installs the Debian packages the build, the tests and the demo need, only when missing.
# Called by the Makefile before every build, so a fresh machine needs no manual step.
# DIST=1: also what make dist packs with (dpkg-dev: dpkg-shlibdeps, dpkg-deb).
# CLEAN_ROOT=1: also mmdebstrap, for the slow check that installs the package in a clean Debian 12 root.
# --data-packages: print the run-time data packages (fonts, hyphenation) and exit.
# SETUP=runtime: only what building and rendering need (the GitHub Action on a CI runner).
# CHECK_JSONSCHEMA=1: also check-jsonschema from PyPI in a venv (.build/check-jsonschema), for
# scripts/action-check.py's schema check of action.yml and the workflow; when PyPI cannot be
# reached it says so and that check is skipped.
# MCP_SDK=1: also the Python MCP SDK from PyPI in a venv (.build/mcp-sdk), for scripts/mcp-check.py;
# skipped the same way when PyPI cannot be reached.
set -euo pipefail

packages=(
  pkg-config
  librsvg2-dev      # rasterizer: librsvg + cairo + GLib
  libssl-dev        # SHA-256 from OpenSSL's libcrypto (the CPU's SHA instructions)
  libpango1.0-dev   # typesetter: Pango, PangoCairo, fontconfig
  libpng-dev        # PNG reader and writer
  libdeflate-dev    # output PNGs' image data compressed faster than zlib
  liblcms2-dev      # colour: captures with ICC profiles (Display P3) converted to sRGB
  libhyphen-dev     # typesetter: dictionary hyphenation (libhyphen, no .pc file: linked as `hyphen`)
  libxml2-dev       # templates and frames are read by libxml2 (positions, entities, depth)
  libicu-dev        # typesetter: dictionary word breaks for Japanese and Chinese
  libvoikko-dev     # typesetter: Finnish hyphenation (Voikko)
)
# The data the tool reads at run time (hyphenation patterns, fonts): make dist's package Depends
# on these too (scripts/dist.sh reads them with --data-packages).
data_packages=(
  # LibreOffice hyphenation patterns (/usr/share/hyphen/hyph_*.dic), chosen by the locale.
  hyphen-de hyphen-nl hyphen-sv hyphen-da hyphen-no hyphen-hu hyphen-ru hyphen-uk hyphen-fr
  hyphen-es hyphen-it hyphen-pt-pt hyphen-pt-br hyphen-pl hyphen-cs hyphen-sk hyphen-ca
  hyphen-ro hyphen-hr hyphen-sl hyphen-el hyphen-bg hyphen-lt hyphen-lv hyphen-id
  hyphen-en-us hyphen-en-gb hyphen-af hyphen-be hyphen-gl hyphen-is hyphen-mn hyphen-sr hyphen-zu
  hyphen-hi hyphen-bn hyphen-gu hyphen-kn hyphen-ml hyphen-mr hyphen-or hyphen-pa hyphen-ta hyphen-te
  # Finnish has no hyphen-* package in Debian 12: Voikko hyphenates it from its morphology.
  voikko-fi
  fonts-dejavu-core
  fonts-noto-core   # Latin, Cyrillic, Greek, Arabic, Hebrew, Thai, Devanagari
  fonts-noto-cjk    # Japanese, Chinese, Korean
  fonts-symbola     # monochrome emoji, for "emoji": "monochrome"
  fonts-noto-color-emoji  # colour emoji, for "emoji": "color" (drawn through cairo into PNGs)
)
packages+=("${data_packages[@]}")
if [ "${1:-}" = --data-packages ]; then
  printf '%s\n' "${data_packages[@]}"
  exit 0
fi
# Only the tests use these.
test_packages=(
  librsvg2-bin      # tests compare PNGs of designers' templates with rsvg-convert of their SVG
  chromium          # tests open the contact sheet (index.html) in a real browser, headless
  python3-jsonschema  # tests validate the shipped files and README examples against `schema` (draft 2020-12)
  python3-fonttools   # tests make a font file of a family no system has (scripts/rename-font-family.py)
  zsh fish          # tests parse the zsh and fish completion scripts (`completions zsh|fish`)
  man-db groff-base # tests read the man page with man -l and groff -ww (make install installs it)
  python3-yaml      # scripts/action-check.py reads action.yml and the workflow to run their steps
)
if [ "${SETUP:-}" != runtime ]; then
  packages+=("${test_packages[@]}")
fi

# make bench also needs GNU time (peak RSS); rsvg-convert (its reference) is in the list above.
if [ "${BENCH:-}" = 1 ]; then
  packages+=(time python3-venv)
fi
if [ "${CHECK_JSONSCHEMA:-}" = 1 ] || [ "${MCP_SDK:-}" = 1 ]; then
  packages+=(python3-venv)
fi
if [ "${DIST:-}" = 1 ]; then
  packages+=(dpkg-dev binutils)
fi
if [ "${CLEAN_ROOT:-}" = 1 ]; then
  packages+=(mmdebstrap)
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  sudo_cmd=()
  if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo_cmd[@]}" apt-get update -qq
  "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi

# The GitHub Actions schemas are built into check-jsonschema (pinned: its vendored schemas change
# with its version). Only when PyPI cannot be reached is the check skipped, and then it says so:
# the marker file tells scripts/action-check.py why check-jsonschema is absent.
if [ "${CHECK_JSONSCHEMA:-}" = 1 ]; then
  build="$(cd "$(dirname "$0")/.." && pwd)/.build"
  venv="$build/check-jsonschema" unreachable="$build/check-jsonschema.unreachable"
  version=0.39.0
  if [ "$("$venv/bin/check-jsonschema" --version 2>/dev/null)" != "check-jsonschema, version $version" ]; then
    rm -rf "$venv" "$unreachable"
    mkdir -p "$build"
    /usr/bin/python3 -m venv "$venv"
    if ! "$venv/bin/pip" install -q --disable-pip-version-check "check-jsonschema==$version" >&2; then
      if "$venv/bin/pip" index versions check-jsonschema >/dev/null 2>&1; then
        echo "setup: PyPI answered but check-jsonschema $version did not install (see above)" >&2
        rm -rf "$venv"
        exit 1
      fi
      rm -rf "$venv"
      echo "PyPI could not be reached from $(hostname)" > "$unreachable"
      echo "setup: check-jsonschema $version could not be installed: PyPI is unreachable; the schema check of action.yml and ci/github-actions.yml will be skipped" >&2
    fi
  fi
fi

# The official Python MCP SDK (pinned), whose stdio client scripts/mcp-check.py drives the MCP
# server with. As above, only an unreachable PyPI skips that check, and the marker says so.
if [ "${MCP_SDK:-}" = 1 ]; then
  build="$(cd "$(dirname "$0")/.." && pwd)/.build"
  venv="$build/mcp-sdk" unreachable="$build/mcp-sdk.unreachable"
  version=2.3.0
  if [ "$("$venv/bin/python" -c 'from importlib.metadata import version; print(version("mcp"))' 2>/dev/null)" != "$version" ]; then
    rm -rf "$venv" "$unreachable"
    mkdir -p "$build"
    /usr/bin/python3 -m venv "$venv"
    if ! "$venv/bin/pip" install -q --disable-pip-version-check "mcp==$version" >&2; then
      if "$venv/bin/pip" index versions mcp >/dev/null 2>&1; then
        echo "setup: PyPI answered but mcp $version did not install (see above)" >&2
        rm -rf "$venv"
        exit 1
      fi
      rm -rf "$venv"
      echo "PyPI could not be reached from $(hostname)" > "$unreachable"
      echo "setup: mcp $version could not be installed: PyPI is unreachable; the MCP server's SDK check will be skipped" >&2
    fi
  fi
fi
