import assert from 'node:assert/strict';
import { test } from 'node:test';

import { serverOnlyCommands } from '../../src/clientCommands';
import { mlirAdvice } from '../../src/mlirConflict';

test("the extension's own commands are not registered again for the server", () => {
  assert.deepEqual(serverOnlyCommands(['tdls.showGeneratedRewriter', 'tdls.applyFix', 'tdls.restartServer']), ['tdls.applyFix']);
  assert.deepEqual(serverOnlyCommands(['tdls.showGenerated', 'tdls.showGeneratedRewriter', 'tdls.showLocation']), ['tdls.showLocation']);
  assert.deepEqual(serverOnlyCommands(undefined), []);
});

test('MLIR extension: advice depends on its version and settings', () => {
  const withSwitch = { 'mlir.tablegen_enable': {}, 'mlir.tablegen_server_path': {} };
  assert.deepEqual(mlirAdvice({ installed: false }), { kind: 'none' });
  assert.deepEqual(mlirAdvice({ installed: true, settingsSchema: withSwitch, tablegenEnable: true }), { kind: 'disable-setting' });
  assert.deepEqual(mlirAdvice({ installed: true, settingsSchema: withSwitch }), { kind: 'disable-setting' });
  assert.deepEqual(mlirAdvice({ installed: true, settingsSchema: withSwitch, tablegenEnable: false }), { kind: 'none' });
  const old = { 'mlir.tablegen_server_path': {} };
  assert.deepEqual(mlirAdvice({ installed: true, settingsSchema: old, tablegenServerPath: '' }), { kind: 'none' });
  assert.deepEqual(mlirAdvice({ installed: true, settingsSchema: old, tablegenServerPath: '/b/tblgen-lsp-server' }), { kind: 'no-switch', serverPath: '/b/tblgen-lsp-server' });
});
