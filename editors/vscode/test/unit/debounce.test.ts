import assert from 'node:assert/strict';
import { test } from 'node:test';

import { Debouncer, Timers } from '../../src/debounce';

// fakeTimers runs timers when told to, at a virtual time.
function fakeTimers() {
  let now = 0;
  let seq = 0;
  const pending = new Map<number, { at: number; fn: () => void }>();
  const timers: Timers = {
    setTimeout: (fn, ms) => {
      pending.set(++seq, { at: now + ms, fn });
      return seq;
    },
    clearTimeout: (h) => void pending.delete(h as number),
  };
  const advance = (ms: number) => {
    now += ms;
    for (const [id, t] of [...pending].sort((a, b) => a[1].at - b[1].at)) {
      if (t.at <= now) {
        pending.delete(id);
        t.fn();
      }
    }
  };
  return { timers, advance };
}

test('a burst of triggers runs the last function once, after the quiet period', () => {
  const { timers, advance } = fakeTimers();
  const d = new Debouncer(300, timers);
  const ran: number[] = [];
  d.trigger(() => ran.push(1));
  advance(200);
  d.trigger(() => ran.push(2));
  advance(200);
  assert.deepEqual(ran, []);
  assert.equal(d.isPending, true);
  advance(100);
  assert.deepEqual(ran, [2]);
  assert.equal(d.isPending, false);
  advance(1000);
  assert.deepEqual(ran, [2]);
});

test('cancel drops the pending run', () => {
  const { timers, advance } = fakeTimers();
  const d = new Debouncer(50, timers);
  let ran = false;
  d.trigger(() => (ran = true));
  d.cancel();
  advance(100);
  assert.equal(ran, false);
});
