// The bots' decisions and playouts of tests/transcripts/bots.expected, which C, Python and C#
// reproduce too (format in tests/transcripts/README.md): each `choose` record is the id
// Bot.chooseId gives, each `playouts` record the digest of playouts(), among them a series of
// 20,000 playouts, more than the binding's chunk of 16,384 per call.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { mus, transcriptsDir } from './support.mjs';

const { Bot, BotKind, PlayoutScope, State, playouts } = mus;

function botOf(name) {
  if (name.startsWith('search/')) return new Bot(BotKind.SEARCH, { playouts: Number(name.slice(7)) });
  return new Bot(name === 'random' ? BotKind.RANDOM : BotKind.HEURISTIC);
}

test('bots.expected: the same choices and playouts as C', () => {
  const lines = readFileSync(join(transcriptsDir, 'bots.expected'), 'utf8').split('\n');
  let state = null;
  let checked = 0;
  for (const [i, line] of lines.entries()) {
    if (line === '' || line.startsWith('#')) continue;
    const where = `bots.expected:${i + 1}`;
    const f = line.split(' ');
    if (f[0] === 'state') {
      state = State.parse(line.slice(6));
      continue;
    }
    assert.ok(state !== null, `${where}: a state first`);
    checked++;
    if (f[0] === 'choose') {
      // The seat is the one to act in every record: chooseId asks for that seat.
      assert.equal(state.toAct, Number(f[1]), where);
      assert.equal(botOf(f[2]).chooseId(state, BigInt(f[3])), Number(f[4]), where);
    } else if (f[0] === 'playouts') {
      const n = Number(f[4]);
      const scope = f[5] === 'match' ? PlayoutScope.MATCH : PlayoutScope.HAND;
      const points = playouts(state, botOf(f[1]), BigInt(f[2]), n, scope, BigInt(f[3]));
      let sum0 = 0;
      let sum1 = 0;
      let weighted = 0;
      for (let k = 0; k < n; k++) {
        sum0 += points[2 * k];
        sum1 += points[2 * k + 1];
        weighted += (k + 1) * (64 * points[2 * k] + points[2 * k + 1]);
      }
      assert.deepEqual([sum0, sum1, weighted], [Number(f[6]), Number(f[7]), Number(f[8])], where);
    } else {
      assert.fail(`${where}: unknown record ${f[0]}`);
    }
  }
  assert.ok(checked > 50, `${checked} records`);
});
