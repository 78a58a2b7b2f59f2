#!/usr/bin/python3
"""One picture of one part of an nfcrig HTML page, for docs/ (make screenshots).

    docs_screenshot.py PAGE OUT.png --section ID [--figure TEXT | --before-figures]
                       [--no-details] [--width W]

Keeps the page's <head> (its CSS) and one <section id="ID"> of its body (`body`: all of it;
or only the first
<figure> in it whose caption holds TEXT, or what comes before its first figure), renders that in headless Chromium and crops the white below it.
Cutting the page rather than scrolling it makes the picture the same on every run:
Chromium's headless screenshot does not wait for a scroll to an anchor. Needs Debian's
chromium and python3-pil.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

from PIL import Image, ImageChops


def part_of(page, section, figure, before_figures):
    head = page[: page.index("<body")]
    if section == "body":
        match = re.search(r"<body[^>]*>(.*?)</body>", page, re.S)
    else:
        match = re.search(r'<section id="%s">(.*?)</section>' % re.escape(section), page, re.S)
    if not match:
        sys.exit("docs_screenshot: no <section id=\"%s\"> in the page" % section)
    body = match.group(1)
    if before_figures:
        body = body.split("<figure", 1)[0]
    elif figure:
        figures = [f for f in re.findall(r"<figure\b.*?</figure>", body, re.S)
                   if figure in f.split("</figcaption>", 1)[0]]
        if not figures:
            sys.exit("docs_screenshot: no figure of section %s has \"%s\" in its caption"
                     % (section, figure))
        body = figures[0]
    return head + "<body><main>" + body + "</main></body></html>"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("page")
    parser.add_argument("out")
    parser.add_argument("--section", required=True)
    parser.add_argument("--figure", default="")
    parser.add_argument("--before-figures", action="store_true")
    parser.add_argument("--no-details", action="store_true",
                        help="leave out folded <details> (a plot's table of series)")
    parser.add_argument("--width", type=int, default=1000)
    args = parser.parse_args()
    with open(args.page, encoding="utf-8") as file:
        html = part_of(file.read(), args.section, args.figure, args.before_figures)
    if args.no_details:
        html = re.sub(r"<details\b.*?</details>", "", html, flags=re.S)
    with tempfile.TemporaryDirectory() as folder:
        trimmed = os.path.join(folder, "part.html")
        shot = os.path.join(folder, "shot.png")
        with open(trimmed, "w", encoding="utf-8") as file:
            file.write(html)
        subprocess.run(
            ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
             "--window-size=%d,6000" % args.width, "--screenshot=" + shot,
             "file://" + trimmed],
            check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)
        image = Image.open(shot).convert("RGB")
        white = Image.new("RGB", image.size, (255, 255, 255))
        box = ImageChops.difference(image, white).getbbox()
        if box is None:
            sys.exit("docs_screenshot: the picture is blank")
        image.crop((0, 0, min(args.width, box[2] + 16), min(image.height, box[3] + 16))).save(
            args.out, optimize=True)


if __name__ == "__main__":
    main()
