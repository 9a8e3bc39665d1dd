"""A finished game's archive through the service: its public picture after each order, stepped through
(``/game archive``), and the whole game as one self-contained HTML page (``/game export format:html``),
checked for secrets against the public views and opened in headless Chromium."""

from __future__ import annotations

import base64
import io
import itertools
import random
import re
import shutil
import subprocess
from html import escape

import pytest
from PIL import Image, PngImagePlugin

from bot.console import Console
from bot.narrate import TEXT, describe
from bot.pictures import Job, NoPictures, Pictures
from bot.service import Caller, Service, ServiceError
from bot.service.archive import MOST_BYTES, sampled
from bot.service.common import module_of
from bot.storage import Store

CH, HOST, ALICE, BOB = 100, 1, 2, 3
DATA_PNG = re.compile(r'src="data:image/png;base64,([A-Za-z0-9+/=]+)"')


def who(user: int, locale: str = "en") -> Caller:
    return Caller(user, CH, 9, locale=locale)


class Tagged(Pictures):
    """Draws a small real PNG that says, in a text chunk, whose view it was drawn from: the page's
    pictures can then be checked for the role they show."""

    keep = 0

    def __init__(self) -> None:
        self.jobs: list[Job] = []

    def start(self, workers: int | None = None) -> None:
        pass

    def run(self, job: Job) -> bytes:
        self.jobs.append(job)
        info = PngImagePlugin.PngInfo()
        info.add_text("role", job.role)
        out = io.BytesIO()
        Image.new("RGB", (4, 3), "white").save(out, "PNG", pnginfo=info)
        return out.getvalue()


async def play_out(svc: Service, game: str, options: str, roles: dict[str, int], seed: int) -> None:
    """A whole short game played through the service by random legal orders."""
    await svc.new_game(who(HOST), options, game=game)
    for role, user in roles.items():
        await svc.join(who(user), role)
    await svc.start(who(HOST))
    rng = random.Random(seed)
    for _ in range(3000):
        g = svc.live[1].game
        if g.over:
            break
        role = rng.choice(g.active())
        choice = rng.choice(g.legal(role).choices)
        await svc.order(who(roles[role]), str(choice), role=role)
    assert svc.live[1].game.over


GAMES = {
    "napoleon": ("setup=historical days=1", {"french": ALICE, "allied": BOB}),
    "liberty": ("last_year=1775", {"british": ALICE, "american": BOB}),
}


@pytest.fixture(params=sorted(GAMES))
async def over(request, new_store):
    store = await new_store()
    svc = Service(store, pictures=Tagged())
    options, roles = GAMES[request.param]
    await play_out(svc, request.param, options, roles, 4)
    yield svc
    await svc.idle()


def key_of(e: BaseException) -> str | None:
    assert isinstance(e, ServiceError)
    return e.key


async def test_the_archive_steps_through_the_public_picture_after_each_order(over):
    svc = over
    row = svc.live[1].row
    m = row.version
    first = await svc.archive_show(Caller(99, CH, 9))  # anyone: a finished game is public
    assert (first.at, first.of) == (0, m) and first.reply.text == f"Game 1: after order 0 of {m}"
    (pic,) = first.reply.pictures
    assert (pic.seq, pic.role) == (0, "public") and module_of(row).picture(pic.kind).board
    last = await svc.archive_step(1, m, m, "ja")
    assert last.reply.pictures[0].seq == m and f"{m} / {m}" in last.reply.text
    assert (await svc.draw(last.reply.pictures[0])).startswith(b"\x89PNG")
    with pytest.raises(ServiceError) as e:
        await svc.archive_step(1, m + 1, m, "en")  # past the last order
    assert key_of(e.value) == "svc.archive_range" and f"from 0 (the start) to {m}" in str(e.value)
    with pytest.raises(ServiceError) as e:
        await svc.archive_show(Caller(99, CH, 9), -1)
    assert key_of(e.value) == "svc.archive_range"
    with pytest.raises(ServiceError) as e:
        await svc.archive_step(1, 1, m + 3, "en")  # made when the game had other orders: out of date
    assert key_of(e.value) == "svc.archive_stale"


async def test_a_game_not_over_has_no_archive(new_store):
    svc = Service(await new_store(), pictures=Tagged())
    await svc.new_game(who(HOST), "setup=historical days=1")
    await svc.join(who(ALICE), "french")
    await svc.join(who(BOB), "allied")
    await svc.start(who(HOST))
    for call in (svc.archive_show(who(ALICE)), svc.export_html(who(ALICE)), svc.archive_step(1, 0, 0, "en")):
        with pytest.raises(ServiceError) as e:
            await call
        assert key_of(e.value) == "svc.archive_not_over" and "not over yet" in str(e.value)
    await svc.idle()


