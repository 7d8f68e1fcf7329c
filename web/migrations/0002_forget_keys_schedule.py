"""The beat schedule is data: one row of django-celery-beat that forgets the Idempotency-Keys
older than a day, every hour. A promoter can change its interval, or pause it, in the admin."""

from django.db import migrations

TASK = "web.forget_idempotency_keys"
NAME = "Forget old Idempotency-Keys"


def create_schedule(apps, schema_editor):
    IntervalSchedule = apps.get_model("django_celery_beat", "IntervalSchedule")
    PeriodicTask = apps.get_model("django_celery_beat", "PeriodicTask")
    every_hour, _ = IntervalSchedule.objects.get_or_create(every=3600, period="seconds")
    PeriodicTask.objects.get_or_create(
        name=NAME,
        defaults={
            "task": TASK,
            "interval": every_hour,
            "description": "Forgets the API's Idempotency-Keys (and the answers kept with them) "
            "a day after their first request.",
        },
    )


def remove_schedule(apps, schema_editor):
    apps.get_model("django_celery_beat", "PeriodicTask").objects.filter(name=NAME).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("web", "0001_initial"),
        ("django_celery_beat", "0019_alter_periodictasks_options"),
    ]

    operations = [migrations.RunPython(create_schedule, remove_schedule)]
