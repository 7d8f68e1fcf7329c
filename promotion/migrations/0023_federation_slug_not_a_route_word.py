import promotion.validators
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("promotion", "0022_records"),
    ]

    operations = [
        migrations.AlterField(
            model_name="federation",
            name="slug",
            field=models.SlugField(
                max_length=60, unique=True, validators=[promotion.validators.not_a_route_word]
            ),
        ),
    ]
