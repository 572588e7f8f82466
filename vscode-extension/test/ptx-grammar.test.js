'use strict';
// The PTX grammar (syntaxes/ptx.tmLanguage.json): what the PTX preview and .ptx files are
// coloured by. The sample is the preview's own output, with a `.func`, a block comment, a
// special register and a float constant added.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { tokenize, PTX_GRAMMAR_PATH } = require('./tokenize');

const SAMPLE = fs.readFileSync(path.join(__dirname, 'fixtures', 'sample.ptx'), 'utf8');

async function scopesOf(line, text) {
  const lines = await tokenize(SAMPLE, 'source.ptx');
  const token = lines[line - 1].find((t) => t.text === text);
  assert.ok(token, `no token ${JSON.stringify(text)} on line ${line}: ${JSON.stringify(lines[line - 1].map((t) => t.text))}`);
  return token.scopes.slice(1);
}

async function assertScope(line, text, scope) {
  const scopes = await scopesOf(line, text);
  assert.ok(scopes.includes(scope), `${JSON.stringify(text)} on line ${line} has ${JSON.stringify(scopes)}, expected ${scope}`);
}

test('the PTX grammar is valid and every regex compiles', async () => {
  const grammar = JSON.parse(fs.readFileSync(PTX_GRAMMAR_PATH, 'utf8'));
  assert.equal(grammar.scopeName, 'source.ptx');
  assert.equal((await tokenize(SAMPLE, 'source.ptx')).length, SAMPLE.split('\n').length);
});

test('comments, directives and the kernel name', async () => {
  await assertScope(1, '//', 'punctuation.definition.comment.ptx');
  await assertScope(3, '.version', 'keyword.other.directive.ptx');
  await assertScope(4, '.target', 'keyword.other.directive.ptx');
  await assertScope(8, '.visible', 'storage.modifier.linkage.ptx');
  await assertScope(8, '.entry', 'storage.type.function.ptx');
  await assertScope(8, 'k0_atom_tma_load_2_tile', 'entity.name.function.ptx');
  await assertScope(8, '.param', 'storage.modifier.state-space.ptx');
  await assertScope(8, '.b8', 'storage.type.ptx');
  await assertScope(25, '/*', 'punctuation.definition.comment.begin.ptx');
  await assertScope(26, '   comment ', 'comment.block.ptx');
  await assertScope(27, 'helper', 'entity.name.function.ptx');
});

test('instructions: the opcode, its modifiers, state spaces and types', async () => {
  await assertScope(10, '.reg', 'storage.modifier.state-space.ptx');
  await assertScope(10, '.b64', 'storage.type.ptx');
  await assertScope(14, 'mov', 'support.function.instruction.ptx');
  await assertScope(14, '.b64', 'storage.type.ptx');
  await assertScope(15, 'mbarrier', 'support.function.instruction.ptx');
  await assertScope(15, '.arrive', 'keyword.other.modifier.ptx');
  await assertScope(15, '.shared::cta', 'storage.modifier.state-space.ptx');
  await assertScope(16, '.mbarrier::complete_tx::bytes', 'keyword.other.modifier.ptx');
  await assertScope(29, '.kind::mxf4nvf4', 'keyword.other.modifier.ptx');
  await assertScope(29, '.ue4m3', 'storage.type.ptx');
});

test('operands, predicates, labels and constants', async () => {
  await assertScope(14, '%policy', 'variable.other.register.ptx');
  await assertScope(14, '0x1000000000000000', 'constant.numeric.hex.ptx');
  await assertScope(14, '//', 'punctuation.definition.comment.ptx');
  await assertScope(15, '1024', 'constant.numeric.decimal.ptx');
  await assertScope(17, 'TMA_WAIT', 'entity.name.label.ptx');
  await assertScope(19, '@!%done', 'keyword.control.predicate.ptx');
  await assertScope(19, 'bra', 'support.function.instruction.ptx');
  await assertScope(20, '%tid.x', 'variable.language.special-register.ptx');
  await assertScope(21, '0f3F800000', 'constant.numeric.float.ptx');
  await assertScope(16, '{', 'punctuation.section.braces.ptx');
});
