/* The card builder (templates/promotion/card_builder.html), with htmx doing the requests:
 * - which side was edited last (the fields or the YAML), sent as "last" when the card is saved;
 * - the YAML kept in step when the fields change (the check answers with it, in a <template>);
 * - each problem of the check shown on the field, row or section its path names;
 * - a Filsinger entry's fields shown for its kind (a move, a chart, a finisher);
 * - the odds cleared, and any request for them abandoned, the moment the card is invalid.
 * No inline script: the Content-Security-Policy forbids it. */
(function () {
  "use strict";

  function form() { return document.getElementById("builder-form"); }

  function showKinds(root) {
    root.querySelectorAll("tr[data-kind]").forEach(function (row) {
      var select = row.querySelector("select[data-kind-select]");
      var kind = select ? select.value : "";
      row.setAttribute("data-kind", kind);
      row.querySelectorAll("[data-kinds]").forEach(function (label) {
        var kinds = label.getAttribute("data-kinds").split(" ");
        label.hidden = kinds.indexOf(kind) < 0;
      });
    });
  }

  function anchorOf(path) {
    var fields = document.getElementById("builder-fields");
    if (!fields || !path) { return null; }
    var found = {};
    fields.querySelectorAll("[data-path]").forEach(function (el) {
      var tag = el.tagName.toLowerCase();
      if (el.getAttribute("data-path") === path && !found[tag]) { found[tag] = el; }
    });
    return found.label || found.tr || found.fieldset || null;
  }

  function markProblems() {
    var fields = document.getElementById("builder-fields");
    var check = document.getElementById("builder-check");
    if (!fields || !check) { return; }
    fields.querySelectorAll(".field-problem").forEach(function (el) { el.remove(); });
    fields.querySelectorAll("[aria-invalid]").forEach(function (el) { el.removeAttribute("aria-invalid"); });
    check.querySelectorAll("li[data-field]").forEach(function (item) {
      var anchor = anchorOf(item.getAttribute("data-field"));
      if (!anchor) { return; }
      var text = item.textContent;
      var colon = text.indexOf(": ");
      var note = document.createElement("small");
      note.className = "field-problem";
      note.textContent = colon >= 0 ? text.slice(colon + 2) : text;
      var input = anchor.matches("label") ? anchor.querySelector("input, select") : null;
      if (input) { input.setAttribute("aria-invalid", "true"); anchor.appendChild(note); }
      else if (anchor.matches("tr")) { anchor.lastElementChild.appendChild(note); }
      else if (anchor.matches("fieldset")) { anchor.querySelector("legend").after(note); }
    });
  }

  function takeYaml() {
    var out = document.getElementById("builder-yaml-out");
    var text = document.getElementById("builder-text");
    if (out && text) {
      // (never under the hands of someone typing in the YAML: what he types goes next)
      if (document.activeElement !== text) { text.value = out.content.textContent; }
      out.remove();
    }
  }

  function clearOdds() {
    var odds = document.getElementById("odds");
    if (!odds) { return; }
    if (window.htmx) { window.htmx.trigger(odds, "htmx:abort"); }
    odds.innerHTML = "";
    var note = document.createElement("p");
    note.className = "muted";
    note.setAttribute("role", "status");
    note.textContent = "No odds: the card is not valid. They come back when it is.";
    odds.appendChild(note);
  }

  document.addEventListener("DOMContentLoaded", function () {
    var f = form();
    if (!f) { return; }
    var last = document.getElementById("builder-last");
    var fields = document.getElementById("builder-fields");
    var text = document.getElementById("builder-text");
    showKinds(fields);
    fields.addEventListener("input", function () { last.value = "fields"; });
    fields.addEventListener("change", function (event) {
      last.value = "fields";
      if (event.target.matches("select[data-kind-select]")) { showKinds(fields); }
    });
    text.addEventListener("input", function () { last.value = "yaml"; });
    document.body.addEventListener("card-invalid", clearOdds);
    document.body.addEventListener("htmx:afterSettle", function (event) {
      var target = event.detail && event.detail.target;
      if (!target) { return; }
      if (target.id === "builder-check") { takeYaml(); markProblems(); }
      if (target.id === "builder-fields") { showKinds(fields); markProblems(); }
    });
  });
})();
