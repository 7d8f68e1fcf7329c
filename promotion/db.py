"""Bulk writes for the hot path of a show.

Django's ``bulk_update`` builds a ``CASE WHEN`` expression per field and row in Python, which
costs more than the simulation itself. On PostgreSQL ``bulk_update_rows`` sends one
``UPDATE ... FROM (VALUES ...)`` statement instead; elsewhere it falls back to ``bulk_update``.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import connections, router
from django.db.models import Field, Model

from promotion.models import Federation


def bulk_update_rows(objs: Sequence[Model], fields: Sequence[str]) -> None:
    if not objs:
        return
    model = type(objs[0])
    connection = connections[router.db_for_write(model)]
    if connection.vendor != "postgresql":
        model._default_manager.bulk_update(objs, fields)
        return
    meta = model._meta
    columns: list[Field] = [meta.pk]
    for name in fields:
        field = meta.get_field(name)
        assert isinstance(field, Field)  # callers name concrete fields, never a reverse relation
        columns.append(field)
    quote = connection.ops.quote_name
    casts = [f"%s::{field.db_type(connection)}" for field in columns]
    row = "(" + ", ".join(casts) + ")"
    params = []
    for obj in objs:
        for field in columns:
            params.append(field.get_db_prep_save(getattr(obj, field.attname), connection))
    quoted = [quote(_column(field)) for field in columns]
    names = ", ".join(quoted)
    assignments = ", ".join(f"{column} = v.{column}" for column in quoted[1:])
    pk = quoted[0]
    sql = (
        f"UPDATE {quote(meta.db_table)} AS t SET {assignments} "
        f"FROM (VALUES {', '.join([row] * len(objs))}) AS v ({names}) "
        f"WHERE t.{pk} = v.{pk}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, params)


def _column(field: Field) -> str:
    """A concrete field's column (``Field.column`` is None only on fields without one)."""
    assert field.column is not None
    return field.column


def lock_roster(federation_id: int) -> Federation:
    """Take the lock that serializes writes to one federation's roster, until the transaction
    ends: a show's commit and every desk write to wrestlers, injuries, feuds and reigns take it
    first, so neither undoes the other (the show re-reads under it what it applies its results
    to). Callers take it inside ``transaction.atomic``, after any show row they lock: one order
    everywhere, no deadlock. (On SQLite, whose transactions begin IMMEDIATE here, every write
    transaction is serialized already.) Returns the federation as it stands."""
    return Federation.objects.select_for_update().get(pk=federation_id)
