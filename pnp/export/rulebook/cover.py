"""The cover and the contents page: title, players, time, ages, full credits from the catalog,
and a picture composed of the game's own faces."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, NextPageTemplate, PageBreak, Spacer

from pnp.catalog.model import Game
from pnp.draw.face import FaceArt
from pnp.export.rulebook.blocks import Story
from pnp.export.rulebook.document import contents
from pnp.export.rulebook.flowables import FaceFan, FaceForms
from pnp.export.rulebook.markdown import Break, Inline, Span
from pnp.export.rulebook.words import Words

FAN_FACES = 5


def cover_story(
    game: Game, faces: list[FaceArt], story: Story, words: Words, forms: FaceForms
) -> list[Flowable]:
    """Cover, then the contents page; the body starts on the page after."""
    styles = story.styles
    meta = game.meta
    title = str(meta.get(f"title_{words.lang}") or game.title)
    out: list[Flowable] = [Spacer(1, 8 * mm), story.paragraph([Span(title)], styles.title, 0)]
    if meta.get("subtitle"):
        out.append(story.paragraph([Span(str(meta["subtitle"]))], styles.subtitle, 0))
    out.append(story.paragraph([Span(_facts(meta, words))], styles.subtitle, 0))
    credits = story.paragraph(_credits(meta, words), styles.caption, 0, terms=False)
    if faces:  # the picture takes what room the credits leave
        out.append(Spacer(1, 6 * mm))
        out.append(FaceFan(faces[:FAN_FACES], story.width * 0.85, story.width, credits, forms))
    out.append(Spacer(1, 6 * mm))
    out.append(credits)
    out += [NextPageTemplate("body"), PageBreak()]
    heading = story.paragraph([Span(words.contents)], styles.headings[1], 0)
    out += [heading, contents(styles), PageBreak()]
    return out


def _facts(meta: Mapping[str, Any], words: Words) -> str:
    """`2–5 players · 20 min · ages 10+`."""
    parts = []
    players = meta.get("players") or {}
    if players:
        low, high = players.get("min"), players.get("max")
        count = f"{low}–{high}" if low != high else f"{low}"
        parts.append(f"{count}{words.players}" if words.lang == "ja" else f"{count} players")
    if meta.get("play_time"):
        parts.append(str(meta["play_time"]))
    if meta.get("ages"):
        parts.append(f"{words.ages} {meta['ages']}")
    return " · ".join(parts)


def _credits(meta: Mapping[str, Any], words: Words) -> list[Inline]:
    """Designer, publisher and every credit the catalog lists, one per line."""
    lines: list[tuple[str, str]] = []
    for key in ("designer", "publisher"):
        if meta.get(key):
            lines.append((key.capitalize(), str(meta[key])))
    credits = meta.get("credits")
    if isinstance(credits, Mapping):
        lines += [(str(k).replace("_", " ").capitalize(), _text(v)) for k, v in credits.items()]
    elif isinstance(credits, list):
        lines += [("", _text(c)) for c in credits]
    elif credits:
        lines.append(("", str(credits)))
    out: list[Inline] = []
    for label, value in lines:
        if out:
            out.append(Break())
        if label:
            out.append(Span(f"{label}: ", bold=True))
        out.append(Span(value))
    return out


def _text(value: object) -> str:
    if isinstance(value, list):
        return ", ".join(map(str, value))
    if isinstance(value, Mapping):
        return ", ".join(f"{k}: {v}" for k, v in value.items())
    return str(value)
