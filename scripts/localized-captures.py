#!/usr/bin/env python3
"""Regenerates the localized demo's captures (fixtures/localized/screenshots/).

They stand for what fastlane snapshot writes for a small iPhone app in three languages:
<language>/<Device Name>-<NN><Screen>.png at the device's screenshot size (iPhone SE (3rd
generation): 750x1334). The screens are drawn here (a mock notes app, "Tuck"), so each
language's capture shows that language's UI text; they are generated images, not captures of a
real app. Needs rsvg-convert (apt-get install librsvg2-bin). The PNGs are committed, so
`make demo` does not need this script.
"""
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "fixtures", "localized", "screenshots")
DEVICE = "iPhone SE (3rd generation)"
WIDTH, HEIGHT = 750, 1334
FONT = "DejaVu Sans, Noto Sans CJK JP, sans-serif"

# Every word the app shows, per language (the folder names fastlane snapshot uses).
UI = {
    "en-US": {
        "inbox": "Inbox", "search": "Search notes", "today": "Today", "settings": "Settings",
        "notes": [("Groceries", "Milk, bread, lemons"), ("Trip to Lisbon", "Flights on Friday"),
                  ("Read later", "Three saved articles"), ("Ideas", "A garden on the roof")],
        "due": "Due today", "done": "Done", "task": "Call the plumber", "time": "at 10:00",
        "progress": "2 of 5 done",
    },
    "de-DE": {
        "inbox": "Eingang", "search": "Notizen suchen", "today": "Heute", "settings": "Einstellungen",
        "notes": [("Einkaufen", "Milch, Brot, Zitronen"), ("Reise nach Lissabon", "Flüge am Freitag"),
                  ("Später lesen", "Drei gemerkte Artikel"), ("Ideen", "Ein Garten auf dem Dach")],
        "due": "Heute fällig", "done": "Erledigt", "task": "Klempner anrufen", "time": "um 10:00",
        "progress": "2 von 5 erledigt",
    },
    "ja": {
        "inbox": "受信箱", "search": "メモを検索", "today": "今日", "settings": "設定",
        "notes": [("買い物", "牛乳、パン、レモン"), ("リスボン旅行", "金曜日のフライト"),
                  ("あとで読む", "保存した記事が3件"), ("アイデア", "屋上の庭")],
        "due": "今日が期限", "done": "完了", "task": "配管工に電話する", "time": "10:00",
        "progress": "5件中2件完了",
    },
}


def text(x, y, size, content, fill="#1c1c1e", weight="normal", anchor="start"):
    content = content.replace("&", "&amp;").replace("<", "&lt;")
    return (f'<text x="{x}" y="{y}" font-family="{FONT}" font-size="{size}" font-weight="{weight}" '
            f'fill="{fill}" text-anchor="{anchor}">{content}</text>')


def chrome(ui, active):
    """Status bar, and the tab bar with the active tab in blue."""
    parts = [f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#f2f2f7"/>',
             text(40, 30, 24, "9:41", weight="bold"),
             f'<rect x="0" y="1190" width="{WIDTH}" height="144" fill="#ffffff"/>',
             f'<rect x="0" y="1190" width="{WIDTH}" height="1" fill="#c6c6c8"/>']
    for i, key in enumerate(["inbox", "today", "settings"]):
        x = 125 + i * 250
        colour = "#007aff" if key == active else "#8e8e93"
        parts.append(f'<circle cx="{x}" cy="1240" r="18" fill="{colour}"/>')
        parts.append(text(x, 1292, 22, ui[key], fill=colour, anchor="middle"))
    return parts


def inbox(ui):
    parts = chrome(ui, "inbox")
    parts.append(text(32, 140, 68, ui["inbox"], weight="bold"))
    parts.append('<rect x="32" y="172" width="686" height="72" rx="18" fill="#e3e3e8"/>')
    parts.append(text(80, 220, 30, ui["search"], fill="#8e8e93"))
    parts.append('<rect x="32" y="280" width="686" height="560" rx="24" fill="#ffffff"/>')
    for i, (title, detail) in enumerate(ui["notes"]):
        y = 280 + i * 140
        if i:
            parts.append(f'<rect x="64" y="{y}" width="654" height="1" fill="#d1d1d6"/>')
        parts.append(text(64, y + 62, 34, title, weight="bold"))
        parts.append(text(64, y + 108, 28, detail, fill="#6c6c70"))
    return parts


def today(ui):
    parts = chrome(ui, "today")
    parts.append(text(32, 140, 68, ui["today"], weight="bold"))
    parts.append('<rect x="32" y="190" width="686" height="300" rx="24" fill="#007aff"/>')
    parts.append(text(72, 260, 30, ui["due"], fill="#dbeaff"))
    parts.append(text(72, 330, 46, ui["task"], fill="#ffffff", weight="bold"))
    parts.append(text(72, 390, 32, ui["time"], fill="#dbeaff"))
    parts.append('<rect x="72" y="420" width="180" height="44" rx="22" fill="#ffffff"/>')
    parts.append(text(162, 451, 24, ui["done"], fill="#007aff", weight="bold", anchor="middle"))
    parts.append('<rect x="32" y="530" width="686" height="160" rx="24" fill="#ffffff"/>')
    parts.append(text(72, 595, 32, ui["progress"], weight="bold"))
    parts.append('<rect x="72" y="630" width="606" height="16" rx="8" fill="#e5e5ea"/>')
    parts.append('<rect x="72" y="630" width="242" height="16" rx="8" fill="#34c759"/>')
    return parts


def main():
    with tempfile.TemporaryDirectory() as scratch:
        for language, ui in UI.items():
            folder = os.path.join(OUT, language)
            os.makedirs(folder, exist_ok=True)
            for name, draw in [("01Inbox", inbox), ("02Today", today)]:
                svg = os.path.join(scratch, f"{language}-{name}.svg")
                with open(svg, "w", encoding="utf-8") as f:
                    f.write(f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}">'
                            + "".join(draw(ui)) + "</svg>\n")
                png = os.path.join(folder, f"{DEVICE}-{name}.png")
                subprocess.run(["rsvg-convert", "-o", png, svg], check=True)
                print(png)


if __name__ == "__main__":
    sys.exit(main())
