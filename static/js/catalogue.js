// Catalogue niceties; the page works without them. Filters and sort apply on change, empty fields stay out of the
// URL (so shared links are short), and "/" jumps to the query box.
(function () {
  "use strict";
  var form = document.getElementById("search-form");
  if (!form) return;

  function submit() {
    if (form.requestSubmit) form.requestSubmit(); else form.submit();
  }

  form.addEventListener("submit", function () {
    var fields = form.elements;
    for (var i = 0; i < fields.length; i++) {
      var field = fields[i];
      if (field.name && !field.value && field.tagName !== "BUTTON") field.disabled = true;
      if (field.name === "page") field.disabled = true;  // a new search starts on page 1
    }
    // Re-enable after the browser has read the form, so "back" shows the fields as they were.
    window.setTimeout(function () {
      for (var j = 0; j < fields.length; j++) fields[j].disabled = false;
    }, 0);
  });

  document.querySelectorAll("[data-autosubmit]").forEach(function (control) {
    control.addEventListener("change", submit);
  });

  document.addEventListener("keydown", function (event) {
    var target = event.target;
    var typing = target && (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA");
    if (event.key === "/" && !typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
      var box = document.getElementById("id_q");
      if (box) { event.preventDefault(); box.focus(); box.select(); }
    }
  });
})();
