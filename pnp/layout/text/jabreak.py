"""Where a line may break in Japanese (and other text written without spaces).

A line breaks only between BudouX's phrases (巨大企業の / カードが / 3枚以上), and never
inside a run of kanji, so a word, a compound or a number with its counter is never split; and
never against kinsoku, the rules of Japanese typesetting: no line starts with a closing
bracket, a stop or comma, a small kana or a prolonged-sound mark, and none ends with an
opening bracket. Faces (pnp.layout.text.words) and the rulebook's paragraphs
(pnp.rulebook.para) break where this says, and `tidy` their tokens' spaces the same way.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from pnp.layout.text.markup import Span, Token
from pnp.memo import Memo

# characters a line may not start with: closing brackets and quotes, stops, commas, small kana,
# the prolonged-sound and iteration marks, and what binds to the character before
NO_START = frozenset(
    ")]}）］｝〕〉》」』】〙〗〟’”｠»、。，．,.:;：；!?！？・ー‐゠–〜～…‥%％々〻ゝゞヽヾ"
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ"
)
# characters a line may not end with: opening brackets and quotes
NO_END = frozenset("([{（［｛〔〈《「『【〘〖〝‘“｟«")
# after these a line may always end, even inside a phrase (文書窃取・傍受・偽情報・察知が)
BREAK_AFTER = frozenset("・、，。")
OBJECT = "\ufffc"  # stands for an inline picture in the text given to the phrase model


def is_wide(char: str) -> bool:
    """A character of a script written without spaces (CJK, full-width forms); "" is not."""
    return bool(char) and unicodedata.east_asian_width(char) in ("W", "F")


def has_wide(text: str) -> bool:
    return any(map(is_wide, text))


_parsers: Memo[str, Any] = Memo(1)
_phrases: Memo[str, frozenset[int]] = Memo(4096)  # a text's phrase starts, by the text


def _parser() -> Any:
    def make() -> Any:
        import budoux  # ~20 ms to load its model: only once a text needs it

        return budoux.load_default_japanese_parser()

    return _parsers.get_or_make("ja", make)


def phrase_starts(text: str) -> frozenset[int]:
    """Where BudouX starts a phrase in `text` (indices > 0)."""
    known = _phrases.get(text)
    if known is not None:
        return known
    starts, at = set(), 0
    for phrase in _parser().parse(text):
        at += len(phrase)
        starts.add(at)
    starts.discard(len(text))
    return _phrases.put(text, frozenset(starts))


def may_break(before: str, after: str) -> bool:
    """Whether kinsoku allows a line to end with `before` and the next to start with `after`."""
    if after in NO_START or before in NO_END:  # `before` "" (a picture) binds too
        return False
    if not before or not after:
        return True
    return not (before.isdigit() and (after.isdigit() or after in "%％"))


def breaks(text: str) -> frozenset[int]:
    """Indices i (0 < i < len(text)) where a line may break between text[i-1] and text[i]:
    after a space, or at a phrase start in text with wide characters, where kinsoku allows,
    and where an inline picture (OBJECT) may start a line (`_icon_may_start`)."""
    found = {
        i
        for i in range(1, len(text))
        if text[i - 1] in BREAK_AFTER or (text[i - 1] == " " and text[i] != " ")
    }
    if has_wide(text):
        found |= phrase_starts(text)
    return frozenset(
        i for i in found
        if may_break(text[i - 1].strip(), text[i]) and not (_kanji(text[i - 1]) and _kanji(text[i]))
        and (text[i] != OBJECT or _icon_may_start(text, i))
    )  # fmt: skip


def _icon_may_start(text: str, i: int) -> bool:
    """Whether a line may start with the inline picture text[i]: not after a number (1□を得る:
    a count and its icon, as 3枚), nor when what follows it binds to it (□・□の, □、): the
    picture stands for a word and keeps its punctuation and count as a word does."""
    return not text[i - 1].isdigit() and text[i + 1 : i + 2] not in NO_START


def _kanji(char: str) -> bool:
    """A CJK ideograph: a run of them is a compound (追加任務, 巨大企業), which BudouX may part."""
    return "\u4e00" <= char <= "\u9fff" or char == "々"


def boundary_spaces(texts: Sequence[str | None]) -> list[str]:
    """The texts of a run of styled pieces (None: a picture, given back as "") without the
    Latin spaces that stand between a piece and a wide character: Japanese sets
    「傍受が**3枚以上**ある」 with no space around the bold, however the source spaced it for
    its Markdown."""
    out = [text or "" for text in texts]
    for k, text in enumerate(texts):
        if not text or not text.strip(" "):
            continue
        wide_after = k + 1 < len(texts) and (
            is_wide(text.rstrip(" ")[-1]) or is_wide(_first(texts, k + 1))
        )
        if text[-1] == " " and wide_after:
            out[k] = out[k].rstrip(" ")
        wide_before = k > 0 and (is_wide(text.lstrip(" ")[0]) or is_wide(_last(texts, k - 1)))
        if text[0] == " " and wide_before:
            out[k] = out[k].lstrip(" ")
    return out


def _first(texts: Sequence[str | None], k: int) -> str:
    """The first character of texts[k:] (before any picture)."""
    for text in texts[k:]:
        if text is None:
            return ""
        if text:
            return text[0]
    return ""


def _last(texts: Sequence[str | None], k: int) -> str:
    """The last character of texts[:k + 1] (after any picture)."""
    for text in reversed(texts[: k + 1]):
        if text is None:
            return ""
        if text:
            return text[-1]
    return ""


def tidy(tokens: Sequence[Token]) -> Sequence[Token]:
    """The tokens as Japanese is set: without the Latin spaces between a styled piece or an
    icon and wide text (`boundary_spaces`), nor a space alone between two wide characters,
    which a line break in a Markdown source leaves. Looked at only when a piece starts or
    ends with a space (nearly no text)."""
    if len(tokens) < 2 or not any(
        type(t) is Span and (t.text[:1] == " " or t.text[-1:] == " ") for t in tokens
    ):
        return tokens
    texts = boundary_spaces([t.text if type(t) is Span else None for t in tokens])
    out = [replace(t, text=x) if type(t) is Span and x != t.text else t
           for t, x in zip(tokens, texts, strict=True)]  # fmt: skip
    for k in range(1, len(out) - 1):
        item, before, after = out[k], out[k - 1], out[k + 1]
        if (type(item) is Span and item.text == " " and type(before) is Span
                and type(after) is Span and before.text and after.text
                and is_wide(before.text[-1]) and is_wide(after.text[0])):  # fmt: skip
            out[k] = replace(item, text="")
    return out
