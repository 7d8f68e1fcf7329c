"""Draw the sample federation's pictures (promotion/data/sample/pictures/): a photo card for a
few of its wrestlers (initials on a coloured ground), a belt for each title and a poster for
its coming show. Drawn, not photographed: the project ships nothing it did not make.

Run from the project folder; the PNGs are committed, and ``manage.py demo`` attaches them
(``promotion.pictures.sample_pictures_attach``), through the same checks as any upload:

    .venv/bin/python scripts/make_sample_pictures.py
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

HERE = Path(__file__).resolve().parent.parent
OUT = HERE / "promotion" / "data" / "sample" / "pictures"

WRESTLERS = {
    "corrigan-vale": "Corrigan Vale",
    "skylar-finch": "Skylar Finch",
    "nadia-sorrel": "Nadia Sorrel",
    "ines-marrow": "Ines Marrow",
    "rook-lanigan": "Rook Lanigan",
    "felix-ardent": "Felix Ardent",
}
TITLES = {
    "world-heavyweight-championship": ("WORLD", "HEAVYWEIGHT", (200, 160, 40)),
    "frontier-championship": ("FRONTIER", "CHAMPION", (170, 170, 180)),
    "tag-team-championship": ("TAG TEAM", "CHAMPIONS", (180, 110, 50)),
}
#: Muted grounds for the photo cards, one chosen by the name (the same on every run).
GROUNDS = [(52, 73, 94), (120, 40, 50), (30, 90, 80), (90, 60, 120), (140, 90, 30), (40, 60, 130)]


def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


def centred(draw: ImageDraw.ImageDraw, box, text: str, size: int, fill) -> None:
    face = font(size)
    left, top, right, bottom = draw.textbbox((0, 0), text, font=face)
    x = box[0] + (box[2] - box[0] - (right - left)) / 2 - left
    y = box[1] + (box[3] - box[1] - (bottom - top)) / 2 - top
    draw.text((x, y), text, font=face, fill=fill)


def photo(name: str) -> Image.Image:
    """Initials on a coloured ground, with a ring rope across the bottom."""
    ground = GROUNDS[int(hashlib.sha256(name.encode()).hexdigest(), 16) % len(GROUNDS)]
    image = Image.new("RGB", (240, 240), ground)
    draw = ImageDraw.Draw(image)
    for y, shade in ((196, 230), (212, 200), (228, 170)):
        draw.line([(0, y), (240, y)], fill=(shade, shade, shade), width=4)
    initials = "".join(word[0] for word in name.split()[:2]).upper()
    centred(draw, (0, 20, 240, 180), initials, 96, (245, 240, 230))
    return image


def belt(top: str, bottom: str, metal) -> Image.Image:
    """A belt: a leather strap, a plate in the middle, side plates, the title's words."""
    image = Image.new("RGBA", (360, 160), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((4, 56, 356, 104), radius=18, fill=(45, 30, 25))
    darker = tuple(max(0, c - 60) for c in metal)
    for x in (40, 280):
        draw.rounded_rectangle((x, 50, x + 40, 110), radius=8, fill=metal, outline=darker, width=3)
    draw.ellipse((100, 10, 260, 150), fill=metal, outline=darker, width=5)
    draw.ellipse((118, 28, 242, 132), outline=darker, width=2)
    centred(draw, (110, 40, 250, 80), top, 20, (40, 30, 20))
    centred(draw, (110, 80, 250, 118), bottom, 14, (40, 30, 20))
    return image


def poster() -> Image.Image:
    """The coming show's poster: the federation's name over a ring."""
    image = Image.new("RGB", (300, 420), (25, 25, 35))
    draw = ImageDraw.Draw(image)
    draw.polygon([(30, 300), (270, 300), (240, 380), (60, 380)], fill=(70, 70, 90))
    for y in (250, 270, 290):
        draw.line([(40, y), (260, y)], fill=(200, 50, 50), width=3)
    for x in (40, 260):
        draw.line([(x, 235), (x, 300)], fill=(220, 220, 220), width=6)
    centred(draw, (0, 30, 300, 90), "COPPERLINE", 40, (200, 130, 60))
    centred(draw, (0, 90, 300, 130), "WRESTLING FEDERATION", 18, (230, 230, 230))
    centred(draw, (0, 150, 300, 200), "LIVE THIS WEEK", 28, (245, 245, 245))
    return image


def main() -> int:
    made: dict[Path, Image.Image] = {}
    for slug, name in WRESTLERS.items():
        made[OUT / "wrestlers" / f"{slug}.png"] = photo(name)
    for slug, (top, bottom, metal) in TITLES.items():
        made[OUT / "titles" / f"{slug}.png"] = belt(top, bottom, metal)
    made[OUT / "shows" / "poster.png"] = poster()
    for path, image in made.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        if image.mode == "RGBA":
            image.save(path, "PNG", optimize=True)
        else:
            image.quantize(64).save(path, "PNG", optimize=True)  # a few KB each
        print(f"{path.relative_to(HERE)}: {path.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
