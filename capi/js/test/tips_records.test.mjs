// The tips (tips(), mus_state_tips) and the match records (MatchRecord: the library's reader, writer
// and replay) through the binding, as the web tables use them.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { mus, rng, sourceDir } from './support.mjs';

const { Action, MatchRecord, RecordEnd, State, TipKind, Lance, tips, replay } = mus;

test('tips in the mus phase: the headline and the club player\'s call', () => {
  const s = State.new('standard', 3).apply(Action.shuffle(1n));
  const t = tips(s);
  assert.ok(t.length >= 1 && t.length <= 3);
  assert.equal(t[0].kind, TipKind.GRANDE_KINGS, 'Qo Ko Jc 3b: two kings');
  assert.equal(t[0].name, 'grande_kings');
  assert.equal(t[0].lance, Lance.GRANDE);
  assert.equal(t[0].count, 2);
  assert.equal(t[0].hand.toString(), s.hand(0).toString());
  assert.deepEqual([...t[0].ranks], [9, 9, 8, 7]);
  assert.equal(t[0].value, 40);
  assert.deepEqual([...t[0].score], [0, 0]);
  assert.ok(t[1].kind === TipKind.CLUB_CUT || t[1].kind === TipKind.CLUB_MUS);
  assert.equal(t[1].action.seat, 0);
});

test('tips when betting: the search bot, then the chance; the same state, the same tips', () => {
  const s = State.new('standard', 3).apply(Action.shuffle(1n)).apply(Action.cut(0));
  const t = tips(s);
  assert.equal(t[0].kind, TipKind.SEARCH_CHOICE);
  assert.ok(s.legalActions().some((a) => a.equals(t[0].action)), 'a legal action');
  assert.ok(t[0].other !== null && t[0].otherPoints <= t[0].points);
  const chance = t[t.length - 1];
  assert.equal(chance.kind, TipKind.LANCE_CHANCE);
  assert.equal(chance.count, Math.round(chance.chance * 100));
  assert.deepEqual(tips(s).map((x) => x.points), t.map((x) => x.points));
  assert.throws(() => tips(State.new('standard', 3)), (e) => e.statusName === 'MUS_E_WRONG_PHASE');
  assert.throws(() => tips(s, (s.toAct + 1) % 4), (e) => e.statusName === 'MUS_E_NOT_YOUR_TURN');
});

test('a record written, read and replayed by the library', () => {
  const pick = rng(5);
  let s = State.new(mus.Rules.parse('online target=20'), 1);
  const actions = [];
  while (!s.isOver) {
    const a = s.toAct === null ? Action.shuffle(BigInt(pick(1 << 30))) : s.legalActions()[pick(s.legalActions().length)];
    s = s.apply(a);
    actions.push(a);
  }
  const text = MatchRecord.format('online target=20', 1, actions, { comment: 'a JS test\nórdago' });
  assert.ok(text.startsWith('mus-record 3\n# a JS test\n# órdago\nrules online target=20\ndealer 1\n'));
  assert.ok(text.endsWith('\nend over\n'));
  const r = MatchRecord.parse(text);
  assert.equal(r.version, 3);
  assert.equal(r.rules.toString(), 'online target=20');
  assert.equal(r.dealer, 1);
  assert.equal(r.end, RecordEnd.OVER);
  assert.equal(r.steps.length, actions.length);
  assert.ok(r.steps.every((step, i) => step.action.equals(actions[i])));
  assert.equal(r.steps[0].line, 6);
  assert.equal(r.replay().toString(), s.toString());
  assert.equal(replay(text).toString(), s.toString());
  const withStates = MatchRecord.parse(MatchRecord.format('online target=20', 1, actions, { states: true }));
  assert.equal(withStates.initialState, State.new(mus.Rules.parse('online target=20'), 1).toString());
  assert.equal(withStates.steps[withStates.steps.length - 1].state, s.toString());
});

test('record errors name the line', () => {
  assert.throws(
    () => MatchRecord.parse('mus-record 3\nrules standard\ndealer 3\n1 bett 2\nend over\n'),
    (e) => e.statusName === 'MUS_E_PARSE' && e.reason.startsWith('line 4: unknown action') && e.position === 2,
  );
  assert.throws(() => MatchRecord.parse('mus-record 3\nrules standard\ndealer 3\n'), (e) => e.reason.includes('truncated record'));
  assert.throws(
    () => replay('mus-record 3\nrules standard\ndealer 3\nshuffle seed 1\n0 cut\n0 pass\n1 bet 1\nend stopped\n'),
    (e) => e.statusName === 'MUS_E_BET_TOO_SMALL' && e.reason.startsWith('line 7: R24: '),
  );
  assert.throws(() => MatchRecord.format('standard', 3, [Action.mus(0)]), (e) => e.statusName === 'MUS_E_WRONG_PHASE');
});

test('a mus-server transcript of libmus 0.2 reads, replays and converts', () => {
  const text = readFileSync(join(sourceDir, 'tests', 'records', 'server_transcript.txt'), 'utf8');
  const old = MatchRecord.parse(text);
  assert.equal(old.version, 0);
  assert.ok(old.replay().isOver);
  const converted = MatchRecord.format(old.rules, old.dealer, old.steps.map((x) => x.action));
  assert.equal(MatchRecord.parse(converted).end, RecordEnd.OVER);
});
