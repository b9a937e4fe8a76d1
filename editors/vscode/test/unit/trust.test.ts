import assert from 'node:assert/strict';
import { test } from 'node:test';

import { insideFolder, restrictedValue } from '../../src/trust';

test("a restricted setting takes the workspace's value only when the workspace is trusted", () => {
  const inspected = { defaultValue: '', globalValue: '/usr/bin/tdls', workspaceValue: '${workspaceFolder}/evil' };
  assert.equal(restrictedValue(inspected, true, ''), '${workspaceFolder}/evil');
  assert.equal(restrictedValue(inspected, false, ''), '/usr/bin/tdls');
  assert.equal(restrictedValue({ defaultValue: '', workspaceFolderValue: './bin/tdls' }, false, ''), '');
  assert.equal(restrictedValue({ defaultValue: '', workspaceFolderValue: './bin/tdls' }, true, ''), './bin/tdls');
  assert.equal(restrictedValue(undefined, false, 'x'), 'x');
});

test('an executable inside a workspace folder is found as such', () => {
  assert.equal(insideFolder('/w/repo/build/bin/tdls', ['/w/other', '/w/repo']), '/w/repo');
  assert.equal(insideFolder('/w/repo', ['/w/repo']), '/w/repo');
  assert.equal(insideFolder('/w/repo2/tdls', ['/w/repo']), undefined);
  assert.equal(insideFolder('/w/repo/../x/tdls', ['/w/repo']), undefined);
  assert.equal(insideFolder('/usr/bin/tdls', ['/w/repo']), undefined);
});
