#!/usr/bin/env python3
"""Draws one image per device-frame family (templates/frames/) into docs/frame-<family>.png, for
make docs: a capture of a device of each family, made from this project's fixture captures
(scaled to the device's well with rsvg-convert, cropped to its shape, never stretched), composed
with the built-in classic template at the well's canvas, whose device slot draws the well's frame
(DeviceFrameChoice picks it from the well's recorded shape). Usage: frame-families.py --bin .build/debug/store-screenshot-compose
"""
import argparse
import base64
import json
import os
import shutil
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "out", "frame-families")
PHONE, IPAD, ANDROID, DESKTOP = "captures/dnschat-home.png", "devices/ipad-13-inbox.png", "devices/android-inbox.png", "captures/rust-book-desktop.png"
# family (the frame file's stem), the well whose shape picks it, the fixture capture, the caption
FAMILIES = [
    ("iphone-home-button", "ios-simulator-1242x2208", PHONE, "iPhone 8 Plus: home button"),
    ("iphone-notch", "ios-simulator-1125x2436", PHONE, "iPhone X: notch"),
    ("iphone-dynamic-island", "ios-simulator-1206x2622", PHONE, "iPhone 17 Pro: Dynamic Island"),
    ("phone", "ios-simulator-1170x2532", PHONE, "iPhone 14: no cutout recorded"),
    ("ipad-home-button", "ios-simulator-1620x2160", IPAD, "iPad 10.2-inch: home button"),
    ("tablet", "ios-simulator-2064x2752", IPAD, "iPad Pro 13-inch: Face ID"),
    ("android-phone", "android-emulator-1080x1920", ANDROID, "Pixel 2: navigation keys"),
    ("android-punch-hole", "android-emulator-1080x2400", ANDROID, "Pixel 8: punch hole"),
    ("android-tablet", "android-emulator-1600x2560", IPAD, "Pixel Tablet"),
    ("watch", "watchos-simulator-410x502", PHONE, "Apple Watch"),
    ("laptop", "macos-2880x1800", DESKTOP, "Mac"),
    ("tv", "tvos-simulator-1920x1080", DESKTOP, "Apple TV"),
    ("vision-pro", "visionos-simulator-3840x2160", DESKTOP, "Apple Vision Pro: a window"),
]

# The iPhone 17 Pro capture's status bar (its pixels): the background, the clock's and the icons'
# boxes (x, y, width, height) and the Dynamic Island's, which the capture shows.
BAR, CLOCK, ICONS, ISLAND = "#f2f2f7", (155, 70, 130, 54), (858, 70, 248, 54), (408, 36, 390, 124)


def status_bar(family, well, data):
    """The 17 Pro capture's status bar redrawn for another iPhone: its island painted out, the
    clock and the icons moved beside the well's recorded notch (or to a home-button iPhone's
    20 pt bar); a watch shows no phone status bar."""
    w, s = well["width"], well["width"] / 1206
    def piece(box, cx, cy, scale):
        x, y, bw, bh = box
        return (f'<svg x="{cx - bw * scale / 2:.2f}" y="{cy - bh * scale / 2:.2f}" width="{bw * scale:.2f}" height="{bh * scale:.2f}" '
                f'viewBox="{x} {y} {bw} {bh}"><image width="1206" height="2622" xlink:href="data:image/png;base64,{data}"/></svg>')
    if family == "phone":
        x, y, bw, bh = ISLAND
        return f'<rect x="{x * s:.2f}" y="{y * s:.2f}" width="{bw * s:.2f}" height="{bh * s:.2f}" fill="{BAR}"/>'
    band = f'<rect width="{w}" height="{170 * s:.2f}" fill="{BAR}"/>'
    if family == "watch":
        return band
    cutout = well["shape"].get("cutout")
    if cutout:  # beside the notch, in its middle
        cy, left, right = cutout["height"] * 0.55, cutout["x"] / 2, cutout["x"] + cutout["width"] + (w - cutout["x"] - cutout["width"]) * 0.45
        return band + piece(CLOCK, left, cy, 0.8 * s) + piece(ICONS, right, cy, 0.8 * s)
    scale = 0.7 * s  # a home button's 20 pt bar: the clock in its middle, the icons right
    return band + piece(CLOCK, w / 2, 30, scale) + piece(ICONS, w - 20 - ICONS[2] * scale / 2, 30, scale)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    args = parser.parse_args()
    shutil.rmtree(OUT, ignore_errors=True)
    os.makedirs(OUT)
    wells = {w["id"]: w for w in json.load(open(os.path.join(ROOT, "wells.json")))["wells"]}
    captures, headlines = [], {}
    for family, well_id, source, caption in FAMILIES:
        well = wells[well_id]
        w, h = well["width"], well["height"]
        data = base64.b64encode(open(os.path.join(ROOT, "fixtures", source), "rb").read()).decode()
        align = "xMinYMin" if family == "android-tablet" else "xMidYMin"  # the sidebar kept
        image = f'<image width="{w}" height="{h}" preserveAspectRatio="{align} slice" xlink:href="data:image/png;base64,{data}"/>'
        if source == PHONE and family != "iphone-dynamic-island":
            image += status_bar(family, well, data)
        svg = f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="{w}" height="{h}">{image}</svg>'
        png = os.path.join(OUT, f"{family}.png")
        subprocess.run(["rsvg-convert", "-o", png], input=svg.encode(), check=True)
        captures.append({"id": family, "path": f"{family}.png", "well": well_id})
        headlines[family] = caption
    job = {"schemaVersion": 1, "output": "out", "template": "classic",
           "captures": captures, "headlines": {"en-US": headlines}}
    with open(os.path.join(OUT, "job.json"), "w") as f:
        json.dump(job, f, indent=2)
    env = dict(os.environ, SOURCE_DATE_EPOCH="1767225600")
    subprocess.run([args.bin, "render", os.path.join(OUT, "job.json")], check=True, env=env)
    for family, *_ in FAMILIES:
        shutil.copy(os.path.join(OUT, "out", "en-US", f"{family}.png"), os.path.join(ROOT, "docs", f"frame-{family}.png"))


if __name__ == "__main__":
    main()
