// The room page: it shows the view the server sends for this seat and sends what the
// player asks for. The server decides every rule: this page lists the moves the view gives,
// and never works one out. Every text from the server goes in with textContent.
"use strict";

const $ = (id) => document.getElementById(id);
const ROOM = decodeURIComponent(location.pathname.split("/")[2]);
const TOKEN_KEY = `basra-seat-${ROOM}`;
const NAMES = JSON.parse($("card-names").textContent);
const LINK = `${location.origin}/room/${encodeURIComponent(ROOM)}`; // the link that opens this room
const MADE_HERE = sessionStorage.getItem(`basra-made-${ROOM}`) === "1"; // this tab made the room in the lobby
let socket;
let view = null;
let gone = false; // the server said the room is no more
let chosen = null; // the card whose moves are shown

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function element(tag, className, text) {
  const made = document.createElement(tag);
  if (className) made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
}

function card(name, extra) {
  const svgNS = "http://www.w3.org/2000/svg";
  const picture = document.createElementNS(svgNS, "svg");
  picture.setAttribute("class", `card${extra ? " " + extra : ""}`);
  picture.setAttribute("viewBox", "0 0 100 140");
  picture.setAttribute("role", "img");
  picture.setAttribute("aria-label", NAMES[name] || name);
  const use = document.createElementNS(svgNS, "use");
  use.setAttribute("href", `#basra-card-${name.replace(/^10/, "T")}`);
  picture.append(use);
  return picture;
}

// ------------------------------------------------------------------ drawing the view

function seatName(seat) {
  const held = view.seats[seat];
  if (!held || held.empty) return `seat ${seat + 1} (empty)`;
  return held.name + (seat === view.you ? " (you)" : "");
}

function drawSeats() {
  const game = view.game;
  const partners = view.sides.some((side) => side.length > 1);
  const order = [...Array(view.players).keys()];
  const you = view.you ?? 0;
  const around = order.map((i) => (you + i) % view.players); // you first, then the seats after you
  $("seats").replaceChildren(...around.map((seat, place) => {
    const held = view.seats[seat];
    const box = element("div", `seat place-${place}-of-${view.players}`);
    box.dataset.seat = seat;
    if (game && game.turn === seat) box.classList.add("to-play");
    if (held && !held.empty && !held.connected) box.classList.add("away");
    box.append(element("strong", "", seatName(seat)));
    const facts = [];
    if (partners) facts.push(`team ${held.side + 1}`);
    if (held && held.bot) facts.push("bot");
    if (held && !held.empty && !held.connected) {
      facts.push(game && !held.bot && view.stand_in ? `away: a bot plays for them after ${view.stand_in} s` : "away");
    }
    if (seat === view.host) facts.push("host");
    if (game) facts.push(`${game.hand_sizes[seat]} in hand`, `${game.piles[seat]} won`);
    if (game && game.pile_tops && game.pile_tops[seat]) facts.push(`${NAMES[game.pile_tops[seat]] || game.pile_tops[seat]} on top`);
    if (game && game.bonuses[seat]) facts.push(`+${game.bonuses[seat]} bonus`);
    box.append(element("span", "facts", facts.join(" · ")));
    if (view.you === view.host && game && held && !held.empty && !held.connected && !held.bot) {
      const takeOver = element("button", "small", "Let a bot play");
      takeOver.addEventListener("click", () => send({ type: "takeover", seat }));
      box.append(takeOver);
    }
    return box;
  }));
}

function drawFloor() {
  const game = view.game;
  if (!game) { $("floor").replaceChildren(element("p", "muted", "The game has not started.")); return; }
  const built = new Set(game.builds.flatMap((b) => b.cards));
  const loose = game.floor.filter((c) => !built.has(c));
  const parts = loose.map((c) => card(c));
  for (const build of game.builds) {
    const group = element("span", "build");
    group.title = `a build of ${build.value}, ${seatName(build.owner)}'s`;
    group.append(...build.cards.map((c) => card(c)), element("span", "build-value", `${build.value}`));
    parts.push(group);
  }
  if (!parts.length) parts.push(element("p", "muted", "The floor is empty."));
  $("floor").replaceChildren(...parts);
}

