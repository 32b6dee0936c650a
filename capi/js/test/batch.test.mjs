// The batch (Batch, withBatch, mus_batch_*): a small batch repeats the first games of a larger one
// array for array; the rewards of each finished hand are its count; seat and mask agree with
// each game's state; an illegal id is refused naming its game, with nothing changed; free()
// releases the batch once, after which every call refuses.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mus } from './support.mjs';

const { Batch, withBatch, MusError, Rules } = mus;

/** A legal id of mask chosen by a hash of (game, step): the same in every batch. */
function pick(mask, game, step) {
  const ids = [];
  for (let i = 0; i < 56; ++i) if ((mask >> BigInt(i)) & 1n) ids.push(i);
  const h = (Math.imul(game + 1, 0x9e3779b1) ^ Math.imul(step + 7, 0x85ebca6b)) >>> 0;
  return ids[h % ids.length];
}

function run(games, steps, keep) {
  const log = [];
  withBatch(Rules.parse('standard target=10'), { games, firstDealer: null, maxSteps: 90 }, (b) => {
    b.reset(123n);
    const actions = new Int32Array(games);
    for (let k = 0; k < steps; ++k) {
      for (let g = 0; g < games; ++g) actions[g] = pick(b.mask[g], g, k);
      b.step(actions);
      for (let g = 0; g < keep; ++g) {
        log.push(b.seat[g], b.mask[g], b.rewards[2 * g], b.rewards[2 * g + 1], b.done[g], b.truncated[g]);
        const i = b.info(g);
        log.push(i.handOver, i.gameWinner, i.matchWinner, ...b.obs.subarray(216 * g, 216 * g + 216));
      }
    }
  });
  return log;
}

test('a batch of 5 games repeats the first 5 of 300, array for array', () => {
  const small = run(5, 200, 5);
  assert.equal(small.length, 200 * 5 * (9 + 216));
  assert.deepEqual(run(300, 200, 5), small);
});

test('rewards are each hand\'s count; seat and mask are the state\'s; errors change nothing', () => {
  withBatch('standard', { games: 12 }, (b) => {
    assert.throws(() => b.step(new Int32Array(12)), (e) => e instanceof MusError && e.statusName === 'MUS_E_WRONG_PHASE');
    b.reset(9n);
    const actions = new Int32Array(12);
    let hands = 0;
    for (let k = 0; k < 300; ++k) {
      for (let g = 0; g < 12; ++g) actions[g] = pick(b.mask[g], g, k);
      b.step(actions);
      for (let g = 0; g < 12; ++g) {
        const s = b.state(g);
        assert.equal(s.toAct, b.seat[g]);
        assert.equal(s.legalMask(), b.mask[g]);
        if (b.info(g).handOver !== 1) {
          assert.deepEqual([b.rewards[2 * g], b.rewards[2 * g + 1]], [0, 0]);
          continue;
        }
        if (b.done[g]) continue; // the game has restarted: its count went with the match
        ++hands;
        const c = s.lastCount();
        assert.deepEqual([b.rewards[2 * g], b.rewards[2 * g + 1]],
          [c.scoreAfter[0] - c.scoreBefore[0], c.scoreAfter[1] - c.scoreBefore[1]]);
      }
    }
    assert.ok(hands > 20, `hands finished: ${hands}`);
    const before = b.state(4).toString();
    for (let g = 0; g < 12; ++g) actions[g] = pick(b.mask[g], g, 0);
    actions[4] = 0; // the shuffle id is never a player's
    assert.throws(() => b.step(actions), (e) => e.statusName === 'MUS_E_ILLEGAL_ACTION' && /game 4/.test(e.message));
    assert.equal(b.state(4).toString(), before);
    assert.throws(() => b.step([1, 2]), (e) => e.statusName === 'MUS_E_INVALID_ARGUMENT');
  });
  assert.throws(() => withBatch('standard', { games: 0 }, () => 0), (e) => e.statusName === 'MUS_E_INVALID_ARGUMENT');
  assert.equal(withBatch('basque', { games: 3, observations: false }, (b) => { b.reset(1n); return b.obs; }), null);
});

test('a Batch lives until free(): its arrays are bound once, free() twice does nothing', () => {
  const b = new Batch(Rules.parse('standard target=5'), { games: 20, reward: 'match', observations: false });
  try {
    assert.equal(b.obs, null);
    b.reset(3n);
    const seat = b.seat;
    const actions = new Int32Array(20);
    let ends = 0;
    for (let k = 0; k < 400; ++k) {
      for (let g = 0; g < 20; ++g) actions[g] = pick(b.mask[g], g, k);
      b.step(actions);
      assert.equal(b.seat, seat); // the same array, written in place
      for (let g = 0; g < 20; ++g) {
        const i = b.info(g);
        assert.equal(b.done[g] === 1, i.matchWinner >= 0);
        if (b.done[g]) {
          ++ends;
          assert.deepEqual([b.rewards[2 * g], b.rewards[2 * g + 1]], i.matchWinner === 0 ? [1, -1] : [-1, 1]);
        }
      }
    }
    assert.ok(ends > 3, `matches ended: ${ends}`);
    assert.throws(() => b.info(20), (e) => e.statusName === 'MUS_E_INVALID_ARGUMENT');
  } finally {
    b.free();
  }
  assert.equal(b.alive, false);
  b.free();
  assert.throws(() => b.reset(1n), (e) => e instanceof MusError && /freed/.test(e.message));
  assert.throws(() => new Batch('standard', { reward: 'score' }), (e) => e.statusName === 'MUS_E_INVALID_ARGUMENT');
  // A batch too large for the heap is refused, and the module goes on; the heap is reused: many
  // batches made and freed in turn never run out.
  assert.throws(() => new Batch('standard', { games: 100000 }), (e) => e.statusName === 'MUS_E_INTERNAL');
  withBatch('standard', { games: 8 }, (x) => x.reset(1n));
  for (let i = 0; i < 50; ++i) withBatch('standard', { games: 500 }, (x) => x.reset(BigInt(i)));
});

test('the action-id blocks tile the id space in action-kind order', () => {
  const { ACTION_ID_BLOCKS, ActionKind, C } = mus;
  assert.deepEqual(ACTION_ID_BLOCKS.map(([kind]) => kind), Object.values(ActionKind));
  assert.equal(ACTION_ID_BLOCKS.reduce((n, [, , count]) => n + count, 0), C.MUS_ACTION_ID_COUNT);
  assert.deepEqual(ACTION_ID_BLOCKS[ActionKind.BET - 1], [ActionKind.BET, C.MUS_ACTION_ID_BET, C.MUS_BET_LADDER_SIZE]);
});
