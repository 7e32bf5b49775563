// The web page of `judge serve`: problems, a submit form, a live list of submissions
// and a submission's page, on the JSON API (docs/service.md). Plain browser
// JavaScript, no libraries, served by the judge itself (works offline). Every value
// from the server is put into the page as text (textContent), never as HTML.
'use strict';

const state = { token: localStorage.getItem('judge.token') || '', languages: [], who: null,
                listTimer: null, stream: null,
                view: 0 };  // view: counts routings; a poll of an older view stops

const $ = (id) => document.getElementById(id);

function headers(extra) {
  const h = Object.assign({}, extra || {});
  if (state.token) h['Authorization'] = 'Bearer ' + state.token;
  return h;
}

async function api(path, options) {
  const opts = Object.assign({}, options || {});
  opts.headers = headers(opts.headers);
  const res = await fetch('/api/v1/' + path, opts);
  const text = await res.text();
  let body = null;
  try { body = text ? JSON.parse(text) : null; } catch (e) { body = null; }
  if (!res.ok) {
    const err = new Error((body && body.error) || ('HTTP ' + res.status));
    err.status = res.status;
    throw err;
  }
  return body !== null ? body : text;
}

function showError(message) {
  const e = $('error');
  e.textContent = message || '';
  e.hidden = !message;
}

function cell(row, text, cls) {
  const td = document.createElement('td');
  td.textContent = text === undefined || text === null ? '' : String(text);
  if (cls) td.className = cls;
  row.appendChild(td);
  return td;
}

function verdictOf(sub) {
  if (sub.status === 'done' && sub.verdict) return sub.verdict;
  return sub.status;
}

function verdictCell(row, sub) {
  const td = cell(row, '');
  const span = document.createElement('span');
  const v = verdictOf(sub);
  span.textContent = v;
  span.className = 'verdict v-' + v;
  td.appendChild(span);
  td.className = 'verdict-cell';
  return td;
}

function formatTime(ms) {
  return ms ? new Date(ms).toLocaleString() : '';
}

// ---- who am I, and the token ------------------------------------------------------

async function loadWhoami() {
  try {
    state.who = await api('whoami');
    $('whoami').textContent = state.who.name + ' (' + state.who.role + ')';
    $('token-form').hidden = true;
    $('token-forget').hidden = !state.token;
    return true;
  } catch (e) {
    state.who = null;
    $('whoami').textContent = '';
    $('token-form').hidden = false;
    showError(e.message);
    return false;
  }
}

function setupToken() {
  $('token-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    state.token = $('token-input').value.trim();
    localStorage.setItem('judge.token', state.token);
    showError('');
    if (await loadWhoami()) route();
  });
  $('token-forget').addEventListener('click', () => {
    state.token = '';
    localStorage.removeItem('judge.token');
    location.reload();
  });
}

// ---- home: problems, submit, live list ---------------------------------------------

async function loadProblems() {
  const [problems, languages] = await Promise.all([api('problems'), api('languages')]);
  state.languages = languages;
  const body = $('problems').tBodies[0];
  body.replaceChildren();
  const select = $('problem-select');
  const chosen = select.value;
  select.replaceChildren();
  for (const p of problems) {
    const row = body.insertRow();
    cell(row, p.id);
    cell(row, p.name);
    cell(row, p.time_ms + ' ms', 'num');
    cell(row, p.memory_kib + ' KiB', 'num');
    cell(row, p.tests, 'num');
    const opt = document.createElement('option');
    opt.value = p.id;
    opt.textContent = p.id + ' — ' + p.name;
    select.appendChild(opt);
  }
  if (chosen) select.value = chosen;
  const langSelect = $('language-select');
  const keep = langSelect.value;
  langSelect.replaceChildren(new Option('chosen by the server', ''));
  for (const l of languages) langSelect.appendChild(new Option(l.name + ' (' + l.id + ')', l.id));
  langSelect.value = keep;
}

