#!/usr/bin/env python3
"""make bench: times this tool against rsvg-convert (and Koubou when pip can install it) on
the same realistic batch, on this machine. Prints a Markdown report and writes it to
out/bench/results.md. Medians of several runs; wall time and peak RSS from /usr/bin/time.
BENCH_ONLY=encoder (make bench BENCH_ONLY=encoder) measures only the 24-output batch's CPU and
PNG bytes against the floor (libpng decode + zlib level 6 encode), in about a minute;
BENCH_ONLY=shadow only the device shadow's cost per output (with / without) for every built-in
template, the shipped {{PLACEHOLDER}} template and the design card's; BENCH_ONLY=store only classic's time per
output on the App Store's iPhone 6.9 in and iPad 13 in slots; BENCH_ONLY=matrix only a two-store
release's CPU rendered whole against the same release as a CI matrix (one part per language, one
language in two shards). BIN=path runs another build."""

import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(os.environ.get("BIN") or ROOT / ".build/release/store-screenshot-compose")
CODEC = ROOT / ".build/release/ssc-bench"
WORK = ROOT / "out/bench"
CAPTURES = [
    ("home", "dnschat-home.png", "tuck-ios-simulator-portrait"),
    ("chat", "dnschat-chat.png", "tuck-ios-simulator-portrait"),
    ("desktop", "rust-book-desktop.png", "tuck-browser-desktop"),
    ("mobile", "rust-book-mobile.png", "tuck-browser-mobile"),
]
HEADLINES = {
    "en-US": "Answers in seconds", "de-DE": "Antworten in Sekunden", "fr-FR": "Des réponses en quelques secondes",
    "ja-JP": "数秒で答えが届きます", "ar": "إجابات في ثوانٍ", "pt-BR": "Respostas em segundos",
    "es-ES": "Respuestas en segundos", "it-IT": "Risposte in pochi secondi", "nl-NL": "Antwoorden in seconden",
    "ko-KR": "몇 초 만에 답변", "zh-Hans": "几秒钟内得到答案", "sv-SE": "Svar på några sekunder",
    "pl-PL": "Odpowiedzi w kilka sekund", "tr-TR": "Saniyeler içinde yanıtlar", "ru-RU": "Ответы за секунды",
    "he-IL": "תשובות תוך שניות", "th-TH": "คำตอบในไม่กี่วินาที", "hi-IN": "सेकंडों में जवाब",
    "id-ID": "Jawaban dalam hitungan detik", "vi-VN": "Câu trả lời trong vài giây", "uk-UA": "Відповіді за секунди",
    "cs-CZ": "Odpovědi během sekund", "da-DK": "Svar på få sekunder", "fi-FI": "Vastaukset sekunneissa",
    "nb-NO": "Svar på sekunder",
}


def run(cmd, env=None):
    """Runs cmd under /usr/bin/time; returns (wall s, user+sys s, peak RSS MB)."""
    proc = subprocess.run(["/usr/bin/time", "-f", "%e %U %S %M", *cmd], capture_output=True, text=True,
                          env={**os.environ, **(env or {})})
    if proc.returncode != 0:
        sys.exit(f"bench: {' '.join(map(str, cmd))} failed:\n{proc.stderr}")
    wall, user, system, rss = proc.stderr.strip().splitlines()[-1].split()
    return float(wall), float(user) + float(system), int(rss) / 1024


def job(name, captures, locales, output, theme=None, template=None):
    path = WORK / f"{name}.json"
    extra = {"theme": theme} if theme is not None else {}
    if template is not None:
        extra["template"] = template
    path.write_text(json.dumps({
        "schemaVersion": 1, "output": output, **extra,
        "captures": [{"id": i, "path": str(ROOT / "fixtures/captures" / f), "well": w} for i, f, w in captures],
        "headlines": {l: {i: HEADLINES[l] for i, _, _ in captures} for l in locales},
    }))
    return path


