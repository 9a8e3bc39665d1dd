"""``python -m tools.guide_status OUT.png``: the picture of the pinned status message for the guide.

Plays the opening of a campaign (a French move) through the real service, takes the
pinned status it would post (``bot/service/broadcast.status_board``: its text and its public map, drawn by
the real renderer), and draws them as Discord shows a message: a dark card, the text with its Markdown bold,
mentions and timestamps as the client renders them, and the map under it.
"""

from __future__ import annotations

import asyncio
import io
import re
import sys
import tempfile
import time
from pathlib import Path

from PIL import Image, ImageDraw

BG, TEXT, MUTED = (49, 51, 56), (219, 222, 225), (148, 155, 164)
MENTION_BG, MENTION = (60, 66, 112), (201, 205, 251)
WIDTH, PAD, LINE = 900, 24, 30
ORDERS = [
    ("french", "/move units:FR-1,FR-2,FR-3 path:Solre-sur-Sambre>Thuin"),
]


async def status_of() -> tuple[str, bytes]:
    from bot.outbox import Status, message_from
    from bot.pictures import Pictures
    from bot.service import Caller, Service
    from bot.storage import Store

    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp) / "guide.db")
        await store.open()
        svc = Service(store, clock=lambda: 1_781_000_000.0)
        host, ally = Caller(1001, 42, 7, name="alice"), Caller(1002, 42, 7, name="bob")
        await svc.new_game(host, "setup=historical")
        await svc.join(host, "french")
        await svc.join(ally, "allied")
        await svc.start(host)
        for i, (_role, text) in enumerate(ORDERS):
            done = await svc.order(host, text, f"guide-{i}")
            assert done.reply.text.startswith("Done"), done.reply.text
        await svc.idle()
        rows = await store.outbox_pending(kind="status")
        assert rows, "the service posted no pinned status"
        status = message_from(rows[-1].kind, rows[-1].target, rows[-1].body, rows[-1].game_id)
        assert isinstance(status, Status)
        pic = status.pictures[0]
        game = await svc.game_at(rows[-1].game_id, pic.seq)
        png = Pictures().draw(pic, game)
        await svc.stop()
        await store.close()
        return status.text, png


def _spans(line: str) -> list[tuple[str, str]]:
    """A line as Discord draws it: (style, text) with **bold**, <@mentions> and <t:...> timestamps."""
    out: list[tuple[str, str]] = []
    for part in re.split(r"(\*\*.+?\*\*|<@\d+>|<t:\d+:[fR]>)", line):
        if not part:
            continue
        if part.startswith("**"):
            out.append(("bold", part[2:-2]))
        elif part.startswith("<@"):
            out.append(("mention", "@" + {"1001": "alice", "1002": "bob"}.get(part[2:-1], "player")))
        elif part.startswith("<t:"):
            due, style = part[3:-1].split(":")
            shown = "in 24 hours" if style == "R" else time.strftime("%d %B %Y %H:%M", time.gmtime(int(due)))
            out.append(("text", shown))
        else:
            out.append(("text", part))
    return out


def draw(text: str, map_png: bytes) -> Image.Image:
    from renderers.fonts import font

    regular, bold = font(20), font(20, "bold")
    d0 = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    mp = Image.open(io.BytesIO(map_png)).convert("RGB")
    mp = mp.resize((WIDTH - 2 * PAD, int(mp.height * (WIDTH - 2 * PAD) / mp.width)))
    lines = []
    for raw in text.replace("📌", "").splitlines():  # the pin is drawn, the fonts have no emoji
        words, cur = raw.split(" "), ""
        for word in words:
            trial = f"{cur} {word}" if cur else word
            if (
                d0.textlength(re.sub(r"\*\*|<t:\d+:[fR]>", "", trial), font=regular) > WIDTH - 2 * PAD - 30
                and cur
            ):
                lines.append(cur)
                cur = word
            else:
                cur = trial
        lines.append(cur)
    height = PAD * 3 + 36 + LINE * len(lines) + mp.height
    img = Image.new("RGB", (WIDTH, height), BG)
    d = ImageDraw.Draw(img)
    d.text((PAD, PAD), "Estafette", font=bold, fill=(242, 243, 245))
    d.text((PAD + 110, PAD + 2), "BOT · pinned · edited", font=font(15), fill=MUTED)
    y = PAD + 36
    d.ellipse([PAD + 2, y + 4, PAD + 16, y + 18], fill=(237, 66, 69))  # the pin
    d.line([PAD + 9, y + 18, PAD + 9, y + 26], fill=(237, 66, 69), width=3)
    for n, line in enumerate(lines):
        x = float(PAD + (24 if n == 0 else 0))
        for style, chunk in _spans(line):
            f = bold if style == "bold" else regular
            w = d.textlength(chunk, font=f)
            if style == "mention":
                d.rounded_rectangle([x - 2, y - 1, x + w + 2, y + 24], 4, fill=MENTION_BG)
            d.text((x, y), chunk, font=f, fill=MENTION if style == "mention" else TEXT)
            x += w
        y += LINE
    img.paste(mp, (PAD, y + PAD))
    return img


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m tools.guide_status OUT.png", file=sys.stderr)
        return 2
    text, png = asyncio.run(status_of())
    draw(text, png).save(args[0], optimize=True)
    print(f"wrote {args[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
