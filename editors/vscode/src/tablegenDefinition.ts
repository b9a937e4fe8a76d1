// Go to Definition from C++ to TableGen: a definition provider for C and
// C++ beside clangd's, answered by the server's tdls/tableGenDefinition
// request (the op, attribute, type, interface or pass class, accessor,
// required member or DRR helper under the cursor, to its .td
// declaration). The document's text goes with the request: the server
// does not follow C++ documents.
import * as vscode from 'vscode';
import { LanguageClient, Location as LspLocation } from 'vscode-languageclient/node';

export const tableGenDefinitionRequest = 'tdls/tableGenDefinition';

// The languages whose names may stand for TableGen declarations.
export const cppSelector: vscode.DocumentSelector = [
  { scheme: 'file', language: 'cpp' },
  { scheme: 'file', language: 'c' },
];

export class TableGenDefinitionProvider implements vscode.DefinitionProvider {
  constructor(private readonly client: () => LanguageClient | undefined) {}

  async provideDefinition(document: vscode.TextDocument, position: vscode.Position, token: vscode.CancellationToken): Promise<vscode.Location[] | undefined> {
    const c = this.client();
    if (!c?.isRunning() || !document.getWordRangeAtPosition(position)) return undefined;
    try {
      const locs = await c.sendRequest<LspLocation[] | null>(
        tableGenDefinitionRequest,
        { textDocument: { uri: document.uri.toString() }, position: { line: position.line, character: position.character }, text: document.getText() },
        token,
      );
      return (locs ?? []).map((l) => c.protocol2CodeConverter.asLocation(l));
    } catch {
      return undefined; // cancelled, or the server went away: clangd's answer stands
    }
  }
}

// workspaceHasTableGen reports whether a .td file is in the workspace
// (one search, stopping at the first).
export async function workspaceHasTableGen(): Promise<boolean> {
  if (!vscode.workspace.workspaceFolders?.length) return false;
  const found = await vscode.workspace.findFiles('**/*.td', '**/{node_modules,.git}/**', 1);
  return found.length > 0;
}
