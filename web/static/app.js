// The dashboard: one state object from /api/state, then every update from
// /api/events (Server-Sent Events). Boards and plots are plain SVG.
"use strict";

const glyph = { K: "♔", Q: "♕", R: "♖", B: "♗", N: "♘", P: "♙", k: "♚", q: "♛", r: "♜", b: "♝", n: "♞", p: "♟" };
const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

function el(tag, attrs, text) {
  const e = document.createElementNS(tag === "svg" || attrs && attrs.svg ? "http://www.w3.org/2000/svg" : "http://www.w3.org/1999/xhtml", tag);
  for (const k in attrs || {}) if (k !== "svg") e.setAttribute(k, attrs[k]);
  if (text !== undefined) e.textContent = text;
  return e;
}

// Squares: index 0 = a8 ... 63 = h1.
function parseFEN(fen) {
  const board = [];
  for (const ch of (fen || START).split(" ")[0]) {
    if (ch === "/") continue;
    if (ch >= "1" && ch <= "8") for (let i = 0; i < +ch; i++) board.push("");
    else board.push(ch);
  }
  return board;
}
function sq(s) { return (8 - +s[1]) * 8 + (s.charCodeAt(0) - 97); }

// play applies a move: UCI, castling as the king's step and its rook's
// file ("e1g1/h", which Chess960 needs), en passant, promotion.
function play(board, m) {
  if (m.includes("/")) {
    const rank = m[1], kingFrom = sq(m.slice(0, 2)), kingTo = sq(m.slice(2, 4));
    const rookFrom = sq(m[5] + rank), rookTo = sq((m[2] === "g" ? "f" : "d") + rank);
    const king = board[kingFrom], rook = board[rookFrom];
    board[kingFrom] = ""; board[rookFrom] = "";
    board[kingTo] = king; board[rookTo] = rook;
    return;
  }
  const from = sq(m.slice(0, 2)), to = sq(m.slice(2, 4)), p = board[from];
  if ((p === "K" || p === "k") && Math.abs(to - from) === 2) {
    const rookFrom = to > from ? from + 3 : from - 4, rookTo = to > from ? from + 1 : from - 1;
    board[rookTo] = board[rookFrom]; board[rookFrom] = "";
  }
  if ((p === "P" || p === "p") && (to - from) % 8 !== 0 && board[to] === "") board[p === "P" ? to + 8 : to - 8] = "";
  board[to] = m.length > 4 ? (p === "P" ? m[4].toUpperCase() : m[4]) : p;
  board[from] = "";
}

function boardSVG(board, last) {
  const svg = el("svg", { class: "board", viewBox: "0 0 320 320", svg: true });
  for (let i = 0; i < 64; i++) {
    const x = (i % 8) * 40, y = Math.floor(i / 8) * 40;
    const dark = ((i % 8) + Math.floor(i / 8)) % 2 === 1;
    svg.appendChild(el("rect", { x, y, width: 40, height: 40, class: dark ? "dark" : "light", svg: true }));
    if (last && (i === sq(last.slice(0, 2)) || i === sq(last.slice(2, 4))))
      svg.appendChild(el("rect", { x, y, width: 40, height: 40, fill: "rgba(255,220,0,0.35)", svg: true }));
    if (board[i]) svg.appendChild(el("text", { x: x + 20, y: y + 21, class: "piece", svg: true }, glyph[board[i]]));
  }
  return svg;
}

function clock(ns) {
  const s = Math.max(0, ns / 1e9);
  return Math.floor(s / 60) + ":" + (s % 60).toFixed(1).padStart(4, "0");
}

function evalGraph(scores) {
  const svg = el("svg", { class: "plot", viewBox: "0 0 240 50", svg: true, style: "height:50px" });
  if (!scores || scores.length < 2) return svg;
  const n = scores[scores.length - 1].ply || 1, clamp = v => Math.max(-5, Math.min(5, v));
  const pts = scores.map(s => (s.ply / n * 240).toFixed(1) + "," + (25 - clamp(s.cp) * 5).toFixed(1)).join(" ");
  svg.appendChild(el("line", { x1: 0, y1: 25, x2: 240, y2: 25, stroke: "#ccc", svg: true }));
  svg.appendChild(el("polyline", { points: pts, fill: "none", stroke: "#2d6", svg: true }));
  return svg;
}