def interleaved_minimum(n, first, second):
    """`first` and `second` run in turn `n` times each; each measure's minimum per side. A ratio
    of two blocks of medians moved by ±15 % between runs on this shared machine (other tenants'
    work only adds CPU time, and drift hits both sides alike when they alternate)."""
    a, b = [], []
    for _ in range(n):
        a.append(first())
        b.append(second())
    return tuple(tuple(min(r[i] for r in side) for i in range(len(side[0]))) for side in (a, b))


def median_of(n, fn):
    results = [fn() for _ in range(n)]
    return tuple(statistics.median(r[i] for r in results) for i in range(len(results[0])))


def main():
    if WORK.exists():
        shutil.rmtree(WORK)
    WORK.mkdir(parents=True)
    env = {"SOURCE_DATE_EPOCH": "1767225600"}
    six = list(HEADLINES)[:6]
    rows = []
    if os.environ.get("BENCH_ONLY") == "encoder":
        return encoder_only(env, six)
    if os.environ.get("BENCH_ONLY") == "shadow":
        return shadow_only(env, six)
    if os.environ.get("BENCH_ONLY") == "matrix":
        return matrix_only(env)
    if os.environ.get("BENCH_ONLY") == "store":
        return store_only(env, six)

    # One output, whole process, against rsvg-convert on the same SVG.
    single = job("single", CAPTURES[:1], ["en-US"], str(WORK / "single"))
    run([BIN, "render", single], env)
    ours1 = median_of(7, lambda: run([BIN, "render", single, "--out", str(WORK / "single-again")], env))
    svg = WORK / "single/en-US/home.svg"
    rsvg1 = median_of(7, lambda: run(["rsvg-convert", svg, "-o", WORK / "rsvg-single.png"]))
    rows.append(("one 1206×2622 output, whole process", f"{ours1[0]:.3f} s", f"{rsvg1[0]:.3f} s", f"{ours1[0] / rsvg1[0]:.2f}", "≤ 1.10"))

    # 24 outputs: the three wells (four captures) × six locales.
    batch = job("batch24", CAPTURES, six, str(WORK / "batch24"))
    ours24 = median_of(5, lambda: run([BIN, "render", batch, "--out", str(WORK / "batch24")], env))
    svgs = sorted((WORK / "batch24").glob("*/*.svg"))
    assert len(svgs) == 24, len(svgs)

    def rsvg_all():
        start = time.monotonic()
        for s in svgs:
            subprocess.run(["rsvg-convert", s, "-o", WORK / "rsvg.png"], check=True)
        return (time.monotonic() - start,)
    rsvg24 = median_of(3, rsvg_all)
    rows.append(("24-output batch (3 wells × 6 locales)", f"{ours24[0]:.2f} s", f"{rsvg24[0]:.2f} s (24 runs)",
                 f"{ours24[0] / rsvg24[0]:.2f}", "≤ 0.50"))

    # Peak RSS: 10 and 100 outputs in the same five locales (so the same fonts load): 2 and
    # 20 captures (the fixtures under several ids).
    ten = job("batch10", CAPTURES[:2], six[:5], str(WORK / "batch10"))
    many = [(f"{i}-{n}", f, w) for n in range(5) for i, f, w in CAPTURES]
    hundred = job("batch100", many, six[:5], str(WORK / "batch100"))
    rss10 = median_of(3, lambda: run([BIN, "render", ten, "--out", str(WORK / "batch10")], env))
    rss100 = median_of(3, lambda: run([BIN, "render", hundred, "--out", str(WORK / "batch100")], env))

    floor, zlib_bytes, encoder_bytes = codec_floor(WORK / "batch24", six)
    per_output_cpu = ours24[1] / 24

    compression = presets(batch)

    # The frame shadow (an SVG filter) on the 1206×2622 well: 2 captures × 6 locales.
    plain = job("shadow-off", CAPTURES[:2], six, str(WORK / "shadow-off"))
    shadowed = job("shadow-on", CAPTURES[:2], six, str(WORK / "shadow-on"), theme={"shadow": True})
    off = median_of(3, lambda: run([BIN, "render", plain, "--out", str(WORK / "shadow-off")], env))
    on = median_of(3, lambda: run([BIN, "render", shadowed, "--out", str(WORK / "shadow-on")], env))
    c_on, c_off = classic_shadow(env, six)

    # Koubou, when pip can install it: 24 screenshots of text over the capture, no device frame.
    koubou = koubou_time(six)
    # Wall time on a shared 2-core machine is noisy; instruction counts are not.
    instructions = callgrind([BIN, "render", single, "--out", str(WORK / "single-cg")], env), \
        callgrind(["rsvg-convert", svg, "-o", WORK / "rsvg-cg.png"], {})
    instructions = instructions if all(instructions) else None

    cpu = subprocess.run(["sh", "-c", "grep -m1 'model name' /proc/cpuinfo | cut -d: -f2"], capture_output=True, text=True).stdout.strip()
    lines = [
        f"Machine: {os.cpu_count()} cores ({cpu}), {round(os.sysconf('SC_PAGE_SIZE') * os.sysconf('SC_PHYS_PAGES') / 2**30)} GiB; "
        f"rsvg-convert {subprocess.run(['rsvg-convert', '--version'], capture_output=True, text=True).stdout.strip()}; medians.",
        "",
        "| measure | store-screenshot-compose | reference | ratio | target |",
        "|---|---|---|---|---|",
        *[f"| {a} | {b} | {c} | {d} | {e} |" for a, b, c, d, e in rows],
        f"| peak RSS, 10 outputs | {rss10[2]:.0f} MB | | | |",
        f"| peak RSS, 100 outputs | {rss100[2]:.0f} MB | 10-output run | {rss100[2] / rss10[2]:.2f} | ≤ 300 MB and ≤ 1.20 |",
        *encoder_rows(per_output_cpu, floor, zlib_bytes, encoder_bytes),
    ]
    if isinstance(koubou, float):
        lines.append(f"| Koubou 24 screenshots (no frame) | {ours24[0]:.2f} s | {koubou:.2f} s | {ours24[0] / koubou:.2f} | |")
    else:
        lines.append(f"| Koubou | not measured: {koubou} | | | |")
    if instructions:
        lines.append(f"| one output, instructions (callgrind) | {instructions[0] / 1e9:.2f} G | {instructions[1] / 1e9:.2f} G | {instructions[0] / instructions[1]:.2f} | ≤ 1.10 |")
    lines.append(f"| frame shadow, 12 outputs on 1206×2622 | {on[1]:.2f} s CPU with | {off[1]:.2f} s CPU without | {on[1] / off[1]:.2f} | opt-in (default off) |")
    lines.append(shadow_row(c_on, c_off))
    lines += preset_table(compression, zlib_bytes)
    report = "\n".join(lines) + "\n"
    (WORK / "results.md").write_text(report)
    print(report)


