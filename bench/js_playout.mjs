// Random playout speed in Node: hands per second through the WebAssembly module, and the ratio
// to the native library on this machine.
//   MUS_JS_PACKAGE=<build>/capi/js/package node bench/js_playout.mjs [hands]
//   (or `cmake --build <build> --target js_bench`, which also gives the native figures)
// Measures (each the best of three runs), every hand played to its end from a new match:
//   wasm step loop  one mus_step per action from JavaScript, by the project's random player of
//                   bench/random_policy.h (a legal kind of action, then one of its ids), here
//                   on the two 32-bit halves of the mask (lowLevel: two state buffers on the
//                   module's stack, nothing copied out);
//   wasm playouts   mus_bot_playouts with the random bot (which also hides the other seats' cards
//                   from each decision, so it is slower);
//   native          the same two in C (MUS_NATIVE_PLAYOUTS=<js_native_playouts>), when given.
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const pkg = process.env.MUS_JS_PACKAGE ?? join(here, '..', 'build', 'capi', 'js', 'package');
const mus = await import(pathToFileURL(join(pkg, 'node', 'index.mjs')).href);
await mus.init();
const n = Number(process.argv[2] ?? 1000000);

function best(f) {
  let t = Infinity;
  for (let i = 0; i < 3; i++) {
    const t0 = process.hrtime.bigint();
    f();
    t = Math.min(t, Number(process.hrtime.bigint() - t0) / 1e9);
  }
  return t;
}

const start = mus.State.new('standard', 0);
const { module, frame } = mus.lowLevel;
const m = module();
const STATE = mus.STRUCTS.mus_state.size;
const INFO = mus.STRUCTS.mus_step_info;
const maskLo = INFO.fields.legal_mask[0] >> 2;
const handOver = INFO.fields.hand_over[0] >> 2;

// The blocks of the action-id space, one per kind (mus.h's MUS_ACTION_ID_*, from the package's
// ActionId): each starts at its constant and ends before the next one; as [bits 0..31, 32..63].
const starts = Object.entries(mus.ActionId)
  .filter(([name]) => name !== 'COUNT')
  .map(([, v]) => Number(v))
  .sort((x, y) => x - y);
const BLOCKS = starts.map((first, i) => {
  const end = i + 1 < starts.length ? starts[i + 1] : Number(mus.ActionId.COUNT);
  let lo = 0;
  let hi = 0;
  for (let id = first; id < end; id++) {
    if (id < 32) lo |= 1 << id;
    else hi |= 1 << (id - 32);
  }
  return [lo, hi];
});
const kindLo = new Int32Array(BLOCKS.length);
const kindHi = new Int32Array(BLOCKS.length);

// The k-th set bit of a 32-bit word.
function nthBit(word, k) {
  for (;;) {
    const low = word & -word;
    if (k-- === 0) return 31 - Math.clz32(low);
    word ^= low;
  }
}
const popcount = (v) => {
  v -= (v >>> 1) & 0x55555555;
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
};

function stepLoop(hands) {
  return frame((alloc) => {
    const a = alloc(STATE);
    const b = alloc(STATE);
    const info = alloc(INFO.size);
    const s0 = alloc(STATE);
    m.HEAPU8.set(start.toBytes(), s0);
    const H = m.HEAP32;
    const step = m._mus_step;
    let x = 12345;
    for (let h = 0; h < hands; h++) {
      H[info >> 2] = INFO.size;
      if (step(s0, 0, BigInt(h), a, info) !== 0) throw new Error('shuffle failed');
      let cur = a;
      let next = b;
      while (H[(info >> 2) + handOver] === 0) {
        const lo = H[(info >> 2) + maskLo];
        const hi = H[(info >> 2) + maskLo + 1];
        let kinds = 0;
        for (const [bl, bh] of BLOCKS) {
          if ((lo & bl) !== 0 || (hi & bh) !== 0) {
            kindLo[kinds] = lo & bl;
            kindHi[kinds++] = hi & bh;
          }
        }
        x ^= x << 13; x ^= x >>> 17; x ^= x << 5;
        const kind = (x >>> 0) % kinds;
        const kl = kindLo[kind] >>> 0;
        const kh = kindHi[kind] >>> 0;
        const cl = popcount(kl);
        x ^= x << 13; x ^= x >>> 17; x ^= x << 5;
        const k = (x >>> 0) % (cl + popcount(kh));
        const id = k < cl ? nthBit(kl, k) : 32 + nthBit(kh, k - cl);
        if (step(cur, id, 0n, next, info) !== 0) throw new Error(`step ${id} failed`);
        const t = cur;
        cur = next;
        next = t;
      }
    }
  });
}

const tStep = best(() => stepLoop(n));
const bot = new mus.Bot(mus.BotKind.RANDOM);
const nBot = Math.max(1, Math.floor(n / 10));
const tPlayouts = best(() => mus.playouts(start, bot, 12345n, nBot, mus.PlayoutScope.HAND));

const out = {
  hands: n,
  wasm_step_loop_hands_per_s: Math.round(n / tStep),
  wasm_playouts_random_bot_hands_per_s: Math.round(nBot / tPlayouts),
};
if (process.env.MUS_NATIVE_PLAYOUTS) {
  const native = (mode, hands) => {
    let t = Infinity;
    for (let i = 0; i < 3; i++) {
      const [, s] = execFileSync(process.env.MUS_NATIVE_PLAYOUTS, [mode, String(hands)], { encoding: 'utf8' }).trim().split(' ');
      t = Math.min(t, Number(s));
    }
    return Math.round(hands / t);
  };
  out.native_step_loop_hands_per_s = native('step', n);
  out.native_playouts_random_bot_hands_per_s = native('bot', nBot);
  out.step_loop_wasm_over_native = +(out.wasm_step_loop_hands_per_s / out.native_step_loop_hands_per_s).toFixed(3);
  out.playouts_wasm_over_native = +(out.wasm_playouts_random_bot_hands_per_s / out.native_playouts_random_bot_hands_per_s).toFixed(3);
}
console.log(JSON.stringify(out, null, 2));
