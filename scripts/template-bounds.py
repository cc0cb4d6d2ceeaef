#!/usr/bin/env python3
"""make bench BENCH_ONLY=template: the worst templates `check` accepts, drawn.

Each case is a designer's slot template on the 1206×2622 well built to sit just under one of
the template bounds (issue 24, README "Template bounds"): the estimated drawing time (filters,
layers, painted area), the expanded element count, the embedded image pixels, the pattern tile,
the layer nesting. For each, `check` must accept it (exit 0), then one output is rendered and its
CPU time (user + sys, whole process, minus an empty template's) and peak RSS are measured, median
of 3. The worst is what the README states; the run fails if any output reaches the 30 s
rasterization limit or a case is refused. Writes out/bench/results-template.md."""

import base64
import json
import os
import shutil
import statistics
import struct
import subprocess
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(os.environ.get("BIN", ROOT / ".build/release/store-screenshot-compose"))
WORK = ROOT / "out/bench/template-bounds"
W, H = 1206, 2622
CAPTURE = ROOT / "fixtures/captures/dnschat-home.png"


def slots(art_before="", art_after=""):
    """A slot template: `art_before` under the device, `art_after` over everything."""
    return f"""<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}">
<rect id="background" width="{W}" height="{H}" fill="#102030"/>
{art_before}
<g id="headline"><rect x="80" y="80" width="1046" height="300" fill="none"/><text x="603" y="260" font-family="DejaVu Sans" font-size="96" font-weight="700" fill="#ffffff" text-anchor="middle">Sample</text></g>
<rect id="capture" x="201" y="480" width="804" height="1748" rx="60" fill="#888888"/>
{art_after}
</svg>"""


def full(filter_id):
    return f'<rect width="{W}" height="{H}" fill="#345678" filter="url(#{filter_id})"/>'


def png_rgb(width, height):
    """A PNG of width × height black pixels (zlib of zero rows; only its size matters)."""
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    compressor = zlib.compressobj(9)
    row = b"\0" * (1 + width * 3)
    data = b"".join(compressor.compress(row) for _ in range(height)) + compressor.flush()
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", data) + chunk(b"IEND", b""))


def cases():
    region = 'x="0" y="0" width="1" height="1"'
    image = base64.b64encode(png_rgb(6000, 6000)).decode()
    many = "".join(f'<use href="#dot" x="{(i % 100) * 12}" y="{(i // 100) * 12}"/>' for i in range(1700))
    nested = '<g opacity="0.95">' * 7 + "".join(f'<rect width="{W}" height="{H}" fill="#2040{i % 10}0" fill-opacity="0.01"/>' for i in range(900)) + "</g>" * 7
    pattern_art = "".join(f'<circle cx="{(i % 20) * 60 + 30}" cy="{(i // 20) * 60 + 30}" r="25" fill="#ffffff" fill-opacity="0.1"/>' for i in range(400))
    return {
        "empty (reference)": slots(),
        "turbulence, 2 octaves over the canvas": slots(f'<filter id="t" {region}><feTurbulence baseFrequency="0.01" numOctaves="2"/></filter>' + full("t")),
        "morphology radius 4 over the canvas": slots(f'<filter id="m" {region}><feMorphology radius="4"/></filter>' + full("m")),
        "6 blurs over the canvas": slots(f'<filter id="b" {region}><feGaussianBlur stdDeviation="30"/></filter>' + full("b") * 6),
        "2 specular lightings over the canvas": slots(f'<filter id="l" {region}><feSpecularLighting specularExponent="20"><fePointLight x="600" y="2400" z="400"/></feSpecularLighting></filter>' + full("l") * 2),
        "convolution order 5 over the canvas": slots(f'<filter id="c" {region}><feConvolveMatrix order="5" kernelMatrix="{" ".join(["1"] * 25)}"/></filter>' + full("c")),
        "7 nested layers around 900 full-canvas shapes": slots(nested),
        "18,700 elements through <use>": slots('<defs><g id="dot">' + "".join(f'<rect x="{i}" width="1" height="1" fill="#fff"/>' for i in range(9)) + "</g></defs>" + many),
        "a 6000 × 6000 embedded PNG (36 Mpx)": slots(f'<image x="0" y="0" width="{W}" height="{H}" href="data:image/png;base64,{image}"/>'),
        "a canvas-sized pattern tile of 400 shapes, 4 uses": slots(f'<pattern id="p" width="{W}" height="{H}" patternUnits="userSpaceOnUse">{pattern_art}</pattern>'
                                                               + f'<rect width="{W}" height="{H}" fill="url(#p)"/>' * 4),
    }


def run(cmd):
    proc = subprocess.run(["/usr/bin/time", "-f", "%e %U %S %M", *map(str, cmd)], capture_output=True, text=True,
                          env={**os.environ, "SOURCE_DATE_EPOCH": "1767225600"})
    wall, user, system, rss = proc.stderr.strip().splitlines()[-1].split()
    return proc.returncode, proc.stderr, float(user) + float(system), int(rss) / 1024


def main():
    if WORK.exists():
        shutil.rmtree(WORK)
    WORK.mkdir(parents=True)
    rows = []
    failed = []
    baseline = None
    for index, (name, svg) in enumerate(cases().items()):
        # One folder per case (a refused case adds no row).
        folder = WORK / str(index)
        folder.mkdir()
        (folder / "template.svg").write_text(svg)
        job = folder / "job.json"
        job.write_text(json.dumps({"schemaVersion": 1, "output": str(folder / "out"), "template": "template.svg",
                                   "captures": [{"id": "home", "path": str(CAPTURE), "well": "tuck-ios-simulator-portrait"}],
                                   "headlines": {"en-US": {"home": "Answers in seconds"}}}))
        code, err, _, _ = run([BIN, "check", job])
        if code != 0:
            failed.append(f"{name}: refused by check:\n{err}")
            continue
        results = []
        for _ in range(3):
            code, err, cpu, rss = run([BIN, "render", job])
            if code != 0:
                failed.append(f"{name}: render failed:\n{err}")
                break
            results.append((cpu, rss))
        if len(results) < 3:
            continue
        cpu = statistics.median(r[0] for r in results)
        rss = statistics.median(r[1] for r in results)
        if baseline is None:
            baseline = cpu
        rows.append((name, cpu, cpu - baseline, rss, (folder / "template.svg").stat().st_size))
    lines = ["| accepted template (1206 × 2622, one output) | bytes | CPU, whole process | drawing it, over the empty template | peak RSS |",
             "|---|---|---|---|---|"]
    for name, cpu, extra, rss, size in rows:
        lines.append(f"| {name} | {size:,} | {cpu:.2f} s | {extra:.2f} s | {rss:.0f} MB |")
    worst = max(rows[1:], key=lambda r: r[1], default=None)
    if worst:
        lines.append(f"\nWorst accepted: {worst[0]}, {worst[1]:.2f} s CPU per output ({worst[3]:.0f} MB peak RSS); the rasterization limit is 30 s.")
    report = "\n".join(lines) + "\n"
    (WORK.parent / "results-template.md").write_text(report)
    print(report)
    if failed:
        sys.exit("template bounds bench:\n" + "\n".join(failed))
    if worst and worst[1] >= 30:
        sys.exit(f"template bounds bench: {worst[0]} took {worst[1]:.1f} s, at the 30 s limit")


if __name__ == "__main__":
    main()
