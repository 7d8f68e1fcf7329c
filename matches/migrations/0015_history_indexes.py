from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("matches", "0014_show_poster"),
    ]

    operations = [
        migrations.AddIndex(
            model_name="show",
            index=models.Index(fields=["federation", "scheduled_at"], name="show_federation_when"),
        ),
    ]
