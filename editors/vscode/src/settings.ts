// The tdls.* settings as the server reads them (initializationOptions and
// workspace/configuration), with paths expanded.
import { expandPath } from './serverPath';

export type PreviewEngine = 'auto' | 'native' | 'mlir-tblgen';

export interface ServerSettings {
  includeDirs: string[];
  compilationDatabases: string[];
  preview: { engine: PreviewEngine };
  mlirTblgen: string;
  inlayHints: { drrArguments: boolean };
  // Levels by code, prefix* or *; the server checks them and says what it
  // ignores.
  severity: Record<string, string>;
}

const engines: readonly PreviewEngine[] = ['auto', 'native', 'mlir-tblgen'];

// Settings that only take effect when the server process is started again.
export const restartSettings = ['tdls.serverPath'];

function stringMap(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      if (typeof x === 'string' && k.trim() !== '') out[k.trim()] = x.trim();
    }
  }
  return out;
}

function stringList(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string' && s.trim() !== '') : [];
}

// serverSettings reads the "tdls" section (as an object) into what the server
// expects; ~, ${userHome} and ${workspaceFolder} are expanded, relative paths
// stay relative (the server takes them from the first workspace folder).
export function serverSettings(section: unknown, home: string, workspaceFolder?: string): ServerSettings {
  const s = (section ?? {}) as Record<string, unknown>;
  const expand = (p: string) => {
    const hasVar = p.includes('${') || p.startsWith('~');
    return hasVar ? expandPath(p, home, workspaceFolder) : p;
  };
  const preview = (s.preview ?? {}) as Record<string, unknown>;
  const engine = engines.includes(preview.engine as PreviewEngine) ? (preview.engine as PreviewEngine) : 'auto';
  const hints = (s.inlayHints ?? {}) as Record<string, unknown>;
  const tblgen = typeof s.mlirTblgen === 'string' ? s.mlirTblgen.trim() : '';
  return {
    includeDirs: stringList(s.includeDirs).map(expand),
    compilationDatabases: stringList(s.compilationDatabases).map(expand),
    preview: { engine },
    mlirTblgen: tblgen === '' ? '' : expand(tblgen),
    inlayHints: { drrArguments: hints.drrArguments !== false },
    severity: stringMap(s.severity),
  };
}
