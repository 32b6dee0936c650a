// The shared transcripts of tests/transcripts/ replayed byte for byte: each read by the
// library's record reader (MatchRecord.parse), the new match's state text checked, then each
// action applied and the state text after it compared with the transcript's; the library's own
// replay must end at the same state.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { mus, transcriptsDir } from './support.mjs';

const { MatchRecord, RecordEnd, State, replay } = mus;
const files = existsSync(transcriptsDir) ? readdirSync(transcriptsDir).filter((f) => f.endsWith('.txt')).sort() : [];

function replayFile(dir, file) {
  const text = readFileSync(join(dir, file), 'utf8');
  const record = MatchRecord.parse(text);
  assert.ok(record.initialState !== null, `${file}: a state line after the dealer line`);
  let state = State.new(record.rules, record.dealer);
  assert.equal(state.toString(), record.initialState, `${file}: the new match's state text`);
  for (const step of record.steps) {
    state = state.apply(step.action);
    assert.ok(step.state !== null, `${file}:${step.line}: a state line after the action`);
    if (state.toString() !== step.state) {
      const got = state.toString();
      let i = 0;
      while (i < got.length && got[i] === step.state[i]) i++;
      throw new Error(`${file}:${step.stateLine}: state text differs, first differing byte at column ${i + 1}: ` +
                      `expected '${step.state[i]}', got '${got[i]}'`);
    }
  }
  assert.ok(state.isOver && record.end === RecordEnd.OVER, `${file}: the match is over at the end`);
  assert.equal(replay(text).toString(), state.toString(), `${file}: the library's replay agrees`);
  return record.steps.length;
}

test('there are transcripts to replay', () => {
  assert.ok(files.length > 0, `no tests/transcripts/*.txt under ${transcriptsDir}`);
});

for (const file of files) {
  test(`transcript ${file}`, () => {
    assert.ok(replayFile(transcriptsDir, file) > 0, `${file} has actions`);
  });
}

test('a changed byte is reported with its line and column', () => {
  assert.throws(() => replayFile(join(transcriptsDir, 'selftest'), 'changed-byte.txt'),
                { message: "changed-byte.txt:8: state text differs, first differing byte at column 101: expected 'A', got 'D'" });
});
