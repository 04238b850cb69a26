"""Which cards of one size share a kit sheet: each hidden deck kept together.

Cards of one size share sheets whatever their deck, so a deck's last few cards would sit on
another deck's sheet, its backs among other backs: with a back printed 1-2 mm off, or a miscut,
those few cards are told apart from behind. So each deck fills whole sheets of its own, and the
cards left over (its remainder, or a remainder and one more sheet's worth, split in two) share
the remaining sheets so that the smallest group of one deck on a shared sheet is as large as it
can be without one sheet more. A hidden deck is one whose cards all have the same back; a set
whose backs differ (reference cards, say) is not hidden, and whole decks and pieces without a
back may sit anywhere.

Within a deck the cards are dealt over its sheets in turn (card 1 on its first sheet, card 2
on its second, ...), so no sheet holds every copy of one card, or a deck's few special cards
together: cards printed on one sheet share that sheet's drift and cut.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from dataclasses import dataclass

from pnp.impose.sheet import Piece
from pnp.memo import Memo

BUDGET = 4_000  # search steps per threshold tried; past it the threshold counts as unreachable
TOTAL = 60_000  # search steps for all thresholds; past it decks simply follow each other
DEPTH = 600  # the deepest search (a frame per shared sheet and per fragment, x 3 for safety)


@dataclass(frozen=True)
class Deck:
    """The cards of one set (two-sided, one trim size), in catalog order."""

    name: str
    cards: tuple[Piece, ...]

    @property
    def hidden(self) -> bool:
        backs = {c.back.key for c in self.cards if c.back is not None}
        return len(backs) == 1 and all(c.back is not None for c in self.cards)


Fragment = tuple[int, int]  # (deck index, cards)


def deck_sheets(decks: Sequence[Deck], per_sheet: int) -> list[list[tuple[Piece, str]]]:
    """The decks' cards on as few sheets as they need, each sheet a list of (card, deck name)
    in reading order; the last sheet alone may be short (one-sided pieces fill it)."""
    key = (tuple(len(d.cards) for d in decks), tuple(d.hidden for d in decks), per_sheet)
    layout = _LAYOUTS.get_or_make(key, lambda: _layout(*key))
    queues = _dealt(decks, layout)
    return [[(queues[i][s].pop(0), decks[i].name) for i, n in sheet for _ in range(n)]
            for s, sheet in enumerate(layout)]  # fmt: skip


_LAYOUTS: Memo[tuple[tuple[int, ...], tuple[bool, ...], int], tuple[tuple[Fragment, ...], ...]] = (
    Memo(64)
)


def _layout(
    sizes: tuple[int, ...], hidden: tuple[bool, ...], per: int
) -> tuple[tuple[Fragment, ...], ...]:
    """Sheets as (deck, cards) fragments, for the largest threshold that packs: whole sheets
    of one deck first in deck order, each deck's shared sheets after its own."""
    budget = [TOTAL]  # steps left, spent by every search
    # two shares of a sheet are at most half of it each: above that, only sharing no sheet
    for threshold in (per, *range(per // 2, 0, -1)):
        for exact in (True, False):
            found = _attempt(sizes, hidden, per, threshold if budget[0] > 0 else 1, budget,
                             exact=exact)  # fmt: skip
            if found is not None:
                return tuple(tuple(sheet) for sheet in _in_deck_order(*found))
    raise AssertionError("a threshold of 1 always packs")  # pragma: no cover


def _attempt(
    sizes: tuple[int, ...], hidden: tuple[bool, ...], per: int, threshold: int,
    budget: list[int], *, exact: bool,
) -> tuple[list[list[Fragment]], list[list[Fragment]]] | None:  # fmt: skip
    """(sheets of one deck, shared sheets) with no hidden deck's fragment on a shared sheet
    under `threshold` (unless it is the whole deck), or None. A deck whose remainder is under
    the threshold shares one sheet's worth more, split. `exact`: a remainder that fills a
    shared sheet exactly (the short last one, say) takes it alone first."""
    total = sum(sizes)
    sheets = -(-total // per)
    amounts, full = [], []
    for i, n in enumerate(sizes):
        whole, rest = divmod(n, per)
        if 0 < rest < threshold and whole:
            whole, rest = whole - 1, rest + per
        full += [[(i, per)] for _ in range(whole)]
        amounts.append(rest)
    bins = [per] * (sheets - len(full)) if sheets > len(full) else []
    if bins:
        bins[-1] = total - (sheets - 1) * per
    alone: list[list[Fragment]] = []
    if exact:  # last bin first: the short sheet is the likeliest to fit a remainder exactly
        for k in reversed(range(len(bins))):
            match = next((i for i, a in enumerate(amounts) if a == bins[k]), None)
            if match is not None:
                alone.insert(0, [(match, amounts[match])])
                amounts[match], bins[k] = 0, 0
    rest_bins = tuple(b for b in bins if b)
    packed: list[list[Fragment]] | None
    if threshold == 1:  # anything goes: each deck after the one before
        packed = _in_turn(amounts, rest_bins)
    elif 3 * len(rest_bins) + sum(1 for a in amounts if a) > DEPTH:
        return None  # too many to search: fragments are at most decks + sheets
    else:
        packed = _Packer(tuple(amounts), rest_bins, sizes, hidden, threshold, budget).run()
    if packed is None:
        return None
    shared, it = [], iter(packed)
    for b in bins:  # the shared sheets back in their places, the short one last
        shared.append(alone.pop(0) if not b else next(it))
    return full, shared


def _in_turn(amounts: Sequence[int], bins: Sequence[int]) -> list[list[Fragment]]:
    """The amounts in deck order, filling each bin before the next."""
    out: list[list[Fragment]] = [[] for _ in bins]
    k, room = 0, bins[0] if bins else 0
    for i, amount in enumerate(amounts):
        while amount:
            take = min(amount, room)
            assert take, "more cards than the sheets hold"  # the sheets were counted for them
            out[k].append((i, take))
            amount, room = amount - take, room - take
            if room == 0 and k + 1 < len(bins):
                k, room = k + 1, bins[k + 1]
    return out


class _Packer:
    """Depth-first search filling bins in order, each with fragments of decks in order,
    largest fragments first (so a bin holds as few decks as it can)."""

    def __init__(self, amounts: tuple[int, ...], bins: tuple[int, ...], sizes: tuple[int, ...],
                 hidden: tuple[bool, ...], threshold: int, budget: list[int]) -> None:  # fmt: skip
        self.bins, self.sizes, self.hidden, self.t = bins, sizes, hidden, threshold
        self.amounts, self.budget = amounts, budget
        self.steps = 0
        self.dead: set[tuple[int, tuple[int, ...]]] = set()

    def run(self) -> list[list[Fragment]] | None:
        found = self._bin(0, self.amounts) if self._possible() else None
        return [list(b) for b in found] if found is not None else None

    def _possible(self) -> bool:
        """Every hidden deck's amount splits into fragments of at least t, or stays whole."""
        return all(
            a == 0 or not h or a >= self.t or a == n
            for a, h, n in zip(self.amounts, self.hidden, self.sizes, strict=True)
        )

    def _bin(self, k: int, left: tuple[int, ...]) -> tuple[tuple[Fragment, ...], ...] | None:
        if k == len(self.bins):
            return () if not any(left) else None
        if (k, left) in self.dead or self._spent():
            return None
        found = self._fill(k, 0, self.bins[k], left, ())
        if found is None:
            self.dead.add((k, left))
        return found

    def _fill(self, k: int, start: int, room: int, left: tuple[int, ...],
              frags: tuple[Fragment, ...]) -> tuple[tuple[Fragment, ...], ...] | None:  # fmt: skip
        """Bin k's fragments from decks `start` on, `room` cards still to place in it."""
        self.steps += 1
        self.budget[0] -= 1
        if room == 0:
            if not self._fair(frags):
                return None
            rest = self._bin(k + 1, left)
            return None if rest is None else (frags, *rest)
        for i in range(start, len(left)):
            for take in range(min(left[i], room), 0, -1):
                after = left[i] - take
                if self._spent():
                    return None
                if self.hidden[i] and 0 < after < self.t:
                    continue  # what stays behind would be too few to share a sheet later
                step = (*left[:i], after, *left[i + 1 :])
                found = self._fill(k, i + 1, room - take, step, (*frags, (i, take)))
                if found is not None:
                    return found
        return None

    def _spent(self) -> bool:
        return self.steps > BUDGET or self.budget[0] <= 0

    def _fair(self, frags: tuple[Fragment, ...]) -> bool:
        if len(frags) < 2:
            return True
        return all(n >= self.t or n == self.sizes[i] or not self.hidden[i] for i, n in frags)


def _in_deck_order(
    full: list[list[Fragment]], shared: list[list[Fragment]]
) -> list[list[Fragment]]:
    """Each deck's own sheets, then the shared sheets it is the first deck of; the last shared
    sheet (the short one) stays last."""
    tail = shared[-1:] if shared else []
    middle = sorted(shared[:-1], key=lambda sheet: sheet[0][0])
    out: list[list[Fragment]] = []
    decks = sorted({f[0][0] for f in full} | {s[0][0] for s in middle})
    for d in decks:
        out += [s for s in full if s[0][0] == d]
        out += [sorted(s) for s in middle if s[0][0] == d]
    return out + [sorted(s) for s in tail]


def _dealt(
    decks: Sequence[Deck], layout: tuple[tuple[Fragment, ...], ...]
) -> list[dict[int, list[Piece]]]:
    """For each deck, sheet -> its cards there: the deck's cards dealt over its sheets in
    turn, each card to the sheet whose share is least filled so far."""
    out: list[dict[int, list[Piece]]] = []
    for i, deck in enumerate(decks):
        shares = {s: n for s, sheet in enumerate(layout) for d, n in sheet if d == i}
        dealt: dict[int, list[Piece]] = {s: [] for s in shares}
        # the least filled open share first (ties: the earlier sheet), kept in a heap
        heap = [(0.0, s) for s in sorted(shares) if shares[s] > 0]
        for card in deck.cards:
            _, s = heapq.heappop(heap)
            dealt[s].append(card)
            if len(dealt[s]) < shares[s]:
                heapq.heappush(heap, (len(dealt[s]) / shares[s], s))
        out.append(dealt)
    return out
