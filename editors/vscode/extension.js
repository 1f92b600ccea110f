// The Basra extension's client: it starts `basra lsp` from the user's own basra-dsl install
// and hands it the .basra and worked-examples files. Everything it shows (findings, hover,
// completion, fixes) comes from that server; the client decides nothing about the language.
"use strict";

const path = require("path");
const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

let client;

function serverOptions(settings, folder) {
  let command = settings.get("server.command") || "basra";
  if (folder && (command.includes("/") || command.includes("\\")) && !path.isAbsolute(command)) {
    command = path.join(folder, command); // a path such as .venv/bin/basra, read from the workspace
  }
  return { command, args: settings.get("server.args") || ["lsp"], transport: TransportKind.stdio };
}

function clientOptions(settings) {
  const docsUrl = settings.get("docsUrl");
  return {
    documentSelector: [
      { scheme: "file", language: "basra" },
      { scheme: "file", pattern: "**/*.examples.yaml" },
    ],
    initializationOptions: docsUrl ? { docsUrl } : {},
  };
}

async function start(context) {
  const settings = vscode.workspace.getConfiguration("basra");
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  const server = serverOptions(settings, folder);
  client = new LanguageClient("basra", "Basra", server, clientOptions(settings));
  try {
    await client.start();
  } catch (error) {
    client = undefined;
    vscode.window.showErrorMessage(
      `Basra: could not start '${server.command} ${server.args.join(" ")}' (${error.message || error}). ` +
      "Install basra-dsl (pip install basra-dsl) or set basra.server.command to its basra command."
    );
  }
}

async function activate(context) {
  context.subscriptions.push(
    vscode.commands.registerCommand("basra.restartServer", async () => {
      if (client) await client.stop();
      await start(context);
    }),
    vscode.workspace.onDidChangeConfiguration(async (change) => {
      if (change.affectsConfiguration("basra")) await vscode.commands.executeCommand("basra.restartServer");
    })
  );
  await start(context);
}

async function deactivate() {
  if (client) await client.stop();
}

module.exports = { activate, deactivate, serverOptions, clientOptions };
