from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("matches", "0014_history_indexes"),
        ("promotion", "0023_federation_slug_not_a_route_word"),
    ]

    operations = [
        migrations.AddIndex(
            model_name="matchparticipant",
            index=models.Index(fields=["match", "team"], name="appearance_match_team"),
        ),
    ]