function drawHand() {
  const game = view.game;
  const hand = game && game.hand ? game.hand : [];
  const yourTurn = game && game.turn === view.you && view.you !== null;
  $("hand").replaceChildren(...hand.map((name) => {
    const button = element("button", "card-button");
    button.type = "button";
    button.dataset.card = name;
    button.disabled = !yourTurn;
    button.append(card(name, chosen === name ? "chosen" : ""));
    button.addEventListener("click", () => choose(name));
    return button;
  }));
  const moves = chosen && game && game.moves ? game.moves[chosen] || [] : [];
  const declarations = yourTurn && game.declarations ? game.declarations : [];
  $("choices").hidden = moves.length < 2 && !declarations.length;
  $("choices").replaceChildren(...declarations.map((d) => {
    const button = element("button", "choice", `declare ${d.title} (+${d.points}, showing your cards)`);
    button.type = "button";
    button.addEventListener("click", () => send({ type: "declare", name: d.name }));
    return button;
  }), ...(moves.length < 2 ? [] : moves).map((move, index) => {
    const button = element("button", "choice", move.label);
    button.type = "button";
    button.addEventListener("click", () => play(chosen, index));
    return button;
  }));
}

function choose(name) {
  const moves = (view.game.moves || {})[name] || [];
  if (moves.length === 1) { play(name, 0); return; }
  chosen = chosen === name ? null : name;
  drawHand();
}

function play(name, index) {
  chosen = null;
  send({ type: "play", card: name, move: index });
}

function drawScores() {
  const game = view.game;
  if (!game) { $("scores").replaceChildren(); return; }
  const rows = view.sides.map((side, i) => {
    const row = element("p", "score");
    const who = side.map(seatName).join(" & ");
    row.append(element("strong", "", `${game.scores[i]}`), ` ${who}`);
    if (game.games_finished) row.append(element("span", "facts", ` · ${game.game_wins[i]} game(s) won`));
    return row;
  });
  $("scores").replaceChildren(element("h2", "", `Scores · ${game.target}`), ...rows);
}

function drawResult() {
  const game = view.game;
  const over = view.status === "hand_over" || view.status === "game_over";
  $("result").hidden = !over;
  if (!over) return;
  const parts = [element("h2", "", view.status === "game_over" ? "The game is over" : `Hand ${game.hand_number} is over`)];
  if (view.status === "game_over" && game.winner !== null) {
    const lurch = game.worth > 1 ? ` A lurch: the losers stayed low, so it counts as ${game.worth} games.` : "";
    parts.push(element("p", "winner", `${view.sides[game.winner].map(seatName).join(" & ")} won the game.${lurch}`));
  }
  const table = element("table");
  const head = element("tr");
  ["", "cards", "basras", "points this hand"].forEach((t) => head.append(element("th", "", t)));
  table.append(head);
  (game.result || []).forEach((side) => {
    const row = element("tr");
    [side.seats.map(seatName).join(" & "), side.cards, side.basras, side.points].forEach((t) => row.append(element("td", "", `${t}`)));
    table.append(row);
  });
  parts.push(table);
  if (view.you !== null && view.seats[view.you] && !view.seats[view.you].bot) {
    const next = element("button", "", view.status === "game_over" ? "Play the next game" : "Deal the next hand");
    next.id = "next-button";
    next.addEventListener("click", () => send({ type: "next" }));
    parts.push(next);
  }
  const records = game.games_finished + (view.status === "game_over" ? 1 : 0); // the game just won is one
  for (let finished = 0; finished < records; finished += 1) {
    const link = element("a", "record", `Download game ${finished + 1}'s record`);
    link.href = `/room/${encodeURIComponent(ROOM)}/record/${finished}`;
    const line = element("p");
    line.append(link);
    parts.push(line);
  }
  $("result").replaceChildren(...parts);
}

function drawPlays() {
  const plays = view.game ? view.game.plays : [];
  $("plays").replaceChildren(...plays.slice().reverse().map((p) => {
    const line = element("li");
    if ("declare" in p) {
      line.append(`${seatName(p.seat)}: declares ${p.declare}`, element("strong", "bonus", ` +${p.basra}`));
      return line;
    }
    line.append(`${seatName(p.seat)}: `, card(p.card, "small"));
    if (p.build) line.append(` builds ${p.value}`);
    else if ("steal" in p) line.append(` takes ${seatName(p.steal)}'s pile of ${p.captured.length}`);
    else if (p.captured.length) line.append(" takes ", ...p.captured.map((c) => card(c, "small")));
    else line.append(" lays it down");
    if (p.basra) line.append(element("strong", "bonus", ` +${p.basra}`));
    return line;
  }));
}

function drawChat() {
  $("chat").hidden = view.you === null;
  $("lines").replaceChildren(...view.chat.map((line) => {
    const item = element("li");
    item.append(element("strong", "", `${line.name}: `), line.text);
    return item;
  }));
  $("lines").scrollTop = $("lines").scrollHeight;
}

