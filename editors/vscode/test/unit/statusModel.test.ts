import assert from 'node:assert/strict';
import { test } from 'node:test';

import { StatusModel } from '../../src/statusModel';

test('starting, running, failing, stopping', () => {
  const m = new StatusModel();
  assert.match(m.view().text, /sync~spin/);
  m.setState('running');
  assert.deepEqual(m.view(), { text: '$(check) tdls', tooltip: 'tdls is running: no problems in open TableGen files', severity: 'normal', command: 'tdls.showOutput' });
  m.setState('failed', 'spawn tdls ENOENT');
  assert.equal(m.view().severity, 'error');
  assert.match(m.view().tooltip, /spawn tdls ENOENT/);
  m.setState('stopped');
  assert.equal(m.view().command, 'tdls.restartServer');
});

test('indexing progress: begin, report, end; the latest task shows', () => {
  const m = new StatusModel();
  m.setState('running');
  m.progress('t1', { kind: 'begin', title: 'indexing', percentage: 0 });
  assert.equal(m.view().text, '$(sync~spin) tdls: indexing 0%');
  m.progress('t1', { kind: 'report', message: 'OpBase.td', percentage: 42.4 });
  assert.equal(m.view().text, '$(sync~spin) tdls: indexing 42%');
  assert.equal(m.view().tooltip, 'indexing: OpBase.td');
  m.progress(7, { kind: 'begin', title: 'checking' });
  assert.equal(m.view().text, '$(sync~spin) tdls: checking (+1)');
  m.progress(7, { kind: 'end' });
  m.progress('t1', { kind: 'end' });
  assert.equal(m.view().text, '$(check) tdls');
});

test('reports for unknown tokens are ignored; a stop clears tasks', () => {
  const m = new StatusModel();
  m.setState('running');
  m.progress('x', { kind: 'report', percentage: 5 });
  assert.equal(m.view().text, '$(check) tdls');
  m.progress('y', { kind: 'begin', title: 'indexing' });
  m.setState('stopped');
  m.setState('running');
  assert.equal(m.view().text, '$(check) tdls');
});

test('problem counts link to the Problems panel', () => {
  const m = new StatusModel();
  m.setState('running');
  m.setDiagnosticCounts(2, 1);
  assert.equal(m.view().text, '$(error) 2 $(warning) 1 tdls');
  assert.equal(m.view().command, 'workbench.actions.view.problems');
});

test('the LLVM the server found: named in the tooltip, marked in the text when it is not the modelled release', () => {
  const m = new StatusModel();
  m.setState('running');
  m.setLLVM({ found: true, version: '22.1.8', major: 22, from: 'mlir-tblgen --version', path: '/usr/lib/llvm-22/bin/mlir-tblgen', modelled: 22 });
  assert.equal(m.view().text, '$(check) tdls');
  assert.match(m.view().tooltip, /\nLLVM 22\.1\.8 \(mlir-tblgen --version of \/usr\/lib\/llvm-22\/bin\/mlir-tblgen\), the release tdls models$/);
  const notice = 'tdls models LLVM/MLIR 22; your LLVM is 23.0.0git (...). Checks that follow ...';
  m.setLLVM({ found: true, version: '23.0.0git', major: 23, from: 'mlir-tblgen --version', path: '/opt/llvm/bin/mlir-tblgen', modelled: 22, notice });
  assert.equal(m.view().text, '$(check) tdls $(warning) LLVM 23');
  assert.ok(m.view().tooltip.endsWith('\n' + notice));
  m.setDiagnosticCounts(1, 0);
  assert.equal(m.view().text, '$(error) 1 $(warning) 0 tdls $(warning) LLVM 23');
  m.setLLVM({ found: false, modelled: 22 });
  assert.match(m.view().tooltip, /LLVM: not found; checking as LLVM 22$/);
});
