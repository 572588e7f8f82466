'use strict';
// Loads the built bundle (dist/extension.js) against a mocked `vscode` and
// activates it: every contributed command must be registered, and a missing
// server must produce the actionable error instead of an exception.
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const fs = require('node:fs');
const { installVscodeMock } = require('./vscode-mock');

const ROOT = path.join(__dirname, '..');
const BUNDLE = path.join(ROOT, 'dist', 'extension.js');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));

function freshBundle() {
  delete require.cache[require.resolve(BUNDLE)];
  return require(BUNDLE);
}

async function activateWith(settings) {
  const mock = installVscodeMock(settings, [BUNDLE]);
  const ext = freshBundle();
  const context = { subscriptions: [], extension: { packageJSON: pkg } };
  await ext.activate(context);
  // the server start is not awaited by activate(); let it run
  await new Promise((r) => setTimeout(r, 50));
  return { mock, ext, context };
}

test('activate registers exactly the contributed commands', async () => {
  const { mock, ext } = await activateWith({ 'server.command': ['/nonexistent/cute-ir-test-server', 'serve'] });
  try {
    const contributed = pkg.contributes.commands.map((c) => c.command).sort();
    assert.deepEqual([...mock.calls.commands.keys()].sort(), contributed);
    await ext.deactivate();
  } finally {
    mock.restore();
  }
});

test('a server command that does not exist gives the actionable error', async () => {
  const { mock, ext } = await activateWith({ 'server.command': ['/nonexistent/cute-ir-test-server', 'serve'] });
  try {
    const shown = mock.calls.errors.filter((e) => e[0] === 'message');
    assert.equal(shown.length, 1, JSON.stringify(mock.calls.errors));
    const [, text, buttons] = shown[0];
    assert.match(text, /not found/);
    assert.match(text, /cute-ir-test-server/);
    assert.deepEqual(buttons.slice(0, 2), ['Open Settings', 'Installation guide']);
    await ext.deactivate();
  } finally {
    mock.restore();
  }
});

test('a malformed server command is explained, not thrown', async () => {
  const { mock, ext } = await activateWith({ 'server.command': 'cute-ir serve' });
  try {
    const shown = mock.calls.errors.filter((e) => e[0] === 'message');
    assert.equal(shown.length, 1);
    assert.match(shown[0][1], /non-empty list of strings/);
    await ext.deactivate();
  } finally {
    mock.restore();
  }
});

test('commands without an IR editor or server answer with a message', async () => {
  const { mock, ext } = await activateWith({ 'server.command': ['/nonexistent/cute-ir-test-server'] });
  try {
    for (const id of ['cute-ir.showPtxPreview', 'cute-ir.showDescriptorFields', 'cute-ir.showLoweredIr']) {
      await mock.calls.commands.get(id)();
    }
    assert.equal(mock.calls.infos.length, 3, JSON.stringify(mock.calls.infos));
    await ext.deactivate();
  } finally {
    mock.restore();
  }
});

test('the server gets exactly the configured argv (no shell, nothing appended) and the settings', async (t) => {
  const os = require('node:os');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cute-ir-argv-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const recordFile = path.join(dir, 'record.json');
  const fakeServer = path.join(__dirname, 'fixtures', 'fake-lsp-server.js');
  const { mock, ext } = await activateWith({
    'server.command': [process.execPath, fakeServer, recordFile, 'serve', '$HOME', 'a b;c'],
    targetArch: 'sm_100a',
    'ptxas.path': '/opt/cuda/bin/ptxas',
  });
  try {
    const read = () => (fs.existsSync(recordFile) ? JSON.parse(fs.readFileSync(recordFile, 'utf8')) : undefined);
    let record;
    for (let i = 0; i < 100; i++) {
      record = read();
      if (record?.messages.some((m) => m.method === 'initialized')) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.deepEqual(record.argv, ['serve', '$HOME', 'a b;c']);
    const init = record.messages.find((m) => m.method === 'initialize');
    assert.deepEqual(init.params.initializationOptions, { targetArch: 'sm_100a', ptxasPath: '/opt/cuda/bin/ptxas' });
    await ext.deactivate();
    // The client has sent `exit` when deactivate resolves; the fake server records it a moment later.
    let methods = [];
    for (let i = 0; i < 100; i++) {
      methods = read().messages.map((m) => m.method);
      if (methods.includes('exit')) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.ok(methods.includes('shutdown') && methods.includes('exit'), methods.join(','));
  } finally {
    mock.restore();
  }
});
