"""`index.html`: a gallery of every face, filterable by set, that works opened from disk, with
links to each set's contact sheet.

One self-contained page: images by relative path, styles and the filter script inline, no
server and nothing fetched from elsewhere. The filter is a `<select>`; the chosen set is kept
in the address (`index.html#set=ID`) so a link can open the gallery filtered.
"""

from __future__ import annotations

from html import escape
from urllib.parse import quote

from pnp.export.proof import ProofFace

STYLE = """
body { font-family: system-ui, sans-serif; margin: 1.5rem; background: #f4f4f4; color: #222; }
header { display: flex; gap: 1.5rem; align-items: baseline; flex-wrap: wrap; }
main { display: flex; flex-wrap: wrap; gap: 1rem; margin-top: 1rem; }
figure { margin: 0; background: #fff; padding: .5rem; border-radius: 6px; width: 220px;
         box-shadow: 0 1px 3px rgba(0,0,0,.2); }
figure[hidden] { display: none; }
img { display: block; max-width: 100%; height: auto; margin: 0 auto; }
figcaption { font-size: .85rem; margin-top: .4rem; }
.count { float: right; font-weight: bold; }
nav.sheets { flex-basis: 100%; font-size: .9rem; }
.set { color: #666; display: block; }
dl { margin: .3rem 0 0; display: grid; grid-template-columns: auto 1fr; gap: 0 .5rem; }
dt { color: #666; } dd { margin: 0; }
"""

SCRIPT = """
const select = document.getElementById("set-filter");
const shown = document.getElementById("shown");
function apply() {
  let n = 0;
  for (const face of document.querySelectorAll("figure.face")) {
    const show = !select.value || face.dataset.set === select.value;
    face.hidden = !show;
    if (show) n += 1;
  }
  shown.textContent = n + (n === 1 ? " face" : " faces");
  const hash = select.value ? "#set=" + encodeURIComponent(select.value) : "";
  if (location.hash !== hash) history.replaceState(null, "", hash || location.pathname);
}
function fromHash() {
  const match = location.hash.match(/^#set=(.*)$/);
  const wanted = match ? decodeURIComponent(match[1]) : "";
  if ([...select.options].some((o) => o.value === wanted)) select.value = wanted;
  apply();
}
select.addEventListener("change", apply);
window.addEventListener("hashchange", fromHash);
fromHash();
"""


def index_html(
    title: str,
    faces: list[ProofFace],
    sizes: dict[str, tuple[int, int]],
    contacts: dict[str, list[str]] | None = None,
) -> bytes:
    """The gallery page; `sizes` gives each image's pixel size (so the page does not jump),
    `contacts` each set's contact sheets (default: `SET-contact.png`)."""
    contacts = contacts or {}
    sets: dict[str, tuple[str, int]] = {}
    for face in faces:
        name, n = sets.get(face.set_id, (face.set_name, 0))
        sets[face.set_id] = (name, n + 1)
    options = [f'<option value="">All sets ({len(faces)} faces)</option>']
    options += [
        f'<option value="{escape(sid)}">{escape(name)} ({n})</option>'
        for sid, (name, n) in sets.items()
    ]
    figures = [_figure(face, sizes[face.file]) for face in faces]
    sheets = " · ".join(
        _sheet_links(name, contacts.get(sid) or [f"{sid}-contact.png"])
        for sid, (name, _) in sets.items()
    )
    page = [
        "<!doctype html>",
        '<html lang="en">',
        '<head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)} — proof</title>",
        f"<style>{STYLE}</style></head>",
        "<body>",
        f"<header><h1>{escape(title)}</h1>",
        '<label>Set <select id="set-filter">' + "".join(options) + "</select></label>",
        f'<span id="shown">{len(faces)} faces</span>',
        f'<nav class="sheets">Contact sheets: {sheets}</nav></header>',
        '<main id="faces">',
        *figures,
        "</main>",
        f"<script>{SCRIPT}</script>",
        "</body></html>",
    ]
    return ("\n".join(page) + "\n").encode("utf-8")


def _sheet_links(name: str, files: list[str]) -> str:
    """`Agents` linking to its sheet, or `Agents 1 2 3` linking to each of several."""
    if len(files) == 1:
        return f'<a href="{escape(quote(files[0]))}">{escape(name)}</a>'
    links = " ".join(f'<a href="{escape(quote(f))}">{n}</a>' for n, f in enumerate(files, 1))
    return f"{escape(name)} {links}"


def _figure(face: ProofFace, size: tuple[int, int]) -> str:
    fields = "".join(f"<dt>{escape(k)}</dt><dd>{escape(v)}</dd>" for k, v in face.fields.items())
    details = f"<dl>{fields}</dl>" if fields else ""
    return (
        f'<figure class="face" data-set="{escape(face.set_id)}" data-side="{face.side}">'
        f'<img src="{escape(quote(face.file))}" alt="{escape(face.name)}, {face.side}" '
        f'width="{size[0]}" height="{size[1]}">'
        f'<figcaption><span class="count">×{face.count}</span><b>{escape(face.name)}</b>'
        f'<span class="set">{escape(face.set_name)} · {face.side}</span>{details}'
        "</figcaption></figure>"
    )
