"""The text engine faces and books share: what a text says, in which fonts, where it may break.

- `markup`: the tokens (`Span`, `IconRef`, `LineBreak`) and the faces' light markup; a book's
  Markdown is read into the same tokens (pnp.rulebook.markdown).
- `fonts` (TTF files, families, registration, glyph coverage), `fontnames` (common families and
  their metric twins).
- `fallback`: the font of each character, the style's own face then its fallbacks in turn.
- `jabreak`: where a line may break in Japanese (phrases, kinsoku) and `tidy`, the spaces
  Japanese drops around styled pieces and icons.
- `icons`: the room an inline icon takes in a line, and where it sits.
- `lines`: filling lines with words and gaps, the one line breaker of faces and of books'
  Japanese paragraphs (which Platypus then draws, pnp.rulebook.para).
- `words` (tokens -> measured words and spaces) and `fit` (shrink-to-fit, placing each line's
  runs and icons): a face's text box. A book's paragraphs are Platypus's, given markup made by
  these same rules (pnp.rulebook.inline).
"""
