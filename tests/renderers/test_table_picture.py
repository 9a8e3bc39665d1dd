"""The small table picture (renderers/table.py: the server's ratings): a PNG that grows with its cells,
Japanese drawn in the Japanese font, no text under the legible size, at most ``MAX_ROWS`` rows drawn."""

from __future__ import annotations

import io

from PIL import Image

from renderers import fonts
from renderers.table import MAX_ROWS, ROW, draw_table


def _size(png: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(png)).size


def test_a_table_is_a_png_as_wide_as_its_cells_and_no_text_is_too_small():
    fonts.SIZES_USED.clear()
    header = ["#", "Player", "Rating"]
    short = draw_table("Ratings", header, [["1", "ann", "3.1"]], right=(True, False, True))
    wide = draw_table("Ratings", header, [["1", "a name much longer than the others", "3.1"]])
    assert short.startswith(b"\x89PNG") and _size(wide)[0] > _size(short)[0]
    assert min(fonts.SIZES_USED) >= fonts.MIN_TEXT_PX


def test_japanese_and_many_rows():
    rows = [[str(i), f"プレイヤー{i}", "1.0"] for i in range(MAX_ROWS + 10)]
    png = draw_table("レーティング", ["#", "プレイヤー", "レーティング"], rows, "ja", footer="暫定")
    few = draw_table(
        "レーティング", ["#", "プレイヤー", "レーティング"], rows[:MAX_ROWS], "ja", footer="暫定"
    )
    assert _size(png) == _size(few)  # the rows past MAX_ROWS are in the text only
    assert _size(png)[1] > MAX_ROWS * ROW
