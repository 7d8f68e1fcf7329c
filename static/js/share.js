// The copy buttons of a show's recap (templates/matches/_share.html): each copies its
// textarea's text to the clipboard, falling back to selecting it where the clipboard is refused.
(function () {
  "use strict";
  function copied(id, words) {
    var note = document.querySelector('[data-copied-for="' + id + '"]');
    if (note) { note.textContent = words; }
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-copy]");
    if (!button) { return; }
    var id = button.getAttribute("data-copy");
    var area = document.getElementById(id);
    if (!area) { return; }
    var fallback = function () {
      area.focus();
      area.select();
      var done = false;
      try { done = document.execCommand("copy"); } catch (e) { done = false; }
      copied(id, done ? "Copied." : "Selected: press Ctrl+C to copy.");
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(area.value).then(function () { copied(id, "Copied."); }, fallback);
    } else {
      fallback();
    }
  });
})();
