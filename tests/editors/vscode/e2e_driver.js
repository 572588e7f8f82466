// Drives code-server (the real VS Code workbench) in headless Chromium via
// playwright-core, the way a person would use the cute-ir extension, and
// prints one JSON object. Exit code 0 only if every required check passed.
//
// usage: node e2e_driver.js BASE_URL WORKSPACE_DIR IR_FILE OUT_DIR
// env:   CUTE_IR_EXPECT_DIAG   diagnostic text expected verbatim in the Problems panel
//        CUTE_IR_EXPECT_HOVER  text expected in the hover card over `!cute_nvgpu.sm90.mma`
//        CUTE_IR_MACHINE_SETTINGS  code-server's machine settings.json; when given, the last
//                              step points cute-ir.server.command at a missing program and
//                              checks the error the extension shows
//        CUTE_IR_LOG_DIR       code-server's log directory: the extension's log there (the LSP
//                              trace, verbose) says what the server published, which the
//                              Problems panel is counted against
//        CHROMIUM              browser executable (default /usr/bin/chromium)
'use strict';
const { chromium } = require('playwright-core');
const fs = require('fs');
const os = require('os');
const path = require('path');

const [base, folder, file, outDir] = process.argv.slice(2);
const EXPECT_DIAG = process.env.CUTE_IR_EXPECT_DIAG || 'unknown  type `bogus` in dialect `cute_nvgpu`';
const EXPECT_HOVER = process.env.CUTE_IR_EXPECT_HOVER || 'sm90.mma';
const MACHINE_SETTINGS = process.env.CUTE_IR_MACHINE_SETTINGS;
const LOG_DIR = process.env.CUTE_IR_LOG_DIR;
const T = 60000;
const PTX_TAB = `${file}.ptx`;
const LOWERED_TAB = `${path.basename(file, path.extname(file))}.lowered.ir`;

const t0 = Date.now();
const lap = (m) => console.error(`[${((Date.now() - t0) / 1000).toFixed(1)}s] ${m}`);
const res = { ok: false, checks: {}, screenshots: [], times_s: {} };
const mark = (name) => (res.times_s[name] = (Date.now() - t0) / 1000);

async function shot(page, name) {
  const p = path.join(outDir, name);
  await page.screenshot({ path: p });
  res.screenshots.push(p);
}

/** Runs a command through the Command Palette, as a person would. */
async function runCommand(page, title) {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: T });
  await input.fill(`>${title}`);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first().waitFor({ timeout: T });
  await page.keyboard.press('Enter');
}

/** The editor group whose active tab shows the file `name` (exact name: kernel.ir is not kernel.ir.ptx). */
function groupWithTab(page, name) {
  return page.locator('.editor-group-container').filter({ has: page.locator(`.tab.active[data-resource-name="${name}"]`) }).first();
}

/** Opens `name` with Quick Open, filling its input (typed keys can land elsewhere while the
 *  widget opens under load) and asking again when no tab of it shows: a loaded machine once
 *  left the file unopened. */
async function quickOpen(page, name, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('Control+P');
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible', timeout: T });
    await input.fill(name);
    await page.locator(`.quick-input-list .monaco-list-row[aria-label*="${name}"]`).first().waitFor({ timeout: T });
    await page.keyboard.press('Enter');
    const opened = await groupWithTab(page, name).locator('.view-lines').first()
      .waitFor({ timeout: attempt < attempts ? 15000 : T }).then(() => true, () => false);
    if (opened) return;
    if (attempt >= attempts) throw new Error(`Quick Open did not open ${name}`);
    await page.keyboard.press('Escape');
  }
}

function notification(page, text) {
  return page.locator('.notifications-toasts .notification-list-item-message, .notifications-center .notification-list-item-message', { hasText: text }).first();
}

/** Waits for the first of several locators to appear; returns its index. */
async function firstVisible(locators, timeout) {
  return Promise.any(locators.map((l, i) => l.waitFor({ state: 'visible', timeout }).then(() => i)));
}

