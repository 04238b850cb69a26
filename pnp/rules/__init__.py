"""Composition rules: a game's `rules:` parsed into checks, run on its catalog or a deck list.

May import `pnp.catalog` and the ground modules (`errors`, `names`, `units`, `resources`) only.

- `registry`: check name -> parser; `parse_rules` and `evaluate`. Start here.
- `counting` (total, per_group, max_copies, unique), `presence` (required, allowed_values),
  `dealing` (enough_to_deal), `tables` (table_covers, table_values), `facts` (the row a key
  picks holds the rulebook's values), `agree` (one fact written in two places says the same):
  each check class with the parser of its rule beside it.
- `check` (the base classes), `params` (reading a rule's keys), `rows` (tables and sets read
  alike, for facts and cross-checks), `values` (`Where`, `Range`, comparing and showing values),
  `verdict` (`Counts` in, `Verdict` out), `lookup` (cards named by id, name or a name in
  another language, and what a deck list names).
- `decklist` (reading a user's deck list), `report` (`validate_game`, `validate_decklist`).
"""
