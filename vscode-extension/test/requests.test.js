'use strict';
// Error reporting of the custom requests and the descriptor table, bundled
// separately (dist/test) and run against the mocked `vscode`.
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const { installVscodeMock } = require('./vscode-mock');

const TEST_BUNDLES = path.join(__dirname, '..', 'dist', 'test');
const mock = installVscodeMock({}, ['requests.js', 'descriptorFields.js'].map((f) => path.join(TEST_BUNDLES, f)));
const { isMethodNotFound, reportRequestFailure } = require(path.join(TEST_BUNDLES, 'requests.js'));
const { renderFieldsHtml } = require(path.join(TEST_BUNDLES, 'descriptorFields.js'));
test.after(() => mock.restore());

const log = { info() {}, warn() {}, error() {} };

test('MethodNotFound (-32601) is recognised', () => {
  assert.equal(isMethodNotFound({ code: -32601, message: 'Method Not Found' }), true);
  assert.equal(isMethodNotFound({ code: -32603 }), false);
  assert.equal(isMethodNotFound(new Error('x')), false);
  assert.equal(isMethodNotFound(undefined), false);
});

test('an unimplemented request is reported as information, naming the feature', () => {
  mock.calls.infos.length = 0;
  reportRequestFailure('Lowered IR', 'cute-ir/loweredIr', { code: -32601, message: 'Method Not Found: cute-ir/loweredIr' }, log);
  assert.equal(mock.calls.infos.length, 1);
  assert.match(mock.calls.infos[0][0], /^Lowered IR is not available from this server version/);
  assert.equal(mock.calls.errors.filter((e) => e[0] === 'message').length, 0);
});

test('other failures are errors with the server message', () => {
  mock.calls.errors.length = 0;
  reportRequestFailure('PTX preview', 'cute-ir/ptxPreview', { code: -32603, message: 'boom' }, log);
  const shown = mock.calls.errors.filter((e) => e[0] === 'message');
  assert.equal(shown.length, 1);
  assert.match(shown[0][1], /PTX preview failed: boom/);
});

test('descriptor fields are rendered escaped, with bit spans and hex values', () => {
  const html = renderFieldsHtml(
    'SMEM <descriptor>',
    [
      { name: 'start_address', low: 0, width: 14, value: 4096, meaning: 'address >> 4' },
      { name: 'swizzle', low: 62, width: 2, value: 'SWIZZLE_128B', meaning: '<b>not html</b>' },
      { name: 'flag', low: 46, width: 1, value: null, meaning: '' },
    ],
    'vscode-resource:',
  );
  assert.match(html, /SMEM &lt;descriptor&gt;/);
  assert.match(html, /\[13:0\]/);
  assert.match(html, /4096 \(0x1000\)/);
  assert.match(html, /\[63:62\]/);
  assert.match(html, /\[46\]/);
  assert.match(html, /&lt;b&gt;not html&lt;\/b&gt;/);
  assert.doesNotMatch(html, /<script/i);
});

test('fields without bit positions (a CUtensorMap) show a dash in the bits column', () => {
  const html = renderFieldsHtml(
    'CUtensorMap (tiled) encode parameters',
    [{ name: 'box_dims', low: null, width: null, value: '[64, 128]', meaning: 'boxDim' }],
    'vscode-resource:',
  );
  assert.match(html, /<td class="bits">—<\/td>/);
  assert.match(html, /\[64, 128\]/);
});