SHADOW_OUTPUTS = 12

# The release of the matrix measure: each language's own captures ({locale} paths) of three
# screens on three devices, composed to a store target each: 4 languages × 9 = 36 outputs.
MATRIX_DEVICES = [("iphone", 1320, 2868, "ios-simulator-1320x2868"), ("ipad", 2064, 2752, "ios-simulator-2064x2752"),
                  ("pixel", 1080, 2400, "android-emulator-1080x2400")]
MATRIX_LOCALES = {"en-US": "Plan every trip", "de-DE": "Jede Reise planen", "ja": "すべての旅を計画", "ar": "خطط لكل رحلة"}
MATRIX_SCREENS = ["01Trips", "02Map", "03Share"]


def matrix_release():
    """Draws the captures (rsvg-convert: a header, rows and the language's title) and the job."""
    folder = WORK / "matrix"
    for locale, title in MATRIX_LOCALES.items():
        for device, width, height, _ in MATRIX_DEVICES:
            for n, screen in enumerate(MATRIX_SCREENS):
                svg = folder / "captures" / locale / f"{device}-{screen}.svg"
                svg.parent.mkdir(parents=True, exist_ok=True)
                rows = "".join(f'<rect x="{width // 20}" y="{height // 5 + i * height // 9}" width="{width * 9 // 10}" '
                               f'height="{height // 12}" rx="{width // 40}" fill="#e8eef8"/>' for i in range(6))
                svg.write_text(f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}">'
                               f'<rect width="{width}" height="{height}" fill="#ffffff"/>'
                               f'<rect width="{width}" height="{height // 8}" fill="#{["1f6feb", "0a7d48", "b3261e"][n]}"/>'
                               f'<text x="{width // 20}" y="{height // 12}" font-family="DejaVu Sans, Noto Sans CJK JP" '
                               f'font-size="{width // 16}" fill="#ffffff">{title} · {screen}</text>{rows}</svg>')
                subprocess.run(["rsvg-convert", svg, "-o", svg.with_suffix(".png")], check=True)
    path = folder / "release.json"
    path.write_text(json.dumps({
        "schemaVersion": 1, "output": "out", "template": "classic",
        "targets": ["app-store:iphone-6.9", "app-store:ipad-13", "google-play:phone"],
        "captures": [{"id": f"{device}-{screen}", "path": f"captures/{{locale}}/{device}-{screen}.png", "well": well}
                     for device, _, _, well in MATRIX_DEVICES for screen in MATRIX_SCREENS],
        "headlines": {locale: {f"{device}-{screen}": f"{title} ({screen[2:]})" for device, _, _, _ in MATRIX_DEVICES
                               for screen in MATRIX_SCREENS} for locale, title in MATRIX_LOCALES.items()},
    }, ensure_ascii=False))
    return path