// Before the game: what each person should do next, in words.
function waitingStatus() {
  const seated = view.seats.filter((s) => !s.empty).length;
  const count = `${seated} of ${view.players} seats taken.`;
  const full = seated === view.players;
  if (view.you === null) {
    if (full) return `${count} Every seat is taken: you can watch.`;
    if (view.host < 0 && MADE_HERE) {
      return "You made this room: enter your name and take a seat. " +
        "Then share this room's link so friends can join, or fill the empty seats with bots and start.";
    }
    return `${seated ? count + " " : ""}Take a seat to play: enter your name below.`;
  }
  if (view.you === view.host) {
    if (full) return `${count} Every seat is taken: start the game.`;
    if (seated === 1) return "Share this room's link so friends can join, or fill the empty seats with bots and start.";
    return `${count} Wait for more friends to join with the link, or fill the empty seats with bots and start.`;
  }
  const host = view.seats[view.host];
  return `${count} Waiting for ${host && !host.empty ? host.name : "the host"} to start the game.`;
}

function drawStatus() {
  const game = view.game;
  let said;
  if (view.status === "waiting") {
    said = waitingStatus();
  } else if (view.status === "playing") {
    said = game.turn === view.you ? "Your turn: choose a card." : `${seatName(game.turn)} to play.`;
    if (game.laying) {
      said = game.turn === view.you ? "You cleared the floor: lay a card on it for the next player."
        : `${seatName(game.turn)} cleared the floor and lays a card for the next player.`;
    }
    if (game.turned) {
      said = game.turn === view.you ? `You turned ${game.turned} from the stock: play it.`
        : `${seatName(game.turn)} turned ${game.turned} from the stock and plays it.`;
    }
    said += ` ${game.stock} cards still to deal.`;
  } else {
    said = view.status === "game_over" ? "Game over." : "Hand over.";
  }
  $("status").textContent = said;
}

// The room's link with a Copy button: the clipboard where the browser lets a page write
// to it, else the link selected for the person to copy themselves.
function selectLink() {
  $("invite-link").focus();
  $("invite-link").select();
}

async function copyLink() {
  try {
    if (!navigator.clipboard) throw new Error("no clipboard");
    await navigator.clipboard.writeText(LINK);
    $("copy-note").textContent = "Copied: paste it into a message to your friends.";
  } catch {
    selectLink();
    $("copy-note").textContent = "The link is selected: press Ctrl+C (⌘C on a Mac) to copy it.";
  }
}

function draw() {
  $("join").hidden = view.you !== null || view.status !== "waiting";
  $("host").hidden = !(view.you !== null && view.you === view.host && view.status === "waiting");
  $("invite").hidden = view.status !== "waiting" || view.seats.every((s) => !s.empty); // nobody left to invite
  drawStatus();
  drawSeats();
  drawFloor();
  drawHand();
  drawScores();
  drawResult();
  drawPlays();
  drawChat();
}

// ------------------------------------------------------------------ talking to the server

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(ROOM)}`);
  socket.addEventListener("open", () => {
    const token = localStorage.getItem(TOKEN_KEY);
    if (token) send({ type: "rejoin", token });
  });
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "view") {
      view = message;
      $("error").textContent = "";
      draw();
    } else if (message.type === "joined") {
      localStorage.setItem(TOKEN_KEY, message.token);
    } else if (message.type === "error") {
      if (message.message.includes("no longer yours")) localStorage.removeItem(TOKEN_KEY);
      $("error").textContent = message.message;
    } else if (message.type === "gone") {
      gone = true;  // the room is no more: nothing to reconnect to
      $("status").textContent = message.message;
      $("error").textContent = "";
    }
  });
  socket.addEventListener("close", () => {
    if (gone) return;
    $("status").textContent = "Connection lost: reconnecting…";
    setTimeout(connect, 2000);
  });
}

$("join-form").addEventListener("submit", (event) => {
  event.preventDefault();
  send({ type: "join", name: $("name").value });
});
$("invite-link").value = LINK;
$("invite-link").addEventListener("focus", selectLink);
$("invite-link").addEventListener("click", selectLink);
$("copy-button").addEventListener("click", copyLink);
$("bots-button").addEventListener("click", () => send({ type: "bots", bot: $("bot").value }));
$("start-button").addEventListener("click", () => send({ type: "start" }));
$("chat-form").addEventListener("submit", (event) => {
  event.preventDefault();
  if ($("say").value.trim()) send({ type: "chat", text: $("say").value });
  $("say").value = "";
});
$("rules-button").addEventListener("click", async () => {
  const rules = await (await fetch(`/room/${encodeURIComponent(ROOM)}/rules`)).json();
  $("rules-title").textContent = `${rules.title}: play in a minute`;
  $("rules-text").replaceChildren(...rules.lines.filter((l) => l.trim()).map((l) => element("p", "", l.trim())));
  $("rules").showModal();
});

connect();
