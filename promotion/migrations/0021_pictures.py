# A wrestler's photo and a title's belt: stored files, set only through promotion.pictures.

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("promotion", "0020_invitation_links"),
    ]

    operations = [
        migrations.AddField(
            model_name="title",
            name="belt",
            field=models.FileField(blank=True, editable=False, max_length=200, upload_to=""),
        ),
        migrations.AddField(
            model_name="wrestler",
            name="photo",
            field=models.FileField(blank=True, editable=False, max_length=200, upload_to=""),
        ),
    ]
