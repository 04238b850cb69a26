"""`pnp studio`: one game live in the browser while it is edited.

A stage above the pipeline: `book` (the faces, laid out again where an input changed),
`images` (pictures rasterized on demand as the exports do, kept by face key), `card` (one face
opened: elements, template lines, YAML, fields), `checks` (composition rules, deck lists),
`prints` (the kit and rulebook rebuilt in a child process), `live` (the watch and the page's
events), `guard` (Host, paths, Origin), `app` (the routes), `serve` (the command's loop).
"""
