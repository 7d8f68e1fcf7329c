from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("matches", "0013_show_poster"),
    ]

    operations = [
        migrations.AddIndex(
            model_name="show",
            index=models.Index(
                fields=["federation", "scheduled_at", "number"], name="show_federation_when"
            ),
        ),
        migrations.AddIndex(
            model_name="match",
            index=models.Index(fields=["show", "status"], name="match_show_status"),
        ),
    ]