def matrix_only(env):
    """BENCH_ONLY=matrix: CPU (user + sys) of the 36-output release rendered whole, and of the same
    release as a CI matrix (en-US in two shards, every other language one part), medians of 3; each
    part's outputs counted from its manifest."""
    release = matrix_release()
    folder = release.parent
    parts = [["--locale", l] for l in MATRIX_LOCALES if l != "en-US"] + [["--locale", "en-US", "--shard", f"{i}/2"] for i in (1, 2)]

    def whole():
        return run([BIN, "render", release, "--out", str(folder / "whole"), "--quiet"], env)

    def matrix():
        results = [run([BIN, "render", release, "--out", str(folder / f"part-{i}"), "--quiet", *arguments], env)
                   for i, arguments in enumerate(parts)]
        return sum(r[0] for r in results), sum(r[1] for r in results), max(r[0] for r in results)
    w = median_of(3, whole)
    m = median_of(3, matrix)
    counts = []
    for i, _ in enumerate(parts):
        manifest = next((folder / f"part-{i}").glob("manifest.*.json"))
        counts.append(len(json.loads(manifest.read_text())["outputs"]))
    lines = [
        "| release of 36 outputs (4 languages × 3 devices × 3 screens, {locale} captures, 3 targets) | wall | CPU (user + sys) |",
        "|---|---|---|",
        f"| whole, one process | {w[0]:.2f} s | {w[1]:.2f} s |",
        f"| matrix, {len(parts)} parts (outputs {', '.join(map(str, counts))}) | {m[0]:.2f} s summed, {m[2]:.2f} s the longest part | {m[1]:.2f} s summed ({m[1] / w[1]:.2f} × whole) |",
    ]
    report = "\n".join(lines) + "\n"
    (WORK / "results.md").write_text(report)
    print(report)


def classic_shadow(env, six):
    """The classic template's shadow (stacked shapes, no filter), on and off, in a batch of 12
    outputs (2 captures × 6 locales, 1206×2622): (wall, CPU, RSS) minimums of 5, with and without."""
    on, off, _ = template_shadow(env, six, "classic")
    return on, off


