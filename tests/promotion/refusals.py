"""What the tests of ``promotion.services``' refusals share: one register of the message
constants tested word for word (``names``), a refusal caught (``refused``), and a wrestler signed
through the roster service, his standings in the ledger as the checker wants them (``signed``).
``test_service_refusals.test_every_refusal_has_a_test_here`` reads the register."""

from __future__ import annotations

import pytest

from promotion import services
from promotion.services import ServiceError

#: The message constants of ``promotion.services`` that a test triggers word for word.
TESTED: set[str] = set()


def names(*constants: str):
    """Marks the test as the one for these message constants."""

    def mark(test):
        TESTED.update(constants)
        return test

    return mark


def refused(call, **kwargs) -> str:
    with pytest.raises(ServiceError) as caught:
        call(**kwargs)
    return str(caught.value)


def signed(federation, name: str):
    slug = name.lower().replace(" ", "-")
    return services.wrestler_create(
        federation=federation, ring_name=name, slug=slug, fame=300, prestige=200
    )
