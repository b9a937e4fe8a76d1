import assert from 'node:assert/strict';
import { test } from 'node:test';

import { Change, shiftPosition } from '../../src/positionTracking';

const at = (line: number, character: number) => ({ line, character });
const edit = (sl: number, sc: number, el: number, ec: number, text: string): Change => ({ range: { start: at(sl, sc), end: at(el, ec) }, text });

test('edits after the position leave it alone', () => {
  assert.deepEqual(shiftPosition(at(5, 3), [edit(5, 4, 5, 4, 'x'), edit(9, 0, 12, 0, '')]), at(5, 3));
});

test('lines inserted or removed above move it down or up', () => {
  assert.deepEqual(shiftPosition(at(5, 3), [edit(1, 0, 1, 0, 'a\nb\n')]), at(7, 3));
  assert.deepEqual(shiftPosition(at(5, 3), [edit(1, 0, 3, 0, '')]), at(3, 3));
});

test('an edit earlier on the same line shifts the column', () => {
  assert.deepEqual(shiftPosition(at(5, 10), [edit(5, 2, 5, 4, 'abcd')]), at(5, 12));
  assert.deepEqual(shiftPosition(at(5, 10), [edit(5, 2, 5, 2, 'x\ny')]), at(6, 9));
  assert.deepEqual(shiftPosition(at(5, 10), [edit(4, 7, 5, 2, '')]), at(4, 15));
});

test('typing right at the position pushes it along; deleting around it collapses it', () => {
  assert.deepEqual(shiftPosition(at(2, 4), [edit(2, 4, 2, 4, 'ab')]), at(2, 6));
  assert.deepEqual(shiftPosition(at(2, 4), [edit(2, 1, 3, 0, 'z')]), at(2, 1));
});

test('changes apply in sequence', () => {
  assert.deepEqual(shiftPosition(at(3, 0), [edit(0, 0, 0, 0, '\n'), edit(0, 0, 0, 0, '\n')]), at(5, 0));
});
