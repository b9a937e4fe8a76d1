// StatusModel turns server state, work-done progress, diagnostic counts and
// the user's LLVM release into what the status bar item shows.
export type ServerState = 'starting' | 'running' | 'stopped' | 'failed';

export interface StatusView {
  text: string;
  tooltip: string;
  severity: 'normal' | 'warning' | 'error';
  command: string;
}

export interface ProgressValue {
  kind: 'begin' | 'report' | 'end';
  title?: string;
  message?: string;
  percentage?: number;
}

// LLVMStatus is the server's tdls/llvm notification: the LLVM it found and
// the release tdls models; notice says which checks may disagree.
export interface LLVMStatus {
  found: boolean;
  version?: string;
  major?: number;
  from?: string;
  path?: string;
  modelled: number;
  notice?: string;
}

interface Task {
  title: string;
  message?: string;
  percentage?: number;
}

export class StatusModel {
  private state: ServerState = 'starting';
  private detail = '';
  private readonly tasks = new Map<string, Task>();
  private errors = 0;
  private warnings = 0;
  private llvm: LLVMStatus | undefined;

  setState(state: ServerState, detail = ''): void {
    this.state = state;
    this.detail = detail;
    if (state !== 'running') {
      this.tasks.clear();
    }
  }

  progress(token: string | number, v: ProgressValue): void {
    const key = String(token);
    if (v.kind === 'begin') {
      this.tasks.set(key, { title: v.title ?? 'working', message: v.message, percentage: v.percentage });
      return;
    }
    const task = this.tasks.get(key);
    if (!task) return;
    if (v.kind === 'end') {
      this.tasks.delete(key);
      return;
    }
    if (v.message !== undefined) task.message = v.message;
    if (v.percentage !== undefined) task.percentage = v.percentage;
  }

  setLLVM(llvm: LLVMStatus): void {
    this.llvm = llvm;
  }

  setDiagnosticCounts(errors: number, warnings: number): void {
    this.errors = errors;
    this.warnings = warnings;
  }

  view(): StatusView {
    switch (this.state) {
      case 'failed':
        return { text: '$(error) tdls', tooltip: `tdls failed: ${this.detail}\nClick to see the output.`, severity: 'error', command: 'tdls.showOutput' };
      case 'stopped':
        return { text: '$(debug-stop) tdls', tooltip: `tdls is not running${this.detail ? ': ' + this.detail : ''}\nClick to restart.`, severity: 'warning', command: 'tdls.restartServer' };
      case 'starting':
        return { text: '$(sync~spin) tdls', tooltip: 'tdls is starting', severity: 'normal', command: 'tdls.showOutput' };
    }
    const v = this.runningView();
    return { ...v, text: v.text + this.llvmText(), tooltip: v.tooltip + this.llvmTooltip() };
  }

  private runningView(): StatusView {
    const latest = [...this.tasks.values()].pop();
    if (latest) {
      const pct = latest.percentage !== undefined ? ` ${Math.round(latest.percentage)}%` : '';
      const more = this.tasks.size > 1 ? ` (+${this.tasks.size - 1})` : '';
      const msg = latest.message ? `: ${latest.message}` : '';
      return { text: `$(sync~spin) tdls: ${latest.title}${pct}${more}`, tooltip: `${latest.title}${msg}`, severity: 'normal', command: 'tdls.showOutput' };
    }
    if (this.errors > 0 || this.warnings > 0) {
      const text = `$(error) ${this.errors} $(warning) ${this.warnings} tdls`;
      const tooltip = `TableGen: ${this.errors} error(s), ${this.warnings} warning(s) in open files\nClick to open the Problems panel.`;
      return { text, tooltip, severity: 'normal', command: 'workbench.actions.view.problems' };
    }
    return { text: '$(check) tdls', tooltip: 'tdls is running: no problems in open TableGen files', severity: 'normal', command: 'tdls.showOutput' };
  }

  // llvmText marks an LLVM of another release than the modelled one.
  private llvmText(): string {
    const l = this.llvm;
    return l?.found && l.major !== l.modelled ? ` $(warning) LLVM ${l.major}` : '';
  }

  private llvmTooltip(): string {
    const l = this.llvm;
    if (!l) return '';
    if (!l.found) return `\nLLVM: not found; checking as LLVM ${l.modelled}`;
    const line = `\nLLVM ${l.version} (${l.from} of ${l.path})`;
    return l.notice ? `${line}\n${l.notice}` : `${line}, the release tdls models`;
  }
}
