// What "Show Generated Rewriter" previews, from the command's arguments (the
// server's code action passes them) or the active editor, and the request
// that asks tdls for it.
import type { Pos } from './positionTracking';

export type PreviewKind = 'rewriter' | 'rewriters-file';

export interface PreviewTarget {
  uri: string;
  position?: Pos;
  name?: string;
  kind: PreviewKind;
}

// The custom request tdls answers with the generated C++.
export const generatedCodeMethod = 'tdls/generatedCode';

export interface GeneratedCode {
  language: string;
  title: string;
  text: string;
  engine?: string;
}

function isPos(v: unknown): v is Pos {
  const p = v as Pos;
  return typeof p === 'object' && p !== null && Number.isInteger(p.line) && Number.isInteger(p.character);
}

function kindOf(v: unknown): PreviewKind {
  return v === 'rewriters-file' ? 'rewriters-file' : 'rewriter';
}

// targetFromArgs accepts [], [{uri, position?, name?, kind?}],
// [{textDocument: {uri}, position}] and [uri, position?]; anything else falls
// back to the active editor's cursor.
export function targetFromArgs(args: readonly unknown[], active?: { uri: string; position: Pos }): PreviewTarget | undefined {
  const [first, second] = args;
  if (typeof first === 'string' && first !== '') {
    return { uri: first, position: isPos(second) ? second : undefined, kind: 'rewriter' };
  }
  if (typeof first === 'object' && first !== null) {
    const o = first as Record<string, unknown>;
    const td = o.textDocument as Record<string, unknown> | undefined;
    const uri = typeof o.uri === 'string' ? o.uri : typeof td?.uri === 'string' ? td.uri : undefined;
    if (uri !== undefined) {
      const name = typeof o.name === 'string' && o.name !== '' ? o.name : undefined;
      const position = isPos(o.position) ? o.position : undefined;
      const kind = kindOf(o.kind);
      if (position === undefined && name === undefined && kind === 'rewriter' && active?.uri === uri) {
        return { uri, position: active.position, kind };
      }
      return { uri, position, name, kind };
    }
  }
  return active ? { uri: active.uri, position: active.position, kind: 'rewriter' } : undefined;
}

// requestParams is what goes over the wire: only the fields that are set.
export function requestParams(t: PreviewTarget): Record<string, unknown> {
  const p: Record<string, unknown> = { uri: t.uri, kind: t.kind };
  if (t.position) p.position = { line: t.position.line, character: t.position.character };
  if (t.name) p.name = t.name;
  return p;
}

// previewFileName makes a file name for the preview tab from the title.
export function previewFileName(title: string, fallback: string): string {
  const base = (title || fallback).replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/^_+|_+$/g, '') || 'rewriter';
  return base.endsWith('.cpp') ? base : base + '.cpp';
}

// errorPreview is the text shown when the request fails: the reason first,
// then the last C++ that was generated, commented out of the way.
export function errorPreview(reason: string, previous?: string): string {
  const head = `// tdls could not generate the rewriter:\n${reason.split('\n').map((l) => '//   ' + l).join('\n')}\n`;
  return previous ? `${head}//\n// Last generated C++:\n\n${previous}` : head;
}
