import assert from 'node:assert/strict';
import { test } from 'node:test';

import { expandPath, resolveServerPath, ServerPathInputs } from '../../src/serverPath';

function inputs(over: Partial<ServerPathInputs>, executables: string[]): ServerPathInputs {
  return {
    configured: '',
    extensionPath: '/ext',
    workspaceFolder: '/ws',
    home: '/home/u',
    platform: 'linux',
    pathEnv: '/usr/local/bin:/usr/bin',
    isExecutable: (f) => executables.includes(f),
    ...over,
  };
}

test('the setting wins over the bundled binary and PATH', () => {
  const r = resolveServerPath(inputs({ configured: '~/llvm/bin/tdls' }, ['/home/u/llvm/bin/tdls', '/ext/bin/tdls', '/usr/bin/tdls']));
  assert.deepEqual(r, { command: '/home/u/llvm/bin/tdls', source: 'setting' });
});

test('a relative or ${workspaceFolder} setting is taken from the workspace folder', () => {
  assert.equal(resolveServerPath(inputs({ configured: 'bin/tdls' }, ['/ws/bin/tdls'])).command, '/ws/bin/tdls');
  assert.equal(resolveServerPath(inputs({ configured: '${workspaceFolder}/b/tdls' }, ['/ws/b/tdls'])).command, '/ws/b/tdls');
});

test('a setting that names no executable is reported, not silently replaced', () => {
  const r = resolveServerPath(inputs({ configured: '/nope/tdls' }, ['/ext/bin/tdls']));
  assert.equal(r.command, '/nope/tdls');
  assert.match(r.problem ?? '', /tdls\.serverPath is \/nope\/tdls/);
});

test('the bundled binary comes before PATH', () => {
  assert.deepEqual(resolveServerPath(inputs({}, ['/ext/bin/tdls', '/usr/bin/tdls'])), { command: '/ext/bin/tdls', source: 'bundled' });
});

test('PATH is searched in order, with .exe and ; on Windows', () => {
  assert.equal(resolveServerPath(inputs({}, ['/usr/bin/tdls', '/usr/local/bin/tdls'])).command, '/usr/local/bin/tdls');
  const win = resolveServerPath(inputs({ platform: 'win32', pathEnv: 'C:\\a;/opt/t' }, ['/opt/t/tdls.exe']));
  assert.equal(win.command, '/opt/t/tdls.exe');
});

test('nothing found: the plain name and what to do', () => {
  const r = resolveServerPath(inputs({}, []));
  assert.equal(r.command, 'tdls');
  assert.match(r.problem ?? '', /not found.*tdls\.serverPath/);
});

test('expandPath', () => {
  assert.equal(expandPath('~', '/h'), '/h');
  assert.equal(expandPath('${userHome}/x', '/h'), '/h/x');
  assert.equal(expandPath('rel', '/h'), 'rel'); // no folder: stays relative
  assert.equal(expandPath('~user/x', '/h', '/ws'), '/ws/~user/x');
});
