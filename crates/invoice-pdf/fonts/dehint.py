"""Removes the TrueType hinting programs from the vendored DejaVu Sans files, in place.

Hinting (the glyphs' instructions and the fpgm, prep, cvt, hdmx, LTSH and VDMX tables) only
steers a screen's low-resolution pixels; PDF viewers and printers do without it, and it was half
of every embedded glyph's bytes. Outlines, advance widths, the character map and the names are
untouched. The Bitstream Vera licence (LICENSE) allows modified fonts whose names contain neither
"Bitstream" nor "Vera", which "DejaVu Sans" does not.

Run from this folder, after replacing the files with DejaVu's originals:
    python3 -m venv /tmp/fonttools && /tmp/fonttools/bin/pip install fonttools
    /tmp/fonttools/bin/python dehint.py
"""

from fontTools.ttLib import TTFont

HINTING_TABLES = ("fpgm", "prep", "cvt ", "hdmx", "LTSH", "VDMX")

for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"):
    font = TTFont(name, recalcTimestamp=False)
    glyf = font["glyf"]
    for glyph_name in glyf.keys():
        glyf[glyph_name].removeHinting()
    for tag in HINTING_TABLES:
        if tag in font:
            del font[tag]
    maxp = font["maxp"]
    maxp.maxZones = 1
    for field in (
        "maxTwilightPoints",
        "maxStorage",
        "maxFunctionDefs",
        "maxInstructionDefs",
        "maxStackElements",
        "maxSizeOfInstructions",
    ):
        setattr(maxp, field, 0)
    font.save(name)
