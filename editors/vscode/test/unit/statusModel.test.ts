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