async function editorText(group) {
  return (await group.locator('.monaco-editor .view-lines').first().innerText()).replace(/\u00a0/g, ' ');
}

/** Waits until the editor's text has not changed for `quietMs` (typing reaches the server with a lag). */
async function stableText(group, quietMs = 1500, timeout = 20000) {
  const end = Date.now() + timeout;
  let last = await editorText(group);
  let since = Date.now();
  while (Date.now() < end) {
    await new Promise((r) => setTimeout(r, 250));
    const now = await editorText(group);
    if (now !== last) {
      last = now;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) {
      break;
    }
  }
  return last;
}

/** The extension's log file (its name has the output channel's), newest first. */
function extensionLog() {
  if (!LOG_DIR) return null;
  const found = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.name.includes('CuTe IR')) found.push(p);
    }
  };
  walk(LOG_DIR);
  found.sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  return found[0] || null;
}

/**
 * What the server published last for each document, from the LSP trace (verbose: each
 * notification's params follow it as JSON): uri -> number of diagnostics.
 */
function publishedCounts() {
  const file = extensionLog();
  if (!file) return null;
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const counts = {};
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i].includes("Received notification 'textDocument/publishDiagnostics'")) continue;
    // The next line, `<time> [info] Params: {`, then the JSON's other lines, unprefixed.
    let j = i + 1;
    const at = j < lines.length ? lines[j].indexOf('Params: ') : -1;
    if (at < 0) continue;
    const json = [lines[j].slice(at + 'Params: '.length)];
    for (j++; j < lines.length && !/^\d{4}-\d\d-\d\d /.test(lines[j]); j++) json.push(lines[j]);
    try {
      const params = JSON.parse(json.join('\n'));
      counts[params.uri] = params.diagnostics.length;
    } catch {
      // a notification the log cut short: the next one says the same document's state
    }
    i = j - 1;
  }
  return counts;
}

/** The Problems panel's entries (one per diagnostic; file rows are not counted) and its badge. */
async function problemsShown(page) {
  await page.keyboard.press('Control+Shift+M');
  await page.waitForTimeout(800);
  const entries = await page.locator('.markers-panel .monaco-list-row').evaluateAll(
    (rows) => rows.filter((r) => r.querySelector('.marker-icon, .codicon-error, .codicon-warning, .codicon-info')).length);
  const badge = await page.evaluate(() => {
    const item = document.getElementById('status.problems');
    const label = item ? item.getAttribute('aria-label') || item.textContent || '' : '';
    return (label.match(/\d+/g) || []).map(Number).reduce((a, b) => a + b, 0);
  });
  return { entries, badge };
}

/** Runs "Developer: Inspect Editor Tokens and Scopes" at the editor's cursor: the widget's text. */
async function inspectTokens(page) {
  await runCommand(page, 'Developer: Inspect Editor Tokens and Scopes');
  const widget = page.locator('.token-inspect-widget').first();
  await widget.waitFor({ state: 'visible', timeout: 15000 }).catch(() => {});
  // It says "Loading..." until the token's semantic and TextMate information is in.
  await page
    .waitForFunction(() => { const w = document.querySelector('.token-inspect-widget'); return w && !/Loading/.test(w.innerText); }, null, { timeout: 15000 })
    .catch(() => {});
  const text = await widget.innerText().catch(() => '');
  await page.keyboard.press('Escape');
  return text.replace(/\u00a0/g, ' ');
}

/** The Problems panel against the server's last publish for each of `files` (names in the workspace). */
async function problemsMatchPublished(page, files) {
  let out = { ok: false };
  for (let attempt = 0; attempt < 10 && !out.ok; attempt++) {
    await page.waitForTimeout(1000);            // the log reaches its file with a delay
    const published = publishedCounts() || {};
    const expected = files.reduce((sum, f) => {
      const uri = Object.keys(published).find((u) => decodeURIComponent(u).endsWith(`/${f}`));
      return sum + (uri === undefined ? NaN : published[uri]);
    }, 0);
    const shown = await problemsShown(page);
    out = { expected, ...shown, ok: Number.isFinite(expected) && shown.entries === expected && shown.badge === expected };
  }
  return out;
}

