// The bots think here, off the page's thread: the page posts the state text and the seat's bot
// (a level, or a kind), the worker answers with the action id the library's bot chooses (it
// reads only that seat's view: the C API hides the other hands from it).
import { init, Bot, State } from '/libmus/esm/index.js';

const ready = init();
self.onmessage = async ({ data }) => {
  await ready;
  try {
    const state = State.parse(data.state);
    const options = {};
    if (data.playouts) options.playouts = data.playouts;
    if (data.target) options.target = data.target;
    // A level is its own configuration (Bot.forLevel); else a kind and its options.
    const bot = data.level !== null && data.level !== undefined ? Bot.forLevel(data.level) : new Bot(data.kind, options);
    self.postMessage({ ticket: data.ticket, id: bot.chooseId(state, BigInt(data.seed)) });
  } catch (e) {
    self.postMessage({ ticket: data.ticket, error: String(e && e.message ? e.message : e) });
  }
};
