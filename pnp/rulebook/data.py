"""What a rulebook shows besides its text: the game, its faces as drawn for the print files,
the print plan, the edition's words."""

from __future__ import annotations

from dataclasses import dataclass, field

from pnp.catalog.model import Component, Game
from pnp.draw.face import FaceArt
from pnp.rulebook.flowables import FaceForms
from pnp.rulebook.glossary import Glossary, TermPages
from pnp.rulebook.printing import PrintPlan
from pnp.rulebook.words import Words


@dataclass(frozen=True)
class Faced:
    """A component with its copies and drawn faces."""

    component: Component
    count: int
    front: FaceArt
    back: FaceArt | None


@dataclass
class RulebookData:
    """What a rulebook shows besides its text: the game, its drawn faces, the print plan."""

    game: Game
    faces: dict[str, list[Faced]]  # set id -> components with at least one copy
    plan: PrintPlan
    words: Words
    glossary: Glossary | None = field(default=None)
    terms: TermPages | None = field(default=None)  # where terms and readings were drawn
    forms: FaceForms = field(default_factory=FaceForms)  # every face drawn once, as a form
