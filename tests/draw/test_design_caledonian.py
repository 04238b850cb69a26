"""Espionage (Caledonian Games) as printed, cut by hand and held in a fan: measured from the faces
with independent readers (pdfium for text as pdfplumber reads it, and for pixels), not from the
templates' own numbers.

- a Dossier card in a fanned hand (only its left 15 mm showing) still tells its value and
  nation, and its type by colour;
- within 3 mm of the cut every card face is one colour along each line into the bleed, so a
  1 mm miscut changes nothing a player can see; backs are one colour along all four edges;
- round pieces are one colour from 3 mm inside their cut out into the bleed, all the way round;
- a Crisis or Incident card's SUCCESS and FAILURE panels sit at the same place on every card.
"""

from __future__ import annotations

import math

import pypdfium2
import pytest
from pdftext import text_page
from rendered import render_game_faces

from pnp.catalog.games import resolve_game
from pnp.draw.face import face_pdf
from pnp.units import pt_to_mm

GAME = "espionage-caledonian"
NATIONS = ["usa", "chn", "gbr", "isr", "ger", "rus", "pak", "ind"]
FAN_MM = 15.0  # what a fanned hand shows of each card
SAFE_MM = 3.0
SCALE = 4.0  # render scale: 4 x 72 dpi, about 11 px per mm
PX_MM = SCALE * 72 / 25.4


@pytest.fixture(scope="module")
def game():
    return resolve_game(GAME)


@pytest.fixture(scope="module")
def faces(game):
    return render_game_faces(game)


def words(face):
    """Words on a face, x0/x1/top/bottom in mm from the trim's top-left corner, size in pt."""
    found = text_page(face_pdf(face)).extract_words(extra_attrs=["size"])
    b = face.bleed_mm
    return [
        {
            "text": w["text"],
            "x0": pt_to_mm(w["x0"]) - b,
            "x1": pt_to_mm(w["x1"]) - b,
            "top": pt_to_mm(w["top"]) - b,
            "bottom": pt_to_mm(w["bottom"]) - b,
            "size": w["size"],
        }
        for w in found
    ]


def pixels(face):
    """The face with its bleed, as rendered by PDFium: (image, bleed in px)."""
    page = pypdfium2.PdfDocument(face_pdf(face))[0]
    return page.render(scale=SCALE).to_pil().convert("RGB"), face.bleed_mm * PX_MM


def spread(colours) -> int:
    """The largest difference of one channel between any two of the colours."""
    return max(max(c[i] for c in colours) - min(c[i] for c in colours) for i in range(3))


def dossier_cards(game):
    return {c.id: c for c in game.sets["dossier"].components if c.count}


# -- the hand ---------------------------------------------------------------------------------


def test_every_dossier_card_tells_value_and_nation_in_the_left_15_mm(game, faces):
    """The corner index: the value (large) and the nation's code (at least 7 pt) both lie
    wholly inside the left 15 mm and the top third, and inside the safe zone."""
    codes = {row["id"]: row["code"] for row in game.tables["nations"].rows}
    for cid, card in dossier_cards(game).items():
        front, _ = faces["dossier"][cid]
        strip = [w for w in words(front) if w["x1"] <= FAN_MM and w["top"] < 88 / 3]
        value = [w for w in strip if w["text"] == str(card.fields["value"]) and w["size"] >= 20]
        code = [w for w in strip if w["text"] == codes[card.fields["nation"]] and w["size"] >= 7]
        assert value, f"{cid}: value not in the left {FAN_MM} mm"
        assert code, f"{cid}: nation code not in the left {FAN_MM} mm"
        assert all(w["x0"] >= SAFE_MM and w["top"] >= SAFE_MM for w in value + code), cid


def strip_lines(face) -> list[str]:
    """What a fanned hand shows of a face (its left 15 mm), line by line as a player reads it:
    upright words left to right, and text turned to read up the card's side bottom to top."""
    chars = text_page(face_pdf(face)).chars
    b = face.bleed_mm
    shown = [c for c in chars if pt_to_mm(c["x1"]) - b <= FAN_MM and pt_to_mm(c["x0"]) - b >= 0]
    rows: dict[tuple[bool, int], list] = {}
    for c in shown:
        key = (c["upright"], round(c["top"] if c["upright"] else c["x0"]))
        rows.setdefault(key, []).append(c)
    lines = []
    for (upright, _), row in sorted(rows.items()):
        row.sort(key=(lambda c: c["x0"]) if upright else (lambda c: -c["top"]))
        lines.append(" ".join("".join(c["text"] for c in row).split()))
    return lines


