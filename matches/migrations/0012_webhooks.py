# A federation's webhooks and their delivery log (matches.webhooks).

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("matches", "0011_tournament"),
        ("promotion", "0019_ledger_indexes"),
    ]

    operations = [
        migrations.CreateModel(
            name="Webhook",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("url", models.URLField(max_length=500)),
                ("format", models.CharField(choices=[("discord", "Discord"), ("slack", "Slack"), ("json", "JSON, signed")], max_length=10)),
                ("secret", models.CharField(editable=False, max_length=64)),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                ("federation", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="webhooks", to="promotion.federation")),
            ],
            options={
                "ordering": ["federation", "created_at", "pk"],
            },
        ),
        migrations.CreateModel(
            name="WebhookDelivery",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("kind", models.CharField(choices=[("show", "A show's recap"), ("test", "A test")], max_length=8)),
                ("status", models.CharField(choices=[("pending", "Waiting"), ("retrying", "Retrying"), ("delivered", "Delivered"), ("failed", "Failed")], default="pending", max_length=10)),
                ("attempts", models.PositiveSmallIntegerField(default=0)),
                ("parts_sent", models.PositiveSmallIntegerField(default=0)),
                ("last_code", models.PositiveSmallIntegerField(blank=True, null=True)),
                ("last_error", models.CharField(blank=True, max_length=300)),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                ("last_attempt_at", models.DateTimeField(blank=True, null=True)),
                ("next_attempt_at", models.DateTimeField(blank=True, null=True)),
                ("finished_at", models.DateTimeField(blank=True, null=True)),
                ("show", models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name="webhook_deliveries", to="matches.show")),
                ("webhook", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="deliveries", to="matches.webhook")),
            ],
            options={
                "verbose_name_plural": "webhook deliveries",
                "ordering": ["-created_at", "-pk"],
            },
        ),
        migrations.AddConstraint(
            model_name="webhook",
            constraint=models.UniqueConstraint(fields=("federation", "url"), name="webhook_unique_url"),
        ),
        migrations.AddConstraint(
            model_name="webhookdelivery",
            constraint=models.UniqueConstraint(condition=models.Q(("kind", "show")), fields=("webhook", "show"), name="webhook_delivery_once_per_show"),
        ),
    ]
