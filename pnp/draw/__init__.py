"""Draw: fitted elements -> reportlab canvas calls, and the FaceArt imposition places.

May import the ground modules (`errors`, `units`) only.

- `elements` (the fitted elements: points, y up, final), `paint` (elements -> canvas calls),
  `face` (`FaceArt`, its key and a face alone as a PDF), `svg` (SVG files as drawings).
"""
