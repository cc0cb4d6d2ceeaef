#!/usr/bin/env python3
"""make bench-peers: this tool's CPU against app-preview's on the same job, on this machine.

The job: the repository's two real 1206×2622 simulator captures × 12 locales = 24 outputs, the
same headline per locale on both sides. This tool renders its default `classic` template (frame
and shadow); app-preview 0.2.0 (PyPI, in a venv of its own under .build/) its `clean` template on
`apple.iphone-6.3` (1206×2622). Each side is a whole process under /usr/bin/time, so CPU is user +
system of the process and of every child it reaped (this tool's drawing workers included). The two
run in turn, five pairs; the report gives each side's median and the ratio of the medians, with
the machine's load average before and after. Where PyPI cannot be reached it says so and exits 0
without a figure (nothing is compared then). BIN=path measures another build; PAIRS=n another count.
"""

import json
import os
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(os.environ.get("BIN") or ROOT / ".build/release/store-screenshot-compose")
WORK = ROOT / "out/bench-peers"
VENV = ROOT / ".build/app-preview"
PEER = "app-preview==0.2.0"
# app-preview's own dependencies, pinned so that a later release of one does not move the figure.
PEER_DEPENDENCIES = ["pillow==13.0.0", "pydantic==2.14.4", "pydantic-core==2.50.5", "pyyaml==6.0.4", "click==8.5.1",
                     "annotated-types==0.8.0", "typing-inspection==0.4.5", "typing-extensions==4.16.0"]
PAIRS = int(os.environ.get("PAIRS", "5"))
CAPTURES = [("home", ROOT / "fixtures/captures/dnschat-home.png"), ("chat", ROOT / "fixtures/captures/dnschat-chat.png")]
HEADLINES = {
    "en-US": "Answers in seconds", "de-DE": "Antworten in Sekunden", "fr-FR": "Des réponses en quelques secondes",
    "ja": "数秒で答えが届きます", "es-ES": "Respuestas en segundos", "pt-BR": "Respostas em segundos",
    "it": "Risposte in pochi secondi", "nl-NL": "Antwoorden in seconden", "ko": "몇 초 만에 답변",
    "sv": "Svar på några sekunder", "pl": "Odpowiedzi w kilka sekund", "tr": "Saniyeler içinde yanıtlar",
}


def timed(cmd, cwd=None):
    """(wall s, CPU s = user + system of the process and its reaped children) of one run."""
    proc = subprocess.run(["/usr/bin/time", "-f", "%e %U %S", *map(str, cmd)], capture_output=True, text=True,
                          cwd=cwd, env={**os.environ, "SOURCE_DATE_EPOCH": "1767225600"})
    if proc.returncode != 0:
        sys.exit(f"bench-peers: {' '.join(map(str, cmd))} failed (exit {proc.returncode}):\n{proc.stdout}{proc.stderr}")
    wall, user, system = proc.stderr.strip().splitlines()[-1].split()
    return float(wall), float(user) + float(system)


def install_peer():
    """app-preview's executable, or None when PyPI cannot be reached (said on stderr)."""
    exe = VENV / "bin/app-preview"
    if exe.exists() and subprocess.run([exe, "--version"], capture_output=True, text=True).stdout.strip().endswith("0.2.0"):
        return exe
    shutil.rmtree(VENV, ignore_errors=True)
    subprocess.run(["/usr/bin/python3", "-m", "venv", VENV], check=True)
    pip = [VENV / "bin/pip", "install", "-q", "--disable-pip-version-check"]
    if subprocess.run([*pip, PEER, *PEER_DEPENDENCIES]).returncode == 0:
        return exe
    if subprocess.run([VENV / "bin/pip", "index", "versions", "app-preview"], capture_output=True).returncode == 0:
        sys.exit(f"bench-peers: PyPI answered but {PEER} did not install (see above)")
    shutil.rmtree(VENV, ignore_errors=True)
    print(f"bench-peers: {PEER} could not be installed: PyPI is unreachable from this machine; nothing compared")
    return None


