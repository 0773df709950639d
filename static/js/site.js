/* The site header's menu on a phone: folded behind "Menu" until tapped. Loaded in <head> so the page never shows
   the open menu first (the "js" class switches the folding on); without scripts the menu simply stays open. */
(function () {
  "use strict";
  document.documentElement.classList.add("js");
  document.addEventListener("DOMContentLoaded", function () {
    var header = document.querySelector(".site-header");
    var toggle = header && header.querySelector(".menu-toggle");
    if (!toggle) return;
    toggle.addEventListener("click", function () {
      var open = header.classList.toggle("open");
      toggle.setAttribute("aria-expanded", open ? "true" : "false");
    });
  });
})();
