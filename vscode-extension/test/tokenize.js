// Tokenizes .ir text with the extension's TextMate grammar using the same
// engine VS Code uses (vscode-textmate + the Oniguruma WASM build), so the
// tests see exactly the scopes an editor would.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const vsctm = require('vscode-textmate');
const oniguruma = require('vscode-oniguruma');

const GRAMMAR_PATH = path.join(__dirname, '..', 'syntaxes', 'cute-ir.tmLanguage.json');

let grammarPromise;

function loadGrammar() {
  if (!grammarPromise) {
    const wasm = fs.readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm'));
    const onigLib = oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength)).then(() => ({
      createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
      createOnigString: (s) => new oniguruma.OnigString(s),
    }));
    const registry = new vsctm.Registry({
      onigLib,
      loadGrammar: async (scopeName) => {
        if (scopeName !== 'source.cute-ir') return null;
        return vsctm.parseRawGrammar(fs.readFileSync(GRAMMAR_PATH, 'utf8'), GRAMMAR_PATH);
      },
    });
    grammarPromise = registry.loadGrammar('source.cute-ir');
  }
  return grammarPromise;
}

/** Returns one array per line of {text, scopes} tokens. */
async function tokenize(text) {
  const grammar = await loadGrammar();
  let state = vsctm.INITIAL;
  return text.split(/\r?\n/).map((line) => {
    const r = grammar.tokenizeLine(line, state);
    state = r.ruleStack;
    return r.tokens.map((t) => ({ text: line.slice(t.startIndex, t.endIndex), scopes: t.scopes }));
  });
}

module.exports = { tokenize, loadGrammar, GRAMMAR_PATH };

// `node test/tokenize.js FILE` prints the tokens: handy when editing the grammar.
if (require.main === module) {
  tokenize(fs.readFileSync(process.argv[2], 'utf8')).then((lines) => {
    lines.forEach((toks, i) => {
      for (const t of toks) {
        if (t.text.trim()) console.log(`${i + 1}\t${JSON.stringify(t.text)}\t${t.scopes.slice(1).join(' ')}`);
      }
    });
  });
}