@pytest.mark.parametrize("edition", ["pnp", "original"])
def test_every_dossier_card_names_itself_in_the_left_15_mm(edition):
    """Several cards of one nation share a value and differ by name alone, so a fanned hand
    must show the name too: read from the PDF, whole, in the left 15 mm of every Dossier card."""
    game = resolve_game(GAME, edition)
    faces = render_game_faces(game, sets=["dossier"])["dossier"]  # the one set it reads
    missing = []
    for cid, card in dossier_cards(game).items():
        if card.name not in strip_lines(faces[cid][0]):
            missing.append(cid)
    assert missing == [], f"{len(missing)} of {len(faces)} Dossier cards: {missing[:4]}"


def test_who_a_crisis_counts_for_reads_across_the_table(game, faces):
    """Every player reads a Crisis or Incident card's "counts for" row at every resolution,
    from across the table: each nation's code there is 9 pt or more (read from the PDF)."""
    codes = {row["code"] for row in game.tables["nations"].rows}
    small = set()
    for set_id in [s for s in faces if s.startswith("crisis-")] + ["incident"]:
        for cid, (front, _) in faces[set_id].items():
            found = [w for w in words(front) if w["text"] in codes]
            assert found, cid
            small |= {(set_id, w["text"], round(w["size"], 1)) for w in found if w["size"] < 9}
    assert small == set()


def test_the_index_is_repeated_bottom_right(faces):
    """Turned the other way up, a card still shows its value and code in its corner."""
    front, _ = faces["dossier"]["gbr-broker"]
    value = str(dossier_cards(resolve_game(GAME))["gbr-broker"].fields["value"])
    corner = [w for w in words(front) if w["x0"] > 63 - FAN_MM and w["top"] > 88 * 2 / 3]
    texts = {w["text"] for w in corner}
    assert {value, "GBR"} <= texts or {value, "RBG"} <= texts, texts
    assert all(w["x1"] <= 63 - SAFE_MM and w["bottom"] <= 88 - SAFE_MM for w in corner)


def test_field_agents_and_espionage_cards_differ_in_the_fan(faces):
    """In the 15 mm strip the type strip and the index label's outline change colour with the
    type, strongly: green for a Field Agent, red for an Espionage card."""
    agent, _ = faces["dossier"]["usa-traitor"]
    spy, _ = faces["dossier"]["usa-wiretap"]
    (a, b), (s, _) = pixels(agent), pixels(spy)

    def at(img, x_mm, y_mm):
        return img.getpixel((int(b + x_mm * PX_MM), int(b + y_mm * PX_MM)))

    # the type strip left of its icon, and the label's outline at its left side
    for x_mm, y_mm in [(5.2, 36.5), (5.0, 15)]:  # both 4.5 mm or more inside the cut
        ca, cs = at(a, x_mm, y_mm), at(s, x_mm, y_mm)
        assert ca[1] > ca[0] and cs[0] > cs[1] + 60, (x_mm, y_mm, ca, cs)  # green vs red


# -- the cut ----------------------------------------------------------------------------------


def edge_lines(img, bleed_px: float):
    """For each edge, the lines of pixels running from the bleed's outer edge to 3 mm inside
    the trim, one per pixel along the edge (corners left out: they belong to both edges), each
    as a one-pixel-wide crop of the face."""
    w, h = img.size
    depth = int(bleed_px + SAFE_MM * PX_MM)
    corner = depth + 1
    for y in range(corner, h - corner):
        yield "left", img.crop((0, y, depth, y + 1))
        yield "right", img.crop((w - depth, y, w, y + 1))
    for x in range(corner, w - corner):
        yield "top", img.crop((x, 0, x + 1, depth))
        yield "bottom", img.crop((x, h - depth, x + 1, h))


def line_spread(line) -> int:
    """The largest difference of one channel between any two pixels of a line."""
    return max(hi - lo for lo, hi in line.getextrema())


def sample_fronts(game, faces):
    """One front per template and nation that might differ at its edges."""
    out, backs = [], set()
    for set_id, component_set in game.sets.items():
        if component_set.shape != "rect" or set_id == "tracker":
            continue  # the tracker is tiled over several sheets, not cut as one card
        seen = set()
        for cid, (front, back) in faces[set_id].items():
            card = next(c for c in component_set.components if c.id == cid)
            kind = (card.fields.get("nation"), card.fields.get("type"), card.fields.get("role"))
            if kind in seen:
                continue
            seen.add(kind)
            out.append((f"{set_id}/{cid}", front))
            if back is not None and back.key not in backs:
                backs.add(back.key)  # a deck's cards share one back: look at it once
                out.append((f"{set_id}/{cid} back", back))
    return out