function renderBoards(games) {
  const box = document.getElementById("boards");
  box.replaceChildren();
  for (const g of games || []) {
    const board = parseFEN(g.start_fen);
    for (const m of g.moves) play(board, m);
    const card = el("div", { class: "board-card", "data-game": g.number });
    card.appendChild(el("div", {}, `#${g.number} ${g.white} – ${g.black}, ply ${g.moves.length}`));
    card.appendChild(boardSVG(board, g.moves[g.moves.length - 1]));
    card.appendChild(el("div", {}, `clocks ${clock(g.clocks_ns[0])} | ${clock(g.clocks_ns[1])}`));
    ["white", "black"].forEach((side, i) => {
      const e = g.evals[i];
      card.appendChild(el("div", { class: "eval" }, `${g[side]}: ${e.score || "?"} d${e.depth || 0} ${e.pv || ""}`));
    });
    card.appendChild(evalGraph(g.scores));
    box.appendChild(card);
  }
  if (!games || games.length === 0) box.textContent = "none now";
}

function plot(svgId, points, key, band, lines) {
  const svg = document.getElementById(svgId);
  svg.replaceChildren();
  svg.appendChild(el("text", { x: 4, y: 12, "font-size": 10, svg: true }, key));
  if (!points || points.length === 0) return;
  let lo = Infinity, hi = -Infinity;
  for (const p of points) {
    lo = Math.min(lo, p[key] - (band ? p[band] : 0)); hi = Math.max(hi, p[key] + (band ? p[band] : 0));
  }
  for (const v of lines || []) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
  if (!isFinite(lo) || !isFinite(hi)) return;
  if (hi - lo < 1) { hi += 0.5; lo -= 0.5; }
  const maxX = points[points.length - 1].played || 1;
  const X = p => (p / maxX * 390 + 5).toFixed(1), Y = v => (150 - (v - lo) / (hi - lo) * 135).toFixed(1);
  for (const v of lines || []) svg.appendChild(el("line", { x1: 5, x2: 395, y1: Y(v), y2: Y(v), stroke: "#c66", "stroke-dasharray": "4", svg: true }));
  if (band) {
    const upper = points.map(p => X(p.played) + "," + Y(p[key] + p[band]));
    const lower = points.slice().reverse().map(p => X(p.played) + "," + Y(p[key] - p[band]));
    svg.appendChild(el("polygon", { points: upper.concat(lower).join(" "), fill: "rgba(45,120,200,0.15)", svg: true }));
  }
  svg.appendChild(el("polyline", { points: points.map(p => X(p.played) + "," + Y(p[key])).join(" "), fill: "none", stroke: "#2d78c8", "stroke-width": 1.5, svg: true }));
  svg.appendChild(el("text", { x: 380, y: 12, "font-size": 10, "text-anchor": "end", svg: true }, `${points[points.length - 1][key].toFixed(2)} after ${maxX}`));
}

function fig(f) { return f === null || f === undefined ? "n/a" : typeof f === "number" ? f.toFixed(2) : f; }

function renderSummary(v) {
  const s = v.summary, run = v.run;
  document.getElementById("run").textContent =
    `${run.type || "match"}: ${(run.engines || []).join(" vs ")} · ${(run.time_controls || []).join(" / ")} · ${run.openings || "start position"} · ${run.variant}`;
  const score = document.getElementById("score");
  score.replaceChildren();
  const p = el("p", {}, `Games ${s.played} of ${s.total}` + (s.games_per_min ? ` · ${s.games_per_min.toFixed(1)} games/min · ETA ${Math.round(s.eta_seconds)} s` : ""));
  score.appendChild(p);
  const t = el("table");
  t.appendChild(el("tr", {}, "")).innerHTML = "<th>Encounter</th><th>W</th><th>D</th><th>L</th><th>Ptnml(0-2)</th><th>Elo ± 95 %</th><th>nElo</th><th>LOS</th>";
  for (const e of s.encounters || []) {
    const tr = el("tr");
    const f = e.figures;
    [`${e.names[0]} vs ${e.names[1]}`, e.wins, e.draws, e.losses, `[${e.pentanomial.join(", ")}]`,
     `${fig(f.elo)} ± ${fig(f.elo95)}`, `${fig(f.nelo)} ± ${fig(f.nelo95)}`, `${fig(f.los)} %`].forEach(x => tr.appendChild(el("td", {}, String(x))));
    t.appendChild(tr);
  }
  score.appendChild(t);
  if ((run.engines || []).length > 2) {
    const rt = el("table", { class: "ratings" });
    rt.innerHTML = "<tr><th>Rank</th><th>Engine</th><th>Elo</th><th>± 95 %</th><th>Games</th><th>Points</th></tr>";
    (s.ratings || []).forEach((r, i) => {
      const tr = el("tr");
      [i + 1, r.name, r.elo.toFixed(1), r.elo95.toFixed(1), r.games, r.score].forEach(x => tr.appendChild(el("td", {}, String(x))));
      rt.appendChild(tr);
    });
    score.append(rt, crosstable(run.engines, s.encounters || []));
  }
  const sprt = document.getElementById("sprt");
  sprt.textContent = s.sprt ? `SPRT [${s.sprt.elo0}, ${s.sprt.elo1}]: LLR ${s.sprt.llr.toFixed(2)} within (${s.sprt.lower.toFixed(2)}, ${s.sprt.upper.toFixed(2)}) — ${s.sprt.decision === "continue" ? "running" : s.sprt.decision + " accepted"}` : "";
  sprt.className = s.sprt && s.sprt.decision !== "continue" ? "decided" : "";
  const eng = document.getElementById("engines");
  eng.replaceChildren();
  const et = el("table");
  et.innerHTML = "<tr><th>Engine</th><th>Games</th><th>Points</th><th>Time forfeits</th><th>Disconnects</th><th>Stalls</th><th>Illegal</th></tr>";
  for (const e of s.engines || []) {
    const tr = el("tr");
    [e.name, e.games, e.points, e.time_forfeits, e.disconnects, e.stalls, e.illegal].forEach(x => tr.appendChild(el("td", {}, String(x))));
    et.appendChild(tr);
  }
  eng.appendChild(et);
  document.getElementById("status").textContent = s.done ? "finished" : "running";
}

