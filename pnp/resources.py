"""Where the project's own data lives: the built-in games' catalogs, templates and fonts.

One locator for every stage. In an installed wheel the data travels inside the package
(`pnp/_data/`); in a source checkout (an editable install) it sits at the top of the project.
`PNP_HOME` points pnp at another folder holding `card_data/`, `templates/` and `fonts/`.
"""

from __future__ import annotations

import os
from importlib import resources
from pathlib import Path

BUNDLED = "_data"  # the folder the wheel carries card_data/, templates/ and fonts/ in


def data_root() -> Path:
    """The folder holding card_data/, templates/ and fonts/."""
    env = os.environ.get("PNP_HOME")
    if env:
        return Path(env).resolve()
    package = Path(str(resources.files("pnp")))
    bundled = package / BUNDLED
    return bundled if bundled.is_dir() else package.parent


def card_data_dir() -> Path:
    """The built-in games' catalogs, one folder per game."""
    return data_root() / "card_data"


def templates_dir() -> Path:
    """Face templates, one folder per game, shared macros in `_common/`."""
    return data_root() / "templates"


def fonts_dir() -> Path:
    """The fonts shipped with pnp, with their licences."""
    return data_root() / "fonts"


def icc_dir() -> Path:
    """ICC profiles shipped with pnp, with their licences and sources: always the package's own
    (`pnp/data/icc/`, in a wheel as in a checkout), whatever PNP_HOME says."""
    return Path(str(resources.files("pnp"))) / "data" / "icc"
