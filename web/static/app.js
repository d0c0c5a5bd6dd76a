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
function parseFEN(fen) { return parsePosition(fen).board; }

// parsePosition reads a FEN as the server writes a variant's (the chess
// core's rules, not the page's, made it): the board, crazyhouse's promoted
// pieces ("Q~") and pockets ("[QNpp]", null without), n-check's checks
// still to give ("3+2" after en passant: [white, black], null without).
function parsePosition(fen) {
  const fields = (fen || START).split(" ");
  const board = [], promoted = new Set();
  let placement = fields[0], pocket = null;
  const open = placement.indexOf("[");
  if (open >= 0) { pocket = placement.slice(open + 1, placement.indexOf("]", open)); placement = placement.slice(0, open); }
  for (const ch of placement) {
    if (ch === "/") continue;
    if (ch === "~") promoted.add(board.length - 1);
    else if (ch >= "1" && ch <= "8") for (let i = 0; i < +ch; i++) board.push("");
    else board.push(ch);
  }
  const counters = /^(\d+)\+(\d+)$/.exec(fields[4] || "");
  return { board, promoted, pocket, checks: counters ? [+counters[1], +counters[2]] : null };
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

// boardSVG draws a position, White at the bottom, with the files and
// ranks in the edge squares' corners and the last move shaded.
function boardSVG(board, last, promoted) {
  const svg = el("svg", { class: "board", viewBox: "0 0 320 320", svg: true });
  for (let i = 0; i < 64; i++) {
    const file = i % 8, row = Math.floor(i / 8), x = file * 40, y = row * 40;
    const dark = (file + row) % 2 === 1;
    svg.appendChild(el("rect", { x, y, width: 40, height: 40, class: dark ? "dark" : "light", svg: true }));
    if (last && (i === sq(last.slice(0, 2)) || i === sq(last.slice(2, 4))))
      svg.appendChild(el("rect", { x, y, width: 40, height: 40, fill: "rgba(255,220,0,0.35)", svg: true }));
    if (file === 0) svg.appendChild(el("text", { x: x + 2, y: y + 10, class: "coord " + (dark ? "on-dark" : "on-light"), svg: true }, String(8 - row)));
    if (row === 7) svg.appendChild(el("text", { x: x + 38, y: y + 38, "text-anchor": "end", class: "coord " + (dark ? "on-dark" : "on-light"), svg: true }, "abcdefgh"[file]));
    if (board[i]) svg.appendChild(el("text", { x: x + 20, y: y + 21, class: "piece", svg: true }, glyph[board[i]]));
    if (board[i] && promoted && promoted.has(i)) svg.appendChild(el("circle", { cx: x + 35, cy: y + 6, r: 3, class: "promoted", svg: true }));
  }
  return svg;
}

// variantBar is what a variant adds beside a side of the board: the
// pieces in its pocket with their counts, the checks it still has to give.
// null in chess (pos null) or when the variant has neither.
function variantBar(pos, colour) {
  if (!pos || (pos.pocket === null && pos.checks === null)) return null;
  const bar = el("div", { class: "variant-bar " + colour });
  if (pos.pocket !== null) {
    const pocket = el("span", { class: "pocket", title: colour + "'s pocket" });
    const counts = {};
    for (const ch of pos.pocket) if ((ch === ch.toUpperCase()) === (colour === "white")) counts[ch] = (counts[ch] || 0) + 1;
    for (const ch in counts) pocket.appendChild(el("span", { class: "in-pocket", "data-piece": ch }, glyph[ch] + (counts[ch] > 1 ? "×" + counts[ch] : "")));
    if (!pocket.firstChild) pocket.textContent = "pocket empty";
    bar.appendChild(pocket);
  }
  if (pos.checks !== null) {
    const n = pos.checks[colour === "white" ? 0 : 1];
    bar.appendChild(el("span", { class: "checks-left", title: "checks " + colour + " still has to give to win" }, `${n} check${n === 1 ? "" : "s"} to win`));
  }
  return bar;
}

// sideBar is a player's line beside its side of the board: the colour,
// the name and the clock, the side to move marked.
function sideBar(colour, name, clockText, toMove) {
  const bar = el("div", { class: "side-bar" + (toMove ? " to-move" : "") });
  bar.append(el("span", { class: "swatch " + colour, title: colour }), el("span", { class: "name" }, name), el("span", { class: "clock", title: colour + "'s clock" }, clockText));
  return bar;
}

function sideToMove(fen, plies) {
  const black = (fen || START).split(" ")[1] === "b";
  return (plies % 2 === 0) !== black ? "white" : "black";
}

function clock(ns) {
  if (ns === undefined || ns === null) return "";
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
    // A variant's position comes from the server (drops, explosions).
    const pos = g.fen ? parsePosition(g.fen) : null, board = pos ? pos.board : parseFEN(g.start_fen);
    if (!pos) for (const m of g.moves) play(board, m);
    const card = el("div", { class: "board-card", "data-game": g.number });
    const toMove = sideToMove(g.start_fen, g.moves.length);
    card.appendChild(el("div", { class: "card-title" }, `#${g.number} ${g.white} – ${g.black}, ply ${g.moves.length}` + (pos ? `, ${variantName}` : "") + (g.worker ? `, on ${g.worker}` : "")));
    card.appendChild(sideBar("black", g.black, clock(g.clocks_ns[1]), toMove === "black"));
    card.append(...[variantBar(pos, "black"), boardSVG(board, g.moves[g.moves.length - 1], pos && pos.promoted), variantBar(pos, "white")].filter(Boolean));
    card.appendChild(sideBar("white", g.white, clock(g.clocks_ns[0]), toMove === "white"));
    ["white", "black"].forEach((side, i) => {
      const e = g.evals[i];
      const line = el("div", { class: "eval", title: e.pv || "" });
      line.append(el("b", {}, `${g[side]} ${e.score || "?"} d${e.depth || 0}`), " ", e.pv || "");
      card.appendChild(line);
    });
    card.appendChild(evalGraph(g.scores));
    box.appendChild(card);
  }
  if (!games || games.length === 0) box.textContent = "none now";
}