// crosstable: each row engine's points against each column engine.
function crosstable(names, encounters) {
  const pts = {};
  for (const e of encounters) {
    const [a, b] = e.names;
    pts[a + "|" + b] = e.wins + e.draws / 2 + " / " + (e.wins + e.draws + e.losses);
    pts[b + "|" + a] = e.losses + e.draws / 2 + " / " + (e.wins + e.draws + e.losses);
  }
  const t = el("table", { class: "crosstable" });
  const head = el("tr");
  head.appendChild(el("th", {}, ""));
  names.forEach(n => head.appendChild(el("th", {}, n)));
  t.appendChild(head);
  for (const a of names) {
    const tr = el("tr");
    tr.appendChild(el("th", {}, a));
    names.forEach(b => tr.appendChild(el("td", {}, a === b ? "—" : (pts[a + "|" + b] || ""))));
    t.appendChild(tr);
  }
  return t;
}

function renderFinished(games) {
  const tbody = document.querySelector("#finished-table tbody");
  tbody.replaceChildren();
  for (const g of (games || []).slice().reverse()) {
    const tr = el("tr");
    [g.number, g.white, g.black, g.result, g.reason, g.plies].forEach(x => tr.appendChild(el("td", {}, String(x))));
    const td = el("td");
    const a = el("a", { href: `api/games/${g.number}.pgn` }, "PGN");
    const b = el("button", {}, "view");
    b.onclick = () => viewGame(g.number);
    td.append(a, " ", b);
    tr.appendChild(td);
    tbody.appendChild(tr);
  }
}

// viewGame steps through a finished game move by move.
async function viewGame(n) {
  const g = await (await fetch(`api/games/${n}.json`)).json();
  const box = document.getElementById("viewer");
  let ply = g.moves.length;
  const draw = () => {
    const board = parseFEN(g.start_fen);
    for (const m of g.moves.slice(0, ply)) play(board, m);
    const prev = el("button", {}, "◀"), next = el("button", {}, "▶");
    prev.onclick = () => { if (ply > 0) { ply--; draw(); } };
    next.onclick = () => { if (ply < g.moves.length) { ply++; draw(); } };
    box.replaceChildren(el("h3", {}, `Game ${n}: ply ${ply} of ${g.moves.length}`), boardSVG(board, g.moves[ply - 1]), el("div", {}, ""));
    box.lastChild.append(prev, " ", next, " ", el("a", { href: `api/games/${n}.pgn` }, "PGN"));
  };
  draw();
}

function render(v) {
  renderSummary(v);
  renderBoards(v.games);
  renderFinished(v.finished);
  plot("elo-plot", v.history, "elo", "elo95", [0]);
  const lines = v.summary.sprt ? [v.summary.sprt.lower, v.summary.sprt.upper] : [];
  plot("llr-plot", v.history, "llr", null, lines);
}

fetch("api/state").then(r => r.json()).then(render);
// ?nostream: one snapshot, no event stream (headless snapshots of the page).
if (!location.search.includes("nostream")) {
  const events = new EventSource("api/events");
  events.addEventListener("state", e => render(JSON.parse(e.data)));
  events.onerror = () => { document.getElementById("status").textContent = "disconnected (retrying)"; };
}
