#!/usr/bin/env python3
"""`verify` on large manifests (make bench; alone: make bench BENCH_ONLY=verify): a real release
of 10,000 outputs (every listed file on disk, every SHA-256 right, so verify does all its work
and finds nothing wrong), each output naming 16 font files (160,000 font entries), then the same
release with as many font entries as fit under the manifest's 64 MiB size limit. Wall time and
peak RSS of `verify` (release build, median of 3). Prints a Markdown table, writes it to
out/bench/verify.md, exits 1 when the 160,000-entry verify takes 2 s or more or any verify fails.
BIN picks another build."""

import hashlib
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(os.environ.get("BIN", ROOT / ".build/release/store-screenshot-compose")).resolve()
WORK = ROOT / "out/bench/verify"
OUTPUTS = 10_000          # the most outputs one plan (so one manifest) holds
MANIFEST_LIMIT = 64 << 20  # InputKind.manifest.maximumBytes
TARGET_SECONDS = 2.0


def sha(data):
    return hashlib.sha256(data).hexdigest()


def seed():
    """A one-output release rendered by the tool: its inputs and plan basis are real."""
    job = WORK / "seed-job.json"
    job.write_text(json.dumps({
        "schemaVersion": 1, "output": "seed",
        "captures": [{"id": "shot", "path": str(ROOT / "fixtures/captures/rust-book-mobile.png"), "well": "tuck-browser-mobile"}],
        "headlines": {"en-US": {"shot": "Read it anywhere"}},
    }))
    proc = subprocess.run([str(BIN), "render", str(job), "--svg-only", "--quiet"], cwd=WORK, capture_output=True, text=True,
                          env={**os.environ, "SOURCE_DATE_EPOCH": "1767225600"})
    if proc.returncode != 0:
        sys.exit(f"verify-bench: the seed render failed:\n{proc.stderr}")
    return json.loads((WORK / "seed/manifest.json").read_text())


def font_pool(count):
    """`count` distinct font files of this machine with their SHA-256."""
    found = sorted(p for p in Path("/usr/share/fonts").rglob("*") if p.suffix in (".ttf", ".otf") and p.is_file())
    if len(found) < count:
        sys.exit(f"verify-bench: expected {count} font files under /usr/share/fonts, found {len(found)}")
    return [{"path": str(p), "sha256": sha(p.read_bytes())} for p in found[:count]]


def encoded(manifest):
    """As the tool writes it: sorted keys, two-space indent, " : ", a final newline."""
    return (json.dumps(manifest, indent=2, sort_keys=True, separators=(",", " : "), ensure_ascii=False) + "\n").encode()


def release(name, template, fonts, fonts_per_output):
    """A folder beside the seed holding OUTPUTS outputs (distinct small files) and their manifest;
    returns (manifest path, font entries, bytes)."""
    folder = WORK / name
    (folder / "en-US/captures").mkdir(parents=True, exist_ok=True)
    outputs = []
    keys = []
    for i in range(OUTPUTS):
        cid = f"o{i:05d}"
        svg, capture = f"<svg id='{cid}'/>\n".encode(), f"capture {cid}\n".encode()
        (folder / f"en-US/{cid}.svg").write_bytes(svg)
        (folder / f"en-US/captures/{cid}.png").write_bytes(capture)
        entry = dict(template)
        entry.update({
            "captureId": cid, "locale": "en-US",
            "svg": {"path": f"en-US/{cid}.svg", "sha256": sha(svg), "bytes": len(svg)},
            "capture": {"path": f"en-US/captures/{cid}.png", "sha256": sha(capture), "bytes": len(capture)},
            "fonts": [fonts[(i + j) % len(fonts)] for j in range(fonts_per_output)],
        })
        outputs.append(entry)
        keys.append({"captureId": cid, "locale": "en-US"})
    manifest = dict(SEED)
    manifest["outputs"] = outputs
    manifest["plan"] = dict(SEED["plan"], outputs=keys)
    data = encoded(manifest)
    (folder / "manifest.json").write_bytes(data)
    return folder / "manifest.json", OUTPUTS * fonts_per_output, len(data)


def timed_verify(manifest):
    """(wall s, peak RSS MB) of `verify`, median of 3; exits when verify fails."""
    runs = []
    for _ in range(3):
        proc = subprocess.run(["/usr/bin/time", "-f", "%e %M", str(BIN), "verify", str(manifest)], capture_output=True, text=True)
        if proc.returncode != 0:
            sys.exit(f"verify-bench: verify {manifest} failed:\n{proc.stderr[-2000:]}")
        wall, kb = proc.stderr.strip().splitlines()[-1].split()
        runs.append((float(wall), int(kb) / 1000))
    return statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)


def main():
    global SEED
    WORK.mkdir(parents=True, exist_ok=True)
    SEED = seed()
    template = {k: v for k, v in SEED["outputs"][0].items() if k not in ("captureId", "locale", "svg", "capture", "fonts")}
    fonts = font_pool(64)
    rows = []
    manifest, entries, size = release("fonts-160k", template, fonts, 16)
    wall, rss = timed_verify(manifest)
    rows.append((f"{OUTPUTS:,} outputs × 16 fonts", entries, size, wall, rss, f"< {TARGET_SECONDS:.0f} s"))
    slow = wall >= TARGET_SECONDS
    # As many font entries as fit under the size limit: the size grows linearly with them.
    per_font = (size - release("fonts-0", template, fonts, 0)[2]) / entries
    base = size - per_font * entries
    per_output = int((MANIFEST_LIMIT - base) / per_font / OUTPUTS)
    manifest, entries, size = release("fonts-at-limit", template, fonts, per_output)
    while size > MANIFEST_LIMIT:
        per_output -= 1
        manifest, entries, size = release("fonts-at-limit", template, fonts, per_output)
    wall, rss = timed_verify(manifest)
    rows.append((f"{OUTPUTS:,} outputs × {per_output} fonts (the 64 MiB limit)", entries, size, wall, rss, ""))
    lines = [
        "| manifest | font entries | bytes | verify wall | peak RSS | target |",
        "|---|---|---|---|---|---|",
        *[f"| {a} | {b:,} | {c:,} | {d:.2f} s | {e:.0f} MB | {f} |" for a, b, c, d, e, f in rows],
    ]
    report = "\n".join(lines) + "\n"
    (WORK.parent / "verify.md").write_text(report)
    print(report)
    if slow:
        sys.exit(f"verify-bench: verify of 160,000 font entries took {rows[0][3]:.2f} s, expected under {TARGET_SECONDS:.0f} s")


if __name__ == "__main__":
    main()
