"""README's "Your own federation" names the links a newcomer follows to found one; each link it
quotes is on the page it leads through (the home page, then the new-federation page)."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db

README = Path(__file__).resolve().parents[2] / "README.md"


def _quoted_links() -> list[str]:
    text = README.read_text(encoding="utf-8")
    section = text[text.index("## Your own federation") :]
    sentence = section[: section.index("`/federations/found/`")]
    return re.findall(r'"([^"]+)"', sentence)


def test_the_links_readme_quotes_for_founding_are_on_the_pages(client, users):
    quoted = _quoted_links()
    assert quoted, "README quotes the links to follow"
    client.force_login(users["booker"])
    pages = [client.get(reverse(name)) for name in ("home", "federation-create")]
    links = set()
    for page in pages:
        assert page.status_code == 200
        html = unescape(page.content.decode())
        links |= {" ".join(t.split()) for t in re.findall(r"<a\b[^>]*>(.*?)</a>", html, re.S)}
    for words in quoted:
        assert words in links, (words, sorted(links))
