"""The two federations every test of the package works between (``world``)."""

from __future__ import annotations

import pytest

from tests.scoping.world import World, build


@pytest.fixture
def world(db) -> World:
    return build()
