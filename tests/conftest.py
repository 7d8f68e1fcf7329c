import os

import pytest

from tests import factories

requires_redis = pytest.mark.skipif(
    not os.environ.get("REDIS_URL"), reason="needs REDIS_URL (a real broker) for a real worker"
)


@pytest.fixture
def federation(db):
    return factories.FederationFactory()


@pytest.fixture
def wrestler(federation):
    return factories.WrestlerFactory(federation=federation)
