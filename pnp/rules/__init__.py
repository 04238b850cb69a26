"""Composition rules: a game's `rules:` parsed into checks, run on its catalog or a deck list.

May import `pnp.catalog` and the ground modules (`errors`, `names`, `units`, `resources`) only.

- `registry`: check name -> parser; `parse_rules` and `evaluate`. Start here.
- `counting` (total, per_group, max_copies, unique), `presence` (required, allowed_values),
  `dealing` (enough_to_deal), `tables` (table_covers, table_values): each check class with
  the parser of its rule beside it.
- `check` (the base classes), `params` (reading a rule's keys), `values` (`Where`, `Range`,
  comparing and showing values), `verdict` (`Counts` in, `Verdict` out), `lookup` (cards named
  by id or name).
- `decklist` (reading a user's deck list), `report` (`validate_game`, `validate_decklist`).
"""
