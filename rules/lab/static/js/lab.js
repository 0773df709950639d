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

// The erratum editor (templates/lab/_erratum_editor.html): type to filter the cards, pick one to show its fields
// (the form is posted with action=pick: nothing starts), and see what changes as you edit.
(function () {
  "use strict";
  var panel = document.getElementById("lab-erratum");
  if (!panel) return;
  var form = document.getElementById("lab-form");
  var search = document.getElementById("lab-erratum-search");
  var select = document.getElementById("id_erratum_card");
  search.addEventListener("input", function () {
    var words = search.value.trim().toLowerCase();
    Array.prototype.forEach.call(select.options, function (option) {
      option.hidden = option.value !== "" && option.text.toLowerCase().indexOf(words) < 0;
    });
    select.size = words ? 6 : 0;   // the matches in view as a list
  });
  search.addEventListener("keydown", function (event) {
    if (event.key !== "Enter") return;
    event.preventDefault();   // Enter picks the first match, it does not start the study
    var match = Array.prototype.find.call(select.options, function (o) { return o.value && !o.hidden; });
    if (match) { select.value = match.value; pick(); }
  });
  function pick() {
    document.getElementById("lab-erratum-action").value = "pick";
    form.submit();   // no start: the page comes back with the card's fields
  }
  select.addEventListener("change", pick);

  var list = document.getElementById("lab-erratum-changes");
  if (!list) return;
  var none = document.getElementById("lab-erratum-nochange");
  function words(value) { return value ? value.charAt(0).toUpperCase() + value.slice(1) : value; }
  function changes() {
    list.textContent = "";
    panel.querySelectorAll("#lab-erratum-fields [data-printed]").forEach(function (field) {
      if (String(field.value) === field.dataset.printed) return;
      var item = document.createElement("li");
      item.dataset.field = field.name;
      var before = document.createElement("del");
      before.textContent = words(field.dataset.printed);
      var after = document.createElement("ins");
      after.textContent = words(String(field.value));
      item.append(field.dataset.label + ": ", before, " → ", after);
      list.appendChild(item);
    });
    none.hidden = list.children.length > 0;
  }
  panel.querySelectorAll("#lab-erratum-fields [data-printed]").forEach(function (field) {
    field.addEventListener("input", changes);
    field.addEventListener("change", changes);
  });
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