async def test_the_html_export_is_self_contained_public_and_bounded(over):
    svc = over
    live = svc.live[1]
    game, row = live.game, live.row
    res = await svc.export_html(Caller(99, CH, 9))
    name, data = res.reply.file
    assert name == "estafette-game-1.html" and len(data) <= MOST_BYTES
    html = data.decode()
    # nothing outside the file: every picture a data: URI, no address, no import, no url()
    text = DATA_PNG.sub('src="data:"', html)  # base64 may hold any letters: the rest is scanned
    assert not re.search(r"https?:|//[a-z]|url\(|@import|<link|<iframe|<object|<embed", text, re.I)
    srcs = re.findall(r'src="([^"]*)"', html)
    assert srcs and all(s.startswith("data:image/png;base64,") for s in srcs)
    # every picture is of the public view, of the orders sampled
    pngs = [base64.b64decode(b) for b in DATA_PNG.findall(html)]
    assert len(pngs) == len(sampled(row.version))
    assert all(Image.open(io.BytesIO(p)).text.get("role") == "public" for p in pngs)
    # the log is the public view's, said in the reader's language, and the result is there
    module = module_of(row)

    def lines(role: str) -> set[str]:
        return {x for x in (describe(e, "en", game.options, module) for e in game.view(role).events) if x}

    public = lines("public")
    assert public and all(escape(line) in html for line in public)
    assert escape(module.status(game, "en", TEXT)) in html
    # the secrecy idea: what a seat saw that the public did not is nowhere in the page
    # and no piece or card a seat holds hidden (an id its view names and the public's does not)
    ids = re.compile(r"\b[A-Z][A-Z0-9]*-\d+\b")
    hidden = 0
    for role in row.seats:
        for secret in lines(role) - public:
            hidden += 1
            assert secret not in html, (role, secret)
        for held in set(ids.findall(repr(game.view(role)))) - set(ids.findall(repr(game.view("public")))):
            hidden += 1
            assert not re.search(rf"\b{held}\b", text), (role, held)
    assert hidden  # the game had secrets to keep


def test_a_long_game_is_sampled_evenly_with_its_start_and_end():
    assert sampled(5) == [0, 1, 2, 3, 4, 5]
    shown = sampled(500)
    assert len(shown) == 40 and shown[0] == 0 and shown[-1] == 500
    assert max(b - a for a, b in itertools.pairwise(shown)) <= 13
    assert sampled(500, 2) == [0, 500]


async def test_the_console_writes_the_html_export_of_a_finished_game_only(tmp_path):
    """``:export html FILE`` (the console's way): refused in one line while the game runs, then written."""
    store = Store(tmp_path / "e.db")
    await store.open()
    out = io.StringIO()
    con = Console(Service(store, pictures=NoPictures()), tmp_path / "p", out=out)
    await con.ensure_game("setup=historical days=1")
    await con.handle(f":export html {tmp_path / 'early.html'}")
    assert "is not over yet" in out.getvalue() and not (tmp_path / "early.html").exists()
    live = await con.svc.games.read_channel(1)
    live.game.set_turn(6)
    await con.handle("allied: /end")
    await con.handle(f":export html {tmp_path / 'game.html'}")
    page = (tmp_path / "game.html").read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "data:image/png;base64," in page
    assert "Traceback" not in out.getvalue()
    await con.svc.idle()
    await store.close()


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed (apt-get install chromium)")
async def test_the_html_export_steps_in_headless_chromium(over, tmp_path):
    """The page opened from a file, no server: after first, next, next, last, back its own script shows the
    last picture but one, and a screenshot of it is drawn."""
    row = over.live[1].row
    html = (await over.export_html(Caller(99, CH, 9, locale="ja"))).reply.file[1].decode()
    n = len(sampled(row.version))
    steps = "<script>step('first');step('next');step('next');step('last');step('back');</script>"
    page = tmp_path / "game.html"
    page.write_text(html.replace("</body>", steps + "</body>"), encoding="utf-8")
    profile = tmp_path / "profile"

    def chromium(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [CHROMIUM, *FLAGS, f"--user-data-dir={profile}", *args, page.as_uri()],
            capture_output=True,
            text=True,
            timeout=90,
        )

    dom = chromium("--dump-dom").stdout
    assert f'data-at="{n - 2}"' in dom
    shown = re.findall(r'<figure class="frame" id="f(\d+)"(?! hidden)', dom)
    assert shown == [str(n - 2)]
    assert f">{n - 1} / {n}<" in dom and "最初" in dom  # the step counter and the Japanese buttons
    shot = tmp_path / "shot.png"
    chromium(f"--screenshot={shot}", "--window-size=1000,800")
    with Image.open(shot) as im:
        assert im.size == (1000, 800) and len(set(im.convert("L").getextrema())) == 2  # drawn, not blank


async def test_a_page_over_its_bound_keeps_fewer_pictures_the_start_and_the_end(over, monkeypatch):
    svc = over
    m = svc.live[1].row.version
    monkeypatch.setattr("bot.service.archive.MOST_BYTES", 1)  # nothing fits: as few as can be
    res = await svc.export_html(Caller(99, CH, 9))
    html = res.reply.file[1].decode()
    assert len(DATA_PNG.findall(html)) == 2
    assert "after order 0 of" in html and f"after order {m} of {m}" in html
    assert res.reply.text.endswith(f"2 of its {m + 1} pictures.")


def test_a_wide_picture_is_made_narrower_and_a_narrow_one_kept():
    from bot.service.archive import WIDTH, shrink

    def png(w: int, h: int) -> bytes:
        out = io.BytesIO()
        Image.new("RGB", (w, h), "red").save(out, "PNG")
        return out.getvalue()

    small = png(300, 200)
    assert shrink(small) is small
    with Image.open(io.BytesIO(shrink(png(WIDTH * 2, 900)))) as im:
        assert im.size == (WIDTH, 450) and im.format == "PNG"
