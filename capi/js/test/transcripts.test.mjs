// The shared transcripts of tests/transcripts/ replayed byte for byte: the rules text parsed,
// the new match's text checked, then each action text parsed, applied, and the state text
// after it compared with the transcript's.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { mus, transcriptsDir } from './support.mjs';

const { Action, Rules, State } = mus;
const files = existsSync(transcriptsDir) ? readdirSync(transcriptsDir).filter((f) => f.endsWith('.txt')).sort() : [];

test('there are transcripts to replay', () => {
  assert.ok(files.length > 0, `no tests/transcripts/*.txt under ${transcriptsDir}`);
});

for (const file of files) {
  test(`transcript ${file}`, () => {
    const lines = readFileSync(join(transcriptsDir, file), 'utf8').split('\n');
    let rules = null;
    let dealer = null;
    let state = null;
    let steps = 0;
    for (const [n, line] of lines.entries()) {
      if (line === '' || line.startsWith('#')) continue;
      const sp = line.indexOf(' ');
      const key = sp < 0 ? line : line.slice(0, sp);
      const rest = sp < 0 ? '' : line.slice(sp + 1);
      const where = `${file}:${n + 1}`;
      if (key === 'rules') rules = Rules.parse(rest);
      else if (key === 'dealer') dealer = Number(rest);
      else if (key === 'state') {
        if (state === null) {
          assert.ok(rules !== null && dealer !== null, `${where}: rules and dealer come first`);
          state = State.new(rules, dealer);
        }
        assert.equal(state.toString(), rest, `${where}: state text`);
      } else if (key === 'action') {
        assert.ok(state !== null, `${where}: an action before the first state`);
        state = state.apply(Action.parse(rest));
        steps++;
      } else {
        assert.fail(`${where}: unknown record ${key}`);
      }
    }
    assert.ok(steps > 0, `${file} has actions`);
  });
}
