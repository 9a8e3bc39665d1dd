"""English and Japanese: every message key has both languages with the same fields, every rule error the
engine raises has a key, every event is told in both languages, the slash commands carry Japanese names and
descriptions, and a Japanese player gets Japanese replies while English stays as it was."""

from __future__ import annotations

import ast
import contextlib
import random
import re
import string
import unicodedata
from collections.abc import Mapping
from pathlib import Path

import pytest

import engine.errors as errors
from bot.discord_app.client import EstafetteBot
from bot.discord_app.translate import description_key
from bot.i18n import CATALOGS, TERMS, locale_of, localize_error, phrase, t
from bot.i18n_ja import CHOICE_NAMES_JA, COMMAND_NAMES_JA, OPTION_NAMES_JA
from bot.narrate import describe
from bot.pictures import NoPictures
from bot.service import Caller, Service, ServiceError
from bot.storage import Store
from engine import RuleError
from engine.messages import EN, render, render_error
from engine.messages_ja import JA, phrase_ja
from engine.napoleon import Game, Options, new_game
from engine.napoleon.fuzzing import pick, random_options
from engine.napoleon.narrate import QUIET, TOLD

ROOT = Path(__file__).resolve().parents[2]
KEY_PREFIXES = (
    "match",
    "text",
    "options",
    "game",
    "setup",
    "move",
    "board",
    "battle",
    "svc",
    "opt",
    "ev",
    "ui",
    "console",
    "cmd",
)
KEY_RX = re.compile(r"^(?:" + "|".join(KEY_PREFIXES) + r")\.[a-z0-9_.-]+$")


def fields(template: str) -> set[str]:
    out = set()
    for _literal, name, spec, _conv in string.Formatter().parse(template):
        if name is not None:
            out.add(re.split(r"[.\[]", name)[0])
            out |= fields(spec or "")
    return out


def specs(template: str) -> set[str]:
    return {spec for _l, name, spec, _c in string.Formatter().parse(template) if name is not None and spec}


# --- the catalogs -----------------------------------------------------------------------------------------


def test_every_key_has_english_and_japanese_with_the_same_fields():
    en, ja = CATALOGS["en"], CATALOGS["ja"]
    assert set(en) == set(ja), f"missing in ja: {set(en) - set(ja)}; missing in en: {set(ja) - set(en)}"
    for key in en:
        assert en[key].strip() and ja[key].strip(), key
        assert fields(en[key]) == fields(ja[key]), f"{key}: {fields(en[key])} != {fields(ja[key])}"
    assert set(EN) == set(JA)


def test_every_format_spec_names_a_known_way_of_saying_a_value():
    for loc in ("en", "ja"):
        terms = TERMS[loc]
        for key, template in CATALOGS[loc].items():
            for spec in specs(template):
                kind, _, joiner = spec.partition("+")
                known = kind in terms or kind in ("list", "error", "rule_error", "phrase", "g")
                assert known, f"{loc} {key}: unknown kind {kind!r}"
                assert not joiner or "_" + joiner in terms, f"{loc} {key}: unknown joiner {joiner!r}"
    assert set(TERMS["en"]) == set(TERMS["ja"])
    for kind, table in TERMS["en"].items():
        if isinstance(table, Mapping) and table:  # every word English names, Japanese names too
            ja = TERMS["ja"][kind]
            assert callable(ja) or set(table) <= set(ja), kind