function setupSubmit() {
  $('source-file').addEventListener('change', () => {
    const f = $('source-file').files[0];
    if (f) $('filename').value = f.name;
  });
  $('submit-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    showError('');
    const file = $('source-file').files[0];
    const source = file ? await file.text() : $('source-text').value;
    const request = { problem: $('problem-select').value, filename: $('filename').value, source: source };
    if ($('language-select').value) request.language = $('language-select').value;
    $('submit-status').textContent = 'sending…';
    try {
      const made = await api('submissions', { method: 'POST', headers: { 'Content-Type': 'application/json' },
                                              body: JSON.stringify(request) });
      // The server chooses the language (the judge's one rule: extension, #! line,
      // its offer); the page shows its choice rather than guessing.
      $('submit-status').textContent = 'submission ' + made.id + ' queued as ' + made.language;
      $('source-file').value = '';
      await loadSubmissions();
    } catch (e) {
      $('submit-status').textContent = '';
      showError(e.message);
    }
  });
}

async function loadSubmissions() {
  const list = await api('submissions?limit=50');
  const body = $('submissions').tBodies[0];
  body.replaceChildren();
  for (const s of list) {
    const row = body.insertRow();
    row.dataset.id = s.id;
    const idCell = cell(row, '');
    const a = document.createElement('a');
    a.href = '#/submission/' + s.id;
    a.textContent = s.id;
    idCell.appendChild(a);
    cell(row, formatTime(s.created_unix_ms));
    cell(row, s.problem);
    cell(row, s.language);
    cell(row, s.filename);
    cell(row, s.submitter);
    verdictCell(row, s);
    cell(row, s.score !== undefined ? s.score : '', 'num');
    cell(row, s.time_ms !== undefined ? s.time_ms : '', 'num');
    cell(row, s.memory_kib !== undefined ? s.memory_kib : '', 'num');
  }
  return list;
}

// The live list polls while its view is shown. A poll in flight when the page
// changes must not schedule the next one: clearTimeout in route() only cancels a
// poll that is waiting, so each loop carries the view it belongs to and stops when
// that view is gone (else every visit home would leave one more loop running).
async function showHome(view) {
  $('home-view').hidden = false;
  $('submission-view').hidden = true;
  await loadProblems();
  const tick = async () => {
    if (state.view !== view) return;
    try {
      await loadSubmissions();
    } catch (e) {
      showError(e.message);
    }
    if (state.view === view) state.listTimer = setTimeout(tick, 1500);
  };
  await tick();
}

// ---- one submission ---------------------------------------------------------------

function fact(dl, name, value) {
  const dt = document.createElement('dt');
  dt.textContent = name;
  const dd = document.createElement('dd');
  dd.textContent = value === undefined || value === null ? '' : String(value);
  dl.append(dt, dd);
}

function testRow(index, t) {
  const body = $('tests').tBodies[0];
  let row = body.querySelector('tr[data-index="' + index + '"]');
  if (!row) {
    row = body.insertRow();
    row.dataset.index = index;
  }
  row.replaceChildren();
  cell(row, index + 1, 'num');
  cell(row, t.name);
  verdictCell(row, { status: 'done', verdict: t.verdict });
  cell(row, t.time_ms, 'num');
  cell(row, t.wall_ms, 'num');
  cell(row, t.memory_kib, 'num');
  cell(row, t.exit_code, 'num');
  cell(row, t.signal || '', 'num');
  const msg = cell(row, t.message, 'message');
  // The run's stderr tail: present for admins only (the server leaves it out otherwise).
  if (t.stderr) {
    const pre = document.createElement('pre');
    pre.className = 'stderr';
    pre.textContent = t.stderr;
    msg.appendChild(pre);
  }
}

