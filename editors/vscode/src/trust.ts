// Workspace Trust: a repository is untrusted input. The settings that name
// an executable (tdls.serverPath, tdls.mlirTblgen) are restricted: in an
// untrusted workspace only the user's own value counts, never the
// workspace's (.vscode/settings.json), and an executable inside a
// workspace folder is not started. The server hears the trust state in its
// initializationOptions and through tdls/didChangeTrust.
import * as path from 'path';

export const restrictedSettings = ['tdls.serverPath', 'tdls.mlirTblgen'];

export const didChangeTrust = 'tdls/didChangeTrust';

// What vscode's WorkspaceConfiguration.inspect gives for a setting.
export interface Inspected<T> {
  defaultValue?: T;
  globalValue?: T;
  workspaceValue?: T;
  workspaceFolderValue?: T;
}

// restrictedValue is a restricted setting's value: the effective one when
// the workspace is trusted, else the user's (global) value only.
export function restrictedValue<T>(inspected: Inspected<T> | undefined, trusted: boolean, fallback: T): T {
  if (!inspected) return fallback;
  if (trusted) {
    return inspected.workspaceFolderValue ?? inspected.workspaceValue ?? inspected.globalValue ?? inspected.defaultValue ?? fallback;
  }
  return inspected.globalValue ?? inspected.defaultValue ?? fallback;
}

// insideFolder is the workspace folder holding file, if any.
export function insideFolder(file: string, folders: readonly string[]): string | undefined {
  const f = path.resolve(file);
  for (const folder of folders) {
    const rel = path.relative(path.resolve(folder), f);
    if (rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel))) return folder;
  }
  return undefined;
}
