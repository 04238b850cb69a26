"""Layout: face templates -> fitted elements (what pnp.draw paints).

May import `pnp.draw`, `pnp.catalog` (the YAML loader and field reader) and the ground modules
(`errors`, `names`, `units`, `resources`) only.

- `templates`: `TemplateSet`, a game's templates rendered, read and compiled. Start here.
- `sandbox` (the Jinja environment, Records for the context), `output` (a template's YAML
  output read into element items; messages quoting its lines).
- `compiler` (`KINDS`, the element vocabulary; groups), `frame` (the Frame elements are placed in,
  the flip to PDF points), `props` (one element's properties, read through `Fields`).
- `shapes` (rect, circle, line, polygon, star; paint and bleed), `images` (image and icon
  elements, theme icons), `assets` (files templates may use), `textbox` (the text element).
- `text`: the text engine faces and books share (markup, fonts and fallback, Japanese breaks,
  inline icons, measuring and fitting a text box).
- `theme` (palette, fonts, sizes and icons of a game, from its theme.yaml).
"""
