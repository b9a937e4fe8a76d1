// Where the tdls executable comes from: the tdls.serverPath setting, else the
// binary bundled in the extension's bin/, else `tdls` on PATH.
import * as path from 'path';

export interface ServerPathInputs {
  configured: string; // tdls.serverPath, possibly empty
  extensionPath: string;
  workspaceFolder?: string;
  home: string;
  platform: string; // process.platform
  pathEnv: string; // $PATH
  isExecutable: (file: string) => boolean;
}

export interface ResolvedServer {
  command: string;
  source: 'setting' | 'bundled' | 'path';
  // Set when the command will not start, with what to do about it.
  problem?: string;
}

export function executableName(platform: string): string {
  return platform === 'win32' ? 'tdls.exe' : 'tdls';
}

// expandPath replaces a leading ~ and ${workspaceFolder} / ${userHome}, and
// makes a relative path absolute against the workspace folder.
export function expandPath(p: string, home: string, workspaceFolder?: string): string {
  let out = p.trim();
  if (out === '~' || out.startsWith('~/')) {
    out = home + out.slice(1);
  }
  out = out.replace(/\$\{userHome\}/g, home);
  if (workspaceFolder !== undefined) {
    out = out.replace(/\$\{workspaceFolder\}/g, workspaceFolder);
    if (!path.isAbsolute(out)) {
      out = path.join(workspaceFolder, out);
    }
  }
  return out;
}

export function resolveServerPath(inp: ServerPathInputs): ResolvedServer {
  if (inp.configured.trim() !== '') {
    const command = expandPath(inp.configured, inp.home, inp.workspaceFolder);
    return inp.isExecutable(command)
      ? { command, source: 'setting' }
      : { command, source: 'setting', problem: `tdls.serverPath is ${command}, which is not an executable file` };
  }
  const exe = executableName(inp.platform);
  const bundled = path.join(inp.extensionPath, 'bin', exe);
  if (inp.isExecutable(bundled)) {
    return { command: bundled, source: 'bundled' };
  }
  const sep = inp.platform === 'win32' ? ';' : ':';
  for (const dir of inp.pathEnv.split(sep)) {
    if (dir !== '' && inp.isExecutable(path.join(dir, exe))) {
      return { command: path.join(dir, exe), source: 'path' };
    }
  }
  return {
    command: exe,
    source: 'path',
    problem: `${exe} was not found in the extension's bin/ nor on PATH: install it (make build) and set tdls.serverPath`,
  };
}
