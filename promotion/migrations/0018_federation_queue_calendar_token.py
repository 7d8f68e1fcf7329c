import django.core.validators
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('promotion', '0017_wrestler_heat_direction'),
    ]

    operations = [
        migrations.AddField(
            model_name='federation',
            name='queue',
            field=models.CharField(blank=True, help_text='The Celery queue its shows are wrestled on; empty: the default queue (docs/deploy.md).', max_length=60, validators=[django.core.validators.RegexValidator('^[a-z0-9][a-z0-9._-]*\\Z', "A queue name is lower-case letters, digits, '.', '_' and '-'.")]),
        ),
        migrations.AddField(
            model_name='federation',
            name='calendar_token',
            field=models.CharField(blank=True, editable=False, help_text="The secret in a private federation's calendar feed address; empty: none issued.", max_length=64),
        ),
    ]