def template_shadow(env, six, template, runs=5):
    """A template's shadow on and off in one batch: (wall, CPU, RSS) minimums of `runs` runs each,
    with and without taken in turn (`interleaved_minimum`),
    and the number of outputs. Phone templates: 2 captures × 6 locales on 1206×2622; browser: the
    two browser captures; duo and panorama as screens; the feature graphic (its icon's shadow);
    "placeholder": the shipped {{PLACEHOLDER}} template; "design-card": the design card's template,
    unedited (fixtures/design-card, the rings derived before its frame)."""
    name = template.replace("-", "_")
    captures = CAPTURES[2:4] if template == "browser" else CAPTURES[:2]
    outputs = len(six) * len(captures)
    paths = {}
    for shadow in (True, False):
        tag = f"{name}-{'on' if shadow else 'off'}"
        chosen = {"placeholder": None, "feature-graphic": None,
                  "design-card": str(ROOT / "fixtures/design-card/device-well.svg.tmpl")}.get(template, template)
        path = job(tag, captures, six, str(WORK / tag), theme={"shadow": shadow}, template=chosen)
        data = json.loads(path.read_text())
        if template in ("duo", "panorama"):
            panels = 3 if template == "panorama" else 1
            data["screens"] = [{"id": "pair", "template": template, "captures": ["home", "chat"] if template == "duo" else ["home", "chat", "home"],
                                **({"panels": panels} if panels > 1 else {})}]
            data["headlines"] = {l: {"pair": HEADLINES[l]} for l in six}
            outputs = len(six) * panels
        if template == "feature-graphic":
            data["graphics"] = [{"id": "feature", "target": "google-play:feature-graphic", "icon": str(ROOT / "fixtures/icon.png"),
                                 "title": {l: "Tuck" for l in six}, "subtitle": {l: HEADLINES[l] for l in six}}]
            # A job needs a capture: the small mobile one, in the same template.
            data["captures"] = [{"id": "mobile", "path": str(ROOT / "fixtures/captures/rust-book-mobile.png"), "well": "tuck-browser-mobile"}]
            data["headlines"] = {l: {"mobile": HEADLINES[l]} for l in six}
            outputs = 2 * len(six)
        path.write_text(json.dumps(data))
        paths[shadow] = (path, tag)
    run([BIN, "render", paths[True][0], "--out", str(WORK / f"{name}-warm")], env)  # fonts and caches warm

    def fresh(shadow):
        # Each run into an empty folder: a duo's second capture copy is listed by no manifest,
        # so rendering again into the same folder is refused.
        shutil.rmtree(WORK / paths[shadow][1], ignore_errors=True)
        return run([BIN, "render", paths[shadow][0], "--out", str(WORK / paths[shadow][1])], env)
    on, off = interleaved_minimum(runs, lambda: fresh(True), lambda: fresh(False))
    return on, off, outputs


def shadow_row(c_on, c_off, template="classic (store-ready look, shadow on by default)", outputs=SHADOW_OUTPUTS, what="on 1206×2622"):
    per_on, per_off = c_on[1] / outputs * 1000, c_off[1] / outputs * 1000
    return (f"| {template} per output, batch of {outputs} {what} | "
            f"{per_on:.0f} ms CPU with shadow | {per_off:.0f} ms CPU without | {c_on[1] / c_off[1]:.2f} | ≤ 1.15 |")


SHADOW_TEMPLATES = [("classic", "on 1206×2622"), ("caption-below", "on 1206×2622"), ("browser", "on 1440×1000 and 390×844"),
                    ("duo", "on 1206×2622, two captures each"), ("panorama", "on 1206×2622, 3 panels each"),
                    ("feature-graphic", "of 1024×500 (the icon's shadow) and 390×844 (a job needs a capture)"), ("placeholder", "on 1206×2622 ({{FRAME_SHADOW}})"),
                    ("design-card", "on 1206×2622 (the card's template, unedited)")]


def shadow_only(env, six):
    """BENCH_ONLY=shadow: the device shadow's cost per output for every built-in and the shipped
    {{PLACEHOLDER}} template (a few minutes)."""
    rows = []
    for template, what in SHADOW_TEMPLATES:
        on, off, outputs = template_shadow(env, six, template)
        rows.append(shadow_row(on, off, template=template, outputs=outputs, what=what))
    report = "\n".join(["| measure | with | without | ratio | target |", "|---|---|---|---|---|", *rows]) + "\n"
    (WORK / "results-shadow.md").write_text(report)
    print(report)


