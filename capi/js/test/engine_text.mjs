// What a web table must never show a person: the engine's text. Shared by the browser tests of
// both pages (capi/js/test/browser_table.test.mjs for index.html,
// examples/server/tests/web_online.test.mjs for online.html); it needs no libmus.

/** The patterns of engine text: what the library writes for programs, not for people. */
export const ENGINE_TEXT = Object.freeze([
  // An action as mus::action_to_text writes it: "0 bet 2", "2 signal need_mus".
  /^\d (shuffle|mus|cut|discard|pass|bet|ordago|accept|reject|signal|perete)\b/,
  // A library name in snake_case: two_kings, en_paso, match_over, illegal_action, bot_for_away.
  /\b[a-z]+_[a-z0-9_]+\b/,
  // A view's text form.
  /\bmus-view\//,
  // A key of words.js with no words (w() shows it in brackets).
  /⟦/,
]);

/** Library names that are engine text when they are the whole of a line or a cell. */
const RAW_NAMES = new Set(['pending', 'skipped', 'accepted', 'refused', 'betting', 'shuffle', 'discard', 'ordago', 'accept', 'reject', 'pass', 'bet', 'cut']);

/**
 * The texts on `page` (buttons, log lines, count cells, bubbles, the centre) that show engine
 * text, with the selector that found each; empty when none does.
 * @param selectors CSS selectors of the elements to read (each element's innerText, and for
 *   tables each cell's).
 */
export async function engineTextOn(page, selectors) {
  const texts = await page.evaluate((sels) => {
    const out = [];
    for (const sel of sels) {
      for (const el of document.querySelectorAll(sel)) {
        const parts = el.querySelectorAll('td, th').length ? [...el.querySelectorAll('td, th')].map((c) => c.innerText) : [el.innerText];
        for (const text of parts) if (text && text.trim()) out.push([sel, text.trim()]);
        for (const attr of ['title', 'aria-label']) if (el.getAttribute(attr)) out.push([`${sel}[${attr}]`, el.getAttribute(attr)]);
      }
    }
    return out;
  }, selectors);
  return texts.filter(([, text]) => ENGINE_TEXT.some((re) => re.test(text)) || RAW_NAMES.has(text.toLowerCase()))
    .map(([sel, text]) => `${sel}: ${text}`);
}
