'use strict';
// Which .mlir files the extension takes as CuTe IR (src/mlirFiles.ts, `cute-ir.mlirFiles`).
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { takesMlirFile, asMlirFilesSetting, isMlirPath, SNIFF_CHARS, CUTE_DIALECTS } = require('../dist/test/mlirFiles.js');

const REPO = path.join(__dirname, '..', '..');
const DUMP = fs.readFileSync(path.join(REPO, 'tests', 'corpus', 'cutedsl', 'sm90_tma_store_reduce', 'raw.mlir'), 'utf8');
const UPSTREAM = 'func.func @add(%a: i32, %b: i32) -> i32 {\n  %c = arith.addi %a, %b : i32\n  return %c : i32\n}\n';

test('a CuTe DSL dump is CuTe IR; upstream MLIR is not', () => {
  assert.equal(takesMlirFile('cute', DUMP), true);
  assert.equal(takesMlirFile('cute', UPSTREAM), false);
});

test('any use of a CuTe dialect counts: an op, a type, an attribute, a generic op name', () => {
  for (const text of ['%a = cute.make_atom : i32', 'func.func @f(%x: !cute_nvgpu.sm90.mma)', 'x {a = #nv_tileas.copy_atom<tma_load>}',
    '"nv_tileaa.op"() : () -> ()']) {
    assert.equal(takesMlirFile('cute', text), true, text);
  }
  // a word that merely ends in a dialect's name is not a use of it
  assert.equal(takesMlirFile('cute', '%a = mycute.op : i32\n%b = acute.x : i32'), false);
  assert.deepEqual(CUTE_DIALECTS, ['cute', 'cute_nvgpu', 'nv_tileas', 'nv_tileaa']);
});

test('all and none decide without reading', () => {
  assert.equal(takesMlirFile('all', UPSTREAM), true);
  assert.equal(takesMlirFile('none', DUMP), false);
});

test('only the start of a file is read', () => {
  const late = ' '.repeat(SNIFF_CHARS) + '%a = cute.make_atom : i32';
  assert.equal(takesMlirFile('cute', late), false);
});

test('setting values and paths', () => {
  assert.equal(asMlirFilesSetting('all'), 'all');
  assert.equal(asMlirFilesSetting('bogus'), 'cute');
  assert.equal(asMlirFilesSetting(undefined), 'cute');
  assert.equal(isMlirPath('/w/kernel.MLIR'), true);
  assert.equal(isMlirPath('/w/kernel.ir'), false);
});
