"""A finished game as one HTML page that needs nothing but a browser: every picture a ``data:`` URI (PNG),
the log and the result as text, a few lines of inline script to step through the pictures (first, back,
next, last; the arrow keys too). No address outside the file: no fonts, styles, scripts or images fetched."""

from __future__ import annotations

import base64
from html import escape

from .i18n import t

SCRIPT = """
(function () {
  var frames = document.querySelectorAll('figure.frame');
  var at = 0;
  function show(n) {
    at = Math.max(0, Math.min(frames.length - 1, n));
    for (var i = 0; i < frames.length; i++) { frames[i].hidden = i !== at; }
    document.getElementById('where').textContent = (at + 1) + ' / ' + frames.length;
    document.body.setAttribute('data-at', String(at));
  }
  window.step = function (how) {
    show({first: 0, back: at - 1, next: at + 1, last: frames.length - 1}[how]);
  };
  document.addEventListener('keydown', function (e) {
    if (e.key === 'ArrowLeft') { window.step('back'); }
    if (e.key === 'ArrowRight') { window.step('next'); }
  });
  show(0);
})();
"""

STYLE = """
body { font-family: sans-serif; margin: 1em auto; max-width: 1240px; color: #222; }
figure.frame img { max-width: 100%; height: auto; border: 1px solid #999; }
nav button { font-size: 1.1em; margin-right: .3em; }
#log { white-space: pre-wrap; font-size: .9em; max-height: 30em; overflow: auto; border: 1px solid #ccc;
       padding: .5em; }
"""


def page(title: str, frames: list[tuple[str, bytes]], log: list[str], result: str, loc: str = "en") -> str:
    """The page: ``frames`` (a label and PNG bytes each, in order), the ``log`` lines and the ``result``,
    its fixed words in ``loc``."""
    figures = "\n".join(
        f'<figure class="frame" id="f{i}"{" hidden" if i else ""}><img alt="{escape(label)}" '
        f'src="data:image/png;base64,{base64.b64encode(png).decode()}"><figcaption>{escape(label)}'
        "</figcaption></figure>"
        for i, (label, png) in enumerate(frames)
    )
    buttons = "".join(
        f'<button id="{how}" onclick="step(\'{how}\')">{escape(t("ui.archive_" + how, loc))}</button>'
        for how in ("first", "back", "next", "last")
    )
    lines = escape("\n".join(log))
    return (
        f'<!DOCTYPE html>\n<html lang="{escape(loc)}"><head><meta charset="utf-8">'
        f"<title>{escape(title)}</title><style>{STYLE}</style></head>\n<body>"
        f'<h1>{escape(title)}</h1>\n<p id="result">{escape(result)}</p>\n'
        f'<nav>{buttons} <span id="where"></span></nav>\n{figures}\n'
        f'<h2>{escape(t("ui.archive_log", loc))}</h2>\n<div id="log">{lines}</div>\n'
        f"<script>{SCRIPT}</script>\n</body></html>\n"
    )
