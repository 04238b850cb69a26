"""Orchestration: catalog -> faces -> imposed sheets and rulebooks -> files.

`options` (what was asked), `faces` (a game's templates and drawn faces, or every face drawn
as a check), `sheets` (which PDFs and what is imposed in each), `rulebooks` (each edition, with
the print plan), `game` (games' whole builds, staged and moved into place together),
`calibration` (the alignment sheet). The CLI calls these names:
"""

from pnp.pipeline.calibration import write_calibration
from pnp.pipeline.faces import draw_every_face, render_set_faces, template_set
from pnp.pipeline.game import build_game, build_games, count_steps
from pnp.pipeline.options import PRODUCTS, RULEBOOK, BuildOptions, output_dir, parse_products
from pnp.pipeline.plan import plan

__all__ = [
    "PRODUCTS", "RULEBOOK", "BuildOptions", "build_game", "build_games", "count_steps",
    "draw_every_face", "output_dir", "parse_products", "plan", "render_set_faces",
    "template_set", "write_calibration",
]  # fmt: skip