// figureValue is a plotted figure's number; null for "inf", "-inf" and
// n/a, which have no place on an axis.
function figureValue(f) { return typeof f === "number" && isFinite(f) ? f : null; }

function figureText(f) {
  if (f === "inf") return "+∞";
  if (f === "-inf") return "−∞";
  if (f === null || f === undefined) return "n/a";
  return typeof f === "number" ? f.toFixed(2) : String(f);
}

// plot draws key (± band) against games played, with labelled axes, the
// dashed lines at the given values, and the latest value in words ("+∞"
// while one side has every point, which no axis holds).
function plot(svgId, points, key, band, lines, title) {
  const svg = document.getElementById(svgId);
  svg.replaceChildren();
  const W = 400, H = 170, L = 44, R = 8, T = 18, B = 28; // plot area margins
  svg.appendChild(el("text", { x: L, y: 12, class: "plot-title", svg: true }, title));
  const pts = (points || []).filter(p => figureValue(p[key]) !== null);
  let lo = Infinity, hi = -Infinity;
  for (const p of pts) {
    const v = figureValue(p[key]), w = band ? figureValue(p[band]) || 0 : 0;
    lo = Math.min(lo, v - w); hi = Math.max(hi, v + w);
  }
  for (const v of lines || []) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
  if (!isFinite(lo) || !isFinite(hi)) { lo = -1; hi = 1; }
  if (hi - lo < 1) { hi += 0.5; lo -= 0.5; }
  const maxX = Math.max(1, (points && points.length) ? points[points.length - 1].played : 1);
  const X = p => (L + p / maxX * (W - L - R)).toFixed(1), Y = v => (H - B - (v - lo) / (hi - lo) * (H - B - T)).toFixed(1);
  // Axes, ticks and their labels.
  svg.appendChild(el("line", { x1: L, x2: L, y1: T, y2: H - B, class: "axis", svg: true }));
  svg.appendChild(el("line", { x1: L, x2: W - R, y1: H - B, y2: H - B, class: "axis", svg: true }));
  const yTicks = [lo, (lo + hi) / 2, hi];
  if (lo < 0 && hi > 0) yTicks.push(0);
  for (const v of yTicks) {
    svg.appendChild(el("line", { x1: L - 3, x2: L, y1: Y(v), y2: Y(v), class: "axis", svg: true }));
    svg.appendChild(el("text", { x: L - 5, y: +Y(v) + 3, "text-anchor": "end", class: "tick", svg: true }, Math.abs(v) >= 100 ? v.toFixed(0) : v.toFixed(1)));
  }
  for (const g of [0, Math.round(maxX / 2), maxX]) {
    svg.appendChild(el("line", { x1: X(g), x2: X(g), y1: H - B, y2: H - B + 3, class: "axis", svg: true }));
    svg.appendChild(el("text", { x: X(g), y: H - B + 13, "text-anchor": "middle", class: "tick", svg: true }, String(g)));
  }
  svg.appendChild(el("text", { x: (L + W - R) / 2, y: H - 3, "text-anchor": "middle", class: "axis-label", svg: true }, "games played"));
  svg.appendChild(el("text", { x: 10, y: (T + H - B) / 2, transform: `rotate(-90 10 ${(T + H - B) / 2})`, "text-anchor": "middle", class: "axis-label", svg: true }, key === "elo" ? "Elo" : "LLR"));
  for (const v of lines || []) svg.appendChild(el("line", { x1: L, x2: W - R, y1: Y(v), y2: Y(v), class: "bound", svg: true }));
  if (band && pts.length > 0) {
    const upper = pts.map(p => X(p.played) + "," + Y(figureValue(p[key]) + (figureValue(p[band]) || 0)));
    const lower = pts.slice().reverse().map(p => X(p.played) + "," + Y(figureValue(p[key]) - (figureValue(p[band]) || 0)));
    svg.appendChild(el("polygon", { points: upper.concat(lower).join(" "), class: "band", svg: true }));
  }
  if (pts.length > 0)
    svg.appendChild(el("polyline", { points: pts.map(p => X(p.played) + "," + Y(figureValue(p[key]))).join(" "), class: "line", svg: true }));
  const last = points && points.length ? points[points.length - 1] : null;
  const now = last === null ? "no games yet" : `${figureText(last[key])}` + (band && figureValue(last[key]) !== null ? ` ± ${figureText(last[band])}` : "") + ` after ${last.played}`;
  svg.appendChild(el("text", { x: W - R, y: 12, "text-anchor": "end", class: "plot-now", svg: true }, now));
}

