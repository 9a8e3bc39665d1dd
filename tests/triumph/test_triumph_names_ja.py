"""The Japanese names of our Austerlitz map and its commanders (``name_ja``), checked: the seed names no place
and no commander (only ナポレオン, フランス軍, 連合軍), so each is the conventional katakana: the German
(1805) names read as German is (an s before a vowel voiced, as in ボゼニッツ, ザッチャン, ジーヴィッツ), the
Czech ones with their own long vowels, the commanders as Japanese references write them."""

from __future__ import annotations

from data.triumph import load_triumph


def test_the_names_checked_are_the_conventional_katakana() -> None:
    t = load_triumph()
    place = {loc.id: loc.name_ja for loc in t.locales}
    assert place["posoritz"] == "ポゾリッツ" and place["posthouse"] == "ポゾリッツ宿駅"  # Posoritz
    assert place["blasowitz"] == "ブラゾヴィッツ" and place["blasowitz_heights"] == "ブラゾヴィッツ東の高地"
    assert place["vinohrady"] == "スタレー・ヴィノフラディ"  # Staré: the long vowel is the last
    assert t.commander("langeron").name_ja == "ランジェロン"
    assert t.commander("prebyshevsky").name_ja == "プシビシェフスキー"  # Przybyszewski
    # German s before a vowel is voiced in every name read from German
    voiced = {"bosenitz": "ボゼニッツ", "satschan": "ザッチャン", "siwitz": "ジーヴィッツ"}
    assert all(place[k] == v for k, v in voiced.items())
    said = [*place.values(), *(c.name_ja for c in t.commanders)]
    for old in ("ポソリッツ", "ブラソヴィッツ", "スターレ", "ランジュロン", "プルシェブイシェフスキー"):
        assert not any(old in name for name in said), old
