// The lab's start form: show only the fields the chosen kind of study uses.
(function () {
  "use strict";
  var form = document.getElementById("lab-form");
  if (!form) return;
  function update() {
    var checked = form.querySelector("input[name=kind]:checked");
    var kind = checked ? checked.value : "goldfish";
    form.querySelectorAll("[data-kinds]").forEach(function (field) {
      field.hidden = field.dataset.kinds.split(" ").indexOf(kind) < 0;
      // a hidden field is not sent: a deck chosen before switching to a Pyramid study is no error
      field.querySelectorAll("select, input").forEach(function (el) { el.disabled = field.hidden; });
    });
  }
  form.querySelectorAll("input[name=kind]").forEach(function (radio) { radio.addEventListener("change", update); });
  update();
})();

// The lab's study page: poll the study's API while it runs, move the progress bar, reload once it is finished.
(function () {
  "use strict";
  var root = document.getElementById("lab-study");
  if (!root) return;
  var active = { queued: true, running: true };
  if (!active[root.dataset.status]) return;
  var bar = document.getElementById("lab-bar");
  var figures = document.getElementById("lab-figures");
  var status = document.getElementById("lab-status");

  function show(study) {
    bar.value = study.progress;
    status.textContent = study.status;
    var text = study.games_done + " of " + study.games + " games";
    if (study.games_per_second) text += " · " + study.games_per_second + " games/s";
    if (study.seconds_left !== null && study.seconds_left !== undefined) {
      text += " · about " + Math.round(study.seconds_left) + " s left";
    }
    figures.textContent = text;
  }

  function poll() {
    fetch(root.dataset.api, { headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then(function (response) { return response.json(); })
      .then(function (study) {
        show(study);
        if (active[study.status]) window.setTimeout(poll, 700);
        else window.location.reload();
      })
      .catch(function () { window.setTimeout(poll, 2000); });
  }
  window.setTimeout(poll, 300);
})();