def _constants(*folders: str) -> set[str]:
    """Every string constant in the code of ``folders`` (f-strings give their literal parts)."""
    found = set()
    for folder in folders:
        for path in (ROOT / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    found.add(node.value)
    return found


def _source_keys() -> set[str]:
    """Every string constant in the engine, the bot and the tools that looks like a message key."""
    return {
        c
        for c in _constants("engine", "bot", "ai", "tools")
        if KEY_RX.match(c) and not re.search(r"\.(txt|png|py|db|json|po)$", c)  # a file name is not a key
    }


def test_every_key_used_in_the_code_is_in_the_catalogs():
    keys = set(CATALOGS["en"])
    used = _source_keys()
    assert len(used) > 150
    # keys built from a prefix (f"move.road_full{river}", f"battle.cannot_reinforce_{why}") start some key
    missing = sorted(k for k in used if k not in keys and not any(x.startswith(k) for x in keys))
    assert not missing, f"message keys used but not in the catalogs: {missing}"


def _unused(keys, used: set[str]) -> list[str]:
    """The keys no constant names, whole or as the start of a key built from it (f"ev.{kind}")."""
    prefixes = {u for u in used if "." in u and len(u) > 3}
    return sorted(k for k in keys if k not in used and not any(k.startswith(p) for p in prefixes))


def test_every_key_in_the_catalogs_is_used_in_the_code():
    """A message no code says is dead text: remove it from the .po files (or say it)."""
    from bot.i18n_ja import BOT_WORD_KINDS
    from engine.messages import WORD_KINDS

    tables = ("term.", "command.", "option.", "choice.")  # looked up as f"term.{kind}.{value}"...
    used = {c for c in _constants("engine", "bot", "ai", "tools") if c not in tables}
    keys = [k for k in CATALOGS["en"] if not k.startswith(tables)]
    unused = _unused(keys, used)
    assert not unused, f"keys in the catalogs that no code uses: {unused}"
    # a word of a table nobody reads (the names' tables are checked against the slash commands below)
    kinds = set(WORD_KINDS) | set(BOT_WORD_KINDS)
    words = [k for k in CATALOGS["en"] if k.startswith("term.") and k not in used]
    assert not [k for k in words if k.split(".")[1] not in kinds], "words of no table"


def test_every_picture_label_is_used_by_the_renderers():
    import renderers.napoleon.text as T

    used = _constants("renderers")
    # a game word is looked up as f"{family}.{value}" (T.term("army", side)): its family is the prefix
    families = set()
    for path in (ROOT / "renderers").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                (
                    isinstance(node, ast.Call)
                    and getattr(node.func, "attr", getattr(node.func, "id", "")) == "term"
                )
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                families.add(f"{node.args[0].value}.")
    assert {"army.", "column.", "type."} <= families
    assert not _unused(T.EN, used | families), "picture labels no renderer draws"
    assert set(T.EN) == set(T.JA)


def test_a_catalog_missing_a_key_or_a_field_in_one_language_is_found(tmp_path):
    """``python -m tools.catalog check`` (and so the tests above) see a missing key and a changed field."""
    from tools.catalog import check, write

    write(tmp_path, "t", "en", {"a.one": "{x} and {y}", "a.two": "two", "a.n": ("{n} unit", "{n} units")})
    write(tmp_path, "t", "ja", {"a.one": "{x}と{z}", "a.n": ("{n}ユニット",)})
    problems = check([tmp_path])
    assert "t/ja: a.two is missing" in problems
    assert "t/ja: a.one has ['x', 'z'], not ['x', 'y']" in problems
    assert len(problems) == 2, problems


def test_every_catalog_has_its_languages_plural_rule_and_agrees_across_languages():
    from engine.catalog import plural_forms, read
    from tools.catalog import check, po_files

    found = po_files([ROOT / "engine", ROOT / "bot", ROOT / "renderers"])
    assert {d for _, d in found} >= {"engine", "napoleon", "bot", "pictures"}
    for (locale_dir, domain), langs in found.items():
        assert set(langs) == {"en", "ja"}, (domain, langs)
        for lang in langs:
            cat = read(locale_dir, domain, lang)
            n, _rule = plural_forms(lang)  # Babel's CLDR data: en 2 forms, ja 1
            assert all(len(cat.forms[k]) == n for k in cat.plurals), (domain, lang)
    assert check([ROOT / "engine", ROOT / "bot", ROOT / "renderers"]) == []


# --- plurals, lists and dates: Babel's, in both languages -------------------------------------------------


def test_a_count_takes_the_plural_form_of_its_language():
    one = EN["move.attack_incomplete"]
    assert render(one, {"town": "Ligny", "n": 1, "need": 2}, EN).startswith(
        "Ligny holds only 1 unit of your attack"
    )
    assert "move 2 more units into Ligny" in render(one, {"town": "Ligny", "n": 1, "need": 2}, EN)
    assert "move 1 more unit into Ligny" in render(one, {"town": "Ligny", "n": 2, "need": 1}, EN)
    ja = t("move.attack_incomplete", "ja", town="Ligny", n=1, need=2)
    assert "攻撃ユニットは1ユニットだけ" in ja and "あと2ユニットを移動" in ja  # one form: the count says it
    import renderers.napoleon.text as T

    assert [T.say("fire.hits", "en", n=n) for n in (0, 1, 2)] == ["0 hits", "1 hit", "2 hits"]
    assert [T.say("cell.blocks", "ja", n=n) for n in (1, 2)] == ["1ユニット", "2ユニット"]


def test_a_list_is_said_as_its_language_lists():
    assert t("svc.place_all", "en", units=["FR-1", "FR-2", "FR-3"]).endswith("FR-1, FR-2, FR-3")
    assert "は FR-1、FR-2、FR-3 です" in t("svc.place_all", "ja", units=["FR-1", "FR-2", "FR-3"])
    said = t("setup.end_not_your_turn", "en", who=["british", "prussian"])
    assert said.endswith("(waiting for the British and the Prussians)")
    assert "イギリス軍とプロシア軍を待っています" in t(
        "setup.end_not_your_turn", "ja", who=["british", "prussian"]
    )
    from bot.i18n import join

    assert join(["a", "b"], "en") == "a, b" and join(["a", "b"], "ja") == "a、b" and join([], "ja") == ""


def test_a_date_is_said_by_babel_in_both_languages():
    import renderers.napoleon.text as T

    assert T.long_date("1815-06-16", "en") == "Friday 16 June 1815"
    assert T.long_date("1815-06-16", "ja") == "1815年6月16日(金)"
    assert T.long_date("not a date", "ja") == "not a date"


def test_a_modules_catalog_joins_the_engines_while_the_module_is_registered(tmp_path):
    """A game module ships its own catalog (``Module.locale``): its keys are the engine's while the module is
    registered, and leave with it."""
    from engine import modules
    from engine.catalog import sources
    from engine.module import Module
    from tools.catalog import write

    write(tmp_path, "minigame", "en", {"mini.full": "{town} is full"})
    write(tmp_path, "minigame", "ja", {"mini.full": "{town} は満員です"})
    assert "mini.full" not in EN

    class Mini(Module):
        id, title, options, orders = "minigame", "Mini", (), ()
        locale = str(tmp_path)

        def make_options(self, values):
            return dict(values)

        def options_dict(self, options):
            return dict(options)

        def roles(self, options):
            return ("a",)

        def new_game(self, options, seed):
            raise NotImplementedError

        def loads(self, snapshot):
            raise NotImplementedError

        def owns(self, role, unit):
            return False

    mod = Mini()
    assert (str(tmp_path), "minigame") not in sources("engine")  # made, not registered
    modules.register(mod)
    try:
        from engine.messages import rule_error

        err = rule_error("M1", "mini.full", town="Ligny")
        assert str(err) == "M1: Ligny is full"
        assert localize_error(err, "ja") == "M1: Ligny は満員です"
    finally:
        modules.unregister("minigame")
    assert (str(tmp_path), "minigame") not in sources("engine")
    assert "mini.full" not in EN


def test_every_command_description_key_exists(tmp_path):
    bot = EstafetteBot(Store(tmp_path / "x.db"), pictures=NoPictures(), tick_seconds=0, sync=False)
    from bot.discord_app.cog import EstafetteCog, order_commands

    cog = EstafetteCog(bot, bot.service, bot.sender)
    own = list(cog.walk_app_commands())
    # the cog's commands and every game's orders (made from their order kinds)
    every = own + order_commands({c.name for c in own})
    for cmd in every:
        assert description_key(cmd.qualified_name) in CATALOGS["ja"], cmd.qualified_name
        for p in getattr(cmd, "parameters", []):
            assert description_key(cmd.qualified_name, p.display_name) in CATALOGS["ja"], (
                cmd.qualified_name,
                p.display_name,
            )


def test_locale_of():
    assert locale_of("ja") == "ja" and locale_of("JA") == "ja"
    assert locale_of("en-US") == "en" and locale_of("fr") == "en" and locale_of("") == "en"
    assert locale_of(None) == "en"


def test_the_game_words_follow_the_japanese_rules():
    assert t("ev.rout", "ja", town="Ligny", side="allied", cause="rout attrition (7.5)") == (
        "Ligny: 連合軍が潰走(潰走の消耗(7.5))"
    )
    words = " ".join(CATALOGS["ja"].values()) + " ".join(TERMS["ja"]["move_verb"].values())
    for word in ("会戦", "潰走", "再編成", "強行軍", "方陣", "予備", "交戦", "士気", "増援", "離脱"):
        assert word in words, word


# --- rule errors --------------------------------------------------------------------------------------------

POSITIONS = ("reserve", "left", "center", "right", "across-left", "across-center", "across-right")
BAD = (
    "move units:x",
    "/Bad!",
    "/move FR-1",
    "/move units:FR-1 units:FR-2",
    '/move units:"FR-1 path:x',
    '/orders list:"zap FR-1"',
    '/orders list:"square FR-1 FR-2"',
    "/orders",
    '/orders list:"/orders"',
    "/end now:1",
    "/fire unit:FR-1 target:xx",
    "/move units:FR-1 path:Zzz",
    "/move units:Q path:Mons",
    "/move units:FR path:Mons",
    "/move units:, path:Mons",
    "/battle-move unit:FR-1 to:nowhere",
    "/retreat units:FR-1 to:Mons forced:maybe",
    "/deploy left:FR-1 bogus:1",
    "/setup units:FR-1",
    "/regroup units:FR-1",
    "/reinforce units:FR-1",
    "/retreat units:FR-1",
    "/battle-move unit:FR-1",
    "/fire unit:FR-1,FR-2",
    "/fire",
    "/nope",
)


def _errors_of_random_games(seeds: range) -> list[RuleError]:
    """Every RuleError created while playing random games and trying illegal orders along the way."""
    seen: list[RuleError] = []
    original = errors.RuleError.__init__

    def record(self, *a, **k):
        original(self, *a, **k)
        seen.append(self)

    errors.RuleError.__init__ = record
    try:
        for seed in seeds:
            rng = random.Random(seed)
            game = new_game(random_options(rng), seed)
            budget: dict[str, int] = {}
            n = 0
            while not game.over:
                if n % 3 == 0:
                    _provoke(rng, game)
                role = rng.choice(game.active())
                game.apply(role, pick(rng, game, role, budget))
                n += 1
            _provoke(rng, game)
        for text in (
            "ruleset=9",
            "setup=zz",
            "players=4",
            "ruleset=3rd corps_restriction=on",
            "days=-1",
            "x=1",
        ):
            with pytest.raises(RuleError):
                Options.parse(text)
    finally:
        errors.RuleError.__init__ = original
    return seen


def _try(game: Game, role: str, order: str) -> None:
    with contextlib.suppress(RuleError):
        Game(game.state.clone(), game.scenario).apply(role, order)


def _provoke(rng: random.Random, game: Game) -> None:
    st, sc = game.state, game.scenario
    roles = [*game.options.roles, "bogus"]
    alive = [u for u in st.units.values() if u.location and not u.eliminated]
    for _ in range(4 if alive else 0):
        u = rng.choice(alive)
        group = [g.id for g in alive if g.location == u.location]
        path = [u.location]
        for _ in range(rng.randint(1, 4)):
            path.append(rng.choice([t for t, _ in sc.neighbours(path[-1])]))
        ids = ",".join(rng.sample(group, rng.randint(1, min(5, len(group)))))
        _try(
            game,
            rng.choice(roles),
            f"/move units:{ids} path:{'>'.join(path)}" + rng.choice(["", " forced:yes"]),
        )
    for order in rng.sample(BAD, 4):
        _try(game, rng.choice(roles), order)
    for r in game.options.roles:
        for c in [o.text() for o in game.legal(r).choices[:12]]:  # mutated as text
            unit = rng.choice(list(st.units))
            mutated = rng.choice(
                [
                    re.sub(r"(unit|units):[^ ]+", rf"\1:{unit}", c),
                    c + " battle:" + rng.choice([t.name for t in sc.towns]),
                    c + " target:" + rng.choice(["line", "square"]),
                    re.sub(r"to:[^ ]+", "to:" + rng.choice(POSITIONS), c),
                    c,
                ]
            )
            _try(game, rng.choice(game.options.roles), mutated)


@pytest.fixture(scope="module")
def random_errors() -> list[RuleError]:
    return _errors_of_random_games(range(1, 9))


def test_every_rule_error_has_a_key_and_says_the_same_in_english(random_errors):
    assert len(random_errors) > 1000
    keys = set()
    for e in random_errors:
        assert e.key is not None, str(e)
        assert e.key in EN and e.key in JA, e.key
        assert render_error(e, EN) == e.message, e.key  # the English text is the catalog's template
        keys.add(e.key)
    assert len(keys) > 60, "the random games provoke many kinds of rule error"


def test_every_rule_error_reads_in_japanese(random_errors):
    for e in random_errors[::7]:
        ja = localize_error(e, "ja")
        assert ja.startswith(f"{e.rule}: ") if e.rule else True
        assert "{" not in ja and "}" not in ja, ja
        assert localize_error(e, "en") == str(e)


def test_a_rule_error_survives_pickling_with_its_key():
    import pickle

    err = pickle.loads(pickle.dumps(errors.RuleError("5.3", "x", key="move.moved", params={"unit": "FR-1"})))
    assert (err.rule, err.message, err.key, err.params) == ("5.3", "x", "move.moved", {"unit": "FR-1"})


def test_japanese_rule_errors_by_example():
    game = new_game(Options(setup="historical"), seed=1)
    with pytest.raises(RuleError) as info:
        game.apply("french", "/move units:FR-2 path:Solre-sur-Sambre>Thuin>Marchienne")
    said = str(info.value)
    assert said.startswith("5.2: FR-2 (infantry) stands in Solre-sur-Sambre and moves 1 town a turn")
    assert localize_error(info.value, "ja").startswith("5.2: FR-2(歩兵)は Solre-sur-Sambre にいます。")
    with pytest.raises(RuleError) as info:
        game.apply("french", "/move units:FR-99 path:Thuin")
    assert localize_error(info.value, "ja") == "「FR-99」に当たるユニットはありません"
    with pytest.raises(RuleError) as info:
        game.apply("allied", "/end")
    assert (
        localize_error(info.value, "ja")
        == "4.0: いまはフランス軍のキャンペーンターンなので、連合軍は移動できません"
    )


def test_a_nested_error_of_an_orders_list_reads_in_japanese():
    inner = errors.RuleError("8.3", "FR-1 has already fired this battle turn", key="battle.already_fired")
    inner.params = {"unit": "FR-1"}
    from engine.messages import rule_error

    outer = rule_error("8.3", "battle.orders_item", i=1, item="fire FR-1", error=inner)
    assert str(outer) == "8.3: item 1 ('fire FR-1'): FR-1 has already fired this battle turn"
    assert (
        localize_error(outer, "ja")
        == "8.3: 1番目の命令「fire FR-1」: FR-1 はこの戦闘ターンにすでに射撃しました"
    )


# --- narration ----------------------------------------------------------------------------------------------

SAMPLES = {
    "placed": {"army": "french", "town": "Mons"},
    "orders_stopped": {"role": "french", "done": 1, "item": 2, "rule": "8.3"},
    "surrender": {"army": "british", "blocks": 9, "threshold": 9},
    "game_over": {"winner": "draw", "reason": "all three armies have surrendered (12.3)"},
    "square": {"town": "Ligny", "army": "french", "spot": "french:left", "unit": "FR-1", "formed": False},
    "battle_over": {"town": "Ligny", "victor": None},
    "supply": {"base": "Brussels", "army": "british", "units": 1},  # random games may not reach a base
    "undo": {"role": "french", "order": "/move units:FR-1 path:Beaumont>Thuin"},  # not kept in the state
}


def _events_of_random_games(seeds: range) -> list[dict]:
    out = []
    for seed in seeds:
        rng = random.Random(seed)
        game = new_game(random_options(rng), seed)
        budget: dict[str, int] = {}
        while not game.over:
            role = rng.choice(game.active())
            game.apply(role, pick(rng, game, role, budget))
        for ev in game.state.events:
            out += [ev.visible(r) for r in ("public", *game.options.roles)]
    return out


def test_every_event_kind_is_told_in_both_languages_or_in_neither():
    events = _events_of_random_games(range(1, 13)) + [{"kind": k, **d} for k, d in SAMPLES.items()]
    kinds = {e["kind"] for e in events}
    assert set(TOLD) <= kinds, f"not seen: {set(TOLD) - kinds}"
    for e in events:
        en, ja = describe(e), describe(e, "ja")
        assert (en is None) == (ja is None), e
        if e["kind"] in TOLD:
            assert en and ja, e
            assert not ja.startswith(e["kind"] + ":"), f"the Japanese fell back to the raw event: {ja}"
        else:
            assert e["kind"] in QUIET or en is None


def test_every_phrase_of_the_engine_in_events_is_translated():
    events = _events_of_random_games(range(20, 32))
    phrases = set()
    for e in events:
        for k in ("why", "reason", "cause"):
            if isinstance(e.get(k), str):
                phrases.add(e[k])
    assert len(phrases) > 10
    untranslated = sorted(p for p in phrases if phrase_ja(p) is None)
    assert not untranslated, untranslated
    assert phrase("Napoleon was killed (10.0)", "ja") == "ナポレオンが戦死した(10.0)"
    assert phrase("anything else", "ja") == "anything else"


def test_the_engine_phrases_in_its_source_are_all_known():
    """The literal reasons, causes and results in the engine's source (even those no random game reached)."""
    texts = set()
    for path in (ROOT / "engine" / "napoleon").rglob("*.py"):  # the battle package's rule files included
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                name = getattr(node.func, "attr", getattr(node.func, "id", ""))
                args = list(node.args) + [k.value for k in node.keywords if k.arg in ("cause", "reason")]
                if name in ("lose", "eliminate", "roll", "_roll", "finish", "Result", "check_rout", "rout"):
                    texts |= {
                        a.value for a in args if isinstance(a, ast.Constant) and isinstance(a.value, str)
                    }
    texts -= {"allied", "french", "draw"}
    assert len(texts) > 15
    for text in texts:
        said = phrase_ja(text) or phrase_ja(f"{text}: left empty")
        assert said, text


# --- the service ------------------------------------------------------------------------------------------


def test_service_errors_keep_their_english_and_read_in_japanese():
    e = ServiceError("svc.seat_taken", role="french", holder=7)
    assert str(e) == "the french seat is taken by <@7>"
    assert localize_error(e, "ja") == "フランス軍の席は <@7> が使っています"
    literal = ServiceError("a message of someone else's")
    assert str(literal) == "a message of someone else's" and localize_error(literal, "ja") == str(literal)


async def test_a_japanese_game_posts_in_japanese_and_dms_each_player_in_their_language(tmp_path):
    store = Store(tmp_path / "s.db")
    await store.open()
    try:
        svc = Service(store, pictures=NoPictures(), seed_source=lambda: 1)
        host = Caller(1, 10, 9, locale="ja")
        res = await svc.new_game(host, "setup=historical", language="ja")
        assert res.reply.text.startswith("Napoleon 1815 の新しいゲーム")
        await svc.join(Caller(2, 10, 9, locale="ja"), "french")
        await svc.join(Caller(3, 10, 9, locale="en-US"), "allied")
        res = await svc.start(host)
        assert res.reply.text.startswith("キャンペーンを開始します")
        posts = [m for m in res.outbox if type(m).__name__ == "Post"]
        dms = {m.user_id: m.text for m in res.outbox if type(m).__name__ == "DM"}
        assert "あなたの番です" in posts[0].text
        assert dms[2].startswith("あなたの部隊") and dms[3].startswith("Your forces")
        res = await svc.order(Caller(2, 10, 9, locale="ja"), "/move units:FR-2 path:Thuin>Marchienne")
        assert res.reply.text.startswith("受け付けられません — 5.2: FR-2(歩兵)は Solre-sur-Sambre にいます。")
        res = await svc.order(
            Caller(2, 10, 9, locale="en-US"), "/move units:FR-1 path:Solre-sur-Sambre>Thuin"
        )
        assert res.reply.text.startswith("Done.")
        with pytest.raises(ServiceError) as info:
            await svc.start(host)
        assert localize_error(info.value, "ja").startswith("ゲームはすでに始まっています")
        status = await svc.status(Caller(5, 10, 9, locale="ja"))
        assert status.reply.text.startswith("ターン 1/24 — 6月15日 朝、フランス軍のターン")
        await svc.idle()
    finally:
        await store.close()


# --- Discord: the translator and the interaction locale -----------------------------------------------------


def _name_ok(name: str) -> bool:
    """Discord: ^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$ and lowercase."""
    return (
        1 <= len(name) <= 32
        and name == name.lower()
        and all(
            c in "-_" or unicodedata.category(c)[0] in "LN" or unicodedata.category(c) == "Mn" for c in name
        )
    )


async def test_the_synced_commands_carry_japanese_names_and_descriptions(harness):
    commands = harness.fake.synced_commands()
    assert commands

    def check(item: dict, siblings: list[dict], path: str) -> None:
        name_ja = (item.get("name_localizations") or {}).get("ja")
        desc_ja = (item.get("description_localizations") or {}).get("ja")
        assert name_ja and _name_ok(name_ja), (path, name_ja)
        assert desc_ja and 1 <= len(desc_ja) <= 100, (path, desc_ja)
        assert 1 <= len(item["description"]) <= 100 and item["description"] != "…", path
        others = [(s.get("name_localizations") or {}).get("ja") for s in siblings if s is not item]
        assert name_ja not in others, f"{path}: two options named {name_ja}"
        for choice in item.get("choices") or []:
            if choice["value"] not in ("en", "ja"):
                assert (choice.get("name_localizations") or {}).get("ja"), (path, choice)
        for sub in item.get("options") or []:
            check(sub, item["options"], f"{path} {sub['name']}")

    for c in commands:
        check(c, commands, c["name"])
    names = {c["name"]: c for c in commands}
    assert names["move"]["name_localizations"]["ja"] == "移動"
    assert names["regroup"]["name_localizations"]["ja"] == "再編成"
    assert names["square"]["name_localizations"]["ja"] == "方陣"
    new = next(o for o in names["game"]["options"] if o["name"] == "new")
    assert {o["name"] for o in new["options"]} >= {"language"}


def test_the_japanese_name_tables_have_no_stale_entries(tmp_path):
    bot = EstafetteBot(Store(tmp_path / "x.db"), pictures=NoPictures(), tick_seconds=0, sync=False)
    from bot.discord_app.cog import PLAYER_PREFERENCES, EstafetteCog, order_commands
    from bot.discord_app.leagues import LeagueCog

    cog = EstafetteCog(bot, bot.service, bot.sender)
    own = list(cog.walk_app_commands()) + list(LeagueCog(bot, bot.service, cog).walk_app_commands())
    every = own + order_commands({c.name for c in own if c.parent is None})  # and the games' orders
    qualified = {c.qualified_name for c in every}
    options = {p.display_name for c in every for p in getattr(c, "parameters", [])}
    choices = {str(ch.value) for c in every for p in getattr(c, "parameters", []) for ch in p.choices}
    assert set(COMMAND_NAMES_JA) == qualified
    # an option's name, or its name in one command ("retreat unit") where the command has that option
    own = {f"{c.qualified_name} {p.display_name}" for c in every for p in getattr(c, "parameters", [])}
    assert {k for k in OPTION_NAMES_JA if " " not in k} == options
    assert {k for k in OPTION_NAMES_JA if " " in k} <= own
    # and the values a game lists for an option, offered by autocomplete under the translator's names
    # (Napoleon's /fire target:, /game new setup:)
    from engine import modules

    games = modules.modules()
    choices |= {c for m in games for k in m.orders for o in k.options for c in o.choices}
    choices |= {c for m in games for o in m.options if o.kind == "choice" for c in o.choices}
    choices |= {r for m in games for r in m.every_role()}  # /game join role:
    choices |= {k for m in games for k in (*m.preferences, *([m.standing.key] if m.standing else []))}
    choices |= set(PLAYER_PREFERENCES)  # /game prefer key:
    assert set(CHOICE_NAMES_JA) == choices - {"en", "ja"}
    described = {description_key(q) for q in qualified} | {
        description_key(c.qualified_name, p.display_name) for c in every for p in getattr(c, "parameters", [])
    }
    assert {k for k in CATALOGS["en"] if k.startswith(("cmd.", "opt."))} == described


async def test_a_japanese_player_gets_japanese_replies_and_english_stays_as_it_was(harness):
    h = harness
    d = await h.feed(
        h.slash(
            "game new", {"setup": "historical", "players": 2}, user="alice", channel="game-1", locale="ja"
        )
    )
    assert d.reply.content.startswith("Napoleon 1815 の新しいゲーム"), d.reply.content
    d = await h.feed(h.slash("game join", {"role": "french"}, user="alice", channel="game-1", locale="ja"))
    assert "フランス軍の席につきました" in d.reply.content
    d = await h.feed(h.slash("game join", {"role": "allied"}, user="bob", channel="game-1"))
    assert d.reply.content == f"<@{h.world.user('bob').id}> takes the Allied seat. Every seat is taken."
    d = await h.feed(h.slash("game start", user="bob", channel="game-1", locale="ja"))
    assert d.reply.ephemeral and d.reply.content.startswith("実行できません — ゲームを開始できるのはホスト")
    d = await h.feed(h.slash("game start", user="bob", channel="game-1"))
    assert d.reply.content.startswith("Not done — only the host (<@")
    await h.feed(h.slash("game start", user="alice", channel="game-1", locale="ja"))
    posts = [m.get("content") or "" for m in h.fake.messages_in(h.world.channel("game-1"))]
    assert any("あなたの番です" in p for p in posts), "the channel speaks the game's language (the host's)"
    bob_dms = [m.get("content") or "" for m in h.fake.dms_to(h.world.user("bob"))]
    assert bob_dms and bob_dms[-1].startswith("Your forces (Allied)."), "Bob's DMs stay English"
    bad = await h.feed(
        h.slash(
            "move",
            {"units": "FR-2", "path": "Solre-sur-Sambre>Thuin>Marchienne"},
            user="alice",
            channel="game-1",
            locale="ja",
        )
    )
    refused = "受け付けられません — 5.2: FR-2(歩兵)は Solre-sur-Sambre にいます。"
    assert bad.reply.content.startswith(refused), bad.reply.content
    ok = await h.feed(
        h.slash("move", {"units": "FR-1", "path": "Solre-sur-Sambre>Thuin"}, user="alice", channel="game-1")
    )
    assert ok.reply.content.startswith("Done.\n")


async def test_positions_are_offered_in_japanese_to_a_japanese_player():
    from bot.i18n import term

    assert term("position", "across-left", "ja") == "左翼正面の敵コラム"
    assert term("position", "across-left", "en") == "across-left"


def test_render_keeps_unknown_specs_strict():
    with pytest.raises(ValueError):
        render("{x:nonsense}", {"x": "a"}, EN)


# --- the lines a trial game found confusing, in both languages ---------------------------------------------


def _fight(ruleset="3.4", **kw):
    from support.battlefield import fight

    return fight(
        "FR-1,FR-2,FR-3,FR-11,FR-16",
        "PR-1,PR-2,PR-3,PR-4",
        ruleset=ruleset,
        att_cols={"left": "FR-1", "center": "FR-2", "right": "FR-3", "reserve": "FR-11,FR-16"},
        def_cols={"left": "PR-1", "center": "PR-2,PR-3", "right": "PR-4"},
        **kw,
    )


def _engage_center(f):
    f.do("french", "/battle-move unit:FR-16 to:center")
    f.do("french", "/battle-move unit:FR-2 to:across-center")


def _told(events, role, loc, ruleset="3.4"):
    return [x for x in (describe(e.visible(role), loc, ruleset) for e in events) if x]


def test_8_3_a_block_firing_at_the_enemy_that_crossed_into_its_column_says_so_with_the_targets_army():
    f = _fight()
    _engage_center(f)
    f.do("french", "/end")
    f.dice(6, 6, 6, 6)
    new = f.do("allied", "/fire unit:PR-2")
    (en,) = [x for x in _told(new, "french", "en") if "fires" in x]
    assert en == (
        "Battle of Ligny: PR-2 (Prussian) fires F1 at the French blocks that crossed into the Allied center "
        "— dice 6 6 6 6 (8.3)"
    )
    (ja,) = [x for x in _told(new, "french", "ja") if "射撃" in x]
    assert ja == (
        "Ligny の会戦: プロシア軍の PR-2 がセンターラインを越えて連合軍の中央に入ったフランス軍の横隊をF1で射"
        "撃、"
        "サイコロ 6 6 6 6(8.3)"
    )


def test_8_3_fire_at_an_enemy_column_names_that_column():
    e = {"kind": "dice", "why": "fire (8.3)", "dice": [1, 2], "town": "Ligny", "class": "F2"}
    e |= {"target": "allied:left", "formation": "square", "army": "french"}
    assert (
        describe(e, "en")
        == "Battle of Ligny: a French block fires F2 at the square in the Allied left — dice 1 2 (8.3)"
    )
    assert (
        describe(e, "ja")
        == "Ligny の会戦: フランス軍のユニットが連合軍の左翼の方陣をF2で射撃、サイコロ 1 2(8.3)"
    )


@pytest.mark.parametrize(("die", "result", "kekka"), [(3, "failed", "失敗"), (4, "passed", "成功")])
def test_8_6_a_morale_check_says_whose_block_the_number_needed_and_the_result(die, result, kekka):
    f = _fight(cv={"PR-2": 1})
    _engage_center(f)
    f.dice(die)
    new = f.do("french", "/end")
    (dice,) = [e for e in new if e.kind == "dice"]
    assert dice.data["need"] == 4 and dice.data["dice"] == [die]  # 8.6: 1-3 fails, no leader here
    (en,) = [x for x in _told([dice], "public", "en")]
    assert en == f"morale check (8.6) for PR-2 (Prussian) at Ligny: rolled {die}, needs 4+ — {result}"
    (ja,) = [x for x in _told([dice], "public", "ja")]
    assert ja == f"Ligny で プロシア軍の PR-2 の士気チェック(8.6): 出目 {die}、4以上で成功 — {kekka}"


def test_5_5_the_forced_march_roll_says_the_number_needed_and_the_result():
    from support.napoleon import forced_march_setup

    g, a, _ = forced_march_setup()
    g.apply("french", f"/move units:{a} path:Beaumont>Thuin>Marchienne forced:yes")
    g.force_dice([3])
    events = g.apply("french", "/end")
    (dice,) = [e for e in events if e.kind == "dice"]
    assert dice.data["need"] == 4  # 5.5: a loss on 1-3
    (en,) = _told([dice], "public", "en")
    assert en == "forced-march roll (5.5) for a French block at Marchienne: rolled 3, needs 4+ — failed"
    assert _told([dice], "public", "ja") == [
        "Marchienne で フランス軍のユニットの強行軍の判定(5.5): 出目 3、4以上で成功 — 失敗"
    ]


def test_13_1_a_prussian_that_has_ended_its_moves_is_told_the_british_still_move():
    g = new_game(Options(players=3, setup="historical"), seed=1)
    g.apply("french", "/end")
    g.apply("prussian", "/end")
    with pytest.raises(RuleError) as info:
        g.apply("prussian", "/move units:PR-1 path:Ligny>Sombreffe")
    assert str(info.value) == (
        "13.1: the Prussians have finished their part of the Allied campaign turn (/end); waiting for the "
        "British to finish moving"
    )
    assert localize_error(info.value, "ja") == (
        "13.1: 連合軍のキャンペーンターンのうち、プロシア軍の移動は /手番終了 (/end) で終わっています。"
        "イギリス軍が移動を終えるのを待っています"
    )
    with pytest.raises(RuleError) as info:  # the French, in the allied turn: as before
        g.apply("french", "/move units:FR-1 path:Solre-sur-Sambre>Thuin")
    assert str(info.value) == "4.0: it is the Allied campaign turn: the French cannot move now"


def test_6_3_a_role_the_battles_wait_for_is_told_what_they_wait_for_not_waiting_for_itself():
    from support.battlefield import Fight

    f = Fight(["FR-1", "FR-2", "FR-3"], ["PR-1", "PR-2", "PR-3"])  # the defender deploys first (6.2)
    assert f.active() == ["allied"]
    err = f.rejects("allied", "/fire unit:PR-1", "6.3")
    assert str(err) == (
        "6.3: no battle is waiting for /fire from you now; the battle of Ligny waits for your deployment "
        "(/deploy)"
    )
    assert localize_error(err, "ja") == (
        "6.3: いまあなたの /射撃 (/fire) を待っている会戦はありません。Ligny の会戦が待っているのは"
        "あなたの配置(/会戦配置 (/deploy))です"
    )
    err = f.rejects("french", "/fire unit:FR-1", "6.3")  # another role: names who is awaited
    assert str(err) == "6.3: no battle is waiting for /fire from the French now (waiting for: the Allies)"


def test_an_orders_list_that_stops_says_which_item_and_why_to_its_player_only():
    f = _fight()
    _engage_center(f)
    f.do("french", "/end")
    new = f.do("allied", '/orders list:"fire PR-2; fire PR-2"')
    (stop,) = [e for e in new if e.kind == "orders_stopped"]
    assert _told([stop], "allied", "en") == [
        "/orders stopped at item 2 (fire PR-2): 8.3: PR-2 has already fired this battle turn; the 1 before "
        "it "
        "stand"
    ]
    assert _told([stop], "allied", "ja") == [
        "/一括命令 (/orders) は2番目の「fire PR-2」で停止: 8.3: PR-2 はこの戦闘ターンにすでに射撃しました。"
        "それより前の1件は実行済み"
    ]
    said = _told([stop], "french", "en")
    assert said == ["The Allied /orders stopped at item 2; the 1 before it stand"]  # not what, nor why
    assert "(rule )" not in " ".join(said)


async def test_the_console_tells_a_prussian_after_its_end_that_the_british_still_move(tmp_path, monkeypatch):
    import io

    from bot.console import run_console

    monkeypatch.setattr("bot.service.service.Pictures", NoPictures)
    monkeypatch.setattr("bot.console.Service", lambda store: Service(store, pictures=NoPictures()))
    out = io.StringIO()
    lines = "french: /end\nprussian: /end\nprussian: /move units:PR-1 path:Ligny>Sombreffe\n"
    status = await run_console(
        str(tmp_path / "c.db"), str(tmp_path / "p"), "players=3 setup=historical", io.StringIO(lines), out=out
    )
    assert status == 0
    text = out.getvalue()
    said = "the Prussians have finished their part of the Allied campaign turn (/end); waiting for the"
    assert said in text
    assert "the Prussians cannot move now" not in text


# --- events carry phrases and their parameters, not English text, so each language says them its own way -


def test_7_5_a_rout_event_carries_its_cause_and_parameters_and_reads_as_before_in_english():
    e = {
        "kind": "rout",
        "town": "Ligny",
        "side": "allied",
        "units": 3,
        "cause": "a line column emptied by {unit}'s {move} (7.5, 8.1)",
        "cause_params": {"unit": "PR-1", "move": "disengage"},
        "empty": ["left", "center"],
    }
    assert describe(e) == (
        "Ligny: the Allies rout (a line column emptied by PR-1's disengage (7.5, 8.1): left, center empty)"
    )
    assert describe(e, "ja") == "Ligny: 連合軍が潰走(PR-1 が動いて空いた戦列コラム(7.5、8.1): 左翼、中央が空)"
    stalled = {
        **e,
        "cause": "the attack stalled: {turns} battle turns (rulings 6.3)",
        "cause_params": {"turns": 8},
    }
    del stalled["empty"]
    assert describe(stalled).endswith("(the attack stalled: 8 battle turns (rulings 6.3))")
    assert describe(stalled, "ja").endswith("(攻撃が停滞した: 8戦闘ターン(裁定 6.3))")


def test_11_0_a_supply_elimination_carries_the_town_as_a_parameter():
    from engine.messages import Phrase

    e = {
        "kind": "eliminated",
        "unit": "PR-1",
        "army": "prussian",
        "type": "infantry",
        "town": "Namur",
        "reason": "supply: the French hold {town} (11.0)",
        "reason_params": {"town": "Namur"},
    }
    assert describe(e).endswith("eliminated at Namur: supply: the French hold Namur (11.0)")
    assert describe(e, "ja").endswith("全滅(補給: フランス軍が Namur を占領(11.0))")
    assert Phrase.of(e, "reason").params == {"town": "Namur"}


def test_every_phrase_in_the_events_of_random_games_is_filled_by_its_parameters():
    from engine.messages import Phrase

    seen = 0
    for e in _events_of_random_games(range(20, 32)):
        for name in ("reason", "cause"):
            if isinstance(e.get(name), str):
                for loc in ("en", "ja"):
                    said = render("{p:phrase}", {"p": Phrase.of(e, name)}, CATALOGS[loc], TERMS[loc])
                    assert "{" not in said and said, (e, said)
                seen += 1
    assert seen > 20


def test_no_front_end_translates_the_engines_english_back_by_pattern():
    """The Japanese of a phrase is looked up by its id; no regex reads English text of an event."""
    for path in [
        *(ROOT / "bot").rglob("*.py"),
        *(ROOT / "renderers").rglob("*.py"),
        ROOT / "engine/messages_ja.py",
    ]:
        text = path.read_text(encoding="utf-8")
        assert "_PATTERNS" not in text and not re.search(
            r"re\.(match|compile)\(r\"\^(supply|a line|the attack)", text
        )


def test_the_converter_ports_the_keys_a_branch_added_to_an_old_dict(tmp_path):
    """``python -m tools.catalog convert FILE:NAME --new-only``: a key the catalogs have is left alone, a new
    one is written with its plural forms; the Japanese takes its ⟨references⟩ as written."""
    from engine.catalog import read
    from tools.catalog import main

    theirs = tmp_path / "i18n_theirs.py"
    theirs.write_text(
        'BOT_EN = {"svc.aborted": "changed?", "svc.new_thing": "{n} new", "svc.new_thing#one": "{n} one"}\n'
        'BOT_JA = {"svc.aborted": "?", "svc.new_thing": "新しい{n}件 ⟨/end⟩"}\n'
        "BOT_JA = dict(BOT_JA)\n",
        encoding="utf-8",
    )
    out = tmp_path / "locale"
    for name, lang in (("BOT_EN", "en"), ("BOT_JA", "ja")):
        args = ["convert", f"{theirs}:{name}", "--lang", lang, "--locale-dir", str(out), "--domain", "bot"]
        assert main([*args, "--new-only"]) == 0
    en, ja = read(out, "bot", "en"), read(out, "bot", "ja")
    assert set(en) == set(ja) == {"svc.new_thing"}
    assert [en.plural("svc.new_thing", n) for n in (1, 2)] == ["{n} one", "{n} new"]
    assert ja["svc.new_thing"] == "新しい{n}件 ⟨/end⟩"
