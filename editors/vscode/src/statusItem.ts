// The status bar item: server state, indexing progress ($/progress) and the
// TableGen problem counts.
import * as vscode from 'vscode';
import { LanguageClient, State, WorkDoneProgress, WorkDoneProgressCreateRequest } from 'vscode-languageclient/node';

import { ServerState, StatusModel } from './statusModel';

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

  // attach follows a started client: its state and its progress reports.
  // Call it after client.start() so this create handler is the one in place.
  attach(client: LanguageClient): void {
    this.clientDisposables.forEach((d) => d.dispose());
    this.clientDisposables = [
      client.onDidChangeState((e) => {
        if (e.newState === State.Running) this.setState('running');
        else if (e.newState === State.Starting) this.setState('starting');
        else this.setState('stopped', 'the server exited');
      }),
      client.onRequest(WorkDoneProgressCreateRequest.type, ({ token }) => {
        const sub = client.onProgress(WorkDoneProgress.type, token, (value) => {
          this.model.progress(token, value);
          if (value.kind === 'end') sub.dispose();
          this.render();
        });
      }),
    ];
    this.setState(client.isRunning() ? 'running' : 'starting');
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
