"""The card builder (a wrestler's card as form fields laid out as the printed card, with its YAML
beside it, both kept in step, checked as typed and the odds against an opponent worked out as it
changes) and the card files page (one or many card files imported whole).

The builder's fields are the system's ``rules.builders`` layout, each named by the card's path;
the check is the YAML import's own (``services.card_normalise``, the system's parser against the
federation's charts), each problem shown on the field its path names. Saving goes through
``services.card_store``; importing files through ``services.card_files.card_files_import``.
"""

from __future__ import annotations

from typing import Any

import yaml
from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render

from matches import selectors as match_selectors
from promotion import services
from promotion.access import Action
from promotion.forms import CardFilesForm, OddsForm, card_system_problem
from promotion.sample import starter_card
from promotion.selectors import federation_tables
from promotion.services.card_files import card_files_import
from rules import registry
from rules.builders import builders
from rules.core.builder import Builder
from rules.core.errors import ProblemsError
from rules.core.safeyaml import YamlError, load_text
from web.pages import federation_page, page, posted_from, wrestler_page

ODDS_RUNS = 2000
ODDS_SEED = 20240601
FIELDS = "fields"
YAML = "yaml"
NOT_A_MAPPING = "a card is a mapping of fields (system:, name:, ...)"
ODDS_CLEARED = "No odds: the card is not valid. They come back when it is."
CHOOSE_OPPONENT = "Choose an opponent to see the odds of the card as it changes."


def _builder(system: str) -> tuple[Any, Builder]:
    engine = registry.systems.get(system)
    builder = builders.get(system)
    if engine is None or builder is None:
        raise Http404("No such rule system.")
    return engine, builder


def _check(engine, federation, data: Any) -> tuple[dict | None, list[tuple[str, str]]]:
    """The card's normalised data, or its problems as ``(path, message)``: the YAML import's
    check (the system's parser, against the federation's charts)."""
    if not isinstance(data, dict):
        return None, [("", NOT_A_MAPPING)]
    problem = card_system_problem(engine, data.get("system"))
    if problem is not None:
        # (the editors' shared sentence begins "system: "; the builder names the path itself)
        return None, [("system", problem.removeprefix("system: "))]
    data = {**data, "system": engine.name}
    try:
        normalised, _ = services.card_normalise(
            system=engine.name, data=data, federation=federation
        )
    except ProblemsError as exc:
        return None, list(exc.problems)
    except ValueError as exc:
        return None, [("", line) for line in str(exc).splitlines()]
    return normalised, []


def _from_yaml(text: str) -> tuple[Any, list[tuple[str, str]]]:
    """The YAML typed in, read; or why it cannot be."""
    try:
        return load_text(text, source="card"), []
    except YamlError as exc:
        return None, [("", str(exc))]


def _dump(data: Any) -> str:
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)


def _posted_card(request, engine, builder, federation):
    """What was posted, from the side edited last (the fields or the YAML): ``(values, text,
    data, problems)``, the fields' values and the YAML kept in step with the side edited."""
    text = request.POST.get("text", "")
    if request.POST.get("source", request.POST.get("last")) == YAML:
        data, problems = _from_yaml(text)
        if isinstance(data, dict):
            values = builder.to_values(data)
        else:
            values = {path: request.POST.get(path, "") for path in builder.fields}
            problems = problems or [("", NOT_A_MAPPING)]
    else:
        values = {path: request.POST.get(path, "") for path in builder.fields}
        data = builder.from_values(values)
        text = _dump(data)
        problems = []
    if not problems:
        data, problems = _check(engine, federation, data)
    return values, text, data, problems


def _context(request, fed, wrestler, engine, builder, values, text, problems, checked):
    placed = builder.placed(problems)
    by_field: dict[str, list[str]] = {}
    for anchor, _path, message in placed:
        by_field.setdefault(anchor, []).append(message)
    tables = federation_tables(federation=fed, system=engine.name)
    return {
        "nav": "roster",
        "wrestler": wrestler,
        "engine": engine,
        "system": engine.name,
        "builder": builder,
        "sections": _sections(builder, values, by_field),
        "suggestions": builder.suggestions(tables),
        "text": text,
        "problems": placed,
        "checked": checked,
        "odds_form": OddsForm(wrestler=wrestler, system=engine.name),
        "systems": [(name, registry.systems[name].title) for name in sorted(builders)],
    }


def _sections(builder: Builder, values: dict[str, str], by_field: dict[str, list[str]]):
    """The layout with each field's value and problems, for the template."""
    out = []
    for section in builder.sections:
        rows = []
        for row in section.rows:
            fields = []
            for field in row.fields:
                value = values.get(field.path, "")
                options = list(field.choices)
                if value and field.choices and value not in dict(field.choices):
                    options.append((value, value))  # as typed in the YAML: the check names it
                fields.append(
                    {
                        "field": field,
                        "value": value,
                        "id": _dom_id(field.path),
                        "choices": options,
                        "kinds": " ".join(field.kinds),
                        "problems": by_field.get(field.path, []),
                    }
                )
            kind = values.get(row.kind, "") if row.kind else ""
            rows.append(
                {
                    "row": row,
                    "fields": fields,
                    "kind": kind,
                    # (a row of one field named as the row: its problems are the field's)
                    "problems": [] if row.path in builder.fields else by_field.get(row.path, []),
                }
            )
        out.append({"section": section, "rows": rows, "problems": by_field.get(section.path, [])})
    return out


