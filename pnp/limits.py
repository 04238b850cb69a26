"""How much any input may ask for: every bound pnp puts on files, numbers and templates.

A game folder may come from anyone, so every quantity has a range and every file and template a
budget. Each limit sits far above what a real game needs (the largest value in the five built-in
games is noted beside it) and low enough that a hostile or broken input fails within seconds and
well under 1 GB of memory, with a message naming the file and line. They live here, in one
place, so a reader can see them all and a test can name them.
"""

from __future__ import annotations

MB = 1024 * 1024

# -- files --------------------------------------------------------------------------------------
# YAML costs about 3 s a megabyte to read at its densest (many short values); these keep the
# worst case to seconds
YAML_BYTES = 1 * MB  # a catalog file, theme or deck list (built-in: 27 KB)
CATALOG_BYTES = 2 * MB  # all of a game's catalog files together (built-in: 100 KB)
TEMPLATE_BYTES = 1 * MB  # a face template or macro file (built-in: 14 KB)
IMAGE_BYTES = 50 * MB  # a PNG, JPEG or SVG file a face draws
FONT_BYTES = 50 * MB  # a TrueType file (IPAex Gothic, the largest shipped, is 6 MB)
GAME_FILES = 1000  # catalog files in one game folder (built-in: 16)
WATCH_FOLDERS = 1000  # folders `--watch` follows, a game's, its templates' and pnp's own
# (built-in: 6 for a game); links are never followed
SHEET_BYTES = 2 * MB  # a .csv, .tsv or .xlsx file of set data
XLSX_UNPACKED_BYTES = 20 * MB  # an .xlsx unzipped (a small zip can unpack to gigabytes)
SHEET_ROWS = 10_000  # rows of one spreadsheet (one component a row)
SHEET_COLUMNS = 200  # columns of one spreadsheet (one field a column)
SHEET_CELLS = 200_000  # cells of one spreadsheet, empty ones within rows counted: about what a
# 1 MB YAML file holds, and read from an .xlsx in about 3 s

# -- YAML ---------------------------------------------------------------------------------------
YAML_VALUES = 1_000_000  # values one document may hold once aliases are expanded (a 1 MB
# file of short values holds about 150,000)
YAML_DEPTH = 100  # nested mappings and lists (built-in: 11)
# libyaml's composer recurses in C and crashes near 50,000 open brackets; a document with more
# than this many is composed by PyYAML's Python composer, which stops cleanly.
YAML_C_BRACKETS = 10_000
YAML_INT_DIGITS = 18  # a whole number longer than this is not a quantity (quote it as text)

# -- catalog quantities -------------------------------------------------------------------------
COPIES = 1000  # copies of one component (built-in: 50)
GAME_COPIES = 10_000  # pieces in a whole game, every copy counted (built-in: 227)
PLAYERS = 100  # players a game may name (built-in: 6)
PIECE_MM = (3.0, 2000.0)  # a piece's width and height (built-in: 7.5 x 15 in board)
LENGTH_MM = 100_000.0  # any length at all (100 m), so sums and products stay finite
FIELD_NUMBER = 10**15  # a number in a catalog field or table
KEEP_CLEAR_ZONES = 1000  # zones a tiled board's seams keep out of (built-in: 0)
ID_CHARS = 64  # an id (it goes into file names, which most disks cap at 255 bytes)

# -- templates (a face's, or a rulebook's) -------------------------------------------------------
RENDER_SECONDS = 5.0  # one render's own CPU time (built-in: 0.12 s, the first compiling it)
OUTPUT_CHARS = 500_000  # what one render writes (built-in: 54,000 for a face, 27,000 a rulebook)
TEMPLATE_VALUE = 1_000_000  # characters plus items of one value a template builds
TEMPLATE_INT_BITS = 4096  # a whole number a template computes (a 1,233-digit number)
TEMPLATE_CALLS = 50  # macro (and other) calls inside each other (built-in: 5)
FACE_ELEMENTS = 10_000  # elements drawn on one face, icons counted (built-in: 574)
TEXT_CHARS = 20_000  # characters in one text element (built-in: 850)
FONT_PT = (1.0, 1000.0)  # a font size in points (built-in: 6 to 80)
POLYGON_SIDES = 1000  # corners of a regular polygon or points of a star (built-in: 8)
POINTS = 10_000  # [x, y] corners of one line or polygon given point by point
SCALE = (0.001, 1000.0)  # a group's scale factor
DASH_LENGTHS = 64  # entries of a dash pattern

# -- images -------------------------------------------------------------------------------------
IMAGE_PIXELS = 50_000_000  # a raster image (a 600 x 600 mm board at 300 dpi is 7087 x 7087)
SVG_ELEMENTS = 50_000  # elements of an SVG, <use> copies counted
EXPORT_PIXELS = 1_000_000_000  # pixels one export rasterizes, every face, sheet and contact
# sheet counted (built-in: 191 million, the largest built-in game's 218 faces --to png at 300 dpi; a
# poker face with bleed is 0.9 million at 300 dpi, 14.5 million at 1200)
CONTACT_FACES = 60  # faces on one contact sheet of a proof (6 x 10); more go on further sheets

# -- builds -------------------------------------------------------------------------------------
PAGES = 2500  # pages in one PDF (built-in: 24; GAME_COPIES poker cards duplex, 9 a sheet: 2224)
