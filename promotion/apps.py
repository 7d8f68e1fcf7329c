from django.apps import AppConfig


class PromotionConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "promotion"
    verbose_name = "Promotion"

    def ready(self) -> None:
        # A deleted row's picture files go with it (signals the module connects on import).
        from promotion import pictures  # noqa: F401, PLC0415 (the models must be ready first)
