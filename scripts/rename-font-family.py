#!/usr/bin/python3
"""Writes a copy of a TrueType font under another family name (python3-fonttools).

Used by the tests: a font file whose family no system has installed, so a drawing that
shows its glyphs can only have come from the registered file. DejaVu's licence asks that a
modified font is renamed; only the name table changes, the glyphs stay as they are.

usage: rename-font-family.py SOURCE.ttf DESTINATION.ttf "Family Name"
"""
import sys
from fontTools.ttLib import TTFont

source, destination, family = sys.argv[1:4]
font = TTFont(source)
postscript = family.replace(" ", "")
for record in font["name"].names:
    if record.nameID in (1, 16):  # family, typographic family
        record.string = family
    elif record.nameID in (4,):  # full name
        record.string = family
    elif record.nameID in (6,):  # PostScript name
        record.string = postscript
    elif record.nameID in (3,):  # unique id
        record.string = f"{postscript};rename-font-family"
font.save(destination)
