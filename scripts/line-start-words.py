#!/usr/bin/env python3
"""Writes Sources/Ingest/Resources/line-start-words.json: the Japanese and Chinese
words a headline line never starts with (they stay with the word before them).

Built from two Debian 12 packages (downloaded with `apt-get download`, not installed):
- mecab-ipadic: IPADIC's particles (助詞: Postp.csv, Postp-col.csv) and auxiliary verbs
  (助動詞: Auxil.csv), EUC-JP CSV whose first field is the surface form; forms written in
  hiragana only (a form in kanji may start a phrase).
- python3-jieba: jieba's dict.txt ("word frequency tag"), the words tagged as particles
  (u, uj, ul, uz, ug, uv, ud: 助词), modal particles (y: 语气词) and suffixes (k: 后缀),
  at least FREQUENCY_FLOOR occurrences (rare entries carry wrong tags, e.g. 酷毙了 y), and
  their Traditional forms by ICU's Hans-Hant transform (`uconv`).

Usage: python3 scripts/line-start-words.py   (run from the repository root)
"""
import csv
import glob
import io
import json
import os
import subprocess
import tempfile

OUT = "Sources/Ingest/Resources/line-start-words.json"
FREQUENCY_FLOOR = 100
JIEBA_TAGS = {"u", "uj", "ul", "uz", "ug", "uv", "ud", "y", "k"}


def extract(package, folder):
    subprocess.run(["apt-get", "download", package], cwd=folder, check=True, capture_output=True)
    deb = glob.glob(os.path.join(folder, package + "_*.deb"))[0]
    subprocess.run(["dpkg-deb", "-x", deb, os.path.join(folder, "x")], check=True)
    return os.path.basename(deb)[:-len(".deb")].replace("_all", "").replace("_", " ")


def hiragana_only(word):
    return all(0x3041 <= ord(c) <= 0x309F or c == "ー" for c in word)


def main():
    with tempfile.TemporaryDirectory() as folder:
        ipadic = extract("mecab-ipadic", folder)
        jieba = extract("python3-jieba", folder)
        base = os.path.join(folder, "x/usr/share/mecab/dic/ipadic")
        particles, auxiliaries = set(), set()
        for name, into in [("Postp.csv", particles), ("Postp-col.csv", particles), ("Auxil.csv", auxiliaries)]:
            with open(os.path.join(base, name), encoding="euc_jp") as f:
                for row in csv.reader(f):
                    if row and hiragana_only(row[0]):
                        into.add(row[0])
        chinese = set()
        with open(os.path.join(folder, "x/usr/lib/python3/dist-packages/jieba/dict.txt"), encoding="utf-8") as f:
            for line in f:
                word, frequency, tag = line.split()
                if tag in JIEBA_TAGS and int(frequency) >= FREQUENCY_FLOOR:
                    chinese.add(word)
    # jieba is Simplified Chinese: each word's Traditional form (們, 嗎, 過) by ICU's Hans-Hant
    # transform (uconv, icu-devtools, installed with libicu-dev).
    simplified = sorted(chinese)
    converted = subprocess.run(["uconv", "-x", "Hans-Hant"], input="\n".join(simplified), capture_output=True,
                               text=True, check=True).stdout.split("\n")
    chinese.update(word for word in converted if word)
    icu = subprocess.run(["uconv", "--version"], capture_output=True, text=True).stdout.strip()
    data = {
        "schemaVersion": 1,
        "kind": "line-start-words",
        "note": "Words a Japanese or Chinese headline line never starts with: after ICU's dictionary word break, a word made only of these stays with the word before it; in Japanese, a hiragana run after kanji or katakana (okurigana, particles, auxiliaries) breaks only after a particle. Line-start characters (closing brackets, 、。, iteration marks, the prolonged sound mark, small kana: W3C jlreq 'Characters not starting a line') are ICU's strict line breaking (lb=strict), not this list. Written by scripts/line-start-words.py.",
        "sources": {
            "ja": {
                "url": "https://packages.debian.org/bookworm/mecab-ipadic",
                "package": ipadic,
                "statement": "IPADIC part-of-speech 助詞 (particles: Postp.csv, Postp-col.csv) and 助動詞 (auxiliary verbs: Auxil.csv), surface forms written in hiragana only",
                "retrieved": "2026-12-01",
                "verified": "read from the package's CSV files by scripts/line-start-words.py",
            },
            "zh": {
                "url": "https://packages.debian.org/bookworm/python3-jieba",
                "package": jieba,
                "statement": "jieba dict.txt words tagged u, uj, ul, uz, ug, uv, ud (助词, particles), y (语气词, modal particles) or k (后缀, suffixes), frequency at least %d, and their Traditional forms by ICU's Hans-Hant transform (%s)" % (FREQUENCY_FLOOR, icu),
                "retrieved": "2026-12-01",
                "verified": "read from the package's dict.txt by scripts/line-start-words.py",
            },
        },
        "particles": {"ja": sorted(particles), "zh": sorted(chinese)},
        "auxiliaries": {"ja": sorted(auxiliaries)},
    }
    text = io.StringIO()
    json.dump(data, text, ensure_ascii=False, indent=2)
    with open(OUT, "w", encoding="utf-8") as f:
        f.write(text.getvalue() + "\n")
    print("%s: %d Japanese particles, %d auxiliaries, %d Chinese words" % (OUT, len(particles), len(auxiliaries), len(chinese)))


if __name__ == "__main__":
    main()
