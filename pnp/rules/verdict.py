"""What checks read and what they return: `Counts` (copies per set) in, a `Verdict` out.

`Counts` is either the catalog's own copies or a user's deck list, so one parsed rule checks
both. A `Verdict` is plain data: pass, fail or skip, with what was expected and what was found.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from pnp.catalog.model import Component, Game, Origin

Status = Literal["pass", "fail", "skip"]
# what a rule is about: (("deck", "action"),) or (("table", "events"), ("deck", "action"))
About = tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Verdict:
    """The outcome of one rule: pass, fail or skip, with what was expected and what was found."""

    rule_id: str
    text: str
    status: Status
    expected: str = ""
    found: str = ""
    problems: tuple[str, ...] = ()  # one line per offending group, card, value or row
    origin: Origin | None = None
    about: About = ()

    def ids(self, kind: str) -> list[str]:
        """The ids of the decks, sets or tables (`kind`) the rule is about."""
        return [i for k, i in self.about if k == kind]

    @property
    def passed(self) -> bool:
        return self.status == "pass"

    @property
    def failed(self) -> bool:
        return self.status == "fail"

    @property
    def skipped(self) -> bool:
        return self.status == "skip"


class Counts:
    """The copies a rule sees per set: the catalog's own counts, or a deck list's.

    `listed` maps set id -> component id -> copies for the sets a deck list mentions; sets it
    does not mention are not covered (their rules are skipped). None means the catalog.
    """

    def __init__(self, game: Game, listed: dict[str, dict[str, int]] | None = None) -> None:
        self.game = game
        self.listed = listed

    @property
    def is_catalog(self) -> bool:
        return self.listed is None

    def covers(self, set_id: str) -> bool:
        return self.listed is None or set_id in self.listed

    def shares(
        self, players: int, set_ids: list[str], counted: Callable[[Component], bool]
    ) -> tuple[Counts, list[str]]:
        """One player's share of the sets `set_ids` when they are split `players` ways (whole
        copies, rounded down), and a line for each `counted` component that does not split."""
        listed: dict[str, dict[str, int]] = {}
        uneven = []
        for set_id in set_ids:
            listed[set_id] = {}
            for component, copies in self.entries(set_id):
                listed[set_id][component.id] = copies // players
                if copies % players and counted(component):
                    uneven.append(f"{component.id} ({component.name}): {copies} copies do not "
                                  f"split into {players} equal shares")  # fmt: skip
        return Counts(self.game, listed), uneven

    def entries(self, set_id: str) -> list[tuple[Component, int]]:
        """(component, copies) in catalog order; a deck list gives only the cards it names."""
        components = self.game.sets[set_id].components
        if self.listed is None:
            return [(c, c.count) for c in components]
        chosen = self.listed.get(set_id, {})
        return [(c, chosen[c.id]) for c in components if c.id in chosen]
