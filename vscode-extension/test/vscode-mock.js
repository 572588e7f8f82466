// A stand-in for the `vscode` module so the bundled extension can be loaded
// and activated under plain Node. Every API not given explicitly is a
// "deep no-op": any property, call or `new` yields another no-op, so the test
// only spells out the few behaviours it looks at.
'use strict';
const fs = require('node:fs');
const Module = require('node:module');

function deepNoop(name = 'vscode') {
  const fn = function () {};
  return new Proxy(fn, {
    get(_target, prop) {
      if (prop === 'then') return undefined; // not a thenable: `await` must not hang
      if (prop === Symbol.toPrimitive) return () => `[mock ${name}]`;
      if (prop === Symbol.iterator) return undefined;
      return deepNoop(`${name}.${String(prop)}`);
    },
    set: () => true, // assignments (item.text = ...) are accepted and forgotten
    apply: () => deepNoop(`${name}()`),
    construct: () => deepNoop(`new ${name}`),
  });
}

/** Deep-merges `overrides` over a deep no-op. */
function withOverrides(overrides, name) {
  const base = deepNoop(name);
  return new Proxy(base, {
    get(target, prop) {
      if (Object.prototype.hasOwnProperty.call(overrides, prop)) {
        const v = overrides[prop];
        return v && typeof v === 'object' && !Array.isArray(v) && !v.__plain ? withOverrides(v, `${name}.${String(prop)}`) : v;
      }
      return target[prop];
    },
  });
}

/**
 * The module object itself. esbuild's CommonJS interop copies the module's
 * *own enumerable keys*, so they must be listed: every `vscode.X` the bundles
 * mention (found by scanning them) plus the overridden ones.
 */
function moduleObject(overrides, bundlePaths) {
  const names = new Set(Object.keys(overrides));
  for (const file of bundlePaths) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\b(?:import_)?vscode_?\d*\.([A-Za-z_$][\w$]*)/g)) names.add(m[1]);
  }
  const inner = withOverrides(overrides, 'vscode');
  return new Proxy(
    {},
    {
      get: (_t, prop) => inner[prop],
      has: (_t, prop) => typeof prop === 'string' && names.has(prop),
      ownKeys: () => [...names],
      getOwnPropertyDescriptor: (_t, prop) =>
        names.has(prop) ? { configurable: true, enumerable: true, writable: false, value: inner[prop] } : undefined,
    },
  );
}

/**
 * Installs the mock; returns { vscode, calls, restore }.
 * `settings` are the values of the `cute-ir` section (keys like 'server.command');
 * `bundlePaths` are the built files that will import it.
 */
function installVscodeMock(settings = {}, bundlePaths = []) {
  const calls = { commands: new Map(), errors: [], infos: [], warnings: [] };
  const config = {
    __plain: true,
    get: (key, dflt) => (key in settings ? settings[key] : dflt),
    update: async () => {},
    has: (key) => key in settings,
    inspect: () => undefined,
  };
  const logChannel = {
    __plain: true,
    name: 'mock log',
    logLevel: 2,
    onDidChangeLogLevel: () => ({ dispose() {} }),
    append: (m) => process.env.MOCK_LOG && process.stdout.write(String(m)),
    appendLine: (m) => process.env.MOCK_LOG && console.log(m),
    replace() {}, clear() {}, show() {}, hide() {}, dispose() {},
    trace() {}, debug() {}, info: (m) => process.env.MOCK_LOG && console.log("[info]", m), warn: (m) => process.env.MOCK_LOG && console.log("[warn]", m),
    error: (m) => calls.errors.push(['log', String(m)]),
  };
  const vscode = moduleObject(
    {
      version: '1.95.0',
      commands: {
        registerCommand: (id, handler) => {
          calls.commands.set(id, handler);
          return { dispose() {} };
        },
        executeCommand: async () => undefined,
      },
      window: {
        createOutputChannel: () => logChannel,
        showErrorMessage: async (msg, ...items) => {
          calls.errors.push(['message', msg, items]);
          return undefined;
        },
        showInformationMessage: async (msg, ...items) => {
          calls.infos.push([msg, items]);
          return undefined;
        },
        showWarningMessage: async (msg, ...items) => {
          calls.warnings.push([msg, items]);
          return undefined;
        },
        activeTextEditor: undefined,
        visibleTextEditors: [],
      },
      workspace: {
        getConfiguration: () => config,
        workspaceFolders: undefined,
        rootPath: undefined,
        textDocuments: [],
      },
    },
    bundlePaths,
  );
  const originalLoad = Module._load;
  Module._load = function (request, ...rest) {
    if (request === 'vscode') return vscode;
    return originalLoad.call(this, request, ...rest);
  };
  return {
    vscode,
    calls,
    restore: () => {
      Module._load = originalLoad;
    },
  };
}

module.exports = { installVscodeMock };
