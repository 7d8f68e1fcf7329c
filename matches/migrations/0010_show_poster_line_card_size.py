import django.core.validators
from django.db import migrations, models

import promotion.validators


class Migration(migrations.Migration):

    dependencies = [
        ('matches', '0009_match_called_off'),
    ]

    operations = [
        migrations.AddField(
            model_name='show',
            name='poster_line',
            field=models.CharField(blank=True, help_text='An event\'s line on the poster ("Nine matches. Two titles. One night.").', max_length=200, validators=[promotion.validators.plain_text]),
        ),
        migrations.AddField(
            model_name='show',
            name='card_size',
            field=models.PositiveSmallIntegerField(blank=True, help_text="Matches the auto-booker puts on this show: 1 to 30. Empty: the federation's card size (docs/events.md says what an event's is).", null=True, validators=[django.core.validators.MinValueValidator(1), django.core.validators.MaxValueValidator(30)]),
        ),
    ]
