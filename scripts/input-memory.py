#!/usr/bin/env python3
"""Peak memory (max resident set, /usr/bin/time -f %M) of `check` on large inputs, against the
limits issue 17 sets: an accepted String Catalog at its 16 MiB size limit under 10 x its size,
and every refused input under 200 MB; and of `check` and `render --jobs 2` on templates past the
drawing bounds (issue 36), refused under the 1536 MB bound of a drawing process. Run by `make bench` (alone: `make bench BENCH_ONLY=memory`);
BIN (default the release build) picks the binary. Prints a Markdown table and writes it to
out/bench/memory.md; exits 1 when a limit is exceeded."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(os.environ.get("BIN", ROOT / ".build/release/store-screenshot-compose")).resolve()
WORK = ROOT / "out/bench/memory"
MIB = 1 << 20
CATALOG_LIMIT = 16 * MIB
JOB_LIMIT = 4 * MIB
LOCALES = {"en": "Answers in seconds, wherever you are #{}", "de": "Antworten in Sekunden, wo immer du bist #{}",
           "ja": "どこにいても数秒で答えが届きます #{}", "ar": "إجابات في ثوانٍ أينما كنت #{}"}


last_stderr = [""]


def peak(args):
    """(exit code, peak RSS in MB, wall s) of BIN args, run in WORK."""
    proc = subprocess.run(["/usr/bin/time", "-f", "%M %e", str(BIN), *args], cwd=WORK, capture_output=True, text=True,
                          env={**os.environ, "SOURCE_DATE_EPOCH": "1767225600"})
    last_stderr[0] = proc.stderr
    kb, wall = proc.stderr.strip().splitlines()[-1].split()
    return proc.returncode, int(kb) / 1000, float(wall)


def catalog(path, size, locales=LOCALES, compact=False):
    """A String Catalog of about `size` bytes (never over): the job's keys home and chat, then
    generated keys, each in `locales`; in Xcode's layout, or `compact` (no white space, so the
    most values a file of that size can hold)."""
    def entry(key, n):
        if compact:
            units = ",".join(f'"{l}":{{"stringUnit":{{"state":"translated","value":"{v.format(n)}"}}}}' for l, v in locales.items())
            return f'"{key}":{{"localizations":{{{units}}}}}'
        units = ",\n".join(f'        "{l}" : {{ "stringUnit" : {{ "state" : "translated", "value" : "{v.format(n)}" }} }}'
                           for l, v in locales.items())
        return f'    "{key}" : {{\n      "extractionState" : "manual",\n      "localizations" : {{\n{units}\n      }}\n    }}'
    head, tail = '{\n  "sourceLanguage" : "en",\n  "strings" : {\n', '\n  },\n  "version" : "1.0"\n}\n'
    parts, total, n = [], len(head.encode()) + len(tail.encode()), 0
    for key in ["home", "chat"] + [f"s{i}" if compact else f"screen.section-{i // 100}.item-{i}" for i in range(10**7)]:
        piece = entry(key, n)
        cost = len(piece.encode()) + 2
        if total + cost > size:
            break
        parts.append(piece)
        total += cost
        n += 1
    path.write_text(head + ",\n".join(parts) + tail)
    return n


def job(path, headlines):
    path.write_text(json.dumps({
        "schemaVersion": 1, "output": "out",
        "captures": [{"id": i, "path": str(ROOT / "fixtures/captures/dnschat-home.png"), "well": "tuck-ios-simulator-portrait"}
                     for i in ["home", "chat"]],
        "headlines": headlines}))


DRAWING_MEMORY_MB = 1536
SLOT_TEMPLATE = """<svg xmlns="http://www.w3.org/2000/svg" width="390" height="844" viewBox="0 0 390 844">
  <rect id="background" width="390" height="844" fill="#203040"/>
  {art}
  <g id="headline"><rect x="30" y="40" width="330" height="110" fill="none"/><text x="195" y="100" font-family="DejaVu Sans" font-size="34" fill="#ffffff" text-anchor="middle">Sample</text></g>
  <rect id="capture" x="45" y="180" width="300" height="649" rx="24" fill="#cccccc"/>
