// Random play, seeded: at every step the cards are conserved, every illegal id and every action
// of the wrong seat is refused with the library's status, the states are values (apply leaves
// its input alone), the views show a seat its own cards only, and the points add up to the count.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { maskIds, mus, rng } from './support.mjs';

const { Action, C, MusError, State, Phase, Rules, parseView, PRESETS } = mus;

function checkCards(state) {
  const held = [];
  for (let s = 0; s < 4; s++) for (const id of state.hand(s).ids) if (id !== 255) held.push(id);
  assert.equal(new Set(held).size, held.length, 'no card held twice');
  const v = state.view(0);
  if (state.phase !== Phase.SHUFFLE || state.handNumber > 0) {
    assert.equal(held.length + v.stockCount + v.pileCount, 40, `40 cards in play: ${held.length} + ${v.stockCount} + ${v.pileCount}`);
  }
}

function checkViews(state) {
  for (let s = 0; s < 4; s++) {
    const v = state.view(s);
    assert.equal(v.seat, s);
    assert.deepEqual(v.hand.ids, state.hand(s).ids, 'a view shows its own seat its cards');
    assert.deepEqual(parseView(state.viewText(s)), v, 'the view text reads back to the view');
    const tensor = state.viewTensor(s);
    assert.equal(tensor.length, mus.C.MUS_VIEW_TENSOR_SIZE);
    assert.ok(tensor.every(Number.isFinite));
    assert.equal(v.score[0], state.score[0]);
    assert.equal(v.toAct, state.toAct);
  }
}

for (const preset of PRESETS) {
  test(`random matches under ${preset}`, () => {
    const rules = Rules.preset(preset, { target: 15 });
    let hands = 0;
    for (let match = 0; match < 8; match++) {
      const next = rng(1000 * match + preset.length);
      let state = State.new(rules, match % 4);
      let steps = 0;
      let handPoints = [0, 0];
      let handStart = state.score;
      while (!state.isOver && steps < 5000) {
        steps++;
        const mask = state.legalMask();
        const ids = maskIds(mask);
        assert.deepEqual(state.legalActionIds(), ids);
        assert.ok(ids.length > 0);
        // An id outside the mask is refused; the state is left alone.
        const text = state.toString();
        const illegal = [...Array(C.MUS_ACTION_ID_COUNT).keys()].filter((i) => !ids.includes(i));
        if (illegal.length > 0) {
          const bad = illegal[next(illegal.length)];
          assert.throws(() => state.applyId(bad, 1n), (e) => e instanceof MusError && e.status < 0 && /^MUS_E_/.test(e.statusName));
        }
        // Another seat acting out of turn is refused.
        if (state.toAct !== null && state.phase !== Phase.PERETE) {
          const other = (state.toAct + 1 + next(3)) % 4;
          assert.throws(() => state.apply(Action.pass(other)), MusError);
        }
        const id = ids[next(ids.length)];
        const action = state.actionFromId(id);
        if (id !== 0) assert.equal(state.actionId(action), id);
        const { state: after, info } = state.step(id, BigInt(steps * 7919 + match));
        assert.equal(state.toString(), text, 'step leaves its input unchanged');
        if (id !== 0) assert.equal(after.toString(), state.apply(action).toString(), 'step(id) = apply(actionFromId(id))');
        assert.equal(info.legalMask, after.isOver ? 0n : after.legalMask());
        assert.equal(info.phase, after.phase);
        handPoints = [handPoints[0] + info.points[0], handPoints[1] + info.points[1]];
        if (info.handOver) {
          hands++;
          const count = after.lastCount();
          assert.ok(count !== null);
          assert.deepEqual(count.scoreBefore, handStart);
          assert.deepEqual([count.scoreAfter[0] - count.scoreBefore[0], count.scoreAfter[1] - count.scoreBefore[1]], handPoints, 'step points add up to the count');
          handPoints = [0, 0];
        }
        if (after.phase === Phase.SHUFFLE && !after.refillDue) handStart = after.score;
        state = after;
        checkCards(state);
        if (steps % 5 === 0) checkViews(state);
      }
      assert.ok(state.isOver, 'the match ends');
      assert.ok(state.matchWinner === 0 || state.matchWinner === 1);
      assert.throws(() => state.applyId(0, 1n), (e) => e.statusName === 'MUS_E_MATCH_OVER');
    }
    assert.ok(hands >= 8, `${hands} hands played`);
  });
}

test('a view hides the other seats\' cards', () => {
  const mine = 'Ko Kc 5e 1b';
  const a = State.new('standard', 3).apply(Action.stackedDeal([mine, '2o 3o 4o 5o', '6o 7o So Co', '4c 5c 6c 7c'], 0));
  const b = State.new('standard', 3).apply(Action.stackedDeal([mine, '6o 7o So Co', '2o 3o 4o 5o', '4c 5c 6c 7c'], 0));
  assert.equal(a.viewText(0), b.viewText(0), 'seat 0 sees the same whoever holds the rest');
  assert.notEqual(a.viewText(1), b.viewText(1));
  assert.deepEqual(a.viewTensor(0), b.viewTensor(0), 'and the same tensor');
  assert.notDeepEqual(a.viewTensor(1), b.viewTensor(1));
  assert.equal(a.view(0).hand.toString(), Hand_text(mine));
});

function Hand_text(t) {
  return mus.Hand.parse(t).toString();
}
