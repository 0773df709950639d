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
