import re

from django.db import migrations

#: How the Superstar engine described a Tag Team Injury Chart injury before: the chart's line
#: ("Injury to MAN-IN: 5 rounds (Tag Team Injury Chart, Hollis Crane)").
CHART_LINE = re.compile(r"^(?P<text>.*) \(Tag Team Injury Chart, (?P<name>.+)\)$", re.DOTALL)
IN_RING = re.compile(r"-IN\b", re.IGNORECASE)
OUTSIDE = re.compile(r"-OUT\b", re.IGNORECASE)


def describe(description: str) -> str | None:
    """The injury in words, as the engine now records it (``rules/superstar/engine.py``): hurt
    by a double team in the ring or on the apron (either, for the chart's "both" rows)."""
    found = CHART_LINE.match(description)
    if found is None:
        return None
    text, name = found["text"], found["name"]
    if IN_RING.search(text) and not OUTSIDE.search(text):
        return f"Hurt by a double team in the ring ({name})"
    if OUTSIDE.search(text) and not IN_RING.search(text):
        return f"Hurt by a double team on the apron ({name})"
    return f"Hurt by a double team ({name})"


def chart_lines_to_words(apps, schema_editor):
    Injury = apps.get_model("promotion", "Injury")
    rows = Injury.objects.filter(
        source="tag_injury_chart", description__contains="(Tag Team Injury Chart, "
    )
    for injury in rows.only("pk", "description").iterator():
        words = describe(injury.description)
        if words is not None:
            Injury.objects.filter(pk=injury.pk).update(description=words[:240])


class Migration(migrations.Migration):

    dependencies = [
        ('promotion', '0009_federation_card_size_bounds'),
    ]

    operations = [
        migrations.RunPython(chart_lines_to_words, migrations.RunPython.noop),
    ]
