"""`python -m pnp.cli`: the same command as `pnp`."""

from pnp.cli import main

main()
