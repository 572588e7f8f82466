'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const { passChoices, textAfter, textBefore, diffTitle } = require(path.join(__dirname, '..', 'dist', 'test', 'passPicker.js'));

const stage = (pass, changed, text) => ({ pass, name: pass.toUpperCase(), changed, text, lineMap: [] });
const stages = [stage('convert-cute-nvgpu-to-ptx', true, 'B'), stage('canonicalize', false, 'B'), stage('cute-nvgpu-erase-dead-atoms', true, 'C')];

test('unchanged passes are hidden at first, behind a row that shows them all', () => {
  const rows = passChoices(stages, false);
  assert.deepEqual(rows.map((r) => r.stage), [0, 2, -1]);
  assert.equal(rows[0].label, '1. convert-cute-nvgpu-to-ptx');
  assert.equal(rows[2].label, 'Show all 3 passes');
  assert.match(rows[2].description, /1 left the IR unchanged/);
});

test('every pass, in pipeline order, when asked', () => {
  const rows = passChoices(stages, true);
  assert.deepEqual(rows.map((r) => r.stage), [0, 1, 2]);
  assert.match(rows[1].description, /\(no change\)/);
});

test('no extra row when every pass changed the IR', () => {
  assert.deepEqual(passChoices([stages[0], stages[2]], false).map((r) => r.stage), [0, 1]);
});

test('a stage is compared with the previous output, the first with the input', () => {
  assert.equal(textBefore(stages, 0, 'A'), 'A');
  assert.equal(textBefore(stages, 2, 'A'), 'B');
  assert.equal(diffTitle('k.ir', stages[2], 2), 'k.ir: before ↔ after cute-nvgpu-erase-dead-atoms (pass 3)');
});

test('a stage sent without its text (it changed nothing) reads as the stage before it', () => {
  const sparse = [stage('a', true, 'B'), { pass: 'b', name: 'B', changed: false }, { pass: 'c', name: 'C', changed: false }, stage('d', true, 'D')];
  assert.equal(textAfter(sparse, 1, 'A'), 'B');
  assert.equal(textAfter(sparse, 2, 'A'), 'B');
  assert.equal(textBefore(sparse, 3, 'A'), 'B');
  assert.equal(textAfter(sparse, 3, 'A'), 'D');
  const unchangedFirst = [{ pass: 'a', name: 'A', changed: false }, stage('b', true, 'B')];
  assert.equal(textAfter(unchangedFirst, 0, 'IN'), 'IN');
  assert.equal(textBefore(unchangedFirst, 1, 'IN'), 'IN');
});
