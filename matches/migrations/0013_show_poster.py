# A show's poster: a stored file, set only through promotion.pictures.

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("matches", "0012_webhooks"),
    ]

    operations = [
        migrations.AddField(
            model_name="show",
            name="poster",
            field=models.FileField(blank=True, editable=False, max_length=200, upload_to=""),
        ),
    ]