def store_only(env, six):
    """BENCH_ONLY=store: classic on the App Store's iPhone 6.9 in slot (the 1206×2622 capture) and
    iPad 13 in slot (fixtures/devices/ipad-13-inbox.png), 6 locales each: wall and CPU per output,
    medians of 3."""
    rows = []
    for target, capture, well in [("app-store:iphone-6.9", ROOT / "fixtures/captures/dnschat-home.png", "ios-simulator-1206x2622"),
                                  ("app-store:ipad-13", ROOT / "fixtures/devices/ipad-13-inbox.png", "ios-simulator-2064x2752")]:
        tag = "store-" + target.split(":")[1]
        path = WORK / f"{tag}.json"
        path.write_text(json.dumps({"schemaVersion": 1, "output": str(WORK / tag), "template": "classic", "targets": [target],
                                    "captures": [{"id": "home", "path": str(capture), "well": well}],
                                    "headlines": {l: {"home": HEADLINES[l]} for l in six}}))
        run([BIN, "render", path, "--out", str(WORK / f"{tag}-warm")], env)
        timing = median_of(3, lambda: run([BIN, "render", path, "--out", str(WORK / tag)], env))
        rows.append(f"| classic on {target}, {len(six)} outputs | {timing[0] / len(six) * 1000:.0f} ms wall per output | "
                    f"{timing[1] / len(six) * 1000:.0f} ms CPU per output | {timing[2]:.0f} MB peak RSS |")
    report = "\n".join([f"Binary: {BIN}", "", "| measure | wall | CPU | memory |", "|---|---|---|---|", *rows]) + "\n"
    (WORK / "results-store.md").write_text(report)
    print(report)


def codec_floor(folder, locales, preset="default", runs=3):
    """The floor of every output of a batch, measured now on this machine: `ssc-bench codec`
    decodes the output's capture with libpng and encodes its pixels with libpng + zlib level 6
    (CPU time, median of `runs`). Returns (mean floor s per output, zlib level 6 bytes, this
    tool's encoder's bytes at `preset`, both of the image alone, summed over the outputs)."""
    floors, zlib_bytes, encoder_bytes = [], 0, 0
    for locale in locales:
        for capture_id, file, _ in CAPTURES:
            out = subprocess.run([CODEC, "codec", ROOT / "fixtures/captures" / file, folder / locale / f"{capture_id}.png", str(runs), preset],
                                 capture_output=True, text=True, check=True).stdout.split()
            decode_ms, zlib_ms, zlib_size, _, size = float(out[0]), float(out[1]), int(out[2]), float(out[3]), int(out[4])
            floors.append(decode_ms + zlib_ms)
            zlib_bytes += zlib_size
            encoder_bytes += size
    return statistics.mean(floors) / 1000, zlib_bytes, encoder_bytes


def encoder_rows(per_output_cpu, floor, zlib_bytes, encoder_bytes):
    return [
        f"| CPU per output (24-output batch, whole process, user+sys / 24) | {per_output_cpu * 1000:.0f} ms | "
        f"floor, libpng decode of the capture + zlib level 6 encode of the output: {floor * 1000:.0f} ms | "
        f"{per_output_cpu / floor:.2f} | ≤ 0.90 |",
        f"| PNG bytes, default preset (24 outputs, image only) | {encoder_bytes:,} | zlib level 6 of the same pixels: {zlib_bytes:,} | "
        f"{encoder_bytes / zlib_bytes:.3f} | ≤ 1.05 |",
    ]


def presets(batch, runs=3):
    """(preset, wall s, CPU s, image bytes of the 24 outputs) for each --png-compression preset;
    the bytes are the preset's encoding of each output's pixels alone (ssc-bench), so they
    compare with zlib level 6 of the same pixels."""
    results = []
    for preset in ["fast", "default", "small"]:
        timing = median_of(runs, lambda: run([BIN, "render", batch, "--out", str(WORK / f"png-{preset}"), "--png-compression", preset],
                                             {"SOURCE_DATE_EPOCH": "1767225600"}))
        _, _, size = codec_floor(WORK / f"png-{preset}", list(HEADLINES)[:6], preset, runs=1)
        results.append((preset, timing[0], timing[1], size))
    return results


