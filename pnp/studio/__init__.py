"""`pnp studio`: one game live in the browser while it is edited.

A stage above the pipeline: `book` (the faces, laid out again where an input changed, the
shown ones first, the rest in the background), `faces` (a face keyed by its inputs, laid out),
`inputs` (the files faces read; which templates each face reaches), `images` (pictures
rasterized on demand as the exports do, kept by face key), `views` (the page's data, the
gallery a page at a time), `card` (one face opened: elements, template lines, YAML, fields),
`checks` (composition rules, deck lists), `prints` (the kit and rulebook rebuilt in a child
process), `live` (the watch and the page's events), `guard` (Host, paths, Origin), `app` (the
routes), `serve` (the command's loop).
"""
