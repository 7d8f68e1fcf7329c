"""The code's role matrix (``promotion.access.ALLOWED``) against the roles the table writes out
(``policy.MAY``), and the table's answers against those roles: neither can drift alone."""

from __future__ import annotations

import pytest

from promotion import access
from promotion.models import Federation, MemberRole
from tests.access import policy
from tests.access.policy import MAY, OK, PAGE_ANSWERS, Rule

#: The code's names of the roles, in the table's words.
NAMES = {access.OWNER: "owner", MemberRole.BOOKER: "booker", MemberRole.VIEWER: "viewer"}


def test_the_code_has_the_tables_actions():
    assert {action.value for action in access.Action} == {rule.value for rule in MAY}


@pytest.mark.parametrize("action", list(access.Action))
def test_each_action_allows_the_roles_the_table_writes_out(action):
    allowed = {NAMES[role] for role in access.ALLOWED[action]}
    assert allowed | {"superuser"} == MAY[Rule(action.value)]


@pytest.mark.parametrize("rule", list(MAY))
def test_the_written_answers_allow_those_roles_and_no_others(rule):
    for grid in (PAGE_ANSWERS, policy.API_ANSWERS):
        on_private = {role for role, (_public, private) in grid[rule].items() if private == OK}
        assert on_private == MAY[rule]
        on_public = {role for role, (public, _private) in grid[rule].items() if public == OK}
        assert on_public == (set(policy.ROLES) if rule == Rule.READ else MAY[rule])


@pytest.mark.django_db
@pytest.mark.parametrize("privacy", [policy.PUBLIC, policy.PRIVATE])
@pytest.mark.parametrize("role", policy.ROLES)
def test_can_says_what_the_table_says(world, role, privacy):
    Federation.objects.filter(pk=world.federation.pk).update(is_public=privacy == policy.PUBLIC)
    federation = Federation.objects.get(pk=world.federation.pk)
    user = world.users[role]
    for action in access.Action:
        public, private = PAGE_ANSWERS[Rule(action.value)][role]
        expected = (public if privacy == policy.PUBLIC else private) == OK
        assert access.can(user, federation, action) is expected, (role, action)
        listed = access.federations_for(user, action).filter(pk=federation.pk).exists()
        assert listed is expected, (role, action)
