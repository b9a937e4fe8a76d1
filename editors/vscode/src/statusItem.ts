// The status bar item: server state, indexing progress ($/progress), the
// TableGen problem counts and the user's LLVM (tdls/llvm).
import * as vscode from 'vscode';
import {
  ClientCapabilities,
  FeatureState,
  LanguageClient,
  State,
  StaticFeature,
  WorkDoneProgress,
  WorkDoneProgressBegin,
  WorkDoneProgressCreateRequest,
  WorkDoneProgressEnd,
  WorkDoneProgressReport,
} from 'vscode-languageclient/node';

import { LLVMStatus, ServerState, StatusModel } from './statusModel';

export class StatusItem implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('tdls.status', vscode.StatusBarAlignment.Left, 0);
  private readonly model = new StatusModel();
  private readonly disposables: vscode.Disposable[] = [];
  private clientDisposables: vscode.Disposable[] = [];

  constructor() {
    this.item.name = 'tdls';
    this.disposables.push(vscode.languages.onDidChangeDiagnostics(() => this.countDiagnostics()));
    this.countDiagnostics();
    this.render();
    this.item.show();
  }

  setState(state: ServerState, detail = ''): void {
    this.model.setState(state, detail);
    this.render();
  }

  // attach follows a client's state; call it before client.start().
  attach(client: LanguageClient): void {
    this.clientDisposables.forEach((d) => d.dispose());
    this.clientDisposables = [
      client.onDidChangeState((e) => {
        if (e.newState === State.Running) this.setState('running');
        else if (e.newState === State.Starting) this.setState('starting');
        else this.setState('stopped', 'the server exited');
      }),
    ];
    client.registerFeature(new ProgressToStatus(client, this));
    this.clientDisposables.push(
      client.onNotification('tdls/llvm', (llvm: LLVMStatus) => {
        this.model.setLLVM(llvm);
        this.render();
      }),
    );
  }

  progress(token: string | number, value: WorkDoneProgressBegin | WorkDoneProgressReport | WorkDoneProgressEnd): void {
    this.model.progress(token, value);
    this.render();
  }

  private countDiagnostics(): void {
    let errors = 0;
    let warnings = 0;
    for (const [, diags] of vscode.languages.getDiagnostics()) {
      for (const d of diags) {
        if (d.source !== 'tdls') continue;
        if (d.severity === vscode.DiagnosticSeverity.Error) errors++;
        else if (d.severity === vscode.DiagnosticSeverity.Warning) warnings++;
      }
    }
    this.model.setDiagnosticCounts(errors, warnings);
    this.render();
  }

  private render(): void {
    const v = this.model.view();
    this.item.text = v.text;
    this.item.tooltip = v.tooltip;
    this.item.command = v.command;
    this.item.backgroundColor =
      v.severity === 'error' ? new vscode.ThemeColor('statusBarItem.errorBackground') : v.severity === 'warning' ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
  }

  dispose(): void {
    this.clientDisposables.forEach((d) => d.dispose());
    this.disposables.forEach((d) => d.dispose());
    this.item.dispose();
  }
}

// ProgressToStatus shows the server's work-done progress (the workspace
// index) in the status item. As a client feature its create handler is in
// place before the client sends `initialized`, after which the server starts
// reporting; it replaces the client's default progress handler.
class ProgressToStatus implements StaticFeature {
  // One subscription per token, kept after `end`: a server may create the
  // same token again (a restarted index) before the old run has ended.
  private readonly subs = new Map<string, { dispose(): void }>();

  constructor(private readonly client: LanguageClient, private readonly status: StatusItem) {}

  fillClientCapabilities(caps: ClientCapabilities): void {
    caps.window = { ...caps.window, workDoneProgress: true };
  }

  initialize(): void {
    this.client.onRequest(WorkDoneProgressCreateRequest.type, ({ token }) => {
      if (this.subs.has(String(token))) return;
      this.subs.set(
        String(token),
        this.client.onProgress(WorkDoneProgress.type, token, (value) => this.status.progress(token, value)),
      );
    });
  }

  getState(): FeatureState {
    return { kind: 'static' };
  }

  clear(): void {
    this.subs.forEach((s) => s.dispose());
    this.subs.clear();
  }
}
