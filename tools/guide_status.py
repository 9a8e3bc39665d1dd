"""``python -m tools.guide_status OUT.png [--game ID]``: the pinned status message for the guide.

Plays the opening of a game (the orders its samples name, ``STATUS_OPENING`` in the module's ``samples``,
e.g. a first move) through the real service, takes the
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


async def status_of(game_id: str | None = None) -> tuple[str, bytes]:
    from bot.outbox import Status, message_from
    from bot.pictures import Pictures
    from bot.service import Caller, Service
    from bot.storage import Store
    from engine import modules
    from tools.samples import showcase

    module = modules.get(game_id)
    opening: list[tuple[str, str]] = list(getattr(showcase(module), "STATUS_OPENING", []))

    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp) / "guide.db")
        await store.open()
        svc = Service(store, clock=lambda: 1_781_000_000.0)
        host, ally = Caller(1001, 42, 7, name="alice"), Caller(1002, 42, 7, name="bob")
        await svc.new_game(host, module.first_options, game=module.id)
        seats = module.roles(module.parse_options(module.first_options))
        await svc.join(host, seats[0])
        await svc.join(ally, seats[1])
        await svc.start(host)
        for i, (role, text) in enumerate(opening):
            done = await svc.order(host if role == seats[0] else ally, text, f"guide-{i}")
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
    import argparse

    ap = argparse.ArgumentParser(prog="python -m tools.guide_status")
    ap.add_argument("out", help="the PNG to write")
    ap.add_argument("--game", default=None, help="the game's id (default: the registry's default game)")
    args = ap.parse_args(argv)
    text, png = asyncio.run(status_of(args.game))
    draw(text, png).save(args.out, optimize=True)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
