// The binding's own surface: cards and hands, rules, actions and ids, errors, the count.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mus } from './support.mjs';

const { Action, Card, Hand, MusError, Rules, State, Lance, Phase, betLadder, lanceWinner, seededOrder, PRESETS } = mus;

test('every card reads back from its text', () => {
  for (const card of Card.deck()) {
    assert.equal(Card.parse(card.toString()), card);
    assert.equal(card.id, card.suit * 10 + card.rank);
  }
  assert.throws(() => Card.parse('Zz'), (e) => e instanceof MusError && e.statusName === 'MUS_E_PARSE');
  assert.throws(() => Card.of(40), (e) => e.statusName === 'MUS_E_INVALID_CARDS');
});

test('hands parse, format and evaluate through the library', () => {
  const rules = Rules.preset('standard');
  const h = Hand.parse('Ko Kc 5e 1b');
  assert.equal(Hand.parse(h.toString()).toString(), h.toString());
  assert.equal(h.value(rules), 26);
  assert.ok(h.tantos(rules, Lance.PARES) > 0, 'a pair of kings has pares');
  assert.throws(() => Hand.parse('Ko Ko 5e 1b'), MusError);
  assert.equal(h.signalTrue(rules, mus.Signal.TWO_KINGS), true);
  assert.equal(h.signalTrue(rules, mus.Signal.JUEGO_31), false);
  const winner = lanceWinner(rules, Lance.GRANDE, ['Ko Kc Ke Kb', '2o 3o 4o 5o', '6o 7o So Co', '4c 5c 6c 7c'], 0);
  assert.equal(winner, 0);
  assert.deepEqual(seededOrder(Card.deck(), 5n).map(String), seededOrder(Card.deck(), 5n).map(String));
  assert.notDeepEqual(seededOrder(Card.deck(), 5n).map(String), seededOrder(Card.deck(), 6n).map(String));
});

test('rules: presets, text, changes and validation', () => {
  for (const name of PRESETS) {
    const r = Rules.preset(name);
    assert.ok(Rules.parse(r.toString()).equals(r), `${name} reads back from its text`);
  }
  const r = Rules.preset('standard', { target: 30, tioPerete: true });
  assert.equal(r.target, 30);
  assert.equal(r.tioPerete, true);
  assert.throws(() => Rules.preset('nonsense'), (e) => e.statusName === 'MUS_E_PARSE' && e.function === 'Rules.preset');
  assert.throws(() => r.with({ kings: 5 }), (e) => e.statusName === 'MUS_E_INVALID_RULES');
  assert.equal(r.with({}).toString(), r.toString());
});

test('actions: text, ids and the ladder', () => {
  const ladder = betLadder();
  assert.equal(ladder.length, mus.C.MUS_BET_LADDER_SIZE);
  assert.ok(ladder.every((v, i) => i === 0 || v > ladder[i - 1]), 'the ladder rises');
  let s = State.new('standard', 0).applyId(0, 99n);
  assert.equal(s.phase, Phase.MUS);
  for (let i = 0; i < 30 && !s.isOver; i++) {
    for (const a of s.legalActions()) {
      assert.ok(Action.parse(a.toString()).equals(a), `${a} reads back`);
      if (a.kind !== mus.ActionKind.SHUFFLE) assert.ok(s.actionFromId(s.actionId(a)).equals(a));
    }
    const ids = s.legalActionIds();
    s = s.applyId(ids[ids.length - 1], BigInt(i));
  }
  assert.throws(() => Action.parse('1 fly'), (e) => e.statusName === 'MUS_E_PARSE' && typeof e.position === 'number');
});

test('state: text, bytes, events and the count', () => {
  const s0 = State.new('standard', 0);
  assert.equal(State.parse(s0.toString()).toString(), s0.toString());
  assert.equal(State.fromBytes(s0.toBytes()).toString(), s0.toString());
  const bad = s0.toBytes();
  bad[3] ^= 0xff;
  assert.throws(() => State.fromBytes(bad), (e) => e.statusName === 'MUS_E_INVALID_STATE');
  assert.throws(() => State.parse('mus-state/2 !!'), (e) => e.statusName === 'MUS_E_PARSE');
  assert.equal(s0.lastCount(), null);
  // Everyone cuts and passes: a hand to its count.
  let s = s0.applyId(0, 7n);
  const events = [];
  while (s.handNumber === 1 && s.phase !== Phase.SHUFFLE && !s.isOver) {
    const ids = s.legalActionIds();
    const pick = ids.includes(2) ? 2 : ids.includes(19) ? 19 : ids.includes(37) ? 37 : ids[0];
    const r = s.applyWithEvents(s.actionFromId(pick));
    events.push(...r.events);
    s = r.state;
  }
  const count = s.lastCount();
  assert.ok(count !== null);
  assert.equal(count.number, 1);
  assert.equal(count.lines.length, 4);
  const fromEvents = [0, 0];
  for (const e of events) if (e.kind === mus.EventKind.COUNT || e.kind === mus.EventKind.DEJE) fromEvents[e.team] += e.amount;
  assert.deepEqual([count.scoreAfter[0] - count.scoreBefore[0], count.scoreAfter[1] - count.scoreBefore[1]], fromEvents);
  const linePoints = count.lines.reduce((t, l) => t + l.points, 0);
  assert.ok(linePoints > 0, 'the count scored something');
});

test('errors say why in the library\'s words (mus_last_error)', () => {
  const because = (call, status, reason) =>
    assert.throws(call, (e) => {
      assert.ok(e instanceof MusError);
      assert.equal(e.statusName, status);
      assert.equal(e.reason, reason);
      assert.ok(e.message.includes(`${status}: ${reason}`), e.message);
      return true;
    });
  because(() => Rules.parse('standard kings=5'), 'MUS_E_PARSE', 'kings must be 4 or 8 at position 15');
  because(() => Hand.parse('Ko Ko Qe Ab'), 'MUS_E_PARSE', 'duplicate card at position 3');
  because(() => Hand.parse('Ko 3c Qe'), 'MUS_E_PARSE', 'expected four cards at position 8');
  because(
    () => State.parse('mus-state/1 AAAA'),
    'MUS_E_PARSE',
    'mus-state/1 is the layout of libmus 0.1; this version reads mus-state/2 at position 0',
  );
  because(() => Rules.preset('basqe'), 'MUS_E_PARSE', 'unknown preset (expected standard, spain, basque or online)');
  because(() => State.new('standard', 4), 'MUS_E_INVALID_ARGUMENT', 'first dealer must be a seat 0..3');
  assert.equal(mus.lastError(), 'first dealer must be a seat 0..3');
});

test('the count gives the names of its enums', () => {
  const bot = new mus.Bot(mus.BotKind.RANDOM);
  let s = State.new('standard', 0).applyId(0, 3n);
  for (let i = 0; s.lastCount() === null && i < 1000; i++) {
    s = s.toAct === null ? s.applyId(0, BigInt(i)) : s.applyId(bot.chooseId(s, BigInt(i)));
  }
  const count = s.lastCount();
  assert.ok(count !== null);
  assert.equal(count.endName, mus.nameOf(mus.HandEnd, count.end));
  assert.deepEqual(count.lines.slice(0, 3).map((l) => l.lanceName), ['GRANDE', 'CHICA', 'PARES']);
  assert.ok(['JUEGO', 'PUNTO'].includes(count.lines[3].lanceName), count.lines[3].lanceName);
  for (const l of count.lines) assert.equal(l.statusName, mus.nameOf(mus.LanceStatus, l.status));
  assert.ok(count.lines.every((l) => /^[A-Z_]+$/.test(l.statusName)));
});