async function dismissNotifications(page) {
  await page.keyboard.press('Escape');
  const clear = page.locator('.notifications-toasts .codicon-notifications-clear, .notification-toast .codicon-close');
  for (const btn of await clear.all()) await btn.click({ timeout: 1000 }).catch(() => {});
}

(async () => {
  fs.mkdirSync(outDir, { recursive: true });
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'cute-ir-chromium-'));
  const ctx = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1400, height: 860 },
    // Root needs --no-sandbox; the rest keeps Chromium off the (closed) network.
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
  const page = ctx.pages()[0] || (await ctx.newPage());
  const consoleErrors = [];
  page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text().slice(0, 300)));
  try {
    await page.goto(`${base}/?folder=${encodeURIComponent(folder)}`, { timeout: T });
    await page.waitForSelector('.monaco-workbench', { timeout: T });
    await page.waitForSelector(`.explorer-folders-view .monaco-list-row[aria-label*="${file}"]`, { timeout: T });
    mark('workbench');
    lap('workbench ready');

    // Open the file with Quick Open.
    await page.locator('.monaco-workbench').click({ position: { x: 700, y: 400 } }).catch(() => {});
    await quickOpen(page, file);
    const irGroup = groupWithTab(page, file);
    await irGroup.locator('.monaco-editor .view-lines').first().waitFor({ timeout: T });
    mark('file_open');
    lap('file open');
    // Hide the side bar: the editors get the width, the screenshots show the code.
    await page.keyboard.press('Control+B');

    // 1. The language comes from the extension.
    res.language_mode = (await page.locator('#status\\.editor\\.mode').textContent({ timeout: T }))?.trim();
    res.checks.language_mode = /CuTe IR|cute-ir/.test(res.language_mode || '');

    // 2. The status bar shows the target and, once started, the server state.
    const status = page.locator('.statusbar-item', { hasText: 'cute-ir:' }).first();
    await status.waitFor({ timeout: T });
    await page.waitForFunction(
      () => [...document.querySelectorAll('.statusbar-item')].some((e) => /cute-ir:/.test(e.textContent) && !/starting/.test(e.textContent)),
      null,
      { timeout: T },
    );
    // Under `auto` the item names the setting until the server has said the document's target.
    await page
      .waitForFunction(
        () => [...document.querySelectorAll('.statusbar-item')].some((e) => /cute-ir: (sm_\d|.*(error|stopped))/.test(e.textContent)),
        null,
        { timeout: T },
      )
      .catch(() => {});
    res.status_bar = (await status.textContent()).trim();
    res.checks.status_bar = /cute-ir: sm_90a/.test(res.status_bar) && !/error|stopped/.test(res.status_bar);
    if (/error|stopped/.test(res.status_bar)) {
      res.server_error = await page.locator('.notification-list-item-message').allTextContents().catch(() => []);
      throw new Error(`the language server is not running: ${res.status_bar}`);
    }

    // 3. Diagnostics: squiggles, and the verbatim text in the Problems panel.
    await irGroup.locator('.squiggly-error').first().waitFor({ timeout: T });
    res.squiggles = await irGroup.locator('.squiggly-error').count();
    await page.keyboard.press('Control+Shift+M');
    await page.locator('.markers-panel .monaco-list-row').first().waitFor({ timeout: T });
    await page
      .waitForFunction(
        (expected) => [...document.querySelectorAll('.markers-panel .monaco-list-row')].some((r) => r.textContent.includes(expected)),
        EXPECT_DIAG,
        { timeout: T },
      )
      .catch(() => {});
    // textContent, not innerText: the Problems panel must keep both spaces of "unknown  type".
    res.problems = await page.locator('.markers-panel .monaco-list-row').evaluateAll((rows) => rows.map((r) => r.textContent));
    res.checks.diagnostic_verbatim = res.problems.some((t) => t.includes(EXPECT_DIAG));
    // The fixture has one error, and the status bar must count it once: a client that both
    // takes published diagnostics and pulls them keeps two copies of each problem.
    await page.waitForTimeout(1500);
    res.status_problems = await page.evaluate(() => {
      const item = document.getElementById('status.problems');
      return item ? (item.getAttribute('aria-label') || item.textContent || '').trim() : null;
    });
    res.checks.problems_counted_once = Number((/(\d+)/.exec(res.status_problems || '') || [])[1]) === 1;
    // The Problems panel shows what the server published, each once: as many entries (and as
    // big a badge) as the last publish for the file had diagnostics.
    res.problems_vs_published = await problemsMatchPublished(page, [`${file}`]);
    res.checks.problems_match_published = res.problems_vs_published.ok;
    mark('diagnostics');
    await shot(page, 'diagnostics.png');
    lap(`diagnostics: ${res.checks.diagnostic_verbatim}`);

    // 4. Hover over the cute_nvgpu type.
    const token = irGroup.locator('.view-lines span', { hasText: /^sm90\.mma$/ }).first();
    // The editor re-renders its lines while TextMate and semantic tokens arrive: wait for the
    // token's own span instead of measuring whatever the DOM holds at this instant.
    await token.waitFor({ state: 'visible', timeout: T }).catch(() => {});
    const box = await token.boundingBox();
    if (!box) throw new Error('the sm90.mma token is not on screen');
    await page.mouse.move(box.x - 200, box.y + 200);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const hover = page.locator('.monaco-hover:not(.hidden)', { hasText: EXPECT_HOVER }).first();
    await hover.waitFor({ state: 'visible', timeout: T });
    res.hover_text = (await hover.innerText()).trim();
    res.checks.hover = res.hover_text.includes(EXPECT_HOVER);
    await page.waitForTimeout(800); // the hover fades in
    mark('hover');
    await shot(page, 'hover.png');
    lap('hover visible');
    await page.mouse.move(5, 400);
    await page.keyboard.press('Escape');

    // 5. The "Preview PTX" CodeLens above the function. VS Code computes lenses
    // while the editor has focus (opening the Problems panel took it away).
    await irGroup.locator('.view-lines').first().click({ position: { x: 300, y: 10 } });
    const lens = irGroup.locator('.codelens-decoration', { hasText: 'Preview PTX' });
    await lens.first().waitFor({ timeout: T }).catch(() => {});
    res.codelens_count = await lens.count();
    res.checks.codelens = res.codelens_count > 0;

    // 6. PTX preview: opens beside the IR and follows an edit.
    await irGroup.locator('.view-lines').first().click({ position: { x: 300, y: 10 } });
    await runCommand(page, 'CuTe IR: Show PTX Preview');
    const ptxGroup = groupWithTab(page, PTX_TAB);
    const unavailable = notification(page, 'not available from this server version');
    const which = await firstVisible([ptxGroup.locator('.view-lines').first(), unavailable], T).catch(() => -1);
    if (which === 1) {
      res.preview = 'skipped: server has no PTX preview';
      res.preview_message = (await unavailable.textContent()).trim();
      await dismissNotifications(page);
    } else if (which === 0) {
      await page.waitForFunction(
        (tab) => document.querySelectorAll('.editor-group-container').length >= 2 && !!document.querySelector(`.tab[data-resource-name="${tab}"]`),
        PTX_TAB,
        { timeout: T },
      );
      await page.waitForTimeout(500);
      const before = await editorText(ptxGroup);
      res.preview_lines_before = before.split('\n').length;
      // Edit the IR: a new operation after the first one.
      const firstOp = irGroup.locator('.view-line', { hasText: 'arith.constant' }).first();
      await firstOp.click();
      await page.keyboard.press('End');
      await page.keyboard.press('Enter');
      // A new atom: every server that previews PTX has something new to show for it.
      await page.keyboard.type('%copy = cute.make_atom : !cute_nvgpu.atom.universal_copy<f32, 128 b>');
      const changed = await page
        .waitForFunction(
          ([sel, tab, old]) => {
            const tabEl = document.querySelector(`.tab.active[data-resource-name="${tab}"]`);
            const group = tabEl && tabEl.closest('.editor-group-container');
            const lines = group && group.querySelector('.monaco-editor .view-lines');
            return lines && lines.innerText.replace(/\u00a0/g, ' ') !== old;
          },
          ['.view-lines', PTX_TAB, before],
          { timeout: 20000 },
        )
        .then(() => true, () => false);
      await page.keyboard.press('Escape'); // close a completion list the typing may have opened
      const after = await stableText(ptxGroup);
      res.preview_mentions_edit = after.includes('universal_copy');
      res.checks.preview_follows_edit = changed;
      res.preview = changed ? 'updated after edit' : 'did not change after edit';
      // Cursor on the new operation: its PTX lines are highlighted on the right.
      await page.waitForTimeout(400);
      mark('preview');
      await shot(page, 'preview.png');
      // Select a PTX line: the IR it came from is revealed/highlighted on the left.
      const ptxLine = ptxGroup.locator('.view-line', { hasText: '.entry' }).last();
      if (await ptxLine.count()) {
        await ptxLine.click();
        await page.waitForTimeout(400);
        await shot(page, 'preview-sync.png');
      }
      // The preview is PTX, coloured by the extension's PTX grammar: an opcode's scopes. The
      // preview's last kernel ends in `ret`; a kernel's registers can push it below the fold.
      await page.keyboard.press('Control+End');
      await page.waitForTimeout(400);
      await ptxGroup.locator('.view-lines span span', { hasText: /^ret$/ }).last().click();
      res.ptx_language_mode = (await page.locator('#status\\.editor\\.mode').textContent({ timeout: T }))?.trim();
      res.ptx_token = await inspectTokens(page);
      res.checks.ptx_highlighted = res.ptx_language_mode === 'PTX' && res.ptx_token.includes('support.function.instruction.ptx');
      // For the docs: the preview from its first line, beside the IR.
      await page.keyboard.press('Control+Home');
      await page.waitForTimeout(600);
      await shot(page, 'preview-top.png');
      lap(`preview: ${res.preview}`);
    } else {
      res.preview = 'neither a preview nor a message appeared';
      res.checks.preview_follows_edit = false;
    }

    // 7. Lowered IR: a document, or a graceful message on servers without it.
    await irGroup.locator('.view-lines').first().click({ position: { x: 300, y: 10 } });
    await runCommand(page, 'CuTe IR: Show Lowered IR');
    const lowered = page.locator(`.tab[data-resource-name="${LOWERED_TAB}"]`);
    const loweredMissing = notification(page, 'Lowered IR is not available from this server version');
    const lw = await firstVisible([lowered, loweredMissing], 30000).catch(() => -1);
    res.lowered_ir = ['opened', 'not available (message shown)', 'no response'][lw === -1 ? 2 : lw];
    res.checks.lowered_ir_graceful = lw !== -1;
    await dismissNotifications(page);
    if (lw === 0) {
      // The lowered IR follows an edit of the IR, and a line selected in it reveals its IR op.
      const loweredGroup = groupWithTab(page, LOWERED_TAB);
      const firstOp = irGroup.locator('.view-line', { hasText: 'arith.constant' }).first();
      await firstOp.click();
      await page.keyboard.press('End');
      await page.keyboard.press('Enter');
      await page.keyboard.type('%c9 = arith.constant 9 : i32');
      await page.keyboard.press('Escape');
      res.checks.lowered_follows_edit = await loweredGroup
        .locator('.view-line', { hasText: '%c9 = arith.constant 9' })
        .first()
        .waitFor({ timeout: 20000 })
        .then(() => true, () => false);
      if (res.checks.lowered_follows_edit) {
        await loweredGroup.locator('.view-line', { hasText: '%c9 = arith.constant 9' }).first().click();
        await page.waitForTimeout(400);
        await shot(page, 'lowered-sync.png');
        // Coloured like the source: the op name carries the server's semantic token.
        await loweredGroup.locator('.view-lines span span', { hasText: /^arith\.constant$/ }).first().click();
        res.lowered_token = await inspectTokens(page);
        res.checks.lowered_semantic_tokens = /semantic token type\s*function/.test(res.lowered_token);
        await page.waitForTimeout(300);
        await shot(page, 'lowered.png');
      }
    }

    // 7b. IR after a pass: pick the first pass that changed the IR, see it as a diff.
    if (lw === 0) {
      await irGroup.locator('.view-lines').first().click({ position: { x: 300, y: 10 } });
      await runCommand(page, 'CuTe IR: Show IR After Pass...');
      // The picker's rows are numbered passes ("2. cute-nvgpu-erase-dead-atoms"), not the palette's.
      const firstPass = page.locator('.quick-input-list .monaco-list-row', { hasText: /\d+\. [a-z]/ }).first();
      await firstPass.waitFor({ timeout: T });
      res.pass_picker_rows = await page.locator('.quick-input-list .monaco-list-row').allTextContents();
      await page.keyboard.press('Enter');
      const diff = page.locator('.monaco-diff-editor').first();
      res.checks.pass_diff = await diff.waitFor({ state: 'visible', timeout: 30000 }).then(() => true, () => false);
      await page.waitForTimeout(1500);
      await shot(page, 'pass-diff.png');
      // Back to the IR file for the next steps; the diff stays open beside it.
      await page.locator('.tab[data-resource-name="kernel.ir"]').first().click();
    }

    // 8. Descriptor fields of the shared-memory descriptor type under the cursor:
    //    a table, or a graceful message.
    const typeToken = irGroup.locator('.view-lines span', { hasText: /^smem_desc_view$/ }).first();
    await typeToken.click();
    await runCommand(page, 'CuTe IR: Show Descriptor Fields');
    const fieldsTab = page.locator('.tab', { hasText: /descriptor/i }).first();
    const fieldsMissing = notification(page, 'descriptor fields view is not available from this server version');
    const noDescriptor = notification(page, 'There is no descriptor at the cursor');
    const df = await firstVisible([fieldsTab, fieldsMissing, noDescriptor], 30000).catch(() => -1);
    res.descriptor_fields = ['opened', 'not available (message shown)', 'no descriptor (message shown)', 'no response'][df === -1 ? 3 : df];
    res.checks.descriptor_fields_graceful = df !== -1;
    if (df === -1) {
      res.notifications_seen = await page.locator('.notification-list-item-message').allTextContents();
    }
    await page.waitForTimeout(df === 0 ? 1500 : 300); // a webview renders in its own frame
    await shot(page, 'descriptor.png');
    await dismissNotifications(page);

    // 9. The status bar item changes the target architecture.
    await irGroup.locator('.view-lines').first().click({ position: { x: 300, y: 10 } });
    await status.click();
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'sm_100a' }).first().click({ timeout: T });
    await page
      .waitForFunction(() => [...document.querySelectorAll('.statusbar-item')].some((e) => /cute-ir: sm_100a/.test(e.textContent)), null, { timeout: 15000 })
      .catch(() => {});
    res.status_bar_after_pick = (await status.textContent()).trim();
    res.checks.arch_quick_pick = /cute-ir: sm_100a/.test(res.status_bar_after_pick);
    if (res.preview === 'updated after edit') {
      // The descriptor table may cover the PTX tab in its group: bring it back first.
      await page.locator(`.tab[data-resource-name="${PTX_TAB}"]`).first().click();
      await page.waitForTimeout(1500);
      res.preview_after_arch_change_mentions_sm_100a = (await editorText(groupWithTab(page, PTX_TAB))).includes('sm_100a');
    }

    // 9b. A TileAS kernel: hovering its load says what it becomes (the passes' memory remark).
    await quickOpen(page, 'tileas.ir');
    const tileasGroup = groupWithTab(page, 'tileas.ir');
    // The op name's token: one span before semantic tokens colour it, maybe several after.
    const loadToken = tileasGroup.locator('.view-lines span span', { hasText: /tiled_load/ }).last();
    await loadToken.waitFor({ state: 'visible', timeout: T });
    // The hover is asked for where the mouse rests; inlay hints and semantic tokens arriving
    // just after the file opens re-render the line and drop a hover the mouse started. Rest
    // on the token again (found and measured again) until the card shows.
    const tileasHover = page.locator('.monaco-hover:not(.hidden)', { hasText: 'tiled_tma_load' }).first();
    res.checks.tileas_hover = false;
    for (let attempt = 0; attempt < 6 && !res.checks.tileas_hover; attempt++) {
      await page.waitForTimeout(attempt === 0 ? 1000 : 500);
      const loadBox = await loadToken.boundingBox();
      if (loadBox === null) continue;
      await page.mouse.move(loadBox.x - 200, loadBox.y + 200);
      await page.mouse.move(loadBox.x + loadBox.width / 2, loadBox.y + loadBox.height / 2);
      res.checks.tileas_hover = await tileasHover.waitFor({ state: 'visible', timeout: T / 6 }).then(() => true, () => false);
    }
    if (res.checks.tileas_hover) {
      res.tileas_hover_text = (await tileasHover.innerText()).trim();
      res.checks.tileas_hover = /tx_count: 16384 bytes/.test(res.tileas_hover_text);
    }
    await page.waitForTimeout(800);
    await shot(page, 'tileas-hover.png');
    await page.mouse.move(10, 10);
    // Two files open, another target, the PTX preview beside: still each problem once.
    res.problems_vs_published_after_arch = await problemsMatchPublished(page, [file, 'tileas.ir']);
    res.checks.problems_match_published_after_arch = res.problems_vs_published_after_arch.ok;

    // 9d. Go to Symbol in Workspace finds a kernel of a file not open (the DSL dump) by part of its name.
    await page.keyboard.press('Control+T');
    await page.locator('.quick-input-widget input').waitFor({ state: 'visible', timeout: T });
    await page.keyboard.type('cutlass_copy');
    const symbolRow = page.locator('.quick-input-list .monaco-list-row', { hasText: '@kernel_cutlass_copy_kernel' }).first();
    res.checks.workspace_symbols = await symbolRow.waitFor({ timeout: 20000 }).then(() => true, () => false);
    res.workspace_symbol_rows = await page.locator('.quick-input-list .monaco-list-row').allTextContents();
    await page.keyboard.press('Escape');

    // 9c. CuTe DSL dumps are .mlir files: one that uses the CuTe dialects is CuTe IR (and gets
    //     the server's diagnostics), an upstream one stays MLIR.
    const openFile = (name) => quickOpen(page, name);
    const languageMode = async (expected) => page
      .waitForFunction((want) => (document.getElementById('status.editor.mode')?.textContent || '').trim() === want, expected, { timeout: 15000 })
      .then(() => expected, async () => (await page.locator('#status\\.editor\\.mode').textContent())?.trim());
    await openFile('dump.mlir');
    res.mlir_dump_language = await languageMode('CuTe IR');
    res.checks.mlir_dump_is_cute_ir = res.mlir_dump_language === 'CuTe IR'
      && (await groupWithTab(page, 'dump.mlir').locator('.squiggly-error').first().waitFor({ timeout: T }).then(() => true, () => false));
    await openFile('upstream.mlir');
    res.mlir_upstream_language = await languageMode('MLIR');
    res.checks.mlir_upstream_stays_mlir = res.mlir_upstream_language === 'MLIR';

    // 9e. Format Document through the server.
    await openFile('messy.ir');
    await runCommand(page, 'Format Document');
    const messy = groupWithTab(page, 'messy.ir');
    res.formatted = await page
      .waitForFunction(() => [...document.querySelectorAll('.view-line')].some((l) => l.textContent.replace(/\u00a0/g, ' ') === '    %x = arith.addi %a, %a : i32 // kept'), null, { timeout: 20000 })
      .then(() => true, () => false);
    res.formatted_text = await editorText(messy);
    res.checks.format_document = res.formatted;

    // 10. Broken server commands (changing the setting restarts the server):
    //   a) a program that does not exist, b) one that dies during startup.
    //   Both must give a clear error with "Open Settings" and "Installation guide".
    if (MACHINE_SETTINGS) {
      const brokenServer = async (argv, expected, screenshot) => {
        await dismissNotifications(page);
        fs.writeFileSync(MACHINE_SETTINGS, JSON.stringify({ 'cute-ir.server.command': argv }));
        const message = notification(page, expected);
        await message.waitFor({ state: 'visible', timeout: T });
        const toast = page.locator('.notification-toast', { hasText: expected }).first();
        const out = {
          message: (await message.textContent()).trim(),
          buttons: (await toast.locator('.monaco-button').allTextContents()).map((b) => b.trim()),
        };
        await page
          .waitForFunction(() => [...document.querySelectorAll('.statusbar-item')].some((e) => /cute-ir:.*\(error\)/.test(e.textContent)), null, { timeout: 15000 })
          .catch(() => {});
        out.status_bar = (await status.textContent()).trim();
        await shot(page, screenshot);
        out.ok = ['Open Settings', 'Installation guide'].every((b) => out.buttons.includes(b)) && /\(error\)/.test(out.status_bar);
        return { out, toast };
      };

      const missing = await brokenServer(['/nonexistent/cute-ir', 'serve'], 'was not found', 'start-error.png');
      res.start_error_missing = missing.out;
      res.checks.start_error_missing = missing.out.ok;
      // Nothing the stopped server found stays behind (nor anything of the PTX preview's).
      res.problems_after_stop = await problemsShown(page);
      res.checks.problems_gone_with_server = res.problems_after_stop.entries === 0 && res.problems_after_stop.badge === 0;
      await dismissNotifications(page);

      const early = await brokenServer(
        ['/usr/bin/python3', '-c', 'import sys; sys.exit("cute-ir: no such command: serve")'],
        'no such command: serve',
        'start-error-early-exit.png',
      );
      res.start_error_early_exit = early.out;
      res.checks.start_error_early_exit = early.out.ok;

      // "Open Settings" lands on the setting itself.
      await early.toast.locator('.monaco-button', { hasText: 'Open Settings' }).click();
      const settingRow = page.locator('.settings-editor .setting-item-contents', { hasText: 'Server: Command' }).first();
      res.checks.open_settings_button = await settingRow.waitFor({ timeout: 20000 }).then(() => true, () => false);
      await page.waitForTimeout(500);
      await shot(page, 'open-settings.png');
    }

    res.ok = Object.values(res.checks).every(Boolean);
  } catch (e) {
    res.error = String((e && e.message) || e).slice(0, 2000);
    await shot(page, 'failure.png').catch(() => {});
  } finally {
    res.console_errors = consoleErrors.slice(0, 10);
    res.total_s = (Date.now() - t0) / 1000;
    console.log(JSON.stringify(res, null, 2));
    await ctx.close().catch(() => {});
    fs.rmSync(profile, { recursive: true, force: true });
    process.exit(res.ok ? 0 : 1);
  }
})();
