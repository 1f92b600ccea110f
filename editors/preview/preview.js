// Shows a variant in Monaco, the editor component of VS Code, highlighted by the extension's
// TextMate grammar, with what the language server answered for it: findings, hovers, quick
// fixes and completions, read from session.json (the test that takes the docs' screenshots
// asks `basra lsp` and writes it). The page decides nothing about the language.
"use strict";

const MONACO = new URL("node_modules/monaco-editor/min/", location.href);
window.MonacoEnvironment = {  // Monaco's worker, loaded from this page's own copy
  getWorkerUrl: () => "data:text/javascript;charset=utf-8," + encodeURIComponent(
    `self.MonacoEnvironment = { baseUrl: "${MONACO}" }; importScripts("${MONACO}vs/base/worker/workerMain.js");`),
};

require.config({
  paths: {
    vs: "node_modules/monaco-editor/min/vs",
    "vscode-textmate": "node_modules/vscode-textmate/release/main",
    "vscode-oniguruma": "node_modules/vscode-oniguruma/release/main",
  },
});

const THEME = {
  base: "vs-dark",
  inherit: true,
  colors: {},
  rules: [
    { token: "comment", foreground: "6A9955" },
    { token: "string", foreground: "CE9178" },
    { token: "keyword.control.section", foreground: "C586C0", fontStyle: "bold" },
    { token: "keyword.other", foreground: "569CD6" },
    { token: "keyword.operator.word", foreground: "C586C0" },
    { token: "keyword.operator", foreground: "D4D4D4" },
    { token: "constant.language", foreground: "4EC9B0" },
    { token: "constant.other.card", foreground: "DCDCAA", fontStyle: "bold" },
    { token: "constant.numeric", foreground: "B5CEA8" },
    { token: "entity.name.function", foreground: "DCDCAA" },
    { token: "variable", foreground: "9CDCFE" },
    { token: "invalid", foreground: "F44747" },
  ],
};

async function fetchText(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.text();
}

async function textmateGrammar(textmate, oniguruma) {
  const wasm = await (await fetch("node_modules/vscode-oniguruma/release/onig.wasm")).arrayBuffer();
  await oniguruma.loadWASM(wasm);
  const registry = new textmate.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
      createOnigString: (text) => new oniguruma.OnigString(text),
    }),
    loadGrammar: async () =>
      textmate.parseRawGrammar(await fetchText("../vscode/syntaxes/basra.tmLanguage.json"), "basra.tmLanguage.json"),
  });
  return registry.loadGrammar("source.basra");
}

class LineState {
  constructor(stack) { this.stack = stack; }
  clone() { return new LineState(this.stack); }
  equals(other) { return other instanceof LineState && other.stack === this.stack; }
}

function highlightWith(monaco, grammar, textmate) {
  monaco.languages.register({ id: "basra", extensions: [".basra"] });
  monaco.languages.setTokensProvider("basra", {
    getInitialState: () => new LineState(textmate.INITIAL),
    tokenize(line, state) {
      const result = grammar.tokenizeLine(line, state.stack);
      const tokens = result.tokens.map((t) => ({ startIndex: t.startIndex, scopes: t.scopes[t.scopes.length - 1] }));
      return { tokens, endState: new LineState(result.ruleStack) };
    },
  });
}

const toRange = (monaco, r) =>
  new monaco.Range(r.start.line + 1, r.start.character + 1, r.end.line + 1, r.end.character + 1);

function markers(monaco, model, diagnostics) {
  monaco.editor.setModelMarkers(model, "basra", diagnostics.map((d) => {
    const range = toRange(monaco, d.range);
    return {
      startLineNumber: range.startLineNumber, startColumn: range.startColumn,
      endLineNumber: range.endLineNumber, endColumn: range.endColumn,
      message: d.message, source: "basra",
      code: d.codeDescription ? { value: d.code, target: monaco.Uri.parse(d.codeDescription.href) } : d.code,
      severity: d.severity === 1 ? monaco.MarkerSeverity.Error : monaco.MarkerSeverity.Warning,
    };
  }));
}

function answers(monaco, session) {
  const within = (range, position) => range.containsPosition(position);
  monaco.languages.registerHoverProvider("basra", {
    provideHover(model, position) {
      const found = session.hovers.find((h) => within(toRange(monaco, h.range), position));
      return found && { range: toRange(monaco, found.range), contents: [{ value: found.contents }] };
    },
  });
  monaco.languages.registerCodeActionProvider("basra", {
    provideCodeActions(model, range) {
      const actions = session.actions
        .filter((a) => toRange(monaco, a.range).intersectRanges(range))
        .map((a) => ({
          title: a.title, kind: "quickfix", isPreferred: a.isPreferred,
          edit: { edits: a.edits.map((e) => ({ resource: model.uri, textEdit: { range: toRange(monaco, e.range), text: e.newText }, versionId: undefined })) },
        }));
      return { actions, dispose() {} };
    },
  });
  const kinds = monaco.languages.CompletionItemKind;
  const kindOf = { 14: kinds.Keyword, 9: kinds.Module, 6: kinds.Variable, 21: kinds.Constant, 20: kinds.EnumMember,
                   10: kinds.Property, 12: kinds.Value, 3: kinds.Function, 17: kinds.File, 2: kinds.Method };
  monaco.languages.registerCompletionItemProvider("basra", {
    triggerCharacters: [".", " "],
    provideCompletionItems(model, position) {
      const word = model.getWordUntilPosition(position);
      const range = new monaco.Range(position.lineNumber, word.startColumn, position.lineNumber, word.endColumn);
      return {
        suggestions: session.completions.map((c) => ({
          label: c.label, kind: kindOf[c.kind] ?? kinds.Text, detail: c.detail, sortText: c.sortText,
          documentation: c.documentation && { value: c.documentation.value }, insertText: c.insertText || c.label, range,
        })),
      };
    },
  });
}

require(["vs/editor/editor.main", "vscode-textmate", "vscode-oniguruma"], async (monaco, textmate, oniguruma) => {
  try {
    const session = JSON.parse(await fetchText(`/session.json${location.search}`));
    highlightWith(monaco, await textmateGrammar(textmate, oniguruma), textmate);
    monaco.editor.defineTheme("basra-dark", THEME);
    const editor = monaco.editor.create(document.getElementById("editor"), {
      theme: "basra-dark", fontSize: 15,
      minimap: { enabled: false }, automaticLayout: true, lightbulb: { enabled: "on" },
      model: monaco.editor.createModel(session.text, "basra", monaco.Uri.parse(session.uri)),
    });
    markers(monaco, editor.getModel(), session.diagnostics);
    answers(monaco, session);
    window.basraEditor = editor; // the test moves the cursor and opens the hover or the suggestions
    document.body.dataset.ready = "yes";
  } catch (error) {
    document.body.dataset.ready = `failed: ${error.message}`;
  }
});
