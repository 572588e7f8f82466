'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { asScopeSetting, wantsFunction, covers, AUTO_FUNCTION_LINES } = require('../dist/test/loweredScope.js');

test('auto follows the function at the cursor only in large documents', () => {
  assert.strictEqual(wantsFunction('auto', AUTO_FUNCTION_LINES), false);
  assert.strictEqual(wantsFunction('auto', AUTO_FUNCTION_LINES + 1), true);
  assert.strictEqual(wantsFunction('module', 1e6), false);
  assert.strictEqual(wantsFunction('function', 3), true);
});

test('an unknown setting value means auto', () => {
  assert.strictEqual(asScopeSetting('module'), 'module');
  assert.strictEqual(asScopeSetting('bogus'), 'auto');
  assert.strictEqual(asScopeSetting(undefined), 'auto');
});

test('a cursor outside the shown function asks for a refresh', () => {
  const range = { start: { line: 10, character: 2 }, end: { line: 20, character: 3 } };
  assert.strictEqual(covers(range, { line: 10, character: 2 }), true);
  assert.strictEqual(covers(range, { line: 20, character: 3 }), true);
  assert.strictEqual(covers(range, { line: 10, character: 1 }), false);
  assert.strictEqual(covers(range, { line: 21, character: 0 }), false);
  assert.strictEqual(covers(undefined, { line: 0, character: 0 }), true);
});
