#!/usr/bin/env python3
"""Writes the test fonts in this folder from Debian's packages: each PCF file is converted to
BDF 2.1 with pcf2bdf, then cut to the code points the benches draw (printable ASCII, Latin-1,
U+2014, U+2019, U+2026, U+20AC) and the font's DEFAULT_CHAR glyph, so the fixtures stay small.

    python3 Tests/Fonts/subset.py        # needs xfonts-base and pcf2bdf
"""
import gzip, pathlib, re, subprocess, tempfile

FONTS = {"4x6": "4x6", "10x20": "10x20", "12x24": "12x24"}
KEEP = set(range(0x20, 0x7F)) | set(range(0xA0, 0x100)) | {0x2014, 0x2019, 0x2026, 0x20AC}
HERE = pathlib.Path(__file__).parent

for name, source in FONTS.items():
    pcf = gzip.decompress(pathlib.Path(f"/usr/share/fonts/X11/misc/{source}.pcf.gz").read_bytes())
    with tempfile.NamedTemporaryFile(suffix=".pcf") as tmp:
        tmp.write(pcf)
        tmp.flush()
        bdf = subprocess.run(["pcf2bdf", tmp.name], check=True, capture_output=True).stdout.decode("latin-1")
    head, _, rest = bdf.partition("STARTCHAR")
    default = re.search(r"^DEFAULT_CHAR (\d+)", head, re.M)
    keep = KEEP | ({int(default.group(1))} if default else set())
    glyphs = ["STARTCHAR" + g for g in ("STARTCHAR" + rest).split("STARTCHAR")[1:]]
    glyphs[-1] = glyphs[-1].replace("ENDFONT\n", "")
    kept = [g for g in glyphs if int(re.search(r"^ENCODING (-?\d+)", g, re.M).group(1)) in keep]
    head = re.sub(r"^CHARS \d+", f"CHARS {len(kept)}", head, flags=re.M)
    (HERE / f"{name}.bdf").write_text(head + "".join(kept) + "ENDFONT\n", encoding="latin-1")
    print(f"{name}.bdf: {len(kept)} glyphs")
