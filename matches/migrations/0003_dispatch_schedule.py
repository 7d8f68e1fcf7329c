"""The beat schedule is data: one row of django-celery-beat that runs the dispatcher every
minute. A promoter can change its interval, or pause it, in the admin."""

from django.db import migrations

TASK = "matches.dispatch_due_shows"
NAME = "Dispatch due shows"


def create_schedule(apps, schema_editor):
    IntervalSchedule = apps.get_model("django_celery_beat", "IntervalSchedule")
    PeriodicTask = apps.get_model("django_celery_beat", "PeriodicTask")
    every_minute, _ = IntervalSchedule.objects.get_or_create(every=60, period="seconds")
    PeriodicTask.objects.get_or_create(
        name=NAME,
        defaults={
            "task": TASK,
            "interval": every_minute,
            "description": "Finds shows that are due and sends each to a worker.",
        },
    )


def remove_schedule(apps, schema_editor):
    apps.get_model("django_celery_beat", "PeriodicTask").objects.filter(name=NAME).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("matches", "0002_initial"),
        ("django_celery_beat", "0019_alter_periodictasks_options"),
    ]

    operations = [migrations.RunPython(create_schedule, remove_schedule)]
