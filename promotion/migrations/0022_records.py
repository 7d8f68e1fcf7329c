"""Stored won-lost-drawn records (``WinLossRecord``), filled for every existing federation from
its completed matches, by the rule ``promotion.records`` states (written out here, as the
migration must keep it whatever the code becomes)."""

import json

import django.db.models.deletion
from django.db import migrations, models
from django.db.models.fields.json import KeyTextTransform

IN_THE_RING = ("in_ring", "partner")
ELIMINATION = "elimination"


def _how(method, won, eliminations, slug):
    if won is not False:
        return method
    order = json.loads(eliminations) if eliminations else None
    if not order or slug == order[-1]:
        return method
    return ELIMINATION


def _add(record, won, how):
    kind = "D" if won is None else ("W" if won else "L")
    name = {"W": "wins", "L": "losses", "D": "draws"}[kind]
    record[name] += 1
    counts = record[f"{name}_by"]
    counts[how] = counts.get(how, 0) + 1
    record["streak"] = record["streak"] + 1 if record["streak_kind"] == kind else 1
    record["streak_kind"] = kind
    if kind == "W":
        record["longest_win_streak"] = max(record["longest_win_streak"], record["streak"])


def _new():
    return {
        "wins": 0,
        "losses": 0,
        "draws": 0,
        "wins_by": {},
        "losses_by": {},
        "draws_by": {},
        "streak_kind": "",
        "streak": 0,
        "longest_win_streak": 0,
    }


def fill_records(apps, schema_editor):
    Participant = apps.get_model("matches", "MatchParticipant")
    WinLossRecord = apps.get_model("promotion", "WinLossRecord")
    rows = (
        Participant.objects.filter(role__in=IN_THE_RING, match__status="completed")
        .order_by(
            "match__show__federation_id",
            "match__show__scheduled_at",
            "match__show__number",
            "match__position",
            "side",
        )
        .values_list(
            "match__show__federation_id",
            "wrestler_id",
            "wrestler__slug",
            "team_id",
            "match_id",
            "side",
            "match__winner_side",
            "match__method",
            KeyTextTransform("eliminations", "match__effects"),
        )
    )
    records = {}
    team_sides = {}
    for fed, wrestler, slug, team, match, side, winner, method, eliminations in rows.iterator():
        won = None if winner is None else winner == side
        how = _how(method, won, eliminations, slug)
        if wrestler is not None:
            _add(records.setdefault((fed, "wrestler", wrestler), _new()), won, how)
        if team is not None:
            team_sides.setdefault((fed, match, team), (won, method, []))[2].append(how)
    for (fed, _, team), (won, method, hows) in team_sides.items():
        lost_out = won is False and all(how == ELIMINATION for how in hows)
        _add(
            records.setdefault((fed, "team", team), _new()),
            won,
            ELIMINATION if lost_out else method,
        )
    WinLossRecord.objects.bulk_create(
        (
            WinLossRecord(
                federation_id=fed,
                wrestler_id=pk if kind == "wrestler" else None,
                team_id=pk if kind == "team" else None,
                **figures,
            )
            for (fed, kind, pk), figures in sorted(records.items())
        ),
        batch_size=500,
    )


class Migration(migrations.Migration):
    dependencies = [
        ("promotion", "0021_pictures"),
        ("matches", "0011_tournament"),
    ]

    operations = [
        migrations.CreateModel(
            name="WinLossRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("wins", models.PositiveIntegerField(default=0)),
                ("losses", models.PositiveIntegerField(default=0)),
                ("draws", models.PositiveIntegerField(default=0)),
                ("wins_by", models.JSONField(blank=True, default=dict)),
                ("losses_by", models.JSONField(blank=True, default=dict)),
                ("draws_by", models.JSONField(blank=True, default=dict)),
                ("streak_kind", models.CharField(blank=True, max_length=1)),
                ("streak", models.PositiveIntegerField(default=0)),
                ("longest_win_streak", models.PositiveIntegerField(default=0)),
                (
                    "federation",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="win_loss_records",
                        to="promotion.federation",
                    ),
                ),
                (
                    "team",
                    models.OneToOneField(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="win_loss",
                        to="promotion.team",
                    ),
                ),
                (
                    "wrestler",
                    models.OneToOneField(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="win_loss",
                        to="promotion.wrestler",
                    ),
                ),
            ],
            options={
                "constraints": [
                    models.CheckConstraint(
                        condition=models.Q(
                            models.Q(("team__isnull", True), ("wrestler__isnull", False)),
                            models.Q(("team__isnull", False), ("wrestler__isnull", True)),
                            _connector="OR",
                        ),
                        name="record_has_exactly_one_holder",
                    ),
                    models.CheckConstraint(
                        condition=models.Q(("streak_kind__in", ["", "W", "L", "D"])),
                        name="record_streak_kind",
                    ),
                ],
            },
        ),
        migrations.RunPython(fill_records, migrations.RunPython.noop, elidable=True),
    ]
