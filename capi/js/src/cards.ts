// Cards and hands. The notation is the library's: parsing and formatting call mus_card_parse,
// mus_card_format, mus_hand_parse and mus_hand_format; evaluation calls mus_hand_value,
// mus_hand_tantos, mus_signal_is_true and mus_lance_winner.

import { check, MusError } from './errors.js';
import { C } from './layout.js';
import type { Rules } from './rules.js';
import { cBytes, cString, fn, formatted, frame, i32, readBytes } from './wasm.js';

/** A card given as a Card, an id 0..39 or a text like "Ko". */
export type CardLike = Card | number | string;

const NO_CARD = C.MUS_NO_CARD;

/** One of the 40 cards, by its id 0..39 (id = suit * 10 + rank, as in mus.h). Immutable. */
export class Card {
  private static readonly all: Card[] = [];
  /** The card id 0..39. */
  readonly id: number;

  private constructor(id: number) {
    this.id = id;
    Object.freeze(this);
  }

  /** The card with id `id` (0..39); throws MUS_E_INVALID_CARDS otherwise. */
  static of(card: CardLike): Card {
    if (card instanceof Card) return card;
    if (typeof card === 'string') return Card.parse(card);
    if (!Number.isInteger(card) || card < 0 || card > 39) {
      throw new MusError(C.MUS_E_INVALID_CARDS, 'Card.of', `id ${String(card)} outside 0..39`);
    }
    if (Card.all.length === 0) for (let i = 0; i < 40; i++) Card.all.push(new Card(i));
    return Card.all[card] as Card;
  }

  /** One card in the library's notation ("Ko", "1o", ...): mus_card_parse. */
  static parse(text: string): Card {
    const id = frame((alloc) => {
      const out = alloc(1);
      check(fn('mus_card_parse')(cString(alloc, text), out), 'Card.parse', JSON.stringify(text));
      return readBytes(out, 1)[0] as number;
    });
    return Card.of(id);
  }

  /** All 40 cards in id order. */
  static deck(): Card[] {
    const deck: Card[] = [];
    for (let i = 0; i < 40; i++) deck.push(Card.of(i));
    return deck;
  }

  /** The rank index 0..9 (id % 10). */
  get rank(): number {
    return this.id % 10;
  }

  /** The suit index 0..3 (oros, copas, espadas, bastos: id / 10). */
  get suit(): number {
    return Math.floor(this.id / 10);
  }

  /** The card's text (mus_card_format). */
  toString(): string {
    return formatted('Card.toString', (b, cap, len) => fn('mus_card_format')(this.id, b, cap, len), check);
  }
}

/** A hand given as a Hand, a text like "Ko Kc 5e 1b", or four cards. */
export type HandLike = Hand | string | readonly (CardLike | null)[];

/** Four cards (a slot may be empty, null, while it awaits a replacement). Immutable. */
export class Hand {
  /** The four card ids, C.MUS_NO_CARD (255) for an empty slot. */
  readonly ids: readonly number[];

  private constructor(ids: readonly number[]) {
    this.ids = Object.freeze([...ids]);
    Object.freeze(this);
  }

  /** A hand from a Hand, a text or four cards. */
  static of(hand: HandLike): Hand {
    if (hand instanceof Hand) return hand;
    if (typeof hand === 'string') return Hand.parse(hand);
    if (hand.length !== 4) {
      throw new MusError(C.MUS_E_INVALID_CARDS, 'Hand.of', `a hand has 4 cards, not ${hand.length}`);
    }
    return new Hand(hand.map((c) => (c === null ? NO_CARD : Card.of(c).id)));
  }

  /** @internal A hand from raw ids (C.MUS_NO_CARD = empty slot). */
  static fromIds(ids: ArrayLike<number>): Hand {
    return new Hand(Array.from(ids));
  }

  /** Four cards in the library's notation (mus_hand_parse). */
  static parse(text: string): Hand {
    const ids = frame((alloc) => {
      const out = alloc(4);
      check(fn('mus_hand_parse')(cString(alloc, text), out), 'Hand.parse', JSON.stringify(text));
      return readBytes(out, 4);
    });
    return new Hand(Array.from(ids));
  }

  /** The cards (null for an empty slot). */
  get cards(): (Card | null)[] {
    return this.ids.map((id) => (id === NO_CARD ? null : Card.of(id)));
  }

  /** True when all four slots hold a card. */
  get complete(): boolean {
    return this.ids.every((id) => id !== NO_CARD);
  }

  /** The hand's juego value under `rules` (mus_hand_value). */
  value(rules: Rules): number {
    return this.query('Hand.value', (alloc, out) =>
      fn('mus_hand_value')(rules.toPointer(alloc), cBytes(alloc, this.ids), out),
    );
  }

  /** The tantos the hand's own cards are worth in `lance` (mus_hand_tantos). */
  tantos(rules: Rules, lance: number): number {
    return this.query('Hand.tantos', (alloc, out) =>
      fn('mus_hand_tantos')(rules.toPointer(alloc), lance, cBytes(alloc, this.ids), out),
    );
  }

  /** Whether `signal` (a Signal value) tells the truth about this hand (mus_signal_is_true). */
  signalTrue(rules: Rules, signal: number): boolean {
    return (
      this.query('Hand.signalTrue', (alloc, out) =>
        fn('mus_signal_is_true')(rules.toPointer(alloc), signal, cBytes(alloc, this.ids), out),
      ) !== 0
    );
  }

  /** The hand's text (mus_hand_format). */
  toString(): string {
    return frame((alloc) => {
      const ids = cBytes(alloc, this.ids);
      return formatted('Hand.toString', (b, cap, len) => fn('mus_hand_format')(ids, b, cap, len), check);
    });
  }

  /** True when both hold the same cards in the same slots. */
  equals(other: Hand): boolean {
    return this.ids.every((id, i) => id === other.ids[i]);
  }

  private query(name: string, call: (alloc: (n: number) => number, out: number) => number): number {
    return frame((alloc) => {
      const out = alloc(4);
      check(call(alloc, out), name, this.ids.join(' '));
      return i32(out);
    });
  }
}

/**
 * The seat whose cards win `lance` among four hands (seat s holds hands[s]), ties going to the
 * seat nearer `mano` (mus_lance_winner).
 */
export function lanceWinner(rules: Rules, lance: number, hands: readonly HandLike[], mano: number): number {
  if (hands.length !== 4) throw new MusError(C.MUS_E_INVALID_ARGUMENT, 'lanceWinner', 'four hands');
  const ids = hands.flatMap((h) => Hand.of(h).ids);
  return frame((alloc) => {
    const out = alloc(4);
    check(fn('mus_lance_winner')(rules.toPointer(alloc), lance, cBytes(alloc, ids), mano, out), 'lanceWinner');
    return i32(out);
  });
}

/** `cards` in the order a seeded shuffle puts them (mus_cards_shuffle). */
export function seededOrder(cards: readonly CardLike[], seed: bigint | number): Card[] {
  const ids = cards.map((c) => Card.of(c).id);
  return frame((alloc) => {
    const p = cBytes(alloc, ids);
    check(fn('mus_cards_shuffle')(p, ids.length, BigInt.asUintN(64, BigInt(seed))), 'seededOrder');
    return Array.from(readBytes(p, ids.length), (id) => Card.of(id));
  });
}
