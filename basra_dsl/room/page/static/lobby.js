// The lobby: the variants the server offers, a form to make a room, the rooms waiting for
// players. Every text from the server is set with textContent: names are data, not markup.
"use strict";

const $ = (id) => document.getElementById(id);
let offers = [];

function option(value, text) {
  const element = document.createElement("option");
  element.value = value;
  element.textContent = text;
  return element;
}

// Each option: its name and its choices, and what it means as text beside them (the
// variant file's own words, from /api/variants), so nobody has to hover to find out.
function showChoices() {
  const offer = offers.find((o) => o.name === $("variant").value);
  if (!offer) return;
  $("players").replaceChildren(...offer.players.map((n) => option(n, `${n} players`)));
  const fields = Object.entries(offer.options).map(([name, about], index) => {
    const field = document.createElement("div");
    field.className = "option";
    const label = document.createElement("label");
    const named = document.createElement("span");
    named.className = "name";
    named.textContent = name.replaceAll("_", " ");
    label.append(named);
    const select = document.createElement("select");
    select.dataset.option = name;
    about.choices.forEach((choice, i) => {
      const item = option(JSON.stringify(choice), about.shown[i]);
      item.selected = JSON.stringify(choice) === JSON.stringify(about.default);
      select.append(item);
    });
    label.append(select);
    field.append(label);
    if (about.about) {
      const meaning = document.createElement("span");
      meaning.className = "about";
      meaning.id = `about-option-${index}`;
      meaning.textContent = about.about;
      select.setAttribute("aria-describedby", meaning.id);
      field.append(meaning);
    }
    return field;
  });
  if (fields.length) {
    const heading = document.createElement("h3");
    heading.textContent = "Options";
    fields.unshift(heading);
  }
  $("options").replaceChildren(...fields);
}

async function listRooms() {
  const waiting = await (await fetch("/api/rooms")).json();
  const items = waiting.map((room) => {
    const item = document.createElement("li");
    const link = document.createElement("a");
    link.href = `/room/${encodeURIComponent(room.id)}`;
    link.textContent = room.title;
    item.append(link, ` · ${room.seated} of ${room.players} seated${room.partners ? " · partners" : ""}`);
    return item;
  });
  if (items.length) $("rooms").replaceChildren(...items);
}

async function create(event) {
  event.preventDefault();
  const options = {};
  document.querySelectorAll("[data-option]").forEach((s) => { options[s.dataset.option] = JSON.parse(s.value); });
  const response = await fetch("/api/rooms", {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ variant: $("variant").value, players: Number($("players").value), options,
                           stand_in: $("stand-in").checked ? 60 : 0 }),
  });
  const answer = await response.json();
  if (!response.ok) { $("create-error").textContent = answer.error; return; }
  // the room's page tells the person who made it what to do next (this tab only)
  sessionStorage.setItem(`basra-made-${answer.id}`, "1");
  location.href = answer.url;
}

async function start() {
  offers = await (await fetch("/api/variants")).json();
  $("variant").replaceChildren(...offers.map((o) => option(o.name, o.title)));
  const wanted = offers.find((o) => o.name === "egyptian");
  if (wanted) $("variant").value = wanted.name;
  $("variant").addEventListener("change", showChoices);
  $("create").addEventListener("submit", create);
  showChoices();
  await listRooms();
  setInterval(listRooms, 5000);
}

start();
