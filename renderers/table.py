"""A small table drawn as a picture (a server's ratings): a title bar, a header row, rows striped for reading
across, numbers set right. Any game's: the caller gives the words."""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageDraw

from .colours import INK, INK_SOFT, PANEL_BG, PANEL_EDGE, PAPER, TITLE_BG, TITLE_TEXT
from .fonts import draw_text, script_of, text_length

SIZE = 16  # the rows' text (px)
TITLE = 20
PAD = 10
ROW = 28
MAX_ROWS = 25  # rows drawn; the text lists them all
STRIPE = (232, 224, 204)


def draw_table(
    title: str,
    header: Sequence[str],
    rows: Sequence[Sequence[str]],
    locale: str = "en",
    *,
    right: Sequence[bool] = (),
    footer: str = "",
) -> bytes:
    """The table as PNG bytes: ``right[i]`` sets column ``i`` to the right (numbers)."""
    script = script_of(locale)
    rows = [list(r) for r in rows[:MAX_ROWS]]
    cols = len(header)
    widths = [text_length(h, SIZE, "bold", script) for h in header]
    for r in rows:
        for i, cell in enumerate(r[:cols]):
            widths[i] = max(widths[i], text_length(cell, SIZE, "regular", script))
    inner = sum(widths) + PAD * 2 * cols
    width = int(max(inner, text_length(title, TITLE, "bold", script) + 2 * PAD, 240)) + 2 * PAD
    height = (TITLE + 2 * PAD) + ROW * (len(rows) + 1) + 2 * PAD + (ROW if footer else 0)
    img = Image.new("RGB", (width, height), PAPER)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, width, TITLE + 2 * PAD), fill=TITLE_BG)
    draw_text(d, (PAD, PAD + TITLE / 2), title, TITLE, "bold", script, anchor="lm", fill=TITLE_TEXT)
    top = TITLE + 3 * PAD
    d.rectangle((PAD, top, width - PAD, top + ROW * (len(rows) + 1)), fill=PANEL_BG, outline=PANEL_EDGE)
    for n, cells in enumerate([list(header), *rows]):
        y = top + n * ROW
        if n and n % 2 == 0:
            d.rectangle((PAD + 1, y, width - PAD - 1, y + ROW - 1), fill=STRIPE)
        x: float = PAD
        for i in range(cols):
            cell = cells[i] if i < len(cells) else ""
            w = widths[i] + 2 * PAD
            at_right = i < len(right) and right[i]
            xy = (x + w - PAD, y + ROW / 2) if at_right else (x + PAD, y + ROW / 2)
            weight = "bold" if n == 0 else "regular"
            draw_text(d, xy, cell, SIZE, weight, script, anchor="rm" if at_right else "lm", fill=INK)
            x += w
        if n == 0:
            d.line((PAD, y + ROW - 1, width - PAD, y + ROW - 1), fill=PANEL_EDGE)
    if footer:
        at = top + ROW * (len(rows) + 1) + PAD + ROW / 2
        draw_text(d, (PAD, at), footer, SIZE - 2, "regular", script, anchor="lm", fill=INK_SOFT)
    out = io.BytesIO()
    img.save(out, "PNG", optimize=True)
    return out.getvalue()