function renderSubmission(s) {
  $('sub-id').textContent = s.id;
  const v = $('verdict');
  v.textContent = verdictOf(s);
  v.className = 'verdict v-' + verdictOf(s);
  const dl = $('sub-facts');
  dl.replaceChildren();
  fact(dl, 'Problem', s.problem);
  fact(dl, 'Language', s.language);
  fact(dl, 'File', s.filename);
  fact(dl, 'By', s.submitter);
  fact(dl, 'Submitted', formatTime(s.created_unix_ms));
  if (s.status === 'done') {
    fact(dl, 'Score', s.score);
    // A contestant's figures come from the sample tests only (the server's choice).
    const admin = state.who && state.who.role === 'admin';
    fact(dl, 'CPU time', s.time_ms + (admin ? ' ms (largest test)' : ' ms (largest sample test)'));
    fact(dl, 'Memory', s.memory_kib + ' KiB');
  }
  $('judging-message').textContent = s.message || s.judging_message || '';
  $('compile-log').textContent = (s.compile && s.compile.log) || '';
  const tests = s.tests || [];
  $('tests').tBodies[0].replaceChildren();
  tests.forEach((t, i) => testRow(i, t));
  progress(s, tests.length);
  $('rejudge-button').hidden = !(state.who && state.who.role === 'admin') ||
                               !(s.status === 'done' || s.status === 'failed');
}

function progress(s, done) {
  const total = s.tests_total;
  $('progress').textContent = s.status === 'running' && total ? 'judging: ' + done + ' of ' + total + ' tests'
      : s.status === 'queued' ? 'waiting for a worker' : '';
}

// Server-Sent Events read through fetch, so the token goes in a header.
async function followEvents(id, current) {
  const controller = new AbortController();
  state.stream = controller;
  const res = await fetch('/api/v1/submissions/' + id + '/events', { headers: headers(), signal: controller.signal });
  if (!res.ok) throw new Error('events: HTTP ' + res.status);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let judging = null;
  let finished = false;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let name = 'message', data = '';
      for (const line of block.split('\n')) {
        if (line.startsWith('event: ')) name = line.slice(7);
        else if (line.startsWith('data: ')) data += line.slice(6);
      }
      if (!data) continue;
      const payload = JSON.parse(data);
      if (name === 'test') {
        if (judging !== payload.judging) {
          judging = payload.judging;
          $('tests').tBodies[0].replaceChildren();
        }
        testRow(payload.index, payload.test);
        current.status = 'running';
        current.tests_total = payload.tests_total;
        progress(current, payload.index + 1);
        $('verdict').textContent = 'running';
        $('verdict').className = 'verdict v-running';
      } else if (name === 'done') {
        finished = true;
        renderSubmission(payload);
      }
    }
  }
  // The server ends a stream after its lifetime: follow on with a new one.
  if (!finished && state.stream === controller) {
    setTimeout(() => { if (state.stream === controller) showSubmission(id).catch((e) => showError(e.message)); },
               1000);
  }
}

async function showSubmission(id) {
  $('home-view').hidden = true;
  $('submission-view').hidden = false;
  $('source').textContent = '';
  const s = await api('submissions/' + id);
  renderSubmission(s);
  api('submissions/' + id + '/source').then((text) => { $('source').textContent = text; })
      .catch((e) => showError(e.message));
  $('rejudge-button').onclick = async () => {
    try {
      await api('submissions/' + id + '/rejudge', { method: 'POST' });
      await showSubmission(id);
    } catch (e) {
      showError(e.message);
    }
  };
  if (s.status === 'queued' || s.status === 'running') {
    followEvents(id, s).catch((e) => { if (e.name !== 'AbortError') showError(e.message); });
  }
}

// ---- routing ----------------------------------------------------------------------

async function route() {
  const view = ++state.view;
  clearTimeout(state.listTimer);
  if (state.stream) state.stream.abort();
  state.stream = null;
  showError('');
  if (!state.who && !(await loadWhoami())) return;
  const m = location.hash.match(/^#\/submission\/(\d+)$/);
  try {
    if (m) await showSubmission(m[1]);
    else await showHome(view);
  } catch (e) {
    showError(e.message);
  }
}

window.addEventListener('hashchange', route);
window.addEventListener('DOMContentLoaded', () => {
  setupToken();
  setupSubmit();
  route();
});
