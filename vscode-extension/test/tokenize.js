// Tokenizes text with the extension's TextMate grammars (cute-ir's for .ir,
// PTX's for .ptx and the PTX preview) using the same engine VS Code uses
// (vscode-textmate + the Oniguruma WASM build), so the tests see exactly the
// scopes an editor would.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const vsctm = require('vscode-textmate');
const oniguruma = require('vscode-oniguruma');

const GRAMMAR_PATH = path.join(__dirname, '..', 'syntaxes', 'cute-ir.tmLanguage.json');
const PTX_GRAMMAR_PATH = path.join(__dirname, '..', 'syntaxes', 'ptx.tmLanguage.json');
const GRAMMARS = { 'source.cute-ir': GRAMMAR_PATH, 'source.ptx': PTX_GRAMMAR_PATH };

let registry;
const grammarPromises = {};

function loadGrammar(scopeName = 'source.cute-ir') {
  if (!registry) {
    const wasm = fs.readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm'));
    const onigLib = oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength)).then(() => ({
      createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
      createOnigString: (s) => new oniguruma.OnigString(s),
    }));
    registry = new vsctm.Registry({
      onigLib,
      loadGrammar: async (name) => {
        const file = GRAMMARS[name];
        return file ? vsctm.parseRawGrammar(fs.readFileSync(file, 'utf8'), file) : null;
      },
    });
  }
  if (!grammarPromises[scopeName]) grammarPromises[scopeName] = registry.loadGrammar(scopeName);
  return grammarPromises[scopeName];
}

/** Returns one array per line of {text, scopes} tokens. */
async function tokenize(text, scopeName = 'source.cute-ir') {
  const grammar = await loadGrammar(scopeName);
  let state = vsctm.INITIAL;
  return text.split(/\r?\n/).map((line) => {
    const r = grammar.tokenizeLine(line, state);
    state = r.ruleStack;
    return r.tokens.map((t) => ({ text: line.slice(t.startIndex, t.endIndex), scopes: t.scopes }));
  });
}

module.exports = { tokenize, loadGrammar, GRAMMAR_PATH, PTX_GRAMMAR_PATH };

// `node test/tokenize.js FILE` prints the tokens: handy when editing a grammar (a .ptx file
// is read with the PTX grammar).
if (require.main === module) {
  const scope = process.argv[2].endsWith('.ptx') ? 'source.ptx' : 'source.cute-ir';
  tokenize(fs.readFileSync(process.argv[2], 'utf8'), scope).then((lines) => {
    lines.forEach((toks, i) => {
      for (const t of toks) {
        if (t.text.trim()) console.log(`${i + 1}\t${JSON.stringify(t.text)}\t${t.scopes.slice(1).join(' ')}`);
      }
    });
  });
}
