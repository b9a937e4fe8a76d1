import assert from 'node:assert/strict';
import { test } from 'node:test';

import { serverSettings } from '../../src/settings';

test('settings pass through with variables expanded and relative paths kept', () => {
  const s = serverSettings(
    { includeDirs: ['include', '${workspaceFolder}/build/include', '~/mlir/include', ''], compilationDatabases: ['build/tablegen_compile_commands.yml'], preview: { engine: 'native' }, serverPath: 'x' },
    '/home/u',
    '/ws',
  );
  assert.deepEqual(s, {
    includeDirs: ['include', '/ws/build/include', '/home/u/mlir/include'],
    compilationDatabases: ['build/tablegen_compile_commands.yml'],
    preview: { engine: 'native' },
  });
});

test('missing or malformed settings give the defaults', () => {
  assert.deepEqual(serverSettings(undefined, '/h'), { includeDirs: [], compilationDatabases: [], preview: { engine: 'auto' } });
  assert.deepEqual(serverSettings({ includeDirs: 'inc', compilationDatabases: [3, 'a.yml'], preview: { engine: 'clang' } }, '/h'), {
    includeDirs: [],
    compilationDatabases: ['a.yml'],
    preview: { engine: 'auto' },
  });
});