def _dom_id(path: str) -> str:
    return "f-" + "".join(c if c.isalnum() else "-" for c in path)


def card_builder(request, federation: str, slug: str, system: str):
    """The card builder: the card as fields laid out as printed, the YAML beside it."""
    fed = federation_page(request, federation, Action.BOOK)
    wrestler = wrestler_page(fed, slug)
    engine, builder = _builder(system)
    status = 200
    if request.method == "POST":
        values, text, data, problems = _posted_card(request, engine, builder, fed)
        if not problems:
            services.card_store(wrestler=wrestler, system=engine.name, data=data)
            messages.success(request, f"{wrestler}'s {engine.title} card saved.")
            return redirect(wrestler.get_absolute_url())
        status = 400
        checked = True
    else:
        card = wrestler.cards.filter(system=engine.name).first()
        if card is not None:
            data = card.data
            text = _dump(data)
        else:
            text = starter_card(engine.name, wrestler)
            data, _ = _from_yaml(text)
        values = builder.to_values(data)
        problems, checked = [], False
    context = _context(request, fed, wrestler, engine, builder, values, text, problems, checked)
    context["card"] = wrestler.cards.filter(system=engine.name).first()
    response = page(request, "promotion/card_builder.html", context)
    response.status_code = status
    return response


@posted_from("card-builder")
def card_builder_check(request, federation: str, slug: str, system: str):
    """The builder's live check (htmx), from the side edited: the fields (answered with the
    problems, each for its field, and the YAML of the card as the fields make it) or the YAML
    (answered with the fields as the YAML fills them, the problems beside them). A valid card
    triggers ``card-valid`` (the odds are worked out again); an invalid one clears the odds."""
    fed = federation_page(request, federation, Action.BOOK)
    wrestler = wrestler_page(fed, slug)
    engine, builder = _builder(system)
    values, text, _, problems = _posted_card(request, engine, builder, fed)
    context = _context(request, fed, wrestler, engine, builder, values, text, problems, True)
    source = YAML if request.POST.get("source") == YAML else FIELDS
    context["source"] = source
    template = (
        "promotion/_builder_fields.html" if source == YAML else "promotion/_builder_check.html"
    )
    response = render(request, template, context)
    response["HX-Trigger"] = "card-invalid" if problems else "card-valid"
    return response


@posted_from("card-builder")
def card_builder_odds(request, federation: str, slug: str, system: str):
    """The odds of the card in the builder against the chosen opponent's stored card (htmx):
    none while the card is not valid."""
    fed = federation_page(request, federation, Action.BOOK)
    wrestler = wrestler_page(fed, slug)
    engine, builder = _builder(system)
    _, _, data, problems = _posted_card(request, engine, builder, fed)
    context: dict[str, Any] = {"wrestler": wrestler}
    form = OddsForm(request.POST, wrestler=wrestler, system=engine.name)
    if problems:
        context["note"] = ODDS_CLEARED
    elif not request.POST.get("opponent"):
        context["note"] = CHOOSE_OPPONENT
    elif not form.is_valid():
        context["problems"] = [e for errors in form.errors.values() for e in errors]
    else:
        opponent = form.cleaned_data["opponent"]
        played = match_selectors.card_pairing(
            federation=fed, wrestler=wrestler, card=data, opponent=opponent, system=engine.name
        )
        report = match_selectors.odds(played=played, runs=ODDS_RUNS, seed=ODDS_SEED)
        context.update(
            {
                "opponent": opponent,
                "report": report,
                "options": played.options,
                "federation_system": engine.name == fed.rule_system,
                "percent": [round(100 * w / report.runs, 1) for w in report.wins],
                "draw_percent": round(100 * report.draws / report.runs, 1),
            }
        )
    return render(request, "promotion/_builder_odds.html", context)


# -- card files ------------------------------------------------------------------------------------


def card_import(request, slug: str):
    """Card files on the web: one or many YAML files, imported whole or not at all, every
    problem named by its file and its path (as ``import_cards`` names them)."""
    fed = federation_page(request, slug, Action.BOOK)
    posted = request.method == "POST"
    form = CardFilesForm(request.POST, request.FILES) if posted else CardFilesForm()
    problems: list[str] = []
    status = 200
    if request.method == "POST" and form.is_valid():
        files = [(f.name, f) for f in form.cleaned_data["card_files"]]
        try:
            stored = card_files_import(federation=fed, files=files, sign=form.cleaned_data["sign"])
        except services.CardImportError as exc:
            problems = exc.problems
            status = 400
        except services.ServiceError as exc:
            problems = [str(exc)]
            status = 400
        else:
            names = sorted({str(card.wrestler) for card in stored})
            messages.success(
                request,
                f"Imported {len(stored)} card{'s' if len(stored) != 1 else ''}: "
                + ", ".join(names)
                + ".",
            )
            return redirect("roster", slug=fed.slug)
    elif request.method == "POST":
        status = 400
    response = page(
        request,
        "promotion/card_import.html",
        {"nav": "roster", "form": form, "problems": problems},
    )
    response.status_code = status
    return response
