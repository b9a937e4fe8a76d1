import assert from 'node:assert/strict';
import { test } from 'node:test';

import { errorPreview, languageId, previewDescription, previewFileName, requestParams, targetFromArgs } from '../../src/previewTarget';

const active = { uri: 'file:///a.td', position: { line: 4, character: 7 } };

test('no arguments: the active editor cursor', () => {
  assert.deepEqual(targetFromArgs([], active), { uri: 'file:///a.td', position: { line: 4, character: 7 }, kind: 'rewriter' });
  assert.equal(targetFromArgs([], undefined), undefined);
});

test("the server's code action arguments", () => {
  assert.deepEqual(targetFromArgs([{ uri: 'file:///b.td', name: 'FoldNeg', kind: 'rewriter' }], active), { uri: 'file:///b.td', position: undefined, name: 'FoldNeg', kind: 'rewriter' });
  assert.deepEqual(targetFromArgs([{ uri: 'file:///b.td', kind: 'rewriters-file' }], active), { uri: 'file:///b.td', position: undefined, name: undefined, kind: 'rewriters-file' });
  assert.deepEqual(targetFromArgs([{ textDocument: { uri: 'file:///b.td' }, position: { line: 1, character: 2 } }]), {
    uri: 'file:///b.td',
    position: { line: 1, character: 2 },
    name: undefined,
    kind: 'rewriter',
  });
  assert.deepEqual(targetFromArgs(['file:///c.td', { line: 0, character: 1 }]), { uri: 'file:///c.td', position: { line: 0, character: 1 }, kind: 'rewriter' });
});

test('a bare uri of the active file takes the cursor', () => {
  assert.deepEqual(targetFromArgs([{ uri: 'file:///a.td' }], active)?.position, { line: 4, character: 7 });
});

test('unusable arguments fall back to the active editor', () => {
  assert.deepEqual(targetFromArgs([42, null], active)?.uri, 'file:///a.td');
  assert.deepEqual(targetFromArgs([{ position: { line: 1, character: 1 } }], active)?.position, active.position);
});

test('request params carry only what is set', () => {
  assert.deepEqual(requestParams({ uri: 'u', kind: 'rewriter', position: { line: 1, character: 2 } }), { uri: 'u', kind: 'rewriter', position: { line: 1, character: 2 } });
  assert.deepEqual(requestParams({ uri: 'u', kind: 'rewriter', name: 'P' }), { uri: 'u', kind: 'rewriter', name: 'P' });
});

test('preview file names', () => {
  assert.equal(previewFileName('Rewriter for FoldNeg (ToyPatterns.td)', 'x'), 'Rewriter_for_FoldNeg_ToyPatterns.td.cpp');
  assert.equal(previewFileName('', 'ToyPatterns'), 'ToyPatterns.cpp');
  assert.equal(previewFileName('a.cpp', 'x'), 'a.cpp');
  assert.equal(previewFileName('///', 'x'), 'generated.cpp');
  assert.equal(previewFileName('Generated dialect documentation: Toy_AddOp', 'x', 'markdown'), 'Generated_dialect_documentation_Toy_AddOp.md');
  assert.equal(previewFileName('Generated Python bindings', 'x', 'python'), 'Generated_Python_bindings.py');
  assert.equal(previewFileName('t', 'x', 'fortran'), 't.cpp');
});

test('an error preview says why and keeps the last code below', () => {
  const t = errorPreview('line one\nline two', 'struct A {};');
  assert.match(t, /^\/\/ tdls could not generate this preview:\n\/\/   line one\n\/\/   line two\n/);
  assert.ok(t.endsWith('struct A {};'));
  assert.ok(!errorPreview('x').includes('Last generated'));
  const md = errorPreview('no op at this position', '# toy.add', 'markdown');
  assert.match(md, /^> tdls could not generate this preview:\n>   no op at this position\n/);
  assert.ok(md.endsWith('# toy.add'));
  assert.match(errorPreview('x', undefined, 'python'), /^# tdls could not generate this preview:\n#   x\n$/);
});

test('a view command previews that view of what is under the cursor', () => {
  assert.deepEqual(targetFromArgs([], active, 'decls'), { uri: 'file:///a.td', position: { line: 4, character: 7 }, generator: 'decls' });
  assert.deepEqual(targetFromArgs([], active, 'doc')?.generator, 'doc');
  assert.deepEqual(targetFromArgs(['file:///c.td', { line: 0, character: 1 }], undefined, 'defs'), { uri: 'file:///c.td', position: { line: 0, character: 1 }, generator: 'defs' });
});

test("the server's entity code action arguments name their generator", () => {
  const args = [{ uri: 'file:///b.td', position: { line: 3, character: 4 }, name: 'Toy_AddOp', generator: 'defs' }];
  assert.deepEqual(targetFromArgs(args, active, 'decls'), { uri: 'file:///b.td', position: { line: 3, character: 4 }, name: 'Toy_AddOp', generator: 'defs' });
  // Under the rewriter command too: the arguments decide.
  assert.equal(targetFromArgs(args, active)?.generator, 'defs');
  // A kind in the arguments is a rewriter request, whatever the command.
  assert.deepEqual(targetFromArgs([{ uri: 'file:///b.td', kind: 'rewriters-file' }], active, 'decls'), { uri: 'file:///b.td', position: undefined, name: undefined, kind: 'rewriters-file' });
  // Any generator of tdls gen --list.
  assert.equal(targetFromArgs([{ uri: 'file:///b.td', generator: 'op-interface-decls' }], active)?.generator, 'op-interface-decls');
});

test('request params: a generator replaces the kind', () => {
  assert.deepEqual(requestParams({ uri: 'u', generator: 'decls', name: 'X', position: { line: 1, character: 2 } }), {
    uri: 'u',
    generator: 'decls',
    name: 'X',
    position: { line: 1, character: 2 },
  });
  assert.deepEqual(requestParams({ uri: 'u' }), { uri: 'u', kind: 'rewriter' });
});

test('languages and descriptions', () => {
  assert.equal(languageId('markdown'), 'markdown');
  assert.equal(languageId('cpp'), 'cpp');
  assert.equal(languageId(''), 'cpp');
  assert.equal(previewDescription({ uri: 'u', generator: 'doc' }), 'the documentation');
  assert.equal(previewDescription({ uri: 'u', kind: 'rewriters-file' }), 'the rewriters');
  assert.equal(previewDescription({ uri: 'u', generator: 'pass-decls' }), 'the --gen-pass-decls output');
});
