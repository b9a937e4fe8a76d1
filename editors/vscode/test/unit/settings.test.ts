import assert from 'node:assert/strict';
import { test } from 'node:test';

import { serverSettings } from '../../src/settings';

test('settings pass through with variables expanded and relative paths kept', () => {
  const s = serverSettings(
    {
      includeDirs: ['include', '${workspaceFolder}/build/include', '~/mlir/include', ''],
      compilationDatabases: ['build/tablegen_compile_commands.yml'],
      preview: { engine: 'native' },
      mlirTblgen: '~/llvm/bin/mlir-tblgen',
      inlayHints: { drrArguments: false },
      severity: { 'ods-summary-*': 'off', ' drr-result-types ': 'error', '*': 'warning' },
      serverPath: 'x',
    },
    '/home/u',
    '/ws',
  );
  assert.deepEqual(s, {
    includeDirs: ['include', '/ws/build/include', '/home/u/mlir/include'],
    compilationDatabases: ['build/tablegen_compile_commands.yml'],
    preview: { engine: 'native' },
    mlirTblgen: '/home/u/llvm/bin/mlir-tblgen',
    inlayHints: { drrArguments: false },
    severity: { 'ods-summary-*': 'off', 'drr-result-types': 'error', '*': 'warning' },
  });
});

test('missing or malformed settings give the defaults', () => {
  const defaults = { includeDirs: [], compilationDatabases: [], preview: { engine: 'auto' }, mlirTblgen: '', inlayHints: { drrArguments: true }, severity: {} };
  assert.deepEqual(serverSettings(undefined, '/h'), defaults);
  assert.deepEqual(serverSettings({ includeDirs: 'inc', compilationDatabases: [3, 'a.yml'], preview: { engine: 'clang' }, mlirTblgen: 7, inlayHints: { drrArguments: 'no' }, severity: ['x'] }, '/h'), {
    ...defaults,
    compilationDatabases: ['a.yml'],
  });
});
