"""What laying out works out once and reuses across text boxes, faces and template sets (a text
box's style, a colour, a word's width) gives what working it out afresh gives: each face of a
set, and each set with its own theme, gets its own answer."""

from pathlib import Path
from typing import Any

import pytest

from pnp.errors import InputError, TemplateError
from pnp.layout import props, textbox
from pnp.layout.templates import TemplateSet
from pnp.layout.text import fit as textfit
from pnp.layout.text import words
from pnp.layout.text.markup import IconRef, LineBreak, Span, parse_markup
from pnp.layout.theme import load_theme
from pnp.units import mm_to_pt, parse_length

FIXTURES = Path(__file__).parents[1] / "fixtures" / "layout"
PROJECT_TEMPLATES = Path(__file__).parents[2] / "templates"
SIZE = dict(width_mm=63, height_mm=88, bleed_mm=3)
# each changes one thing a text box's style or a shape's colour is read from
VARIANTS: list[dict[str, Any]] = [
    {}, {"size": 12}, {"size": 9}, {"size": "9pt"}, {"size": 9.0}, {"size": "title"},
    {"min_size": 6}, {"style": "bold"}, {"style": "italic"}, {"style": "bold_italic"},
    {"font": "title"}, {"font": "Roboto Condensed"}, {"leading": 2}, {"align": "right"},
    {"align": "center"}, {"align": "justify"}, {"valign": "bottom"}, {"valign": "middle"},
    {"icon_scale": 2}, {"color": "police"}, {"color": "#fff"}, {"color": "band"}, {},
]  # fmt: skip


# the fixture's theme with other colours and fonts
OTHER = {'military: "#8b2e2e"': 'military: "#123456"\n  ink: "#00ff00"',
         "title: Roboto Condensed": "title: Roboto\n  body: Roboto Condensed"}  # fmt: skip


def templates(changes: dict[str, str], tmp_path: Path) -> TemplateSet:
    """A template set of the basic game, its theme with `changes` (old text: new)."""
    folder = FIXTURES / "basic-game"
    theme = (folder / "theme.yaml").read_text()
    for old, new in changes.items():
        assert old in theme
        theme = theme.replace(old, new)
    tmp_path.mkdir(exist_ok=True)
    (tmp_path / "theme.yaml").write_text(theme)
    return TemplateSet(
        [folder, PROJECT_TEMPLATES], [folder], load_theme(tmp_path / "theme.yaml", [tmp_path])
    )


def face(number: int, variant: dict[str, Any]) -> list[dict[str, Any]]:
    """A face's elements: a text box in `variant`, a rectangle in its colour."""
    text = f"Agent {number} **dossier** *drop*s :intel: at the station\nnight"
    color = variant.get("color", "military")
    return [
        {"rect": {"x": 0, "y": 0, "w": 63, "h": 10, "fill": color}},
        {"text": {"x": 5, "y": 12, "w": 50, "h": 40, "text": text, **variant}},
    ]


def lay_out(templates: TemplateSet, elements: list[dict[str, Any]]) -> Any:
    context = {"card": {"name": "Agent"}, "elements": elements}
    return templates.layout("elements.yaml.j2", context, label="Agent (agent)", **SIZE)


def forget() -> None:
    """Drop everything remembered, as a fresh process starts."""
    textbox._styles.clear()
    props._colors.clear()
    words._words.clear()
    textfit._widths.clear()


@pytest.mark.parametrize("theme", [{}, OTHER])
def test_each_face_gets_the_style_and_colour_its_own_values_give(tmp_path, theme) -> None:
    forget()
    one_set = templates(theme, tmp_path)
    together = [lay_out(one_set, face(n, v)) for n, v in enumerate(VARIANTS)]
    for n, variant in enumerate(VARIANTS):
        forget()
        assert lay_out(templates(theme, tmp_path), face(n, variant)) == together[n], variant


def test_each_theme_gets_its_own_fonts_and_colours(tmp_path) -> None:
    """Two sets lay out the same values in turn; one theme's ink and fonts differ."""
    forget()
    plain, other = templates({}, tmp_path / "a"), templates(OTHER, tmp_path / "b")
    raw = face(1, {"font": "title"})
    first, second, third = lay_out(plain, raw), lay_out(other, raw), lay_out(plain, raw)
    assert first == third != second
    forget()
    assert lay_out(templates(OTHER, tmp_path / "c"), raw) == second


@pytest.mark.parametrize(
    ("text", "tokens"),
    [
        ("", []),
        ("plain words", [Span("plain words")]),
        ("two\nlines", [Span("two"), LineBreak(), Span("lines")]),
        ("see :eye:", [Span("see "), IconRef("eye")]),
        (r"a \: b", [Span("a : b")]),
        ("5 * 3", [Span("5 * 3")]),
    ],
)
def test_plain_text_is_one_span_and_any_marker_is_read(text, tokens) -> None:
    assert parse_markup(text) == tokens


@pytest.mark.parametrize(
    "value", [0, -0.0, 5, 5.5, -7.25, 100_000, -100_000, 100_000.5, -1.5e9, 10**17, "12pt"]
)
@pytest.mark.parametrize("kind", ["rect", "circle"])
def test_a_length_written_as_a_bare_number_is_that_many_mm_or_the_same_message(
    tmp_path, kind, value
) -> None:
    """A rectangle's x (any length) and a circle's r (more than 0): in points, or the message
    pnp.units.parse_length and the field reader give for that value."""
    key = {"rect": "x", "circle": "r"}[kind]
    item = {"rect": {"x": value, "y": 2, "w": 3, "h": 4}, "circle": {"cx": 1, "cy": 2, "r": value}}
    try:
        mm = parse_length(value, what=f"`{key}`")
        expected: Any = mm_to_pt(mm) if key == "x" or mm > 0 else "should be a length more than 0"
    except InputError as exc:
        expected = exc.message
    try:
        drawn = lay_out(templates({}, tmp_path), [{kind: item[kind]}])[0]
        assert repr(getattr(drawn, key)) == repr(expected)
    except TemplateError as exc:
        assert isinstance(expected, str) and expected in exc.message
