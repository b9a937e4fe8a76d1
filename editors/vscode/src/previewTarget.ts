// What a generated-code preview shows, from the command's arguments (the
// server's code actions pass them) or the active editor, and the request
// that asks tdls for it.
import type { Pos } from './positionTracking';

export type PreviewKind = 'rewriter' | 'rewriters-file';

// The views of an entity the "Show Generated ..." commands ask for; the
// server picks the generator by the kind of the entity (op-decls for an op,
// enum-doc for an enum, ...).
export type View = 'decls' | 'defs' | 'doc';

// A target asks either for a rewriter (kind) or for a generator or view
// (generator), of the entity at position, called name, or the whole file.
export interface PreviewTarget {
  uri: string;
  position?: Pos;
  name?: string;
  kind?: PreviewKind;
  generator?: string;
}

// The custom request tdls answers with the generated code.
export const generatedCodeMethod = 'tdls/generatedCode';

export interface GeneratedCode {
  language: string;
  title: string;
  text: string;
  engine?: string;
  tool?: string;
  generator?: string;
  entity?: { kind: string; name: string; label: string };
}

function isPos(v: unknown): v is Pos {
  const p = v as Pos;
  return typeof p === 'object' && p !== null && Number.isInteger(p.line) && Number.isInteger(p.character);
}

function kindOf(v: unknown): PreviewKind {
  return v === 'rewriters-file' ? 'rewriters-file' : 'rewriter';
}

// withWhat says what a target asks for: the generator its arguments name,
// else their kind, else the command's view, else a rewriter.
function withWhat<T extends { uri: string }>(t: T, view: View | undefined, o?: Record<string, unknown>): T & Pick<PreviewTarget, 'kind' | 'generator'> {
  const named = typeof o?.generator === 'string' && o.generator !== '' ? o.generator : undefined;
  const generator = named ?? (o?.kind === undefined ? view : undefined);
  return generator !== undefined ? { ...t, generator } : { ...t, kind: kindOf(o?.kind) };
}

// targetFromArgs accepts [], [{uri, position?, name?, kind?, generator?}],
// [{textDocument: {uri}, position}] and [uri, position?]; anything else falls
// back to the active editor's cursor. view is the command's own (undefined
// for the rewriter command).
export function targetFromArgs(args: readonly unknown[], active?: { uri: string; position: Pos }, view?: View): PreviewTarget | undefined {
  const [first, second] = args;
  if (typeof first === 'string' && first !== '') {
    return withWhat({ uri: first, position: isPos(second) ? second : undefined }, view);
  }
  if (typeof first === 'object' && first !== null) {
    const o = first as Record<string, unknown>;
    const td = o.textDocument as Record<string, unknown> | undefined;
    const uri = typeof o.uri === 'string' ? o.uri : typeof td?.uri === 'string' ? td.uri : undefined;
    if (uri !== undefined) {
      const name = typeof o.name === 'string' && o.name !== '' ? o.name : undefined;
      const position = isPos(o.position) ? o.position : undefined;
      const t = withWhat({ uri, position, name }, view, o);
      if (position === undefined && name === undefined && t.kind !== 'rewriters-file' && active?.uri === uri) {
        return { ...t, position: active.position };
      }
      return t;
    }
  }
  return active ? withWhat({ uri: active.uri, position: active.position }, view) : undefined;
}

// requestParams is what goes over the wire: only the fields that are set.
export function requestParams(t: PreviewTarget): Record<string, unknown> {
  const p: Record<string, unknown> = { uri: t.uri };
  if (t.generator) p.generator = t.generator;
  else p.kind = t.kind ?? 'rewriter';
  if (t.position) p.position = { line: t.position.line, character: t.position.character };
  if (t.name) p.name = t.name;
  return p;
}

// extensions of the preview tab's file name, by the code's language.
const extensions: Record<string, string> = { cpp: '.cpp', markdown: '.md', python: '.py' };

// languageId is the VS Code language of the code.
export function languageId(language: string): string {
  return language in extensions ? language : 'cpp';
}

// previewFileName makes a file name for the preview tab from the title.
export function previewFileName(title: string, fallback: string, language = 'cpp'): string {
  const ext = extensions[languageId(language)];
  const base = (title || fallback).replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/^_+|_+$/g, '') || 'generated';
  return base.endsWith(ext) ? base : base + ext;
}

// errorPreview is the text shown when the request fails: the reason first,
// then the last code that was generated, out of the way of the reason.
export function errorPreview(reason: string, previous?: string, language = 'cpp'): string {
  const lines = ['tdls could not generate this preview:', ...reason.split('\n').map((l) => '  ' + l)];
  if (languageId(language) === 'markdown') {
    const head = lines.map((l) => '> ' + l).join('\n') + '\n';
    return previous ? `${head}\n---\n\nLast generated:\n\n${previous}` : head;
  }
  const c = languageId(language) === 'python' ? '#' : '//';
  const head = lines.map((l) => `${c} ${l}`.replace(/ +$/, '')).join('\n') + '\n';
  return previous ? `${head}${c}\n${c} Last generated:\n\n${previous}` : head;
}

// previewDescription names what a target previews, for messages.
export function previewDescription(t: PreviewTarget): string {
  switch (t.generator) {
    case undefined:
      return t.kind === 'rewriters-file' ? 'the rewriters' : 'the rewriter';
    case 'decls':
      return 'the declarations';
    case 'defs':
      return 'the definitions';
    case 'doc':
      return 'the documentation';
  }
  return `the --gen-${t.generator} output`;
}
