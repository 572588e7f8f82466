'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { tokenize, GRAMMAR_PATH } = require('./tokenize');

const SAMPLE = fs.readFileSync(path.join(__dirname, 'fixtures', 'sample.ir'), 'utf8');

/** Scopes (without the root) of the first token on `line` (1-based) whose text is `text`. */
async function scopesOf(line, text, source = SAMPLE) {
  const lines = await tokenize(source);
  const token = lines[line - 1].find((t) => t.text === text);
  assert.ok(token, `no token ${JSON.stringify(text)} on line ${line}: ${JSON.stringify(lines[line - 1].map((t) => t.text))}`);
  return token.scopes.slice(1);
}

async function assertScope(line, text, scope, source) {
  const scopes = await scopesOf(line, text, source);
  assert.ok(
    scopes.some((s) => s.split(' ').includes(scope) || s === scope),
    `${JSON.stringify(text)} on line ${line} has ${JSON.stringify(scopes)}, expected ${scope}`,
  );
}

test('the grammar is valid JSON and every regex compiles in Oniguruma', async () => {
  const grammar = JSON.parse(fs.readFileSync(GRAMMAR_PATH, 'utf8'));
  assert.equal(grammar.scopeName, 'source.cute-ir');
  // Tokenizing text that reaches every rule forces all patterns to compile.
  const lines = await tokenize(SAMPLE);
  assert.equal(lines.length, SAMPLE.split('\n').length);
});

test('comments and split markers', async () => {
  await assertScope(1, '//', 'punctuation.definition.comment.cute-ir');
  await assertScope(16, '// -----', 'markup.heading.split-marker.cute-ir');
});

test('cute_nvgpu mnemonics are highlighted specially, case-sensitively', async () => {
  await assertScope(5, 'sm90.mma', 'support.type.cute-nvgpu.cute-ir');
  await assertScope(5, 'SM120.mma_bs', 'support.type.cute-nvgpu.cute-ir');
  await assertScope(3, 'atom.universal_copy', 'support.type.cute-nvgpu.cute-ir');
  await assertScope(9, 'smem_desc_view', 'support.type.cute-nvgpu.cute-ir');
  await assertScope(8, 'i4', 'support.type.cute-nvgpu.cute-ir');
  await assertScope(8, 'divby', 'keyword.other.parameter.cute-ir');
  await assertScope(3, 'acquire', 'constant.language.enum.cute-ir');
  await assertScope(5, 'cute_nvgpu', 'entity.name.namespace.cute-nvgpu.cute-ir');
  await assertScope(12, 'bogus', 'invalid.illegal.unknown-type.cute-nvgpu.cute-ir');
  await assertScope(1, 'sm120.mma_bs', 'invalid.illegal.unknown-type.cute-nvgpu.cute-ir', '%a = x.y : !cute_nvgpu.sm120.mma_bs');
});

test('every mnemonic of the dialect is known to the grammar', async () => {
  const mnemonics = [
    'atom.universal_fma', 'sm80.mma', 'sm80.sparse_mma', 'sm89.mma', 'smem_desc', 'smem_desc_view', 'sm90.mma',
    'sm100.mma', 'sm100.mma_sp', 'sm100.mma_bs', 'sm100.mma_bs_sp', 'SM120.mma_bs', 'atom.tmem_load',
    'atom.tmem_store', 'atom.s2t_copy', 'tma_descriptor_tiled', 'tma_descriptor_im2col', 'atom.tma_load',
    'atom.tma_store', 'atom.tma_reduce', 'atom.universal_copy', 'atom.simt_async_copy', 'atom.ldsm', 'atom.stsm',
    'atom.non_exec_tiled_tma_load', 'atom.non_exec_tiled_tma_store', 'atom.non_exec_tiled_tma_reduce',
  ];
  assert.equal(mnemonics.length, 27);
  const source = mnemonics.map((m) => `!cute_nvgpu.${m}`).join('\n');
  for (const [i, m] of mnemonics.entries()) await assertScope(i + 1, m, 'support.type.cute-nvgpu.cute-ir', source);
});

test('other dialect types and attributes', async () => {
  await assertScope(9, 'cute', 'entity.name.namespace.cute-ir');
  await assertScope(9, 'layout', 'entity.other.attribute-name.dialect.cute-ir');
  await assertScope(2, 'map', 'entity.other.attribute-name.alias.cute-ir');
  await assertScope(3, 'copy', 'entity.name.type.alias.cute-ir');
  await assertScope(1, 'ptr', 'entity.name.type.dialect.cute-ir', '%p = llvm.mlir.zero : !llvm.ptr<1>');
});

test('SSA values, result numbers and counts, block labels, symbols', async () => {
  await assertScope(5, 'arg0', 'variable.other.ssa.cute-ir');
  await assertScope(9, '1', 'constant.numeric.result-number.cute-ir'); // %0#1
  await assertScope(6, '2', 'constant.numeric.result-count.cute-ir'); // %0:2
  await assertScope(11, 'bb1', 'entity.name.label.cute-ir');
  await assertScope(5, 'kernel', 'entity.name.function.symbol.cute-ir');
});

test('builtin types, shapes and containers', async () => {
  await assertScope(6, 'i32', 'support.type.builtin.cute-ir');
  await assertScope(6, 'f8E4M3FN', 'support.type.builtin.cute-ir');
  await assertScope(18, 'tf32', 'support.type.builtin.cute-ir');
  await assertScope(5, 'f16', 'support.type.builtin.cute-ir'); // in 128x?xf16
  await assertScope(5, '128', 'constant.numeric.dimension.cute-ir');
  await assertScope(5, 'memref', 'support.type.builtin.cute-ir');
  const types = 'i1 i128 index f16 bf16 f32 f64 tf32 f8E4M3FN f8E5M2 f8E8M0FNU f4E2M1FN f6E2M3FN';
  for (const t of types.split(' ')) await assertScope(1, t, 'support.type.builtin.cute-ir', `%x = a.b : ${t}`);
});

test('operation names, generic form, strings, numbers, locations', async () => {
  await assertScope(5, 'func.func', 'keyword.other.operation.cute-ir');
  await assertScope(8, 'cute_nvgpu.make_sm120_mma_bs', 'keyword.other.operation.cute-ir');
  await assertScope(6, 'test.pair', 'keyword.other.operation.generic.cute-ir');
  await assertScope(7, 'kernel.ir', 'string.quoted.double.cute-ir');
  await assertScope(7, 'loc', 'support.function.location.cute-ir');
  await assertScope(7, '1.5e3', 'constant.numeric.float.cute-ir');
  await assertScope(18, '0x7F', 'constant.numeric.hex.cute-ir');
  await assertScope(8, '16', 'constant.numeric.integer.cute-ir');
});
