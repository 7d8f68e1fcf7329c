"""What the database keeps for the rule systems: each wrestler's card per system and a
federation's replacements for the default charts.

The engines themselves (rules/core, rules/<system>) never import Django; this module and
rules/management are the only Django code under rules/.
"""

from __future__ import annotations

from django.db import models


class System(models.TextChoices):
    FILSINGER = "filsinger", "Filsinger card game"
    SUPERSTAR = "superstar", "Superstar Pro Wrestling"
    ARM = "arm", "ARM (RingMaster)"


class WrestlerCard(models.Model):
    """A wrestler's card for one system, in the structured form of the card format (as JSON)."""

    wrestler = models.ForeignKey(
        "promotion.Wrestler", on_delete=models.CASCADE, related_name="cards"
    )
    system = models.CharField(max_length=20, choices=System.choices)
    data = models.JSONField(help_text="The card in its structured form.")
    validated = models.BooleanField(
        default=False,
        help_text="Checked by the system's engine. Cards of systems whose engine has not landed "
        "yet wait unvalidated.",
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["wrestler", "system"]
        constraints = [
            models.UniqueConstraint(fields=["wrestler", "system"], name="card_one_per_system"),
        ]

    def __str__(self) -> str:
        return f"{self.wrestler} ({self.get_system_display()})"


class ChartOverride(models.Model):
    """A federation's own version of one default chart (for example the printed one)."""

    federation = models.ForeignKey(
        "promotion.Federation", on_delete=models.CASCADE, related_name="chart_overrides"
    )
    system = models.CharField(max_length=20, choices=System.choices)
    chart = models.CharField(max_length=60, help_text="The chart's name in the system's tables.")
    data = models.JSONField(help_text="The chart in the same form as the default YAML.")
    note = models.CharField(max_length=200, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["federation", "system", "chart"]
        constraints = [
            models.UniqueConstraint(
                fields=["federation", "system", "chart"], name="chart_override_unique"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.federation}: {self.system} {self.chart}"
