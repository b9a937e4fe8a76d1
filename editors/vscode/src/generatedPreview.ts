// The generated-code preview: a read-only document beside the source (C++,
// or rendered Markdown for documentation), asked from tdls with
// tdls/generatedCode and refreshed (debounced) as the source changes.
import * as path from 'path';
import * as vscode from 'vscode';
import { ExecuteCommandRequest, LanguageClient } from 'vscode-languageclient/node';

import { showGenerated, showGeneratedRewriter } from './clientCommands';
import { Debouncer } from './debounce';
import { shiftPosition } from './positionTracking';
import {
  errorPreview,
  GeneratedCode,
  generatedCodeMethod,
  languageId,
  PreviewTarget,
  previewDescription,
  previewFileName,
  requestParams,
} from './previewTarget';

export const previewScheme = 'tdls-preview';
const refreshDelayMs = 300;
const methodNotFound = -32601;

interface Session {
  target: PreviewTarget;
  uri: vscode.Uri;
  language: string;
  text: string;
  lastGood?: string;
  debouncer: Debouncer;
  seq: number;
}

export class GeneratedPreview implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly sessions = new Map<string, Session>(); // by preview uri
  private readonly disposables: vscode.Disposable[] = [];
  private nextId = 1;

  constructor(private readonly client: () => LanguageClient | undefined) {
    this.disposables.push(
      vscode.workspace.registerTextDocumentContentProvider(previewScheme, this),
      vscode.workspace.onDidChangeTextDocument((e) => this.sourceChanged(e)),
      vscode.workspace.onDidCloseTextDocument((d) => {
        const s = this.sessions.get(d.uri.toString());
        if (s) {
          s.debouncer.cancel();
          this.sessions.delete(d.uri.toString());
        }
      }),
    );
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.sessions.get(uri.toString())?.text ?? '// this preview is closed: run its "TableGen: Show Generated ..." command again\n';
  }

  // open asks for the preview and shows it beside the source.
  async open(target: PreviewTarget): Promise<void> {
    const what = previewDescription(target);
    const client = this.client();
    if (!client || !client.isRunning()) {
      void vscode.window.showErrorMessage(`tdls is not running: ${what} preview needs it (TableGen: Restart Server).`);
      return;
    }
    let code: GeneratedCode;
    try {
      code = await client.sendRequest<GeneratedCode>(generatedCodeMethod, requestParams(target));
    } catch (err) {
      if ((err as { code?: number }).code === methodNotFound) {
        await this.viaServerCommand(client, target);
        return;
      }
      void vscode.window.showErrorMessage(`tdls could not generate ${what}: ${(err as Error).message}`);
      return;
    }
    // Which engine made it, and for mlir-tblgen which binary.
    vscode.window.setStatusBarMessage(`tdls: ${code.title} by ${code.engine === 'mlir-tblgen' && code.tool ? code.tool : 'the native emitter'}`, 10000);
    const language = languageId(code.language);
    const fallback = path.basename(vscode.Uri.parse(target.uri).path, '.td');
    const uri = vscode.Uri.from({ scheme: previewScheme, path: '/' + previewFileName(code.title, fallback, language), query: String(this.nextId++) });
    const session: Session = { target: { ...target }, uri, language, text: code.text, lastGood: code.text, debouncer: new Debouncer(refreshDelayMs), seq: 0 };
    this.sessions.set(uri.toString(), session);
    const doc = await vscode.workspace.openTextDocument(uri);
    if (doc.languageId !== language) {
      await vscode.languages.setTextDocumentLanguage(doc, language);
    }
    const source = vscode.window.activeTextEditor;
    await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: language !== 'markdown', preview: false });
    if (language === 'markdown') {
      // Rendered in the preview's group, in front of its text (which keeps
      // the document, and so the session, open).
      try {
        await vscode.commands.executeCommand('markdown.showPreview', uri);
      } catch {
        // No Markdown preview in this editor: the text stays.
      }
      if (source) {
        await vscode.window.showTextDocument(source.document, { viewColumn: source.viewColumn, preserveFocus: false });
      }
    }
  }

  // A server without the custom request may still have the command: it then
  // writes the preview to a file and opens it through window/showDocument.
  private async viaServerCommand(client: LanguageClient, target: PreviewTarget): Promise<void> {
    const command = target.generator ? showGenerated : showGeneratedRewriter;
    const commands = client.initializeResult?.capabilities.executeCommandProvider?.commands ?? [];
    if (!commands.includes(command)) {
      void vscode.window.showErrorMessage(`This tdls cannot show ${previewDescription(target)} (tdls/generatedCode: method not found): update tdls.`);
      return;
    }
    try {
      await client.sendRequest(ExecuteCommandRequest.type, { command, arguments: [requestParams(target)] });
    } catch (err) {
      void vscode.window.showErrorMessage(`tdls could not generate ${previewDescription(target)}: ${(err as Error).message}`);
    }
  }

  private sourceChanged(e: vscode.TextDocumentChangeEvent): void {
    if (e.contentChanges.length === 0) return;
    const src = e.document.uri.toString();
    for (const s of this.sessions.values()) {
      if (s.target.uri !== src) continue;
      if (s.target.position) {
        s.target.position = shiftPosition(s.target.position, e.contentChanges);
      }
      s.debouncer.trigger(() => void this.refresh(s));
    }
  }

  private async refresh(s: Session): Promise<void> {
    const client = this.client();
    if (!client || !client.isRunning()) return;
    const seq = ++s.seq;
    let text: string;
    try {
      const code = await client.sendRequest<GeneratedCode>(generatedCodeMethod, requestParams(s.target));
      text = code.text;
      s.lastGood = text;
    } catch (err) {
      text = errorPreview((err as Error).message, s.lastGood, s.language);
    }
    if (seq !== s.seq || !this.sessions.has(s.uri.toString())) return; // superseded or closed
    s.text = text;
    this.changed.fire(s.uri);
  }

  dispose(): void {
    for (const s of this.sessions.values()) s.debouncer.cancel();
    this.sessions.clear();
    this.disposables.forEach((d) => d.dispose());
    this.changed.dispose();
  }
}