function fig(f) { return figureText(f); }

// variantName is the run's variant, for the live boards' titles.
let variantName = "";

function renderSummary(v) {
  const s = v.summary, run = v.run;
  variantName = run.variant || "";
  const facts = [`${run.type || "match"}: ${(run.engines || []).join(" vs ")}`,
    `time control ${(run.time_controls || []).filter((tc, i, all) => all.indexOf(tc) === i).join(" / ") || "not recorded"}`,
    `openings: ${run.openings || "start position"}`];
  if (run.variant) facts.push(run.variant);
  if (run.viewing) facts.push(`from ${run.pgn}`);
  document.getElementById("run").textContent = facts.join(" · ");
  const score = document.getElementById("score");
  score.replaceChildren();
  const p = el("p", {}, run.viewing ? `${s.played} games` : `Games ${s.played} of ${s.total}` + (s.games_per_min ? ` · ${s.games_per_min.toFixed(1)} games/min · ETA ${eta(s.eta_seconds)}` : ""));
  score.appendChild(p);
  const t = el("table", { class: "encounters" });
  t.appendChild(el("tr", {}, "")).innerHTML = "<th>Encounter</th><th>W</th><th>D</th><th>L</th><th>Ptnml(0-2)</th><th>Elo ± 95 %</th><th>nElo</th><th>LOS</th>";
  for (const e of s.encounters || []) {
    const tr = el("tr");
    const f = e.figures;
    [`${e.names[0]} vs ${e.names[1]}`, e.wins, e.draws, e.losses, `[${e.pentanomial.join(", ")}]`,
     `${fig(f.elo)} ± ${fig(f.elo95)}`, `${fig(f.nelo)} ± ${fig(f.nelo95)}`, `${fig(f.los)} %`].forEach(x => tr.appendChild(el("td", {}, String(x))));
    t.appendChild(tr);
  }
  score.appendChild(scroller(t));
  if ((run.engines || []).length > 2) {
    const rt = el("table", { class: "ratings" });
    rt.innerHTML = "<tr><th>Rank</th><th>Engine</th><th>Elo</th><th>± 95 %</th><th>Games</th><th>Points</th></tr>";
    (s.ratings || []).forEach((r, i) => {
      const tr = el("tr");
      [i + 1, r.name, r.elo.toFixed(1), r.elo95.toFixed(1), r.games, r.score].forEach(x => tr.appendChild(el("td", {}, String(x))));
      rt.appendChild(tr);
    });
    score.append(scroller(rt), scroller(crosstable(run.engines, s.encounters || [])));
  }
  const sprt = document.getElementById("sprt");
  sprt.textContent = s.sprt ? `SPRT [${s.sprt.elo0}, ${s.sprt.elo1}]: LLR ${s.sprt.llr.toFixed(2)} within (${s.sprt.lower.toFixed(2)}, ${s.sprt.upper.toFixed(2)}) — ${s.sprt.decision === "continue" ? "running" : s.sprt.decision + " accepted"}` : "";
  sprt.className = s.sprt && s.sprt.decision !== "continue" ? "decided" : "";
  const eng = document.getElementById("engines");
  eng.replaceChildren();
  const et = el("table", { class: "engines" });
  et.innerHTML = "<tr><th>Engine</th><th>Games</th><th>Points</th><th title=\"games lost on time\">Time forfeits</th><th title=\"the engine exited or closed its output\">Disconnects</th><th title=\"the engine stopped answering\">Stalls</th><th title=\"illegal moves, false claims\">Illegal</th></tr>";
  for (const e of s.engines || []) {
    const tr = el("tr");
    [e.name, e.games, e.points, e.time_forfeits, e.disconnects, e.stalls, e.illegal].forEach(x => tr.appendChild(el("td", {}, String(x))));
    et.appendChild(tr);
  }
  eng.appendChild(scroller(et));
  document.getElementById("status").textContent = run.viewing ? "viewing a finished run" : s.done ? "finished" : "running";
}

