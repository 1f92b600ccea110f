// The client's wiring, with VS Code and vscode-languageclient stood in for: which command it
// starts, which documents it hands the server, what it tells the user when the server is
// missing. (The server's own behaviour is tested in Python, end to end, with pytest-lsp.)
"use strict";

const assert = require("node:assert/strict");
const Module = require("node:module");
const path = require("node:path");
const { test } = require("node:test");

function fakes(settings, { folder = "/work/house", failure } = {}) {
  const seen = { clients: [], errors: [], commands: {} };
  const vscode = {
    workspace: {
      getConfiguration: () => ({ get: (key) => settings[key] }),
      workspaceFolders: folder ? [{ uri: { fsPath: folder } }] : undefined,
      onDidChangeConfiguration: () => ({ dispose() {} }),
    },
    window: { showErrorMessage: (text) => seen.errors.push(text) },
    commands: {
      registerCommand: (name, run) => { seen.commands[name] = run; return { dispose() {} }; },
      executeCommand: (name) => seen.commands[name](),
    },
  };
  class LanguageClient {
    constructor(id, name, server, client) {
      Object.assign(this, { id, name, server, client, stopped: false });
      seen.clients.push(this);
    }
    async start() { if (failure) throw new Error(failure); }
    async stop() { this.stopped = true; }
  }
  return { seen, modules: { vscode, "vscode-languageclient/node": { LanguageClient, TransportKind: { stdio: 0 } } } };
}

function loadExtension(modules) {
  const load = Module._load;
  Module._load = function (request, ...rest) {
    return request in modules ? modules[request] : load.call(this, request, ...rest);
  };
  try {
    const file = path.join(__dirname, "..", "extension.js");
    delete require.cache[require.resolve(file)];
    return require(file);
  } finally {
    Module._load = load;
  }
}

const context = () => ({ subscriptions: [] });

test("starts basra lsp for .basra files and worked examples", async () => {
  const { seen, modules } = fakes({ "server.command": "basra", "server.args": ["lsp"], docsUrl: "" });
  await loadExtension(modules).activate(context());
  const [client] = seen.clients;
  assert.deepEqual(client.server, { command: "basra", args: ["lsp"], transport: 0 });
  assert.deepEqual(client.client.documentSelector, [
    { scheme: "file", language: "basra" },
    { scheme: "file", pattern: "**/*.examples.yaml" },
  ]);
  assert.deepEqual(client.client.initializationOptions, {});
  assert.deepEqual(seen.errors, []);
});

test("a command given as a path is read from the workspace folder", async () => {
  const { seen, modules } = fakes({ "server.command": ".venv/bin/basra", docsUrl: "https://rules.example.org" });
  await loadExtension(modules).activate(context());
  assert.equal(seen.clients[0].server.command, path.join("/work/house", ".venv/bin/basra"));
  assert.deepEqual(seen.clients[0].server.args, ["lsp"]);
  assert.deepEqual(seen.clients[0].client.initializationOptions, { docsUrl: "https://rules.example.org" });
});

test("a server that will not start is explained, with the fix", async () => {
  const { seen, modules } = fakes({ "server.command": "basra" }, { failure: "spawn basra ENOENT" });
  await loadExtension(modules).activate(context());
  assert.equal(seen.errors.length, 1);
  assert.match(seen.errors[0], /could not start 'basra lsp' \(spawn basra ENOENT\)/);
  assert.match(seen.errors[0], /pip install basra-dsl/);
});

test("the restart command stops the server and starts a new one", async () => {
  const { seen, modules } = fakes({ "server.command": "basra" });
  await loadExtension(modules).activate(context());
  await seen.commands["basra.restartServer"]();
  assert.equal(seen.clients.length, 2);
  assert.equal(seen.clients[0].stopped, true);
});