def preset_table(compression, zlib_bytes, outputs=24):
    return ["", f"PNG compression presets, {outputs}-output batch, per output (bytes of the image data alone):", "",
            "| preset | CPU per output (user+sys) | bytes per output | zlib level 6 of the same pixels | ratio | target |",
            "|---|---|---|---|---|---|",
            *[f"| {p} | {c / outputs * 1000:.0f} ms | {s // outputs:,} | {zlib_bytes // outputs:,} | {s / zlib_bytes:.3f} | "
              f"{'≤ 1.05' if p == 'default' else ''} |" for p, t, c, s in compression]]


def encoder_only(env, locales):
    """BENCH_ONLY=encoder: the batch's CPU per output and PNG bytes against the floor, short runs."""
    batch = job("batch24", CAPTURES, locales, str(WORK / "batch24"))
    run([BIN, "render", batch], env)
    ours24 = median_of(3, lambda: run([BIN, "render", batch, "--out", str(WORK / "batch24")], env))
    floor, zlib_bytes, encoder_bytes = codec_floor(WORK / "batch24", locales)
    lines = [f"Machine: {os.cpu_count()} cores, shared; medians of 3 (noisy: other processes share the cores).", "",
             "| measure | store-screenshot-compose | reference | ratio | target |", "|---|---|---|---|---|",
             *encoder_rows(ours24[1] / 24, floor, zlib_bytes, encoder_bytes),
             *preset_table(presets(batch, runs=1), zlib_bytes)]
    report = "\n".join(lines) + "\n"
    (WORK / "results.md").write_text(report)
    print(report)


def callgrind(cmd, env):
    """Instructions executed by cmd under valgrind's callgrind, or None without valgrind."""
    if not shutil.which("valgrind"):
        return None
    out = WORK / "callgrind.out"
    proc = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *map(str, cmd)],
                          capture_output=True, text=True, env={**os.environ, **env})
    for line in proc.stderr.splitlines():
        if "Collected :" in line:
            return int(line.split(":")[-1].strip())
    return None


def koubou_time(locales):
    """Seconds Koubou takes for the same 24 screenshots, or why it was not measured."""
    venv = WORK / "koubou-venv"
    if subprocess.run([sys.executable, "-m", "venv", venv], capture_output=True).returncode != 0:
        return "python3 -m venv failed"
    if subprocess.run([venv / "bin/pip", "install", "-q", "koubou"], capture_output=True).returncode != 0:
        return "pip could not install koubou"
    shots = {}
    for locale in locales:
        for capture_id, file, _ in CAPTURES:
            shots[f"{locale}-{capture_id}"] = {"content": [
                {"type": "text", "content": HEADLINES[locale], "position": ["50%", "8%"], "size": 64, "weight": "bold", "color": "#14171f"},
                {"type": "image", "asset": str(ROOT / "fixtures/captures" / file), "position": ["50%", "58%"], "scale": 0.8, "frame": False},
            ]}
    config = {"project": {"name": "bench", "output_dir": str(WORK / "koubou-out"), "output_size": "iPhone6_9",
                          "device": "iPhone 16 Pro - Black Titanium - Portrait"},
              "defaults": {"background": {"type": "solid", "colors": ["#eef1f6"]}}, "screenshots": shots}
    yaml_path = WORK / "koubou.yaml"
    # JSON is valid YAML.
    yaml_path.write_text(json.dumps(config))
    start = time.monotonic()
    proc = subprocess.run([venv / "bin/kou", "generate", yaml_path], capture_output=True, text=True)
    elapsed = time.monotonic() - start
    produced = list((WORK / "koubou-out").rglob("*.png"))
    if proc.returncode == 0 and len(produced) >= 24:
        return elapsed
    if "Failed to download device frames" in proc.stdout + proc.stderr:
        return "Koubou downloads its device frames from GitHub on first run, and this machine cannot reach it"
    return f"kou generate failed ({len(produced)} PNGs)"


if __name__ == "__main__":
    main()
