// State.fromView (mus_state_parse_view): the state a program that sees one seat's view
// decides from, as a bot playing through a server does.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mus } from './support.mjs';

const { Bot, BotKind, State, MusError } = mus;

test('a state from the view text: the same view, legal ids and bot choices', () => {
  const bots = [new Bot(BotKind.RANDOM), new Bot(BotKind.HEURISTIC), new Bot(BotKind.SEARCH, { playouts: 24 })];
  let s = State.new('online', 3);
  let decisions = 0;
  for (let i = 0; !s.isOver && s.handNumber <= 4; i++) {
    if (s.toAct === null) { s = s.applyId(0, BigInt(i * 7919)); continue; }
    const seat = s.toAct;
    const text = s.viewText(seat);
    const built = State.fromView(s.rules, text);
    assert.equal(built.viewText(seat), text, 'the built state gives back the view');
    assert.equal(built.legalMask(), s.legalMask(), 'the same legal ids');
    for (const bot of bots) {
      assert.equal(bot.chooseId(built, BigInt(i), seat), bot.chooseId(s, BigInt(i), seat), 'the same choice');
      decisions++;
    }
    s = s.applyId(bots[1].chooseId(s, BigInt(i)));
  }
  assert.ok(decisions > 50, `decisions compared: ${decisions}`);
});

test('a state from a bad view text is refused with the reason', () => {
  const text = State.new('standard', 0).applyId(0, 3n).viewText(1);
  assert.throws(() => State.fromView('standard', text.slice(0, 100)),
    (e) => e instanceof MusError && e.position === 100);
  assert.throws(() => State.fromView('standard', 'mus-view/2 ' + text.slice(11)),
    (e) => e instanceof MusError && /mus-view\/2 is the seat view of libmus 0.2/.test(e.message));
});
