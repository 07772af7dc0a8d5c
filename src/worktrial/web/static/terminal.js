// The workspace page's terminal: keystrokes to the session's shell over a websocket, its output back as text.
// A plain text screen (escape sequences are dropped), enough for commands, python3 and less-like paging.
(function () {
  "use strict";
  var box = document.getElementById("terminal");
  if (!box) { return; }
  var screen = box.querySelector("pre.screen");
  var socket = null;
  var ESC = /\x1b\[[0-9;?]*[ -\/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)|\x1b[()][0-9A-Za-z]|\x1b[=>]/g;
  function write(text) {
    var cur = screen.textContent;
    var clean = text.replace(ESC, "");
    for (var i = 0; i < clean.length; i++) {
      var ch = clean[i];
      if (ch === "\r" || ch === "\x07") { continue; }
      if (ch === "\b") { cur = cur.slice(0, -1); continue; }
      cur += ch;
    }
    if (cur.length > 200000) { cur = cur.slice(-150000); }
    screen.textContent = cur;
    screen.scrollTop = screen.scrollHeight;
  }
  function send(data) {
    if (socket && socket.readyState === 1) { socket.send(JSON.stringify({ data: data })); }
  }
  function connect() {
    if (socket && socket.readyState <= 1) { return; }
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + box.dataset.socket);
    socket.onopen = function () { box.dataset.state = "open"; socket.send(JSON.stringify({ resize: [30, 110] })); box.focus(); };
    socket.onmessage = function (event) { write(event.data); };
    socket.onclose = function () { box.dataset.state = "closed"; write("\n[disconnected]\n"); };
  }
  var KEYS = { Enter: "\r", Backspace: "\x7f", Tab: "\t", Escape: "\x1b", ArrowUp: "\x1b[A", ArrowDown: "\x1b[B",
               ArrowRight: "\x1b[C", ArrowLeft: "\x1b[D", Home: "\x1b[H", End: "\x1b[F", Delete: "\x1b[3~" };
  box.querySelector("button.connect").addEventListener("click", connect);
  box.addEventListener("keydown", function (e) {
    if (e.target !== box) { return; }
    var data = null;
    if (KEYS[e.key]) { data = KEYS[e.key]; }
    else if (e.ctrlKey && e.key.length === 1 && /[a-z]/i.test(e.key)) { data = String.fromCharCode(e.key.toLowerCase().charCodeAt(0) - 96); }
    else if (!e.ctrlKey && !e.metaKey && e.key.length === 1) { data = e.key; }
    if (data !== null) { e.preventDefault(); send(data); }
  });
  box.addEventListener("paste", function (e) {
    e.preventDefault();
    send((e.clipboardData || window.clipboardData).getData("text"));
  });
}());
