'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const { ptxLinesForPosition, ptxLinesForRange, irRangesForPtxLine, sanitizeLineMap } = require(path.join(__dirname, '..', 'dist', 'test', 'lineMap.js'));

const r = (l1, c1, l2, c2) => ({ start: { line: l1, character: c1 }, end: { line: l2, character: c2 } });
// A kernel (IR lines 0-4) maps to the .entry header (PTX 0-1); two operations
// inside it map to their instructions.
const lineMap = [
  { ptxLine: 0, range: r(0, 0, 4, 1) },
  { ptxLine: 1, range: r(0, 0, 4, 1) },
  { ptxLine: 3, range: r(1, 4, 1, 30) },
  { ptxLine: 4, range: r(1, 4, 1, 30) },
  { ptxLine: 5, range: r(2, 4, 2, 20) },
];

test('the innermost IR range at the cursor wins', () => {
  assert.deepEqual(ptxLinesForPosition(lineMap, { line: 1, character: 10 }), [3, 4]);
  assert.deepEqual(ptxLinesForPosition(lineMap, { line: 2, character: 4 }), [5]);
});

test('a position only inside the function highlights its header', () => {
  assert.deepEqual(ptxLinesForPosition(lineMap, { line: 3, character: 2 }), [0, 1]);
});

test('outside every range: mappings touching the line, else nothing', () => {
  assert.deepEqual(ptxLinesForPosition(lineMap, { line: 1, character: 0 }), [0, 1]);
  assert.deepEqual(ptxLinesForPosition(lineMap, { line: 9, character: 0 }), []);
  assert.deepEqual(ptxLinesForPosition([{ ptxLine: 7, range: r(2, 4, 2, 8) }], { line: 2, character: 30 }), [7]);
});

test('a PTX line maps back to its IR ranges, without duplicates', () => {
  assert.deepEqual(irRangesForPtxLine(lineMap, 3), [r(1, 4, 1, 30)]);
  assert.deepEqual(irRangesForPtxLine([...lineMap, { ptxLine: 3, range: r(1, 4, 1, 30) }], 3), [r(1, 4, 1, 30)]);
  assert.deepEqual(irRangesForPtxLine(lineMap, 2), []);
});

test('the instruction group of an IR range', () => {
  assert.deepEqual(ptxLinesForRange(lineMap, r(1, 4, 1, 30)), [3, 4]);
  assert.deepEqual(ptxLinesForRange(lineMap, r(0, 0, 4, 1)), [0, 1]);
  assert.deepEqual(ptxLinesForRange(lineMap, r(7, 0, 7, 1)), []);
});

test('malformed line map entries are dropped', () => {
  const dirty = [
    ...lineMap,
    { ptxLine: 99, range: r(0, 0, 0, 1) },
    { ptxLine: -1, range: r(0, 0, 0, 1) },
    { ptxLine: 2 },
    { ptxLine: 2, range: { start: { line: 'x', character: 0 }, end: { line: 0, character: 0 } } },
    null,
  ];
  assert.deepEqual(sanitizeLineMap(dirty, 6), lineMap);
  assert.deepEqual(sanitizeLineMap(undefined, 6), []);
});
