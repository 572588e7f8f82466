'use strict';
// The status bar's target label (src/documentTarget.ts): the file's declaration, what its atoms
// need (under `auto`), the setting, or the setting when the server cannot say.
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');

const { describeTarget } = require(path.join(__dirname, '..', 'dist', 'test', 'documentTarget.js'));

test('a target the file declares is marked as the file\'s, with the reason', () => {
  const label = describeTarget(
    { arch: 'sm_100a', source: 'file', reason: 'declared by the file (`#nvvm.target`)' },
    'sm_90a',
  );
  assert.equal(label.text, 'sm_100a (file)');
  assert.equal(label.detail, 'Target architecture: sm_100a, declared by the file (#nvvm.target)');
});

test('the setting applies to a file that declares nothing', () => {
  const label = describeTarget({ arch: 'sm_90a', source: 'setting', reason: 'the `cute-ir.targetArch` setting' }, 'sm_90a');
  assert.equal(label.text, 'sm_90a');
  assert.match(label.detail, /cute-ir\.targetArch setting$/);
});

test('for a file that declares nothing the client\'s setting wins over a server that has not seen it yet', () => {
  const label = describeTarget({ arch: 'sm_90a', source: 'setting', reason: 'the `cute-ir.targetArch` setting' }, 'sm_100a');
  assert.equal(label.text, 'sm_100a');
  assert.match(label.detail, /^Target architecture: sm_100a, the cute-ir.targetArch setting$/);
});

test('without an answer from the server the setting is shown', () => {
  for (const none of [null, undefined]) {
    const label = describeTarget(none, 'sm_120a');
    assert.equal(label.text, 'sm_120a');
    assert.match(label.detail, /^Target architecture: sm_120a, the cute-ir.targetArch setting$/);
  }
});

test('under auto, a target inferred from the atoms is marked and explained', () => {
  const label = describeTarget(
    { arch: 'sm_100a', source: 'inferred',
      reason: 'inferred from `atom.tmem_load` at 12:5; the file declares none',
      decidedBy: { atom: 'atom.tmem_load', op: 'cute.make_atom', range: { start: { line: 11, character: 4 }, end: { line: 11, character: 20 } } } },
    'auto',
  );
  assert.equal(label.text, 'sm_100a (inferred)');
  assert.equal(label.detail, 'Target architecture: sm_100a, inferred from atom.tmem_load at 12:5; the file declares none');
});

test('under auto, a file nothing in which decides shows the default as such', () => {
  const label = describeTarget(
    { arch: 'sm_90a', source: 'default', reason: 'the default target: nothing in the file decides' }, 'auto');
  assert.equal(label.text, 'sm_90a (default)');
});

test('a chosen setting wins over what the server inferred before it saw the setting', () => {
  const label = describeTarget({ arch: 'sm_100a', source: 'inferred', reason: 'inferred from ...' }, 'sm_90a');
  assert.equal(label.text, 'sm_90a');
});
