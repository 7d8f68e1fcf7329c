"""The printable wrestler cards: one wrestler's or the roster's, as a page and as a PDF.

The page and the PDF are one template (``print/cards.html``): the PDF is the page laid out by
WeasyPrint under the print media (``web.pdf``). Whoever may read the federation may print its
cards (``federation_page``). The cards are read by ``promotion.card_sheets``; bad input (an
unknown system or layout) is answered 400 naming the field.
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.template.loader import render_to_string
from django.urls import reverse

from promotion import card_sheets
from promotion.card_sheets import LAYOUTS, ROSTER_PART, TILE_PER_PAGE
from rules import registry
from web.pages import federation_page, page, wrestler_page
from web.pdf import pdf_response

TEMPLATE = "print/cards.html"


def _choices(request, *, default_system: str) -> tuple[str, str, list[tuple[str, str]]]:
    """The system and the layout the address asks for, and the problems of each, by field."""
    system = request.GET.get("system", default_system).strip()
    layout = request.GET.get("layout", "page").strip() or "page"
    problems = []
    if system and (problem := card_sheets.system_problem(system)):
        problems.append(("system", problem))
    if problem := card_sheets.layout_problem(layout):
        problems.append(("layout", problem))
    return system, layout, problems


def _part(request) -> int:
    try:
        return int(request.GET.get("part", "1"))
    except ValueError:
        return 1


def _answer(request, context: dict, *, pdf: bool, filename: str, status: int = 200):
    context = {"nav": "roster", **context}
    if context.get("problems"):
        status = 400
    if not pdf or status != 200:
        return page(request, TEMPLATE, context, status=status)
    merged = {**getattr(request, "federation_context", {}), **context, "pdf": True}
    html = render_to_string(TEMPLATE, merged, request=request)
    return pdf_response(html, base_url=request.build_absolute_uri("/"), filename=filename)


def _query(**values) -> str:
    kept = {k: v for k, v in values.items() if v not in ("", None)}
    return "?" + urlencode(kept) if kept else ""


LAYOUT_WORDS = {"page": "One card a page", "tile": f"Tiled, {TILE_PER_PAGE} a page"}


def _switches(base: str, *, system: str, layout: str, **more) -> dict:
    """The links that change the layout or the system, keeping the rest of the address."""
    return {
        "layout_links": [
            (LAYOUT_WORDS[name], base + _query(system=system, layout=name, **more), name == layout)
            for name in LAYOUTS
        ],
        "system_links": [
            (
                registry.systems[name].title,
                base + _query(system=name, layout=layout, **more),
                name == system,
            )
            for name in registry.SYSTEM_NAMES
        ],
    }


def wrestler_print(request, federation: str, slug: str, pdf: bool = False):
    fed = federation_page(request, federation)
    wrestler = wrestler_page(fed, slug)
    system, layout, problems = _choices(request, default_system="")
    sheets = [] if problems else card_sheets.wrestler_sheets(wrestler=wrestler, system=system)
    query = _query(system=system, layout=layout)
    context = {
        "heading": f"{wrestler.ring_name}'s cards",
        "wrestler": wrestler,
        "sheets": sheets,
        "system": system,
        "layout": layout,
        "per_page": TILE_PER_PAGE if layout == "tile" else 1,
        "problems": problems,
        "pdf_url": reverse("wrestler-print-pdf", args=[fed.slug, wrestler.slug]) + query,
        "back_url": reverse("wrestler-detail", args=[fed.slug, wrestler.slug]),
        **_switches(
            reverse("wrestler-print", args=[fed.slug, wrestler.slug]), system=system, layout=layout
        ),
    }
    return _answer(request, context, pdf=pdf, filename=f"{wrestler.slug}-cards.pdf")


def wrestler_print_pdf(request, federation: str, slug: str):
    return wrestler_print(request, federation, slug, pdf=True)


def _system_words(system: str) -> str:
    """The system's title with its article: "a Filsinger card game", "an ARM (RingMaster)"."""
    engine = registry.systems.get(system)
    title = engine.title if engine is not None else system
    return f"{'an' if title[:1].lower() in 'aeiou' else 'a'} {title}"


def roster_print(request, slug: str, pdf: bool = False):
    fed = federation_page(request, slug)
    system, layout, problems = _choices(request, default_system=fed.rule_system)
    search = request.GET.get("q", "").strip()[:100]
    if not system:
        problems.append(("system", "a rule system must be chosen for the roster's cards"))
    roster = None
    if not problems:
        roster = card_sheets.roster_sheets(
            federation=fed, system=system, part=_part(request), search=search
        )
    part = roster.part if roster else 1
    query = _query(system=system, layout=layout, q=search, part=part if part > 1 else None)
    base = reverse("roster-print", args=[fed.slug])

    def part_url(number: int) -> str:
        return base + _query(system=system, layout=layout, q=search, part=number)

    context = {
        "heading": f"{fed.name}: the roster's cards",
        "sheets": roster.sheets if roster else [],
        "roster": roster,
        "roster_part": ROSTER_PART,
        "system_words": _system_words(system),
        "system": system,
        "layout": layout,
        "per_page": TILE_PER_PAGE if layout == "tile" else 1,
        "problems": problems,
        "pdf_url": reverse("roster-print-pdf", args=[fed.slug]) + query,
        "back_url": reverse("roster", args=[fed.slug]),
        "previous_url": part_url(part - 1) if roster and part > 1 else "",
        "next_url": part_url(part + 1) if roster and part < roster.parts else "",
        **_switches(base, system=system, layout=layout, q=search),
    }
    filename = f"{fed.slug}-{system or 'cards'}-cards-{part}.pdf"
    return _answer(request, context, pdf=pdf, filename=filename)


def roster_print_pdf(request, slug: str):
    return roster_print(request, slug, pdf=True)
