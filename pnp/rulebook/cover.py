"""The cover and the contents page: title, players, time, ages, full credits from the catalog,
and a picture composed of the game's own faces."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepInFrame, NextPageTemplate, PageBreak, Spacer

from pnp.catalog.languages import localized, main_language
from pnp.catalog.model import Game
from pnp.draw.face import FaceArt
from pnp.layout.text.markup import LineBreak, Span
from pnp.rulebook.blocks import Story
from pnp.rulebook.document import contents
from pnp.rulebook.flowables import FRAME_PAD, FaceFan, FaceForms
from pnp.rulebook.markdown import Inline
from pnp.rulebook.titles import title_lines
from pnp.rulebook.words import Words

FAN_FACES = 5
LONG_CREDIT = 160  # a credit longer than this (a list of thanks) goes inside, after the contents


def cover_story(
    game: Game, faces: list[FaceArt], story: Story, words: Words, forms: FaceForms
) -> list[Flowable]:
    """Cover, then the contents page; the body starts on the page after."""
    styles = story.styles
    # the book's language's title, subtitle, play time and credits (`title_ja`, `credits_ja`)
    meta = localized({"title": game.title, **game.meta}, words.lang, main_language(game))
    title = str(meta["title"])
    style = styles.title
    lines = title_lines(title, style.fontName, style.fontSize, story.width - 2 * FRAME_PAD)
    runs: list[Inline] = [Span(lines[0])]
    for line in lines[1:]:
        runs += [LineBreak(), Span(line)]
    out: list[Flowable] = [Spacer(1, 8 * mm), story.paragraph(runs, style, 0)]
    if meta.get("subtitle"):
        out.append(story.paragraph([Span(str(meta["subtitle"]))], styles.subtitle, 0))
    out.append(story.paragraph([Span(_facts(meta, words))], styles.subtitle, 0))
    credit = _credit_lines(meta, words)
    short = [(k, v if len(v) <= LONG_CREDIT else words.say("credits_inside")) for k, v in credit]
    credits = story.paragraph(_inlines(short, words), styles.caption, 0, terms=False)
    if faces:  # the picture takes what room the credits leave
        out.append(Spacer(1, 6 * mm))
        out.append(FaceFan(faces[:FAN_FACES], story.width * 0.85, story.width, credits, forms))
    out.append(Spacer(1, 6 * mm))
    out.append(credits)
    out += [NextPageTemplate("body"), PageBreak()]
    heading = story.paragraph([Span(words.contents)], styles.headings[1], 0)
    out += [heading, contents(styles)]
    inside = [(k, v) for k, v in credit if len(v) > LONG_CREDIT]
    if inside:  # the long thanks, in full, under the contents: set smaller to stay on its page
        thanks = story.paragraph(_inlines(inside, words), styles.small, 0, terms=False)
        out += [Spacer(1, 4 * mm), KeepInFrame(0, 0, [thanks], mode="shrink")]
    return [*out, PageBreak()]


def _facts(meta: Mapping[str, Any], words: Words) -> str:
    """`2–5 players · 20 min · ages 10+`."""
    parts = []
    players = meta.get("players") or {}
    if players:
        low, high = players.get("min"), players.get("max")
        count = f"{low}{words.range}{high}" if low != high else f"{low}"
        parts.append(f"{count}{words.players}" if words.lang == "ja" else f"{count} players")
    if meta.get("play_time"):
        parts.append(str(meta["play_time"]))
    if meta.get("ages"):
        parts.append(f"{words.ages} {meta['ages']}")
    return " · ".join(parts)


def _credit_lines(meta: Mapping[str, Any], words: Words) -> list[tuple[str, str]]:
    """Designer, publisher and every credit the catalog lists: (label, text)."""
    lines: list[tuple[str, str]] = []
    credits = meta.get("credits")
    named = set(map(str, credits.values())) if isinstance(credits, Mapping) else set()
    for key in ("designer", "publisher"):
        if meta.get(key) and str(meta[key]) not in named:  # else its own credit says it
            lines.append((words.say(f"credit_{key}"), str(meta[key])))
    if isinstance(credits, Mapping):
        lines += [(str(k).replace("_", " ").capitalize(), _text(v)) for k, v in credits.items()]
    elif isinstance(credits, list):
        lines += [("", _text(c)) for c in credits]
    elif credits:
        lines.append(("", str(credits)))
    return lines


def _inlines(lines: list[tuple[str, str]], words: Words) -> list[Inline]:
    """Credit lines, one per line, each label in bold."""
    out: list[Inline] = []
    for label, value in lines:
        if out:
            out.append(LineBreak())
        if label:
            out.append(Span(f"{label}{words.label_sep}", bold=True))
        out.append(Span(value))
    return out


def _text(value: object) -> str:
    if isinstance(value, list):
        return ", ".join(map(str, value))
    if isinstance(value, Mapping):
        return ", ".join(f"{k}: {v}" for k, v in value.items())
    return str(value)