</svg>
"""


def template_bombs():
    """(name, art): the adversarial pass's dashed path and self-crossing fill, and variants."""
    state = 0x2545F4914F6CDD1D

    def points(n):
        nonlocal state
        out = []
        for _ in range(2 * n):
            state = (state * 6364136223846793005 + 1442695040888963407) % (1 << 64)
            out.append((state >> 11) / (1 << 53))
        return [f"{out[2 * i] * 390:.1f},{out[2 * i + 1] * 844:.1f}" for i in range(n)]
    five = points(5000)
    return [
        ("dash-0.07", f'<path d="M{" ".join(five)}" fill="none" stroke="#fff" stroke-width="2" stroke-dasharray="0.07"/>'),
        ("dash-pattern", f'<path d="M{" ".join(five)}" fill="none" stroke="#fff" stroke-dasharray="0.05 0.02 0.03"/>'),
        ("dash-curves", f'<path d="M{five[0]} C{" ".join(five[1:4999])}" fill="none" stroke="#fff" stroke-width="3" stroke-dasharray="0.1"/>'),
        ("crossing-fill-20000", f'<path d="M{" ".join(points(20000))}Z" fill="#fff" fill-opacity="0.3"/>'),
    ]


def main():
    if not BIN.exists():
        sys.exit(f"input-memory: {BIN} is missing; build it first (swift build -c release)")
    WORK.mkdir(parents=True, exist_ok=True)
    rows, failed = [], False

    job(WORK / "small.json", {"en-US": {"home": "Answers", "chat": "Chat"}})
    code, base, wall = peak(["check", "small.json"])
    rows.append(("small job (the tool's own baseline)", (WORK / "small.json").stat().st_size, code, base, wall, ""))

    for name, kind, locales, compact in [("big", "Xcode's layout", LOCALES, False),
                                         ("dense", "no white space", {"en": "v{}", "de": "w{}"}, True)]:
        keys = catalog(WORK / f"{name}.xcstrings", CATALOG_LIMIT, locales, compact)
        size = (WORK / f"{name}.xcstrings").stat().st_size
        job(WORK / f"{name}.json", f"{name}.xcstrings")
        code, mb, wall = peak(["check", f"{name}.json"])
        ok = code == 0 and mb < 10 * size / 1e6
        failed |= not ok
        rows.append((f"accepted String Catalog ({kind}), {keys:,} keys x {len(locales)} locales", size, code, mb, wall,
                     f"{mb * 1e6 / size:.1f} x its size (limit 10 x = {10 * size / 1e6:.0f} MB) {'ok' if ok else 'OVER'}"))

    refused = []
    catalog(WORK / "bad-locales.xcstrings", CATALOG_LIMIT, {"en_US": "v{}", "de_DE": "w{}"}, True)
    job(WORK / "bad-catalog.json", "bad-locales.xcstrings")
    refused.append(("String Catalog at its limit, every locale key malformed", "bad-catalog.json", WORK / "bad-locales.xcstrings"))
    with open(WORK / "over.xcstrings", "wb") as f:
        f.truncate(CATALOG_LIMIT + 1)
    job(WORK / "over.json", "over.xcstrings")
    refused.append(("String Catalog 1 byte over its limit", "over.json", WORK / "over.xcstrings"))
    with open(WORK / "huge.json", "wb") as f:
        f.truncate(50 * MIB)
    refused.append(("50 MiB job", "huge.json", WORK / "huge.json"))
    # A job at its size limit made of bad subtitle locales: one error per entry.
    entries, text = {}, ""
    for i in range(10**7):
        entries[f"x{i}_bad"] = "s"
        if i % 1000 == 999:
            text = json.dumps({"schemaVersion": 1, "output": "out",
                               "captures": [{"id": "home", "path": str(ROOT / "fixtures/captures/dnschat-home.png"), "well": "tuck-ios-simulator-portrait"}],
                               "headlines": {"en-US": {"home": "Answers"}}, "subtitles": entries})
            if len(text) > JOB_LIMIT - 20_000:
                break
    (WORK / "bad-locales.json").write_text(text)
    refused.append((f"job at its limit, {len(entries):,} bad subtitle locales", "bad-locales.json", WORK / "bad-locales.json"))
    (WORK / "deep.json").write_text("[" * (JOB_LIMIT - 1))
    refused.append(("job at its limit, nested arrays", "deep.json", WORK / "deep.json"))
    (WORK / "numbers.json").write_text("[" + ",".join(["1e5"] * ((JOB_LIMIT - 2) // 4)) + "]")
    refused.append(("job at its limit, one array of numbers", "numbers.json", WORK / "numbers.json"))
    # A manifest at its 64 MiB limit: small entries, more than a plan holds.
    entry = {"locale": "en-US", "captureId": "x", "headline": "h", "well": "w", "svg": {"path": "a.svg", "sha256": "0" * 64, "bytes": 1},
             "fonts": [{"path": "/f", "sha256": "0" * 64}]}
    text = json.dumps({"kind": "composed-screenshots", "schemaVersion": 1, "outputs": [dict(entry, captureId=f"c{i}") for i in range(215_000)]})
    (WORK / "big-manifest.json").write_text(text[:64 * MIB - 2] if len(text) > 64 * MIB else text)
    refused.append((f"manifest at its limit, 215,000 small outputs (verify)", "verify big-manifest.json", WORK / "big-manifest.json"))
    for name, file, data in refused:
        code, mb, wall = peak(file.split(" ") if file.startswith("verify ") else ["check", file])
        ok = code == 1 and mb < 200
        failed |= not ok
        rows.append((f"refused: {name}", data.stat().st_size, code, mb, wall, f"limit 200 MB {'ok' if ok else 'OVER' if code == 1 else 'NOT REFUSED'}"))

    # Templates that librsvg would draw past any machine's memory or for minutes (issue 36): each
    # refused at check by measurement in a drawing process under the documented bounds (1536 MB of
    # address space, 10 CPU seconds per drawing), check and render --jobs 2 alike; the peak of the
    # tool and its drawing processes (reaped before it exits) stays under the memory bound.
    for name, art in template_bombs():
        (WORK / f"{name}.svg").write_text(SLOT_TEMPLATE.format(art=art))
        (WORK / f"{name}.json").write_text(json.dumps({
            "schemaVersion": 1, "output": f"out-{name}", "template": f"{name}.svg",
            "captures": [{"id": "home", "path": str(ROOT / "fixtures/captures/dnschat-home.png"), "well": "tuck-ios-simulator-portrait"}],
            "headlines": {"en-US": {"home": "Answers"}}}))
        for command in (["check"], ["render", "--jobs", "2"]):
            code, mb, wall = peak([*command, f"{name}.json"])
            ok = code == 1 and mb < DRAWING_MEMORY_MB and "cannot be drawn within its bounds" in last_stderr[0]
            failed |= not ok
            rows.append((f"refused template ({' '.join(command)}): {name}", (WORK / f"{name}.svg").stat().st_size, code, mb, wall,
                         f"bound {DRAWING_MEMORY_MB} MB {'ok' if ok else 'OVER' if code == 1 else 'NOT REFUSED'}"))

    lines = [f"Peak RSS of `{BIN.relative_to(ROOT) if BIN.is_relative_to(ROOT) else BIN} check` (/usr/bin/time -f %M), this machine:", "",
             "| input | bytes | exit | peak RSS | wall | against the limit |", "|---|---|---|---|---|---|",
             *[f"| {a} | {b:,} | {c} | {d:.0f} MB | {e:.1f} s | {f} |" for a, b, c, d, e, f in rows]]
    report = "\n".join(lines) + "\n"
    (WORK.parent / "memory.md").write_text(report)
    print(report)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