// scroller lets a wide table scroll inside its box instead of spilling out.
function scroller(table) { const d = el("div", { class: "scroller" }); d.appendChild(table); return d; }

function eta(seconds) {
  const s = Math.round(seconds);
  if (s < 60) return s + " s";
  if (s < 3600) return Math.floor(s / 60) + " min " + (s % 60) + " s";
  return Math.floor(s / 3600) + " h " + Math.floor(s % 3600 / 60) + " min";
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

// viewGame shows a finished game: the board with each side's name and
// clock by its side, and the moves in SAN with what each engine said of its
// move (score, depth, time) and its clock after it; a move, the arrows
// or the arrow keys step through it.
async function viewGame(n, scroll = true) {
  const g = await (await fetch(`api/games/${n}.json`)).json();
  const box = document.getElementById("viewer");
  const blackStarts = (g.start_fen || START).split(" ")[1] === "b";
  const firstMove = +((g.start_fen || START).split(" ")[5] || 1);
  let ply = g.moves.length;
  const clockAt = (side, upTo) => { // the side's clock after its last move up to ply upTo
    for (let i = upTo - 1; i >= 0; i--) if (moverOf(i) === side && g.plies[i].clock_ns !== undefined) return clock(g.plies[i].clock_ns);
    return "";
  };
  const moverOf = i => ((i % 2 === 0) !== blackStarts) ? "white" : "black";
  const draw = () => {
    const pos = g.positions ? parsePosition(g.positions[ply]) : null, board = pos ? pos.board : parseFEN(g.start_fen);
    if (!pos) for (const m of g.moves.slice(0, ply)) play(board, m);
    const left = el("div", { class: "viewer-board" });
    const toMove = sideToMove(g.start_fen, ply);
    left.append(...[sideBar("black", g.black, clockAt("black", ply), toMove === "black"), variantBar(pos, "black"), boardSVG(board, g.moves[ply - 1], pos && pos.promoted), variantBar(pos, "white"), sideBar("white", g.white, clockAt("white", ply), toMove === "white")].filter(Boolean));
    const nav = el("div", { class: "nav" });
    const step = (to) => () => { ply = Math.max(0, Math.min(g.moves.length, to)); draw(); };
    const buttons = [["«", 0], ["‹", ply - 1], ["›", ply + 1], ["»", g.moves.length]].map(([t, to]) => { const b = el("button", { title: "move " + to }, t); b.onclick = step(to); return b; });
    nav.append(...buttons, " ", el("a", { href: `api/games/${n}.pgn` }, "PGN"));
    left.appendChild(nav);
    const detail = ply > 0 ? g.plies[ply - 1] : null;
    left.appendChild(el("div", { class: "move-detail" }, detail ? `${moveLabel(ply - 1)} ${detail.san}: ${detail.book ? "book" : [detail.score && detail.score + "/" + detail.depth, detail.seconds !== undefined && detail.seconds.toFixed(3) + " s", detail.clock_ns !== undefined && "clock " + clock(detail.clock_ns)].filter(Boolean).join(", ") || detail.comment || ""}` : "start position"));
    const list = el("div", { class: "move-list" });
    const table = el("table");
    let row = null;
    g.plies.forEach((p, i) => {
      if (row === null || moverOf(i) === "white") {
        row = el("tr");
        row.appendChild(el("td", { class: "num" }, String(firstMove + Math.floor((i + (blackStarts ? 1 : 0)) / 2)) + "."));
        if (moverOf(i) === "black") row.appendChild(el("td", {}, "…"));
        table.appendChild(row);
      }
      const td = el("td", { class: "move" + (i === ply - 1 ? " current" : ""), "data-ply": i + 1 });
      td.append(el("span", { class: "san" }, p.san), el("span", { class: "fig" }, p.book ? "book" : [p.score && p.score + "/" + p.depth, p.seconds !== undefined && p.seconds.toFixed(2) + "s", p.clock_ns !== undefined && clock(p.clock_ns)].filter(Boolean).join(" ")));
      td.onclick = step(i + 1);
      row.appendChild(td);
    });
    list.appendChild(table);
    const right = el("div", { class: "viewer-moves" });
    right.append(el("div", { class: "viewer-result" }, `${g.result} ${g.reason ? "{" + g.reason + "}" : ""}`), list);
    const both = el("div", { class: "viewer-body" });
    both.append(left, right);
    box.replaceChildren(el("h3", {}, `Game ${n}: ${g.white} – ${g.black}, ply ${ply} of ${g.moves.length}` + (g.variant ? `, ${g.variant}` : "")), both);
    const current = list.querySelector(".current");
    if (current) list.scrollTop = current.offsetTop - list.clientHeight / 2;
    box.onkeydown = e => { if (e.key === "ArrowLeft") step(ply - 1)(); if (e.key === "ArrowRight") step(ply + 1)(); };
  };
  const moveLabel = i => String(firstMove + Math.floor((i + (blackStarts ? 1 : 0)) / 2)) + (moverOf(i) === "white" ? "." : "...");
  box.tabIndex = 0;
  draw();
  box.focus({ preventScroll: true });
  if (scroll) box.scrollIntoView({ block: "nearest" });
}

// renderFleet lists a distributed run's workers as the coordinator knows
// them: a silent worker stays listed, marked, with how long it has been
// silent (the coordinator's count: no clock of this browser's is trusted).
function renderFleet(workers) {
  const section = document.getElementById("fleet");
  section.hidden = !workers || workers.length === 0;
  if (section.hidden) return;
  const count = s => workers.filter(w => w.state === s).length;
  document.getElementById("fleet-count").textContent =
    `(${workers.length}: ${count("playing")} playing, ${count("idle")} idle, ${count("silent")} silent, ${count("left")} left)`;
  const tbody = document.querySelector("#fleet-table tbody");
  tbody.replaceChildren();
  for (const w of workers) {
    const tr = el("tr", { class: "worker-" + w.state });
    const state = w.state === "playing" ? `playing ${w.playing} of ${w.slots}`
      : w.state === "silent" ? `silent ${Math.round(w.silent_for_s || 0)} s` : w.state;
    const failures = (w.refused || 0) + (w.rejected || 0) + (w.forfeits || 0);
    const seen = new Date(w.last_seen).toLocaleTimeString();
    const speed = (w.engines || []).map(e => e.nps ? `${e.name} ${(e.nps / 1e6).toFixed(2)} M` : e.name).join(", ");
    [w.name, w.host, w.cpus, state, w.played, (w.games_per_min || 0).toFixed(1), seen].forEach(x => tr.appendChild(el("td", {}, String(x))));
    tr.appendChild(el("td", { title: `${w.refused || 0} jobs refused, ${w.rejected || 0} results refused, ${w.forfeits || 0} games forfeited by an engine` }, String(failures)));
    [w.version, speed].forEach(x => tr.appendChild(el("td", {}, x)));
    tbody.appendChild(tr);
  }
}

function render(v) {
  renderSummary(v);
  renderBoards(v.games);
  renderFinished(v.finished);
  renderFleet(v.fleet);
  plot("elo-plot", v.history, "elo", "elo95", [0], "Elo ± 95 %");
  const sprt = v.summary.sprt;
  document.getElementById("llr-plot").style.display = sprt ? "" : "none";
  if (sprt) plot("llr-plot", v.history, "llr", null, [sprt.lower, sprt.upper], "LLR and the SPRT's bounds");
}

fetch("api/state").then(r => r.json()).then(v => {
  render(v);
  // ?game=N opens game N in the viewer (a link to it, a screenshot of it).
  const n = new URLSearchParams(location.search).get("game");
  if (n) viewGame(+n, false);
});
// ?nostream: one snapshot, no event stream (headless snapshots of the page).
if (!location.search.includes("nostream")) {
  const events = new EventSource("api/events");
  events.addEventListener("state", e => render(JSON.parse(e.data)));
  events.onerror = () => { document.getElementById("status").textContent = "disconnected (retrying)"; };
}
