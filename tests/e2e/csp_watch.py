"""Content-Security-Policy violations in a browser context, for the browser tests to assert none:
chromium's console lines about the policy, and the ``securitypolicyviolation`` events every page
fires (recorded by a script Playwright adds, which the policy does not govern)."""

from __future__ import annotations

RECORD = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__cspViolations.push(
    `${event.violatedDirective} blocked ${event.blockedURI || "inline"} on ${location.pathname}`
  );
});
"""


class CspWatch:
    """Watches every page of ``context``: ``lines`` (the console's) as they come, and
    ``violations(page)`` for the page open now (its events since it loaded)."""

    def __init__(self, context):
        self.lines: list[str] = []
        context.add_init_script(RECORD)
        context.on("page", self._watch)
        for page in context.pages:
            self._watch(page)

    def _watch(self, page) -> None:
        def console(message):
            if "Content Security Policy" in message.text or "Content-Security-Policy" in (
                message.text
            ):
                self.lines.append(f"{page.url}: {message.text}")

        page.on("console", console)

    @staticmethod
    def violations(page) -> list[str]:
        return page.evaluate("window.__cspViolations || []")
