"""Quality gate: modules and functions of the package stay small enough to read.

Modules over MAX_MODULE lines and functions over MAX_FUNCTION lines (docstring included) are
listed and fail the gate; the aims are ~300 and ~50, these limits leave room to finish a thought.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

MAX_MODULE = 400
MAX_FUNCTION = 50


def main(root: Path) -> int:
    problems = []
    for path in sorted(root.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        lines = text.count("\n")
        if lines > MAX_MODULE:
            problems.append(f"{path}: {lines} lines (limit {MAX_MODULE})")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                if length > MAX_FUNCTION:
                    problems.append(
                        f"{path}:{node.lineno}: {node.name}() is {length} lines "
                        f"(limit {MAX_FUNCTION})"
                    )
    print("\n".join(problems) or f"{root}: modules and functions within limits")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1] if len(sys.argv) > 1 else "pnp")))
