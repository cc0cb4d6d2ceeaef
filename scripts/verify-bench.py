#!/usr/bin/env python3
"""`verify` on large manifests (make bench; alone: make bench BENCH_ONLY=verify). Each is a real
release (every listed file on disk, every SHA-256 right, so verify does all its work and finds
nothing wrong) whose outputs name font files of this machine: 1,000 outputs × 160 fonts
(160,000 font entries), 10,000 outputs (the most a plan holds) × 16 fonts (160,000 entries and
20,000 output files), and 10,000 outputs with as many font entries as fit under the manifest's
64 MiB size limit. Wall time, CPU time (user + system) and peak RSS of `verify` (release build,
medians of 3). The target is on CPU time: wall time on the shared build machine is several times
it when other builds run. Prints a Markdown table, writes it to out/bench/verify.md, exits 1 when
the first takes 2 s of CPU or more or any verify fails. BIN picks another build."""

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
MOST_OUTPUTS = 10_000     # the most outputs one plan (so one manifest) holds
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


def release(name, template, fonts, outputs_count, fonts_per_output):
    """A folder beside the seed holding `outputs_count` outputs (distinct small files) and their
    manifest; returns (manifest path, font entries, bytes)."""
    folder = WORK / name
    (folder / "en-US/captures").mkdir(parents=True, exist_ok=True)
    outputs = []
    keys = []
    for i in range(outputs_count):
        cid = f"o{i:05d}"
        svg, capture = f"<svg id='{cid}'/>\n".encode(), f"capture {cid}\n".encode()
        (folder / f"en-US/{cid}.svg").write_bytes(svg)
        (folder / f"en-US/captures/{cid}.png").write_bytes(capture)
        entry = dict(template)
        entry.update({
            "screen": cid, "captureId": cid, "locale": "en-US",
            "svg": {"path": f"en-US/{cid}.svg", "sha256": sha(svg), "bytes": len(svg)},
            "capture": {"path": f"en-US/captures/{cid}.png", "sha256": sha(capture), "bytes": len(capture)},
            "fonts": [fonts[(i + j) % len(fonts)] for j in range(fonts_per_output)],
        })
        outputs.append(entry)
        keys.append(dict(SEED["plan"]["outputs"][0], screen=cid))
    manifest = dict(SEED)
    manifest["outputs"] = outputs
    manifest["plan"] = dict(SEED["plan"], outputs=keys)
    data = encoded(manifest)
    (folder / "manifest.json").write_bytes(data)
    return folder / "manifest.json", outputs_count * fonts_per_output, len(data)


def timed_verify(manifest):
    """(wall s, CPU s, peak RSS MB) of `verify`, medians of 3; exits when verify fails."""
    runs = []
    for _ in range(3):
        proc = subprocess.run(["/usr/bin/time", "-f", "%e %U %S %M", str(BIN), "verify", str(manifest)], capture_output=True, text=True)
        if proc.returncode != 0:
            sys.exit(f"verify-bench: verify {manifest} failed:\n{proc.stderr[-2000:]}")
        wall, user, system, kb = proc.stderr.strip().splitlines()[-1].split()
        runs.append((float(wall), float(user) + float(system), int(kb) / 1000))
    return tuple(statistics.median(r[i] for r in runs) for i in range(3))


def main():
    global SEED
    WORK.mkdir(parents=True, exist_ok=True)
    SEED = seed()
    template = {k: v for k, v in SEED["outputs"][0].items() if k not in ("screen", "captureId", "locale", "svg", "capture", "fonts")}
    fonts = font_pool(64)
    rows = []
    manifest, entries, size = release("fonts-160k", template, fonts, 1_000, 160)
    wall, cpu, rss = timed_verify(manifest)
    rows.append(("1,000 outputs × 160 fonts", entries, size, wall, cpu, rss, f"< {TARGET_SECONDS:.0f} s CPU"))
    slow = cpu >= TARGET_SECONDS
    manifest, entries, size = release("outputs-10k", template, fonts, MOST_OUTPUTS, 16)
    wall, cpu, rss = timed_verify(manifest)
    rows.append((f"{MOST_OUTPUTS:,} outputs × 16 fonts", entries, size, wall, cpu, rss, ""))
    # As many font entries as fit under the size limit: the size grows linearly with them.
    per_font = (size - release("fonts-0", template, fonts, MOST_OUTPUTS, 0)[2]) / entries
    base = size - per_font * entries
    per_output = int((MANIFEST_LIMIT - base) / per_font / MOST_OUTPUTS)
    manifest, entries, size = release("fonts-at-limit", template, fonts, MOST_OUTPUTS, per_output)
    while size > MANIFEST_LIMIT:
        per_output -= 1
        manifest, entries, size = release("fonts-at-limit", template, fonts, MOST_OUTPUTS, per_output)
    wall, cpu, rss = timed_verify(manifest)
    rows.append((f"{MOST_OUTPUTS:,} outputs × {per_output} fonts (the 64 MiB limit)", entries, size, wall, cpu, rss, ""))
    lines = [
        "| manifest | font entries | bytes | verify wall | verify CPU | peak RSS | target |",
        "|---|---|---|---|---|---|---|",
        *[f"| {a} | {b:,} | {c:,} | {d:.2f} s | {e:.2f} s | {f:.0f} MB | {g} |" for a, b, c, d, e, f, g in rows],
    ]
    report = "\n".join(lines) + "\n"
    (WORK.parent / "verify.md").write_text(report)
    print(report)
    if slow:
        sys.exit(f"verify-bench: verify of 160,000 font entries (1,000 outputs) took {rows[0][4]:.2f} s of CPU, expected under {TARGET_SECONDS:.0f} s")


if __name__ == "__main__":
    main()