def our_job():
    path = WORK / "ours.json"
    path.write_text(json.dumps({
        "schemaVersion": 1, "output": str(WORK / "ours-out"),
        "captures": [{"id": i, "path": str(p), "well": "tuck-ios-simulator-portrait"} for i, p in CAPTURES],
        "headlines": {locale: {i: text for i, _ in CAPTURES} for locale, text in HEADLINES.items()},
    }, ensure_ascii=False))
    return path


def peer_config():
    """app-preview.yaml (JSON is YAML) in its own folder, the same captures and headlines."""
    folder = WORK / "peer"
    folder.mkdir(parents=True)
    config = {
        "version": 1, "out": "store-screenshots", "targets": ["apple.iphone-6.3"], "locales": list(HEADLINES),
        "template": "clean",
        "screens": [{"id": i, "source": str(p), "caption": {locale: text for locale, text in HEADLINES.items()}}
                    for i, p in CAPTURES],
    }
    (folder / "app-preview.yaml").write_text(json.dumps(config, ensure_ascii=False))
    return folder


def load():
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def main():
    if not BIN.exists():
        sys.exit(f"bench-peers: {BIN} is missing: run swift build -c release (make bench-peers does)")
    peer = install_peer()
    if peer is None:
        return
    shutil.rmtree(WORK, ignore_errors=True)
    WORK.mkdir(parents=True)
    job, folder = our_job(), peer_config()

    def ours():
        shutil.rmtree(WORK / "ours-out", ignore_errors=True)
        return timed([BIN, "render", job])

    def theirs():
        shutil.rmtree(folder / "store-screenshots", ignore_errors=True)
        return timed([peer, "build"], cwd=folder)

    # One run of each first, so both start from warm page caches; also checks the 24 outputs (this
    # tool's: <locale>/<screen>.png; the capture copies beside the SVGs are in <locale>/captures/).
    ours(), theirs()
    count = (len(list((WORK / "ours-out").glob("*/*.png"))), len(list((folder / "store-screenshots").rglob("*.png"))))
    if count != (24, 24):
        sys.exit(f"bench-peers: expected 24 PNGs on each side, found {count[0]} (ours) and {count[1]} (app-preview)")
    before = load()
    pairs = [(ours(), theirs()) for _ in range(PAIRS)]
    after = load()
    our_cpu = statistics.median(o[1] for o, _ in pairs)
    peer_cpu = statistics.median(t[1] for _, t in pairs)
    our_wall = statistics.median(o[0] for o, _ in pairs)
    peer_wall = statistics.median(t[0] for _, t in pairs)
    cpu = subprocess.run(["sh", "-c", "grep -m1 'model name' /proc/cpuinfo | cut -d: -f2"], capture_output=True, text=True).stdout.strip()
    lines = [
        f"Machine: {os.cpu_count()} cores ({cpu}); load average {before} before, {after} after; median of {PAIRS} pairs run in turn.",
        "Job: 2 real 1206×2622 simulator captures × 12 locales = 24 outputs; this tool's classic, "
        f"{PEER}'s clean on apple.iphone-6.3.",
        "",
        "| measure | store-screenshot-compose | app-preview 0.2.0 | ratio | target |",
        "|---|---|---|---|---|",
        f"| CPU (user + system, children included) | {our_cpu:.2f} s | {peer_cpu:.2f} s | {our_cpu / peer_cpu:.3f} | ≤ 0.10 |",
        f"| wall | {our_wall:.2f} s | {peer_wall:.2f} s | {our_wall / peer_wall:.3f} | |",
        "",
        "Each pair (CPU s, ours / app-preview): " + ", ".join(f"{o[1]:.2f}/{t[1]:.2f}" for o, t in pairs),
    ]
    report = "\n".join(lines) + "\n"
    (WORK / "results.md").write_text(report)
    print(report)


if __name__ == "__main__":
    main()
