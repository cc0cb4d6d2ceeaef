#!/usr/bin/env python3
"""Regenerates the captures of fixtures/devices/: the mock notes app "Tuck" (as in
scripts/localized-captures.py) on an iPad 13 in simulator (2064x2752) and an Android phone
emulator (1080x2400, with Android's status bar: time on the left, icons on the right, the
punch-hole camera's place in its middle). They stand for what fastlane snapshot and screengrab
write; they are generated images, not captures of a real app. The per-device template demo
(fixtures/devices-job.json) composes them with an iPhone capture. Needs rsvg-convert
(apt-get install librsvg2-bin). The PNGs are committed, so `make demo` does not need this script.
"""
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "fixtures", "devices")
FONT = "DejaVu Sans, sans-serif"
NOTES = [("Groceries", "Milk, bread, lemons"), ("Trip to Lisbon", "Flights on Friday"),
         ("Read later", "Three saved articles"), ("Ideas", "A garden on the roof"),
         ("Birthday", "Cake for Saturday"), ("Plumber", "Call at 10:00")]


def text(x, y, size, content, fill="#1c1c1e", weight="normal", anchor="start"):
    return (f'<text x="{x}" y="{y}" font-family="{FONT}" font-size="{size}" font-weight="{weight}" '
            f'fill="{fill}" text-anchor="{anchor}">{content}</text>')


def ipad():
    """iPad 13 in, portrait: the sidebar of folders beside the list of notes (2 px per point)."""
    w, h = 2064, 2752
    p = [f'<rect width="{w}" height="{h}" fill="#ffffff"/>',
         f'<rect width="640" height="{h}" fill="#f2f2f7"/>',
         text(48, 56, 34, "9:41", weight="bold"), text(w - 48, 56, 34, "100 %", anchor="end"),
         text(48, 200, 80, "Folders", weight="bold")]
    for i, (name, count) in enumerate([("Inbox", 6), ("Today", 2), ("Trips", 3), ("Ideas", 9), ("Archive", 41)]):
        y = 300 + i * 120
        fill = "#007aff" if i == 0 else "#f2f2f7"
        colour = "#ffffff" if i == 0 else "#1c1c1e"
        p.append(f'<rect x="32" y="{y}" width="576" height="100" rx="20" fill="{fill}"/>')
        p.append(text(72, y + 64, 40, name, fill=colour, weight="bold" if i == 0 else "normal"))
        p.append(text(568, y + 64, 40, str(count), fill=colour, anchor="end"))
    p.append(text(712, 200, 80, "Inbox", weight="bold"))
    p.append(f'<rect x="712" y="250" width="{w - 760}" height="96" rx="24" fill="#e3e3e8"/>')
    p.append(text(776, 314, 40, "Search notes", fill="#8e8e93"))
    for i, (title, detail) in enumerate(NOTES):
        y = 420 + i * 230
        p.append(f'<rect x="712" y="{y}" width="{w - 760}" height="200" rx="28" fill="#f7f7fa"/>')
        p.append(text(760, y + 84, 52, title, weight="bold"))
        p.append(text(760, y + 150, 40, detail, fill="#6c6c70"))
    p.append(f'<rect x="712" y="{420 + 6 * 230}" width="{w - 760}" height="600" rx="28" fill="#007aff"/>')
    p.append(text(760, 420 + 6 * 230 + 110, 44, "Due today", fill="#dbeaff"))
    p.append(text(760, 420 + 6 * 230 + 210, 68, "Call the plumber", fill="#ffffff", weight="bold"))
    p.append(text(760, 420 + 6 * 230 + 300, 44, "at 10:00", fill="#dbeaff"))
    return w, h, p


def android():
    """A 1080x2400 Android phone (2.625 px per dp): the status bar (24 dp, 63 px) with the time
    and icons clear of the camera in its middle, a top app bar, the list, a floating button and
    the gesture bar."""
    w, h = 1080, 2400
    p = [f'<rect width="{w}" height="{h}" fill="#fdf8fd"/>',
         text(56, 46, 34, "9:41", fill="#1d1b20"),
         '<rect x="924" y="22" width="60" height="28" rx="6" fill="none" stroke="#1d1b20" stroke-width="4"/>',
         '<rect x="930" y="28" width="40" height="16" rx="3" fill="#1d1b20"/>',
         '<path d="M850 50 L890 50 L890 14 Z" fill="#1d1b20"/>',
         text(56, 230, 84, "Inbox", fill="#1d1b20"),
         '<rect x="42" y="290" width="996" height="140" rx="70" fill="#ece6f0"/>',
         text(130, 380, 42, "Search notes", fill="#49454f")]
    for i, (title, detail) in enumerate(NOTES):
        y = 480 + i * 250
        p.append(f'<rect x="42" y="{y}" width="996" height="220" rx="36" fill="#f3edf7"/>')
        p.append(text(90, y + 96, 50, title, fill="#1d1b20"))
        p.append(text(90, y + 164, 40, detail, fill="#49454f"))
    p.append('<rect x="796" y="2040" width="210" height="210" rx="56" fill="#6750a4"/>')
    p.append('<path d="M901 2100 V2190 M856 2145 H946" stroke="#ffffff" stroke-width="10" stroke-linecap="round"/>')
    p.append('<rect x="430" y="2362" width="220" height="12" rx="6" fill="#1d1b20"/>')
    return w, h, p


def main():
    os.makedirs(OUT, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        for name, draw in [("ipad-13-inbox", ipad), ("android-inbox", android)]:
            w, h, parts = draw()
            svg = os.path.join(scratch, f"{name}.svg")
            with open(svg, "w", encoding="utf-8") as f:
                f.write(f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}">' + "".join(parts) + "</svg>\n")
            png = os.path.join(OUT, f"{name}.png")
            subprocess.run(["rsvg-convert", "-o", png, svg], check=True)
            print(png)


if __name__ == "__main__":
    sys.exit(main())
