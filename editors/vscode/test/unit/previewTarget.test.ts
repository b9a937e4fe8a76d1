import assert from 'node:assert/strict';
import { test } from 'node:test';

import { errorPreview, previewFileName, requestParams, targetFromArgs } from '../../src/previewTarget';

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
  assert.equal(previewFileName('///', 'x'), 'rewriter.cpp');
});

test('an error preview says why and keeps the last C++ below', () => {
  const t = errorPreview('line one\nline two', 'struct A {};');
  assert.match(t, /^\/\/ tdls could not generate the rewriter:\n\/\/   line one\n\/\/   line two\n/);
  assert.ok(t.endsWith('struct A {};'));
  assert.ok(!errorPreview('x').includes('Last generated'));
});
