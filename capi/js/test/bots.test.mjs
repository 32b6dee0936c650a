// The library's bots through the binding: legal choices from the seat's view, determinism,
// refusals with the library's statuses, playouts and the search estimate.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { maskIds, mus } from './support.mjs';

const { Bot, BotKind, Level, PlayoutScope, State, MusError, playouts, levelName, levelDisplayName, parseLevel } = mus;

test('bots play legal actions to the end of a match, deterministically', () => {
  for (const kind of [BotKind.RANDOM, BotKind.HEURISTIC]) {
    const bot = new Bot(kind);
    const play = () => {
      let s = State.new('standard', 0);
      const ids = [];
      for (let i = 0; !s.isOver && i < 20000; i++) {
        if (s.toAct === null) { s = s.applyId(0, BigInt(i)); continue; }
        const id = bot.chooseId(s, BigInt(i));
        assert.ok(maskIds(s.legalMask()).includes(id), `bot ${kind} chose a legal id`);
        ids.push(id);
        s = s.applyId(id);
      }
      assert.ok(s.isOver);
      return ids;
    };
    assert.deepEqual(play(), play(), 'same seeds, same match');
  }
});

test('a bot refuses when nobody is to act', () => {
  const bot = new Bot(BotKind.HEURISTIC);
  assert.throws(() => bot.chooseId(State.new('standard', 0)), (e) => e instanceof MusError && e.statusName === 'MUS_E_WRONG_PHASE');
  assert.throws(() => new Bot(99), (e) => e.statusName === 'MUS_E_INVALID_ARGUMENT');
  const s = State.new('standard', 0).applyId(0, 5n);
  const other = (s.toAct + 1) % 4;
  assert.throws(() => bot.chooseId(s, 1n, other), (e) => e.statusName === 'MUS_E_NOT_YOUR_TURN');
  assert.equal(bot.chooseId(s, 1n, s.toAct), bot.chooseId(s, 1n), 'the seat to act, given or not');
  assert.deepEqual(bot.choose(s, 1n, s.toAct), s.actionFromId(bot.chooseId(s, 1n)));
});

test('the levels: weakest first, each its kind\'s default bot, with names that parse back', () => {
  assert.deepEqual(Object.values(Level), [0, 1, 2, 3, 4]);
  const ids = ['beginner', 'amateur', 'club', 'strong', 'expert'];
  const names = ['principiante', 'aficionado', 'jugador de club', 'fuerte', 'experto'];
  const kinds = [BotKind.BEGINNER, BotKind.AMATEUR, BotKind.HEURISTIC, BotKind.SEARCH, BotKind.EXPERT];
  for (const level of Object.values(Level)) {
    assert.equal(levelName(level), ids[level]);
    assert.equal(levelDisplayName(level), names[level]);
    assert.equal(parseLevel(ids[level]), level);
    assert.equal(parseLevel(names[level]), level);
    const bot = Bot.forLevel(level);
    assert.equal(bot.kind, kinds[level]);
    // The kind's default configuration, but for the strong level's smaller search budget.
    const expected = level === Level.STRONG ? new Bot(kinds[level], { playouts: 80 }) : new Bot(kinds[level]);
    assert.deepEqual(bot, expected, 'the level\'s configuration');
    assert.deepEqual(Bot.forLevel(names[level]), bot, 'by its display name');
  }
  const s = State.new('standard', 0).applyId(0, 5n);
  assert.ok(maskIds(s.legalMask()).includes(Bot.forLevel('principiante').chooseId(s, 1n)));
  assert.throws(() => parseLevel('Experto'), (e) => e.statusName === 'MUS_E_PARSE' && /principiante/.test(e.message));
  assert.throws(() => Bot.forLevel(5), (e) => e.statusName === 'MUS_E_INVALID_ARGUMENT');
  assert.throws(() => levelName(-1), (e) => e.statusName === 'MUS_E_INVALID_ARGUMENT');
  assert.throws(() => levelDisplayName(5), (e) => e.statusName === 'MUS_E_INVALID_ARGUMENT');
});

test('the search bot estimates the legal actions', () => {
  const s = State.new('standard', 0).applyId(0, 5n);
  const est = new Bot(BotKind.SEARCH, { playouts: 64 }).evaluate(s, 1n);
  assert.ok(est.size > 0);
  for (const id of est.keys()) assert.ok(maskIds(s.legalMask()).includes(id));
});

test('playouts: points per playout, the same for the same seed', () => {
  const s = State.new('standard', 0);
  const bot = new Bot(BotKind.RANDOM);
  const a = playouts(s, bot, 9n, 200, PlayoutScope.HAND);
  assert.equal(a.length, 400);
  assert.deepEqual(a, playouts(s, bot, 9n, 200, PlayoutScope.HAND));
  assert.ok(a.some((p) => p > 0), 'hands score points');
  assert.ok(a.every((p) => p >= 0));
});

test('playouts beyond one call of 16384 are the playouts C numbers the same way', () => {
  const s = State.new('standard', 1);
  const bot = new Bot(BotKind.RANDOM);
  const n = 16384 + 40;
  const all = playouts(s, bot, 21n, n, PlayoutScope.HAND);
  assert.equal(all.length, 2 * n);
  // One call for the playouts numbered 16364..16423: they straddle the binding's chunk border.
  const across = playouts(s, bot, 21n, 60, PlayoutScope.HAND, 16364n);
  assert.deepEqual(all.subarray(2 * 16364), across);
  // Numbered from `first`: the same series in two pieces.
  assert.deepEqual(
    Int32Array.from([...playouts(s, bot, 21n, 7), ...playouts(s, bot, 21n, 5, PlayoutScope.HAND, 7)]),
    all.subarray(0, 24),
  );
});