def test_a_miscut_changes_nothing_at_any_edge(game, faces):
    """From the bleed's outer edge to 3 mm inside the trim, every line of pixels across the
    cut is one colour: no frame, strip, band edge or text for a 1 mm miscut to show or cut."""
    bad = []
    for label, face in sample_fronts(game, faces):
        img, bleed_px = pixels(face)
        for edge, line in edge_lines(img, bleed_px):
            if line_spread(line) > 24:
                bad.append(f"{label}: {edge} edge")
                break
    assert not bad, bad


def test_backs_are_one_colour_along_all_four_edges(game, faces):
    """A back printed 2 mm off shows the same colour at its edges as any other: each deck's
    back is one colour over the whole band from the bleed to 3 mm inside, on all four sides,
    and every hidden deck has the same edge colour, since decks share sheets in the kit and a
    miscut shows a sliver of the next card."""
    edges = {}
    for set_id, component_set in game.sets.items():
        if not (component_set.back and component_set.is_deck):
            continue  # a turn aid's second side is read, not hidden
        backs = {b.key: b for _, b in faces[set_id].values()}
        assert len(backs) == 1, set_id  # within a deck, every back is the same
        for back in backs.values():
            img, bleed_px = pixels(back)
            lines = list(edge_lines(img, bleed_px))
            extrema = [line.getextrema() for _, line in lines]
            ranges = [
                (min(e[i][0] for e in extrema), max(e[i][1] for e in extrema)) for i in range(3)
            ]
            assert max(hi - lo for lo, hi in ranges) <= 6, (set_id, ranges)
            edges[set_id] = lines[0][1].getpixel((0, 0))
    assert len(edges) == 10  # Dossier, eight Crisis decks, Incidents
    assert spread(edges.values()) <= 6, edges


def test_round_pieces_are_one_colour_from_3_mm_inside_the_cut_outwards(game, faces):
    """Tokens and markers: the coloured disc is the cut line; nothing concentric (a ring, a rim
    edge) lies within 3 mm of it for an off-centre cut to show lopsided."""
    for set_id in ("allegiance-tokens", "security-markers"):
        for cid, (front, _) in faces[set_id].items():
            img, bleed_px = pixels(front)
            c = img.size[0] / 2
            r_cut = c - bleed_px
            # from 2.8 mm inside the cut to 0.5 mm short of the bleed's edge, every 2 px
            inside, outside = int((SAFE_MM - 0.2) * PX_MM), int((front.bleed_mm - 0.5) * PX_MM)
            ring = []
            for step in range(72):
                a = 2 * math.pi * step / 72
                for r in range(int(r_cut) - inside, int(r_cut) + outside, 2):
                    ring.append(img.getpixel((int(c + r * math.cos(a)), int(c + r * math.sin(a)))))
            assert spread(ring) <= 6, (set_id, cid)


# -- fixed panels -----------------------------------------------------------------------------


@pytest.mark.parametrize("prefix", ["crisis-", "incident"])
def test_outcome_panels_sit_at_the_same_place_on_every_card(game, faces, prefix):
    """SUCCESS and FAILURE headings at one height on every Crisis card (and every Incident),
    whatever the title's length or the number of rows; titles stay between band and panels."""
    tops = {"SUCCESS": set(), "FAILURE": set()}
    for set_id in (s for s in game.sets if s.startswith(prefix)):
        for cid, (front, _) in faces[set_id].items():
            found = words(front)
            for w in found:
                if w["text"] in tops:
                    tops[w["text"]].add(round(w["top"], 1))
            support = min(w["top"] for w in found if w["text"] == "COUNTS")
            title = [w for w in found if w["size"] >= 12 and 17 < w["top"] < support]
            assert title, cid
            assert all(w["bottom"] < support - 0.5 for w in title), cid
    assert all(len(v) == 1 for v in tops.values()), tops


@pytest.mark.parametrize("edition", ["pnp", "original"])
def test_a_card_played_in_step_6_does_not_say_any_time(edition):
    """The type strip says when an Espionage card is played: a card whose rule ties it to
    step 6 (our edition's Safe House) must not say "any time" above its own text."""
    game = resolve_game(GAME, edition)
    faces = render_game_faces(game, sets=["dossier"])["dossier"]  # the one set it reads
    cards = dossier_cards(game).items()
    tied = [cid for cid, card in cards if "step 6" in card.fields.get("text", "")]
    assert bool(tied) == (edition == "pnp"), tied
    said = {cid: " ".join(w["text"] for w in words(faces[cid][0])) for cid in tied}
    assert [cid for cid, text in said.items() if "any time" in text] == [], said
