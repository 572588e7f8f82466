'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const props = pkg.contributes.configuration.properties;
const commandIds = pkg.contributes.commands.map((c) => c.command);

test('activation is explicit: the language and every command, never "*"', () => {
  assert.ok(Array.isArray(pkg.activationEvents) && pkg.activationEvents.length > 0);
  assert.ok(pkg.activationEvents.includes('onLanguage:cute-ir'));
  // .mlir files start the extension too: it decides which of them are CuTe IR
  assert.ok(pkg.activationEvents.includes('onLanguage:mlir'));
  assert.ok(!pkg.activationEvents.includes('*'));
  for (const id of commandIds) assert.ok(pkg.activationEvents.includes(`onCommand:${id}`), `onCommand:${id}`);
});

test('the cute-ir language, its grammar and configuration are contributed', () => {
  const lang = pkg.contributes.languages.find((l) => l.id === 'cute-ir');
  assert.ok(lang);
  assert.deepEqual(lang.extensions, ['.ir']);
  assert.ok(lang.aliases.includes('cute-ir') && lang.aliases.includes('CuTe IR'));
  const conf = JSON.parse(fs.readFileSync(path.join(ROOT, lang.configuration), 'utf8'));
  assert.equal(conf.comments.lineComment, '//');
  for (const pair of [['(', ')'], ['[', ']'], ['{', '}'], ['<', '>']]) {
    assert.ok(conf.brackets.some((b) => b[0] === pair[0] && b[1] === pair[1]), pair.join(''));
    assert.ok(conf.autoClosingPairs.some((p) => p.open === pair[0] && p.close === pair[1]), pair.join(''));
  }
  new RegExp(conf.wordPattern);
  const grammar = pkg.contributes.grammars.find((g) => g.language === 'cute-ir');
  assert.equal(grammar.scopeName, 'source.cute-ir');
  assert.ok(fs.existsSync(path.join(ROOT, grammar.path)));
});

test('.mlir and .ptx: the mlir language id (merged with the MLIR extension\'s), PTX with its grammar', () => {
  const mlir = pkg.contributes.languages.find((l) => l.id === 'mlir');
  assert.deepEqual(mlir.extensions, ['.mlir']);
  assert.ok(!('configuration' in mlir) && !pkg.contributes.grammars.some((g) => g.language === 'mlir'),
    'the extension does not colour other people\'s MLIR');
  const ptx = pkg.contributes.languages.find((l) => l.id === 'ptx');
  assert.deepEqual(ptx.extensions, ['.ptx']);
  const conf = JSON.parse(fs.readFileSync(path.join(ROOT, ptx.configuration), 'utf8'));
  assert.deepEqual(conf.comments, { lineComment: '//', blockComment: ['/*', '*/'] });
  const grammar = pkg.contributes.grammars.find((g) => g.language === 'ptx');
  assert.equal(grammar.scopeName, 'source.ptx');
  assert.ok(fs.existsSync(path.join(ROOT, grammar.path)));
  const setting = props['cute-ir.mlirFiles'];
  assert.deepEqual(setting.enum, ['cute', 'all', 'none']);
  assert.equal(setting.default, 'cute');
  assert.equal(setting.enumDescriptions.length, 3);
});

test('executables can only be set in user/machine settings', () => {
  for (const key of ['cute-ir.server.command', 'cute-ir.ptxas.path']) {
    assert.equal(props[key].scope, 'machine', key);
  }
  assert.equal(props['cute-ir.server.command'].type, 'array');
  assert.deepEqual(props['cute-ir.server.command'].default, ['cute-ir', 'serve']);
  assert.equal(props['cute-ir.ptxas.path'].default, 'ptxas');
});

test('untrusted and virtual workspaces are declared', () => {
  const untrusted = pkg.capabilities.untrustedWorkspaces;
  assert.equal(untrusted.supported, 'limited');
  assert.ok(untrusted.description && untrusted.description.length > 20);
  assert.deepEqual([...untrusted.restrictedConfigurations].sort(), ['cute-ir.ptxas.path', 'cute-ir.server.command']);
  assert.equal(pkg.capabilities.virtualWorkspaces, false);
});

test('unregistered dialects are accepted unless the user says otherwise', () => {
  const allow = props['cute-ir.allowUnregisteredDialect'];
  assert.equal(allow.type, 'boolean');
  assert.equal(allow.default, true);
  assert.match(allow.markdownDescription, /allow-unregistered-dialect/);
});

test('targetArch and trace settings', () => {
  const arch = props['cute-ir.targetArch'];
  assert.equal(arch.default, 'auto');
  assert.deepEqual(arch.enum, [
    'auto', 'sm_70', 'sm_75', 'sm_80', 'sm_86', 'sm_87', 'sm_88', 'sm_89', 'sm_90', 'sm_90a',
    'sm_100', 'sm_100a', 'sm_100f', 'sm_103', 'sm_103a', 'sm_103f', 'sm_110', 'sm_110a', 'sm_110f',
    'sm_120', 'sm_120a', 'sm_120f', 'sm_121', 'sm_121a', 'sm_121f',
  ]);
  assert.deepEqual(props['cute-ir.trace.server'].enum, ['off', 'messages', 'verbose']);
});

test('the documented commands are contributed', () => {
  for (const id of ['cute-ir.showPtxPreview', 'cute-ir.showDescriptorFields', 'cute-ir.showLoweredIr', 'cute-ir.restartServer']) {
    assert.ok(commandIds.includes(id), id);
  }
});

test('the icon is a 128x128 PNG and the package keeps what it needs', () => {
  const png = fs.readFileSync(path.join(ROOT, pkg.icon));
  assert.equal(png.subarray(0, 8).toString('hex'), '89504e470d0a1a0a');
  assert.equal(png.readUInt32BE(16), 128);
  assert.equal(png.readUInt32BE(20), 128);
  const ignore = fs.readFileSync(path.join(ROOT, '.vscodeignore'), 'utf8');
  // every file the manifest names ships (a grammar left out is a language without colours)
  const named = [
    ...pkg.contributes.grammars.map((g) => g.path),
    ...pkg.contributes.languages.filter((l) => l.configuration).map((l) => l.configuration),
  ].map((p) => p.replace(/^\.\//, ''));
  for (const keep of ['dist/extension.js', 'media/icon.png', ...named]) {
    assert.ok(ignore.split('\n').includes(`!${keep}`), keep);
  }
  assert.equal(pkg.main, './dist/extension.js');
  for (const script of ['build', 'package', 'test']) assert.ok(pkg.scripts[script], script);
});
