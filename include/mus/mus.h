/**
 * @file mus.h
 * @brief The libmus C API: one header, valid C99 and C++, fixed-width integers only.
 *
 * This header is the library's promise to every language that embeds it. The names,
 * parameters and meanings of the functions below are fixed within a major version; status
 * codes and constants are pinned and never renumbered.
 *
 * Conventions used throughout:
 * - Every function that can fail returns an `int32_t` status, @ref MUS_OK or a negative
 *   `MUS_E_*` code; outputs go through pointer parameters and are left untouched on error.
 * - No function aborts on bad input, lets a C++ exception escape, or writes past a caller's
 *   buffer. A text output is written whole with its NUL, or, when the buffer is too small
 *   (@ref MUS_E_BUFFER_TOO_SMALL), not at all: only its length is reported.
 * - Thread safety: every function may be called from any thread, at any time, with no set-up
 *   call: the library shares no mutable state between threads. What it keeps for the whole
 *   process never changes once made (the bots' tables, built on first use, and the key of the
 *   state stamps, drawn once; both initialised thread-safely); what it keeps per thread is the
 *   text of mus_last_error(), in thread-local storage, written only by that thread's failed
 *   calls. Calls on different objects never interfere; several calls may read the same object
 *   at once. As for any memory, no thread may write an object (the `out` of one call) while
 *   another call reads or writes it. The library starts no thread of its own, except a batch
 *   (experimental section): its workers, started by mus_batch_new() and joined by
 *   mus_batch_free(), write only that batch's games and the arrays bound to it, and only
 *   during mus_batch_reset() and mus_batch_step() on it.
 * - Pointer lifetime: the library reads and writes the memory a pointer argument names
 *   during the call only, and keeps no pointer after it returns. The exceptions are noted at
 *   their functions: static strings, and the arrays bound to a batch (mus_batch_new(), in the
 *   experimental section), which the batch keeps until mus_batch_free().
 * - Cards are `uint8_t` ids 0..39: `id = suit * 10 + rank` with suits oros 0, copas 1,
 *   espadas 2, bastos 3 and ranks A 0, 2 1, 3 2, 4 3, 5 4, 6 5, 7 6, J (sota) 7, Q (caballo) 8,
 *   K (rey) 9 (rules R3). A hand is `uint8_t[4]`; the four hands of a table are
 *   `uint8_t[16]`, seat 0's cards first.
 *
 * | id | card | id | card | id | card | id | card |
 * |----|------|----|------|----|------|----|------|
 * | 0  | Ao   | 10 | Ac   | 20 | Ae   | 30 | Ab   |
 * | 6  | 7o   | 16 | 7c   | 26 | 7e   | 36 | 7b   |
 * | 7  | Jo   | 17 | Jc   | 27 | Je   | 37 | Jb   |
 * | 9  | Ko   | 19 | Kc   | 29 | Ke   | 39 | Kb   |
 */
#ifndef MUS_MUS_H
#define MUS_MUS_H

#include <stddef.h>
#include <stdint.h>

/** @name Version
 *  Compile-time version of the headers; compare with mus_version() at run time.
 *  @{ */
#define MUS_VERSION_MAJOR 0     /**< Major version: the ABI promise holds within it. */
#define MUS_VERSION_MINOR 3     /**< Minor version: additions only from 1.0 on (0.x may break). */
#define MUS_VERSION_PATCH 0     /**< Patch version: fixes only. */
#define MUS_VERSION_STRING "0.3.0" /**< The version as text. */
/** The version as one number, `MAJOR * 10000 + MINOR * 100 + PATCH`. */
#define MUS_VERSION (MUS_VERSION_MAJOR * 10000 + MUS_VERSION_MINOR * 100 + MUS_VERSION_PATCH)
/** @} */

/** @name Export macro
 *  @{ */
#if defined(MUS_STATIC_DEFINE)
#define MUS_API
#elif defined(_WIN32)
#if defined(MUS_BUILDING_C_API)
#define MUS_API __declspec(dllexport)
#else
#define MUS_API __declspec(dllimport)
#endif
#elif defined(__GNUC__)
/** Marks a function exported from the shared C library. */
#define MUS_API __attribute__((visibility("default")))
#else
#define MUS_API
#endif
/** @} */

/** @name Status codes
 *  Pinned: never renumbered within a major version. mus_status_string() names each;
 *  mus_last_error() says, in words, why the last failed call of the thread failed.
 *  @{ */
#define MUS_OK 0                    /**< Success. */
#define MUS_E_INVALID_ARGUMENT (-1) /**< A NULL pointer, an out-of-range number or a bad struct_size. */
#define MUS_E_PARSE (-2)            /**< Text that could not be parsed. */
#define MUS_E_BUFFER_TOO_SMALL (-3) /**< The caller's buffer cannot hold the whole output. */
#define MUS_E_INVALID_RULES (-4)    /**< A rules value breaks a limit (kings not 4/8, target <= 0, ...). */
#define MUS_E_INVALID_CARDS (-5)    /**< A card id outside 0..39, or the same card twice. */
#define MUS_E_WRONG_PHASE (-6)      /**< The action does not belong to the current phase. */
#define MUS_E_NOT_YOUR_TURN (-7)    /**< The acting seat is not the seat to act. */
#define MUS_E_ILLEGAL_ACTION (-8)   /**< The action is against the rules here. */
#define MUS_E_BET_TOO_SMALL (-9)    /**< A bet or raise below the minimum. */
#define MUS_E_CARD_NOT_IN_HAND (-10) /**< A discard names a card the seat does not hold. */
#define MUS_E_BAD_SHUFFLE (-11)     /**< A shuffle order that is not exactly the cards to shuffle. */
#define MUS_E_MATCH_OVER (-12)      /**< The match has ended; nothing more can be applied. */
#define MUS_E_FALSE_SIGNAL (-13)    /**< A signal that does not match the signaller's hand. */
#define MUS_E_INVALID_STATE (-14)   /**< A state blob that the library did not produce. */
#define MUS_E_INTERNAL (-15)        /**< An unexpected internal failure (a bug: please report it). */
#define MUS_E_NO_ACTION_ID (-16)    /**< An action that has no action id (a bet amount off the ladder). */
#define MUS_E_SIGNAL_NOT_IN_SET (-17) /**< A signal outside the rules' signal set (R33a). */
/** @} */

/** @name Lances
 *  @{ */
#define MUS_LANCE_GRANDE 0 /**< Grande: highest cards win (R16). */
#define MUS_LANCE_CHICA 1  /**< Chica: lowest cards win (R17). */
#define MUS_LANCE_PARES 2  /**< Pares: pairs, medias, duples (R18). */
#define MUS_LANCE_JUEGO 3  /**< Juego: 31 or more (R19). */
#define MUS_LANCE_PUNTO 4  /**< Punto: played when nobody has juego (R20). */
/** @} */

/** @name Rules option values
 *  Values of the `royal31`, `mus_corrido`, `answers` and `signals` fields of @ref mus_rules.
 *  @{ */
#define MUS_ROYAL31_OFF 0                 /**< No 31 real (default). */
#define MUS_ROYAL31_JACK777 1             /**< Sota and three 7s, any suits. */
#define MUS_ROYAL31_FIGURE777 2           /**< Any 10-valued card and three 7s. */
#define MUS_ROYAL31_JACK777_OTHER_SUITS 3 /**< Sota and the three 7s of the other suits. */
#define MUS_ROYAL31_JACK_OF_COINS777 4    /**< Sota de oros and the 7s of copas, espadas, bastos. */
#define MUS_ROYAL31_JACK_OF_COINS_ANY777 5 /**< Sota de oros and any three 7s. */
#define MUS_CORRIDO_OFF 0                 /**< No mus corrido (default). */
#define MUS_CORRIDO_MATCH 1               /**< Mus corrido on the first hand of the match. */
#define MUS_CORRIDO_GAME 2                /**< Mus corrido on the first hand of every game. */
#define MUS_ANSWERS_FIRST 0               /**< R25: the first answerer's accept or raise settles the team (default). */
#define MUS_ANSWERS_PROPOSAL 1            /**< R25a: the first answerer proposes, the partner decides (online). */
#define MUS_SIGNALS_FULL 0                /**< Every R33 signal but need_mus (default, R33a). */
#define MUS_SIGNALS_ONLINE 1              /**< The online game's faces only (R33a). */
#define MUS_SIGNALS_OFF 2                 /**< No signals (R33a). */
/** @} */

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief The run-time version of the library.
 * @return `MAJOR * 10000 + MINOR * 100 + PATCH`, as @ref MUS_VERSION in the headers it was built with.
 */
MUS_API uint32_t mus_version(void);

/**
 * @brief The run-time version of the library as text, e.g. "0.3.0".
 * @return A static NUL-terminated string.
 * @par Pointer lifetime
 * The string is static: valid for the life of the program.
 */
MUS_API const char* mus_version_string(void);

/**
 * @brief A short English description of a status code.
 * @param status A value returned by any libmus function.
 * @return A static NUL-terminated string, e.g. "MUS_E_PARSE: text could not be parsed";
 *         "unknown status" for a code the library does not define.
 * @par Pointer lifetime
 * The string is static: valid for the life of the program.
 */
MUS_API const char* mus_status_string(int32_t status);

/**
 * @brief What went wrong in the most recent failed call of this thread, in words.
 *
 * Every function that returns a status other than @ref MUS_OK records why on the calling
 * thread: the library's own reason and, for text, the byte where it went wrong (e.g.
 * "expected four cards at position 8" for the hand "Ko 3c Qe", "first dealer must be a seat
 * 0..3"), or, when the library has nothing more precise to say, the status text of
 * mus_status_string() (e.g. "MUS_E_INVALID_ARGUMENT: invalid argument"). Successful calls do
 * not clear it (they cost nothing extra), so read it right after the call that failed, as
 * libgit2's `git_error_last()`: @code
 * if (mus_hand_parse(text, hand) != MUS_OK) fprintf(stderr, "%s\n", mus_last_error());
 * @endcode
 * @return A NUL-terminated string, never NULL; "" when no call of this thread has failed yet.
 *         The text may be cut at 511 bytes.
 * @par Pointer lifetime
 * The string belongs to the library and to the calling thread (thread-local storage): do not
 * free it. It stays valid until the next failed libmus call on the same thread, which
 * rewrites it, or until the thread ends.
 * @par Thread safety
 * Safe from any thread: each thread sees only its own calls' errors.
 */
MUS_API const char* mus_last_error(void);

/**
 * @brief The rules a match is played under: every variant of rules.md.
 *
 * Get one from mus_rules_preset() or mus_rules_parse(), then change fields if you like; every
 * function taking rules validates them (@ref MUS_E_INVALID_RULES). Enum-like fields are
 * `int32_t`. Booleans are 0 or 1.
 *
 * Its size and layout are fixed within a major version: new options take the place of
 * `reserved` fields (zero meaning "as before"), so functions that fill a mus_rules always
 * write `sizeof(mus_rules)` bytes, and functions that read one need `struct_size` to be at
 * least that.
 */
typedef struct mus_rules {
  uint32_t struct_size;    /**< `sizeof(mus_rules)`; set by the preset and parse calls. */
  int32_t kings;           /**< 8 (default: 3s are kings, 2s are aces, R4) or 4. */
  int32_t target;          /**< Points that win a game (R29): 1..999, default 40. */
  int32_t games_per_vaca;  /**< Games that win a vaca (R30): 1..99, default 2. */
  int32_t vacas;           /**< Vacas that win the match (R30): 1..99, default 1. */
  int32_t min_raise;       /**< Smallest raise over an open bet (R25): 1 or 2, default 2. */
  int32_t royal31;         /**< 31 real option (R21): `MUS_ROYAL31_*`, default off. */
  int32_t zero_discard;    /**< 1: a player may discard no card, servido (R14). Default 0. */
  int32_t deje_ends;       /**< 1: a deje ends the game at once (R29, default); 0: checked at hand end. */
  int32_t mus_corrido;     /**< Mus corrido (R31): `MUS_CORRIDO_*`, default off. */
  int32_t tio_perete;      /**< 1: the tío Perete bonus is played (R32). Default 0. */
  int32_t answers;         /**< How a team answers a bet (R25, R25a): `MUS_ANSWERS_*`, default first
                                (since 0.2). */
  int32_t signals;         /**< Signal set (R33a): `MUS_SIGNALS_*`, default full (since 0.2). */
  int32_t reserved[6];     /**< Reserved for future options; keep zero. */
} mus_rules;

/**
 * @brief Fill a rules value from a named preset.
 * @param out Receives the preset, with `struct_size` set.
 * @param name "standard" (also NULL), "spain", "basque" or "online" (rules.md presets table).
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT if `out` is NULL; @ref MUS_E_PARSE for an
 *         unknown name (`*out` unchanged).
 */
MUS_API int32_t mus_rules_preset(mus_rules* out, const char* name);

/**
 * @brief Parse rules from text: a preset name, then optional `key=value` overrides.
 *
 * Example: `"standard kings=4 target=30 royal31=jack777"`. Keys, in the order of the canonical
 * form (mus_rules_format()): `kings=4|8`, `target=N`, `games_per_vaca=N`, `vacas=N`,
 * `min_raise=1|2`,
 * `royal31=off|jack777|figure777|jack777_other_suits|jack_of_coins777|jack_of_coins_any777`,
 * `zero_discard=0|1`, `deje_ends=0|1`, `mus_corrido=off|match|game`, `tio_perete=0|1`,
 * `answers=first|proposal` (R25, R25a), `signals=full|online|off` (R33a). Words are
 * separated by spaces; a key may be given more than once (the last wins). An empty text, or
 * one that starts with a key, means the `standard` preset.
 * @param out Receives the rules; unchanged on error.
 * @param text NUL-terminated text.
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT for NULL pointers; @ref MUS_E_PARSE for an
 *         unknown preset or key, a malformed value, or a value outside its limits (e.g.
 *         `target=0`, `kings=5`).
 */
MUS_API int32_t mus_rules_parse(mus_rules* out, const char* text);

/**
 * @brief The canonical text form of rules, accepted back by mus_rules_parse().
 *
 * The form is the nearest preset's name followed by the keys that differ from it, in the
 * order listed at mus_rules_parse(), e.g. `"standard target=30"` or `"basque"`.
 * @param rules The rules to print (validated).
 * @param buf Receives the NUL-terminated text; may be NULL when `cap` is 0.
 * @param cap Size of `buf` in bytes.
 * @param len_out If not NULL, receives the text's length without the NUL, also when the
 *        buffer is too small, so a caller can size a second call.
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT for NULL `rules` or a NULL `buf` with
 *         `cap > 0`; @ref MUS_E_INVALID_RULES; @ref MUS_E_BUFFER_TOO_SMALL when `cap` is not
 *         larger than the length (nothing but the length is written then).
 */
MUS_API int32_t mus_rules_format(const mus_rules* rules, char* buf, size_t cap, size_t* len_out);

/**
 * @brief The value of a card slot that holds no card: never a card id (0..39). A seat's slot
 * whose card was discarded holds it until the replacement arrives (mus_state_hand(),
 * mus_view.hand), and so does every slot of a showdown that did not happen (mus_count.shown,
 * mus_view.last_shown).
 */
#define MUS_NO_CARD 255

/**
 * @brief Parse a hand of four cards from text, e.g. `"Ko 3c Qe Ab"` (R2).
 *
 * Ranks `A 2 3 4 5 6 7 J Q K` (also `1`, and the Spanish `S C R` for sota, caballo, rey),
 * suits `o c e b`, either case. Cards are separated by spaces or tabs; leading and trailing
 * blanks are ignored.
 * @param text NUL-terminated text.
 * @param out Receives the four card ids in the order written; unchanged on error.
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT for NULL pointers; @ref MUS_E_PARSE for an
 *         unknown rank or suit, stray text, a duplicate card, or a count other than four.
 */
MUS_API int32_t mus_hand_parse(const char* text, uint8_t out[4]);

/**
 * @brief Print a hand in the canonical notation, e.g. `"Ko 3c Qe Ab"` (R2): 11 characters.
 * @param hand Four card ids.
 * @param buf Receives the NUL-terminated text; may be NULL when `cap` is 0.
 * @param cap Size of `buf` in bytes (12 is always enough).
 * @param len_out If not NULL, receives the length without the NUL (also when too small).
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT for NULL `hand` or a NULL `buf` with
 *         `cap > 0`; @ref MUS_E_INVALID_CARDS for an id above 39 or a repeated card;
 *         @ref MUS_E_BUFFER_TOO_SMALL.
 */
MUS_API int32_t mus_hand_format(const uint8_t hand[4], char* buf, size_t cap, size_t* len_out);

/**
 * @brief Parse one card, e.g. `"Ko"` (R2): rank then suit, the same letters as mus_hand_parse().
 * @param text NUL-terminated text; leading and trailing blanks are ignored.
 * @param out Receives the card id (R3); unchanged on error.
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT for NULL pointers; @ref MUS_E_PARSE.
 */
MUS_API int32_t mus_card_parse(const char* text, uint8_t* out);

/**
 * @brief Print one card in the canonical notation, e.g. `"Ko"` (R2): 2 characters.
 * @param card A card id, 0..39.
 * @param buf Receives the NUL-terminated text; may be NULL when `cap` is 0.
 * @param cap Size of `buf` in bytes (3 is always enough).
 * @param len_out If not NULL, receives the length without the NUL (also when too small).
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT for a NULL `buf` with `cap > 0`;
 *         @ref MUS_E_INVALID_CARDS for an id above 39; @ref MUS_E_BUFFER_TOO_SMALL.
 */
MUS_API int32_t mus_card_format(uint8_t card, char* buf, size_t cap, size_t* len_out);

/**
 * @brief Check a rules value: the same check every function taking rules makes.
 * @param rules The rules.
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT (NULL or a small `struct_size`);
 *         @ref MUS_E_INVALID_RULES.
 */
MUS_API int32_t mus_rules_validate(const mus_rules* rules);

/**
 * @brief The seat that wins a lance among four hands, ties going to the seat nearer the mano.
 * @param rules The rules (kings and 31 real matter).
 * @param lance `MUS_LANCE_*`.
 * @param hands Sixteen distinct card ids, seat 0's four first.
 * @param mano The mano's seat, 0..3.
 * @param seat_out Receives the winning seat, or -1 when nobody plays the lance (no pares; no
 *        juego; punto when somebody has juego).
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT for NULL pointers, a bad lance or mano;
 *         @ref MUS_E_INVALID_RULES; @ref MUS_E_INVALID_CARDS.
 */
MUS_API int32_t mus_lance_winner(const mus_rules* rules, int32_t lance, const uint8_t hands[16],
                                 int32_t mano, int32_t* seat_out);

/**
 * @brief The tantos one hand brings its team in a lance when the team wins it (R28).
 * @param rules The rules.
 * @param lance `MUS_LANCE_*`.
 * @param hand Four distinct card ids.
 * @param tantos_out Pares: 0 (none), 1 (pareja), 2 (medias), 3 (duples). Juego: 0 (no juego),
 *        3 (31), 2 (other juego). Grande, chica and punto carry no per-hand tantos: 0.
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT; @ref MUS_E_INVALID_RULES;
 *         @ref MUS_E_INVALID_CARDS.
 */
MUS_API int32_t mus_hand_tantos(const mus_rules* rules, int32_t lance, const uint8_t hand[4],
                                int32_t* tantos_out);

/**
 * @brief A hand's total for juego and punto (R6): 4..40.
 * @param rules The rules (with 8 kings a 3 is worth 10 and a 2 is worth 1).
 * @param hand Four distinct card ids.
 * @param value_out Receives the total.
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT; @ref MUS_E_INVALID_RULES;
 *         @ref MUS_E_INVALID_CARDS.
 */
MUS_API int32_t mus_hand_value(const mus_rules* rules, const uint8_t hand[4], int32_t* value_out);

/* ============================================================================================
 * The match reducer
 * ========================================================================================== */

/** @name Match phases
 *  Values of mus_state_info.phase.
 *  @{ */
#define MUS_PHASE_SHUFFLE 1    /**< A shuffle (chance) is due: a new hand, or a stock refill (R15). */
#define MUS_PHASE_MUS 2        /**< Players say mus or cut (R13). */
#define MUS_PHASE_DISCARD 3    /**< Players discard (R14). */
#define MUS_PHASE_BETTING 4    /**< A lance is being bet (R24–R27). */
#define MUS_PHASE_MATCH_OVER 5 /**< The match has a winner; nothing more applies. */
#define MUS_PHASE_PERETE 6     /**< Tío Perete (R32): every seat is asked; holders may declare. */
/** @} */

/** @name Action kinds
 *  Values of mus_action.kind; pinned, 0 is never valid.
 *  @{ */
#define MUS_ACTION_SHUFFLE 1 /**< Chance: deal a new hand (R11) or refill the stock (R15). */
#define MUS_ACTION_MUS 2     /**< Wants a discard (R13). */
#define MUS_ACTION_CUT 3     /**< No hay mus (R13). */
#define MUS_ACTION_DISCARD 4 /**< Discard the cards of `cards` (R14). */
#define MUS_ACTION_PASS 5    /**< Paso (R24); in the tío Perete phase, decline to declare. */
#define MUS_ACTION_BET 6     /**< Envido of `amount`, or a raise of `amount` more (R24, R25). */
#define MUS_ACTION_ORDAGO 7  /**< Órdago (R27). */
#define MUS_ACTION_ACCEPT 8  /**< Quiero. */
#define MUS_ACTION_REJECT 9  /**< No quiero. */
#define MUS_ACTION_SIGNAL 10 /**< A signal to the partner (R33): `amount` is a `MUS_SIGNAL_*`.
                                   Any seat may signal during the mus, discard, tío Perete and
                                   betting phases, not only the seat to act (mus_legal_actions()
                                   lists the acting seat's; mus_signal_is_true() tells any
                                   seat's). */
#define MUS_ACTION_PERETE 11 /**< Declare tío Perete (R32). */
/** @} */

/** @name Signals
 *  Values of mus_action.amount for MUS_ACTION_SIGNAL (R33). Which are legal depends on the
 *  rules' `signals` set (R33a); one outside it is refused with @ref MUS_E_SIGNAL_NOT_IN_SET.
 *  @{ */
#define MUS_SIGNAL_TWO_KINGS 0   /**< Exactly two kings. */
#define MUS_SIGNAL_THREE_KINGS 1 /**< Exactly three kings. */
#define MUS_SIGNAL_TWO_ACES 2    /**< Exactly two aces. */
#define MUS_SIGNAL_THREE_ACES 3  /**< Exactly three aces. */
#define MUS_SIGNAL_PAREJA 4      /**< Pareja as its pares. */
#define MUS_SIGNAL_MEDIAS 5      /**< Medias as its pares. */
#define MUS_SIGNAL_DUPLES 6      /**< Duples as its pares. */
#define MUS_SIGNAL_JUEGO_31 7    /**< Value 31. */
#define MUS_SIGNAL_PUNTO_30 8    /**< Value 30. */
#define MUS_SIGNAL_PUNTO_29 9    /**< Value 29. */
#define MUS_SIGNAL_PUNTO_28 10   /**< Value 28. */
#define MUS_SIGNAL_CIEGO 11      /**< No pares and no juego. */
#define MUS_SIGNAL_REAL_31 12    /**< A 31 real under the active R21 option. */
#define MUS_SIGNAL_SOLOMILLO 13  /**< Three kings and an ace. */
#define MUS_SIGNAL_NEED_MUS 14   /**< "Need Mus!", always true: only with `MUS_SIGNALS_ONLINE`, only in
                                      the mus phase (R33a). */
/** @} */

/** Size in bytes of a match state; fixed within a major version. */
#define MUS_STATE_SIZE 512

/**
 * @brief A whole match as a value: plain bytes the caller owns, copies with memcpy and keeps
 *        as many of as it likes. Nothing is allocated; nothing needs freeing.
 *
 * Its content is private to the library; every function taking a state checks it and
 * answers @ref MUS_E_INVALID_STATE for bytes it did not produce. The library ends every state
 * it writes with a stamp keyed per process, which spares the full check of states this process
 * wrote (see the embedding page, "The state stamp"); any other bytes get the full check.
 * Equal states written in one process are equal bytes (`memcmp` compares them); across
 * processes the stamps differ, so compare their texts (mus_state_format()), which carry no
 * stamp. Do not take raw state bytes back from an untrusted party: the stamp is not a
 * cryptographic MAC. Send views, and store states as text.
 */
typedef struct mus_state {
  uint64_t opaque[MUS_STATE_SIZE / 8]; /**< Private. */
} mus_state;

/**
 * @brief One action, as the reducer takes it.
 */
typedef struct mus_action {
  int32_t kind;       /**< `MUS_ACTION_*`. */
  int32_t seat;       /**< The acting seat 0..3; -1 for a shuffle. */
  int32_t amount;     /**< BET: points (the bet, or the raise "more" when a bet is open);
                           SIGNAL: a `MUS_SIGNAL_*`; SHUFFLE: 0 = use `seed`, n > 0 = `order[0..n-1]`. */
  int32_t reserved0;  /**< Keep zero. */
  uint64_t cards;     /**< DISCARD: bit i set = discard card id i. */
  uint64_t seed;      /**< SHUFFLE with amount 0: the seed (see mus_cards_shuffle()). */
  uint8_t order[40];  /**< SHUFFLE with amount n: exactly the cards being shuffled, in dealing order. */
  int32_t reserved[4]; /**< Keep zero. */
} mus_action;

/**
 * @brief What a caller reads of a state.
 *
 * Set `struct_size = sizeof(mus_state_info)` before calling mus_state_info_get().
 */
typedef struct mus_state_info {
  uint32_t struct_size; /**< Set by the caller: the size of the struct it was compiled with. */
  int32_t phase;        /**< `MUS_PHASE_*`. */
  int32_t lance;        /**< Lance being bet (`MUS_LANCE_*`) when phase is MUS_PHASE_BETTING, else -1. */
  int32_t to_act;       /**< Seat to act; -1 when a shuffle is due or the match is over. */
  int32_t dealer;       /**< This hand's dealer. */
  int32_t mano;         /**< This hand's mano. */
  int32_t score[2];     /**< Points of each team in the current game. */
  int32_t games[2];     /**< Games won in the current vaca. */
  int32_t vacas[2];     /**< Vacas won in the match. */
  int32_t match_winner; /**< Team, or -1. */
  int32_t hand_number;  /**< Hands dealt in the match so far (since 0.2). */
  int32_t refill_due;   /**< 1 when the shuffle due is a stock refill (R15), else 0 (since 0.2). */
  int32_t reserved[14]; /**< Zero. */
} mus_state_info;

/** @name Lance statuses
 *  Values of mus_count_line.status: how a lance was played.
 *  @{ */
#define MUS_LANCE_STATUS_PENDING 0  /**< Not reached. */
#define MUS_LANCE_STATUS_SKIPPED 1  /**< Nobody had pares (juego) (R23). */
#define MUS_LANCE_STATUS_ONE_TEAM 2 /**< Only one team had them: no betting, that team collects (R23). */
#define MUS_LANCE_STATUS_EN_PASO 3  /**< Everyone passed (R24). */
#define MUS_LANCE_STATUS_ACCEPTED 4 /**< A bet was accepted. */
#define MUS_LANCE_STATUS_REFUSED 5  /**< A bet was refused: deje (R26). */
#define MUS_LANCE_STATUS_ORDAGO 6   /**< An órdago was accepted (R27). */
/** @} */

/** @name Hand ends
 *  Values of mus_count.end.
 *  @{ */
#define MUS_END_NONE 0   /**< No hand finished yet. */
#define MUS_END_COUNT 1  /**< The count (R28). */
#define MUS_END_DEJE 2   /**< A deje or tío Perete point reached the target (R29). */
#define MUS_END_ORDAGO 3 /**< An accepted órdago decided the game (R27). */
/** @} */

/** One lance of a hand's count: how it was played and what it scored, and why. */
typedef struct mus_count_line {
  int32_t lance;       /**< `MUS_LANCE_*` (the fourth line is juego or punto). */
  int32_t status;      /**< How it was played: a `MUS_LANCE_STATUS_*` value. */
  int32_t bet_team;    /**< Team of the last bet (accepted or refused), or -1. */
  int32_t winner_team; /**< Team that won it, or -1. */
  int32_t winner_seat; /**< Seat whose cards won it; -1 for a refused bet or none. */
  int32_t stake;       /**< Accepted stake, or the deje scored for a refused bet. */
  int32_t tantos;      /**< The winning team's own tantos counted (pares, juego). */
  int32_t points;      /**< Points scored at the count for this lance. */
  int32_t counted;     /**< 1 when the count reached this lance; 0 when the count stopped before
                            it (R29), and for a lance with nothing to count (status skipped or
                            pending) or a hand that ended before the count. */
  int32_t reserved[3]; /**< Zero. */
} mus_count_line;

/**
 * @brief A hand's count, lance by lance: the last finished hand (mus_state_last_count()).
 *
 * Set `struct_size = sizeof(mus_count)` before the call.
 */
typedef struct mus_count {
  uint32_t struct_size;     /**< Set by the caller. */
  int32_t number;           /**< Hand number in the match (1 = first); 0 when none finished yet. */
  int32_t dealer;           /**< That hand's dealer. */
  int32_t mano;             /**< That hand's mano. */
  int32_t end;              /**< `MUS_END_*`. */
  int32_t game_winner;      /**< Team that won the game in that hand, or -1. */
  int32_t score_before[2];  /**< Scores when the hand was dealt. */
  int32_t score_after[2];   /**< Scores at its end (before a won game resets them). */
  mus_count_line lines[4];  /**< Grande, chica, pares, juego/punto. */
  uint8_t shown[16];        /**< The showdown (R28a): the four hands as they stood at the count
                                 or an accepted órdago, seat s's cards at `shown[4s..4s+3]`;
                                 all MUS_NO_CARD when the hand showed none (a deje reached the
                                 target). */
  int32_t reserved[4];      /**< Zero. */
} mus_count;

/**
 * @brief What one seat may know: its own cards and the public state; nothing else.
 *
 * Set `struct_size = sizeof(mus_view)` before calling mus_state_view().
 */
typedef struct mus_view {
  uint32_t struct_size;    /**< Set by the caller. */
  int32_t seat;            /**< Whose view. */
  int32_t phase;           /**< `MUS_PHASE_*`. */
  int32_t lance;           /**< Lance being bet, or -1. */
  int32_t to_act;          /**< Seat to act, or -1. */
  int32_t dealer;          /**< This hand's dealer. */
  int32_t mano;            /**< This hand's mano. */
  uint8_t hand[4];         /**< The seat's own cards; MUS_NO_CARD in a slot awaiting a replacement. */
  int32_t score[2];        /**< Game scores. */
  int32_t games[2];        /**< Games won in this vaca. */
  int32_t vacas[2];        /**< Vacas won. */
  int32_t match_winner;    /**< Team or -1. */
  int32_t hand_number;     /**< Hands dealt so far. */
  int32_t stock_count;     /**< Cards in the stock. */
  int32_t pile_count;      /**< Cards in the discard pile. */
  int32_t pares_declared;  /**< 1 once pares were declared this hand. */
  int32_t pares_mask;      /**< Bit s: seat s declared pares. */
  int32_t juego_declared;  /**< 1 once juego was declared this hand. */
  int32_t juego_mask;      /**< Bit s: seat s declared juego. */
  int32_t perete_mask;     /**< Bit s: seat s declared tío Perete. */
  int32_t signals[4];      /**< Bit k of signals[s]: seat s made signal k this hand. */
  int32_t bet_open;        /**< 1 while a bet waits for an answer. */
  int32_t bet_is_ordago;   /**< 1 when the open bet is an órdago. */
  int32_t bet_team;        /**< Team of the open bet, or -1. */
  int32_t stake_before;    /**< What a refusal pays now (R26). */
  int32_t proposed;        /**< The stake if accepted. */
  mus_count_line lances[4]; /**< This hand's lances so far. */
  int32_t proposal;        /**< R25a: the pending proposal of the answering team's first answerer,
                                the partner to decide: `MUS_ACTION_BET` (a raise of
                                `proposal_amount`), `MUS_ACTION_ACCEPT` or `MUS_ACTION_REJECT`;
                                0 when none (since 0.2). */
  int32_t proposer;        /**< The seat that made the pending proposal, or -1 (since 0.2). */
  int32_t proposal_amount; /**< The proposed raise "more", or 0 (since 0.2). */
  uint8_t last_shown[16];  /**< The last finished hand's showdown (R28a), public to every seat:
                                seat s's cards at `last_shown[4s..4s+3]`, all MUS_NO_CARD when none
                                (mus_count.shown) (since 0.2). */
  int32_t hand_in_game;    /**< Hands started in the current game, the mus corrido count (R31)
                                (since 0.3). */
  int32_t mus_said;        /**< Seats that said mus in this mus round (R13); after the cut, the
                                speaking index of the seat that cut (since 0.3). */
  int32_t discarded;       /**< Seats that discarded in this round (R14): 0..3 in the discard
                                phase, then 4 until the next deal (since 0.3). */
  int32_t refill_pos;      /**< While a stock refill's shuffle is due (R15), the speaking index
                                of the next seat to be given its replacements; else -1 (since
                                0.3). */
  uint8_t need[4];         /**< Replacement cards owed to each seat, seat 0 first (R14) (since
                                0.3). */
  int32_t answer_first;    /**< The first answering seat of the open bet, or -1; the seat to act
                                is it or its partner (R25, R25a) (since 0.3). */
  int32_t deje_winner;     /**< With `deje_ends=0`, the first team whose dejes reached the target
                                in this hand, or -1 (R29) (since 0.3). */
  int32_t reserved[2];     /**< Zero. */
} mus_view;

/** @name Event kinds
 *  Values of mus_event.kind. Every event is public: any seat may see it.
 *  @{ */
#define MUS_EVENT_DEAL 1          /**< A hand was dealt: `seat` dealer, `value` mano, `amount` hand number. */
#define MUS_EVENT_REFILL 2        /**< The discard pile was shuffled under the stock: `amount` cards. */
#define MUS_EVENT_MUS 3           /**< `seat` said mus. */
#define MUS_EVENT_CUT 4           /**< `seat` cut; `value` is the mano (it changes with mus corrido). */
#define MUS_EVENT_DISCARD 5       /**< `seat` discarded `amount` cards. */
#define MUS_EVENT_REPLACE 6       /**< `seat` was given `amount` cards. */
#define MUS_EVENT_PERETE 7        /**< `seat` declared tío Perete; `team` scores 1. */
#define MUS_EVENT_SIGNAL 8        /**< `seat` made signal `value`. */
#define MUS_EVENT_DECLARE_PARES 9 /**< `seat` has pares (`value` 1) or not (0). */
#define MUS_EVENT_DECLARE_JUEGO 10 /**< `seat` has juego (`value` 1) or not (0). */
#define MUS_EVENT_LANCE_START 11  /**< Lance `lance` begins; `value` its status if settled at once. */
#define MUS_EVENT_PASS 12         /**< `seat` passed. */
#define MUS_EVENT_BET 13          /**< `seat` bet (or raised by) `amount`; `value` is the total. */
#define MUS_EVENT_ORDAGO 14       /**< `seat` called órdago. */
#define MUS_EVENT_ACCEPT 15       /**< `seat` accepted; `value` the stake (0 for an órdago). */
#define MUS_EVENT_REJECT 16       /**< `seat` rejected. */
#define MUS_EVENT_DEJE 17         /**< `team` scored `amount` for a refused bet in `lance`. */
#define MUS_EVENT_EN_PASO 18      /**< Everyone passed `lance`. */
#define MUS_EVENT_SHOWDOWN 19     /**< Accepted órdago in `lance`: `seat`'s cards win for `team`. */
#define MUS_EVENT_COUNT 20        /**< The count gave `team` `amount` points for `lance`; `value` tantos. */
#define MUS_EVENT_GAME 21         /**< `team` won a game. */
#define MUS_EVENT_VACA 22         /**< `team` won a vaca. */
#define MUS_EVENT_MATCH 23        /**< `team` won the match. */
#define MUS_EVENT_PROPOSE 24      /**< R25a: `seat` (first answerer) proposed its team's answer: `value`
                                       the `MUS_ACTION_*` proposed (BET = a raise, ACCEPT, REJECT),
                                       `amount` the raise "more" (0 otherwise); the partner decides. */
#define MUS_EVENT_AGREE 25        /**< R25a: `seat` (the partner) agreed to the proposal (`value` and
                                       `amount` as PROPOSE); the team's answer event follows. */
/** @} */

/** One public event reported by mus_apply_events(). Fields a kind does not use are -1 or 0. */
typedef struct mus_event {
  int32_t kind;        /**< `MUS_EVENT_*`. */
  int32_t seat;        /**< Seat involved, or -1. */
  int32_t team;        /**< Team involved, or -1. */
  int32_t lance;       /**< `MUS_LANCE_*` involved, or -1. */
  int32_t amount;      /**< Points, cards or a number, by kind. */
  int32_t value;       /**< A second number, by kind. */
  int32_t reserved[2]; /**< Zero. */
} mus_event;

/** The most events one mus_apply_events() call can report. */
#define MUS_MAX_EVENTS 48

/**
 * @name Action ids
 * A stable integer action space (OpenSpiel's "distinct actions"): each action a player can
 * choose from mus_legal_actions() has one id, the same choice in every state, relative to the
 * seat to act (the seat is not part of the id). This table is the one definition of the ids,
 * for C, C++ (mus::action_ids) and the bindings. Blocks in increasing id order:
 *
 * | ids | action | parameter |
 * |---|---|---|
 * | 0 | SHUFFLE (chance) | the seed or order is supplied with the action |
 * | 1 | MUS | |
 * | 2 | CUT (no hay mus) | |
 * | 3..18 | DISCARD | `id - 3` is a 4-bit mask over the seat's cards sorted by card id (R3): bit k throws the k-th lowest; 3 alone (no card) is servido, legal only with `zero_discard` (R14) |
 * | 19 | PASS (paso) | |
 * | 20..35 | BET (envido, or a raise) | mus_bet_ladder(`id - 20`) points, the bet or the raise "more": 1 2 3 4 5 6 7 8 9 10 12 15 20 25 30 40 |
 * | 36 | ORDAGO | |
 * | 37 | ACCEPT (quiero) | |
 * | 38 | REJECT (no quiero) | |
 * | 39..54 | SIGNAL | `MUS_SIGNAL_*` number `id - 39` (numbers past the last signal are reserved) |
 * | 55 | PERETE (tío Perete) | |
 * @{
 */
#define MUS_ACTION_ID_COUNT 56    /**< The number of action ids. */
#define MUS_ACTION_ID_SHUFFLE 0   /**< The due shuffle (chance). */
#define MUS_ACTION_ID_MUS 1       /**< Mus. */
#define MUS_ACTION_ID_CUT 2       /**< Cut (no hay mus). */
#define MUS_ACTION_ID_DISCARD 3   /**< First discard id: plus a 4-bit mask of sorted card positions. */
#define MUS_ACTION_ID_PASS 19     /**< Pass. */
#define MUS_ACTION_ID_BET 20      /**< First bet id: plus a bet ladder index. */
#define MUS_ACTION_ID_ORDAGO 36   /**< Órdago. */
#define MUS_ACTION_ID_ACCEPT 37   /**< Accept (quiero). */
#define MUS_ACTION_ID_REJECT 38   /**< Reject (no quiero). */
#define MUS_ACTION_ID_SIGNAL 39   /**< First signal id: plus a `MUS_SIGNAL_*` number. */
#define MUS_ACTION_ID_PERETE 55   /**< Declare tío Perete. */
#define MUS_BET_LADDER_SIZE 16    /**< Rungs of the bet ladder (BET ids). */
#define MUS_MAX_LEGAL_ACTIONS 56  /**< The most actions mus_legal_actions() can list. */
/** @} */

/**
 * @brief The size of a match state, `sizeof(mus_state)` == @ref MUS_STATE_SIZE, for FFI callers.
 * @return The size in bytes.
 */
MUS_API size_t mus_state_size(void);

/**
 * @brief A new match, waiting for its first shuffle (@ref MUS_PHASE_SHUFFLE).
 * @param rules The rules (validated).
 * @param first_dealer The first dealer's seat, 0..3 (R10); the mano is the next seat.
 * @param out Receives the state.
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT for NULL pointers or a bad seat;
 *         @ref MUS_E_INVALID_RULES.
 */
MUS_API int32_t mus_state_new(const mus_rules* rules, int32_t first_dealer, mus_state* out);

/**
 * @brief The reducer: apply an action to a state. Pure: the same state and action always
 *        give the same result.
 *
 * When a hand's last lance closes, the count (R28, R29) happens inside this call and the state
 * moves on to the next hand's shuffle (or to @ref MUS_PHASE_MATCH_OVER).
 * @param in The state.
 * @param action The action.
 * @param out Receives the next state on success; left unchanged on error. `in == out` is allowed.
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT (NULL, unknown kind, seat outside -1..3,
 *         non-zero reserved fields); @ref MUS_E_INVALID_STATE; @ref MUS_E_MATCH_OVER;
 *         @ref MUS_E_WRONG_PHASE; @ref MUS_E_NOT_YOUR_TURN; @ref MUS_E_ILLEGAL_ACTION (e.g. a
 *         pass while a bet is open, a bet proposing more than 999); @ref MUS_E_BET_TOO_SMALL;
 *         @ref MUS_E_CARD_NOT_IN_HAND; @ref MUS_E_BAD_SHUFFLE; @ref MUS_E_FALSE_SIGNAL;
 *         @ref MUS_E_SIGNAL_NOT_IN_SET (a signal outside the rules' signal set, R33a).
 */
MUS_API int32_t mus_apply(const mus_state* in, const mus_action* action, mus_state* out);

/**
 * @brief mus_apply(), also reporting the step's public events (who said what, declarations,
 *        dejes, the count line by line, games won).
 * @param in The state.
 * @param action The action.
 * @param out Receives the next state; unchanged on any error, including a too small buffer.
 * @param events Receives the events; may be NULL (then `cap` must be 0).
 * @param cap Capacity of `events`; @ref MUS_MAX_EVENTS is always enough.
 * @param count_out If not NULL, receives the number of events (also when the buffer is too small).
 * @return As mus_apply(), plus @ref MUS_E_BUFFER_TOO_SMALL.
 */
MUS_API int32_t mus_apply_events(const mus_state* in, const mus_action* action, mus_state* out,
                                 mus_event* events, size_t cap, size_t* count_out);

/**
 * @brief Every action the seat to act may play now, each concrete: it applies exactly as
 *        listed, in increasing action-id order, without duplicates (since 0.2).
 *
 * That is: MUS and CUT; each DISCARD subset the rules allow; PASS, ACCEPT, REJECT, ORDAGO;
 * each BET of the bet ladder (mus_bet_ladder()) from the smallest legal amount to the largest
 * (any other amount in mus_bet_limits() is just as legal, built by hand); PERETE for a
 * 4-5-6-7 hand; each true SIGNAL the seat has not made yet. One SHUFFLE entry (seed 0) when
 * chance is to act: set its `seed`, or an order, before applying it (R12). Nothing once the
 * match is over. (0.1 listed one template per kind; that meaning is retired.)
 * @param s The state.
 * @param buf Receives the actions; may be NULL when `cap` is 0.
 * @param cap Capacity of `buf`; @ref MUS_MAX_LEGAL_ACTIONS is always enough.
 * @param count_out If not NULL, receives the number of actions (also when `buf` is too small).
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT; @ref MUS_E_INVALID_STATE;
 *         @ref MUS_E_BUFFER_TOO_SMALL (nothing written to `buf`).
 */
MUS_API int32_t mus_legal_actions(const mus_state* s, mus_action* buf, size_t cap,
                                  size_t* count_out);

/**
 * @brief The legal actions as a bit mask over action ids: bit i set when id i is legal now.
 *
 * The cheapest way to choose an action (a simulation, a policy's action mask): nothing is
 * built. The actions are those of mus_legal_actions().
 * @param s The state.
 * @param out Receives the mask (0 once the match is over; only bit @ref MUS_ACTION_ID_SHUFFLE
 *        when a shuffle is due).
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT; @ref MUS_E_INVALID_STATE.
 */
MUS_API int32_t mus_legal_mask(const mus_state* s, uint64_t* out);

/**
 * @brief The legal actions as action ids, in increasing order (those of mus_legal_actions()).
 * @param s The state.
 * @param ids Receives the ids; may be NULL when `cap` is 0.
 * @param cap Capacity of `ids`; @ref MUS_MAX_LEGAL_ACTIONS is always enough.
 * @param count_out If not NULL, receives the number of ids (also when `ids` is too small).
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT; @ref MUS_E_INVALID_STATE;
 *         @ref MUS_E_BUFFER_TOO_SMALL (nothing written to `ids`).
 */
MUS_API int32_t mus_legal_action_ids(const mus_state* s, int32_t* ids, size_t cap,
                                     size_t* count_out);

/**
 * @brief The action id of an action (see @ref MUS_ACTION_ID_COUNT for the table).
 *
 * The state is read only for a DISCARD, whose id names positions in the acting seat's cards
 * sorted by card id.
 * @param s The state.
 * @param action The action, of any seat.
 * @param id_out Receives the id.
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT (NULL, an unknown kind, a bad seat or signal,
 *         non-zero reserved fields); @ref MUS_E_NO_ACTION_ID for a BET amount off the ladder;
 *         @ref MUS_E_CARD_NOT_IN_HAND for a DISCARD of cards the seat does not hold;
 *         @ref MUS_E_INVALID_STATE.
 */
MUS_API int32_t mus_action_id(const mus_state* s, const mus_action* action, int32_t* id_out);

/**
 * @brief The action an id names in this state, for the seat to act.
 *
 * It need not be legal (mus_apply() decides); each id of mus_legal_mask() gives the action
 * mus_legal_actions() lists. The SHUFFLE id gives a SHUFFLE with seed 0.
 * @param s The state.
 * @param id The action id, 0..@ref MUS_ACTION_ID_COUNT - 1.
 * @param out Receives the action.
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT (NULL, an id out of range or reserved);
 *         @ref MUS_E_MATCH_OVER; @ref MUS_E_WRONG_PHASE (a player's id while a shuffle is due);
 *         @ref MUS_E_CARD_NOT_IN_HAND (a discard of a position the seat does not fill);
 *         @ref MUS_E_INVALID_STATE.
 */
MUS_API int32_t mus_action_from_id(const mus_state* s, int32_t id, mus_action* out);

/**
 * @brief Apply the action an id names (mus_action_from_id()): the fast step of a simulation.
 * @param in The state.
 * @param id The action id.
 * @param seed The seed for the SHUFFLE id (R12); ignored by every other id.
 * @param out Receives the next state; `in == out` is allowed; unchanged on any error.
 * @return As mus_action_from_id() and mus_apply().
 */
MUS_API int32_t mus_apply_id(const mus_state* in, int32_t id, uint64_t seed, mus_state* out);

/**
 * @brief The amount of a rung of the bet ladder: the BET ids' amounts.
 * @param index 0..@ref MUS_BET_LADDER_SIZE - 1 (the id minus @ref MUS_ACTION_ID_BET).
 * @param amount_out Receives the points.
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT.
 */
MUS_API int32_t mus_bet_ladder(int32_t index, int32_t* amount_out);

/**
 * @brief Read the public summary of a state.
 * @param s The state.
 * @param out Receives the summary; set `out->struct_size = sizeof(mus_state_info)` first. At
 *        most `struct_size` bytes are written.
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT (NULL, or struct_size below 8);
 *         @ref MUS_E_INVALID_STATE.
 */
MUS_API int32_t mus_state_info_get(const mus_state* s, mus_state_info* out);

/**
 * @brief A seat's four cards (MUS_NO_CARD in a slot whose card was discarded, from the discard
 *        until the replacements are dealt after the last seat has discarded).
 *
 * This reads hidden information: a server uses it; a client should get mus_state_view().
 * @param s The state.
 * @param seat 0..3.
 * @param out Receives the four card ids.
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT; @ref MUS_E_INVALID_STATE.
 */
MUS_API int32_t mus_state_hand(const mus_state* s, int32_t seat, uint8_t out[4]);

/**
 * @brief What one seat may know: its own cards and the public state, no other seat's cards.
 * @param s The state.
 * @param seat 0..3.
 * @param out Receives the view; set `out->struct_size = sizeof(mus_view)` first.
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT; @ref MUS_E_INVALID_STATE.
 */
MUS_API int32_t mus_state_view(const mus_state* s, int32_t seat, mus_view* out);

/**
 * @brief The last finished hand's count, lance by lance: who won each lance, the points and
 *        why (stake, en paso, deje, tantos), and where the count stopped (R28, R29).
 * @param s The state.
 * @param out Receives the count; set `out->struct_size = sizeof(mus_count)` first. `number` is
 *        0 while no hand has finished.
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT; @ref MUS_E_INVALID_STATE.
 */
MUS_API int32_t mus_state_last_count(const mus_state* s, mus_count* out);

/**
 * @brief The rules a state is played under.
 * @param s The state.
 * @param out Receives the rules.
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT; @ref MUS_E_INVALID_STATE.
 */
MUS_API int32_t mus_state_rules(const mus_state* s, mus_rules* out);

/**
 * @brief Check that bytes are a state this library produced: the tag, the rules, every card
 *        exactly once, phase and turn consistent, scores in range.
 *
 * A state whose stamp shows this process's library wrote it is accepted without repeating the
 * full check; any other bytes (another process's states, a zeroed or changed stamp, forged
 * bytes) get the full check. Every function taking a state checks it the same way.
 * @param s The state.
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT for NULL; @ref MUS_E_INVALID_STATE.
 */
MUS_API int32_t mus_state_validate(const mus_state* s);

/**
 * @brief The legal range of a BET now: the bet, or the raise "more" over an open bet.
 *
 * Opening bets start at 2, raises at the rules' `min_raise`; any larger amount is allowed up
 * to a total proposed of 999 (a representation limit above every game target).
 * @param s The state.
 * @param min_out Receives the smallest legal amount, 0 when no bet is possible.
 * @param max_out Receives the largest legal amount, 0 when no bet is possible.
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT; @ref MUS_E_INVALID_STATE.
 */
MUS_API int32_t mus_bet_limits(const mus_state* s, int32_t* min_out, int32_t* max_out);

/**
 * @brief A SHUFFLE action that deals chosen cards (a stacked deck): seat s receives
 *        `hands[4s..4s+3]` when `mano` is the mano, and the stock starts with `stock`.
 * @param hands Sixteen distinct card ids, seat 0's first.
 * @param mano The mano of the hand to be dealt.
 * @param stock Cards for the top of the stock (NULL when `stock_n` is 0).
 * @param stock_n 0..24; the remaining cards follow in id order.
 * @param out Receives the action.
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT; @ref MUS_E_INVALID_CARDS.
 */
MUS_API int32_t mus_action_from_deal(const uint8_t hands[16], int32_t mano, const uint8_t* stock,
                                     size_t stock_n, mus_action* out);

/**
 * @brief Shuffle cards the way a seeded SHUFFLE does (R12): the cards sorted by id, then a
 *        Fisher–Yates shuffle driven by SplitMix64 from `seed` (documented in match.hpp and
 *        the embedding guide). Fixed within a major version.
 * @param cards In: distinct card ids; out: their shuffled order. May be NULL when `n` is 0.
 * @param n Number of cards, 0..40.
 * @param seed The seed.
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT; @ref MUS_E_INVALID_CARDS.
 */
MUS_API int32_t mus_cards_shuffle(uint8_t* cards, size_t n, uint64_t seed);

/**
 * @brief Whether a signal tells the truth about a hand (R33): false signals are illegal.
 * @param rules The rules.
 * @param signal A `MUS_SIGNAL_*`.
 * @param hand Four distinct card ids.
 * @param out Receives 1 (true) or 0.
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT; @ref MUS_E_INVALID_RULES;
 *         @ref MUS_E_INVALID_CARDS.
 */
MUS_API int32_t mus_signal_is_true(const mus_rules* rules, int32_t signal, const uint8_t hand[4],
                                   int32_t* out);

/* ============================================================================================
 * Text forms: actions, states and seat views
 * ========================================================================================== */

/** @name Text sizes
 *  Bounds for the buffers of the text functions below (lengths without the NUL).
 *  @{ */
/** The longest text mus_state_format() and mus_state_view_format() write, without the NUL: a buffer
 *  of `MUS_STATE_TEXT_MAX + 1` bytes is always enough (the texts are 407 and 251 characters). */
#define MUS_STATE_TEXT_MAX 512
/** The longest text mus_action_format() writes, without the NUL: a buffer of
 *  `MUS_ACTION_TEXT_MAX + 1` bytes is always enough (the longest line, an explicit shuffle of
 *  the whole deck, has 133 characters). */
#define MUS_ACTION_TEXT_MAX 160
/** @} */

/**
 * @brief The line form of an action: compact, documented and the same in every version.
 *
 * With `S` the acting seat 0..3 and cards in the notation of R2 (`Ko`, `3c`, ...):
 * `shuffle seed N` (N a decimal 0..18446744073709551615), `shuffle order C1 ... Cn` (an
 * explicit order, 1 to 40 distinct cards), `S mus`, `S cut`, `S discard C1 ... Ck` (the cards
 * in id order; `S discard -` for a discard of no card), `S pass`, `S bet N` (N a decimal
 * int32), `S ordago`, `S accept`, `S reject`, `S signal NAME` (NAME as in the catalogue of
 * R33, e.g. `duples`, `juego_31`), `S perete`. Words are separated by one space; there is no
 * line break.
 *
 * The line keeps only the fields the kind uses (the seed, or the length and cards of an
 * explicit order, for a shuffle; the seat for the rest; `cards` of a discard; `amount` of a
 * bet or signal): mus_action_parse() gives the other fields zero (`seat` -1 for a shuffle),
 * which is an action the reducer applies exactly as the original.
 * @param action The action.
 * @param buf Receives the NUL-terminated text; may be NULL when `cap` is 0.
 * @param cap Size of `buf` in bytes; `MUS_ACTION_TEXT_MAX + 1` is always enough.
 * @param len_out If not NULL, receives the text's length without the NUL, also when the buffer
 *        is too small.
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT for a NULL `action`, a NULL `buf` with
 *         `cap > 0`, an unknown kind, a seat outside -1..3, non-zero reserved fields, or an
 *         action the line cannot express (a player action with seat -1, a shuffle with a seat,
 *         a card id above 39 in `cards`, a signal outside the catalogue);
 *         @ref MUS_E_BAD_SHUFFLE for a shuffle whose `amount` is outside 0..40 or whose order
 *         holds an id above 39 or the same card twice; @ref MUS_E_BUFFER_TOO_SMALL when `cap`
 *         is not larger than the length (nothing but the length is written then).
 */
MUS_API int32_t mus_action_format(const mus_action* action, char* buf, size_t cap,
                                  size_t* len_out);

/**
 * @brief Read an action from its line form (see mus_action_format()).
 *
 * Cards may also use the letters mus_card_parse() accepts; keywords, seats and signal names
 * are exact. A discard or explicit order lists each card once, in any order.
 * @param text NUL-terminated text: one line, without its line break.
 * @param out Receives the action (reserved fields zero); unchanged on error.
 * @param error_pos_out If not NULL, receives the byte position in `text` of a parse error,
 *        and -1 otherwise (on success and on the other errors).
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT for a NULL `text` or `out`;
 *         @ref MUS_E_PARSE for an empty text, an unknown action word, a seat outside 0..3, a
 *         missing or malformed number, card or signal name, a card listed twice, or text after
 *         a complete action.
 */
MUS_API int32_t mus_action_parse(const char* text, mus_action* out, int32_t* error_pos_out);

/**
 * @brief The text form of a state, to store it or send it between processes that trust each
 *        other: `mus-state/2 ` followed by the state's bytes in base64url. The text holds
 *        the state only, not the per-process stamp of the mus_state, so equal states have
 *        equal texts in every process.
 *
 * base64url is RFC 4648 §5 without padding: the alphabet `A`-`Z`, `a`-`z`, `0`-`9`, `-`, `_`.
 * The text is 407 characters of ASCII. It holds every card of every seat: a client should get
 * mus_state_view_format() instead. A later version of the library may use another version number
 * in the tag; mus_state_parse() reads the versions it knows.
 * @param s The state.
 * @param buf Receives the NUL-terminated text; may be NULL when `cap` is 0.
 * @param cap Size of `buf` in bytes; `MUS_STATE_TEXT_MAX + 1` is always enough.
 * @param len_out If not NULL, receives the text's length without the NUL, also when the buffer
 *        is too small.
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT for a NULL `s`, or a NULL `buf` with
 *         `cap > 0`; @ref MUS_E_INVALID_STATE for bytes the library did not produce;
 *         @ref MUS_E_BUFFER_TOO_SMALL when `cap` is not larger than the length (nothing but
 *         the length is written then).
 */
MUS_API int32_t mus_state_format(const mus_state* s, char* buf, size_t cap, size_t* len_out);

/**
 * @brief Read a state from its text form (see mus_state_format()), checking it as
 *        mus_state_validate() does: any text, even from an untrusted source, gives either a
 *        state the library could have produced or an error.
 * @param text NUL-terminated text: exactly the text mus_state_format() wrote, with no blanks
 *        or line break around it.
 * @param out Receives the state; unchanged on error.
 * @param error_pos_out If not NULL, receives the byte position in `text` of a parse error,
 *        and -1 otherwise (on success and on the other errors).
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT for a NULL `text` or `out`;
 *         @ref MUS_E_PARSE for an unknown format or version (position 0), a text too short
 *         (position: its end) or too long (position: the first extra character), a character
 *         outside the base64url alphabet (its position), or a last character whose unused
 *         bits are not zero (its position); @ref MUS_E_INVALID_STATE for well-formed text
 *         whose bytes are not a state of this library (position -1).
 */
MUS_API int32_t mus_state_parse(const char* text, mus_state* out, int32_t* error_pos_out);

/**
 * @brief The text form of what one seat may know (the mus_state_view() of that seat, as
 *        text): `mus-view/3 ` followed by the view's fields in base64url, 251 characters.
 *
 * This is what a server sends to the player at `seat`: that seat's own cards and the public
 * state (scores, turn, bets, declarations, signals, the lances so far and the last count),
 * nothing of the other seats' cards, the stock or the discard pile beyond their sizes. The
 * byte layout is documented with mus::view_to_text() in the C++ API; mus_view_parse() reads the
 * text back into a mus_view.
 * @param s The state.
 * @param seat The seat, 0..3.
 * @param buf Receives the NUL-terminated text; may be NULL when `cap` is 0.
 * @param cap Size of `buf` in bytes; `MUS_STATE_TEXT_MAX + 1` is always enough.
 * @param len_out If not NULL, receives the text's length without the NUL, also when the buffer
 *        is too small.
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT for a NULL `s`, a seat outside 0..3, or a
 *         NULL `buf` with `cap > 0`; @ref MUS_E_INVALID_STATE for bytes the library did not
 *         produce; @ref MUS_E_BUFFER_TOO_SMALL when `cap` is not larger than the length
 *         (nothing but the length is written then).
 */
MUS_API int32_t mus_state_view_format(const mus_state* s, int32_t seat, char* buf, size_t cap,
                                      size_t* len_out);

/* ---- Seat views read back --------------------------------------------------------------- */

/**
 * @brief Read a seat view from its text form (see mus_state_view_format()): what a client receives
 *        from a server, in any language that can call C.
 *
 * Reads exactly the texts mus_state_view_format() writes: for every state `s` and seat,
 * mus_view_parse() of mus_state_view_format(s, seat) gives the mus_view that
 * mus_state_view(s, seat) gives. The values are checked to be ones a view can hold (seats,
 * phases, lances, cards, flags, teams, signals, scores and stakes within their limits), so any
 * text, even from an untrusted source, gives either such a view or an error.
 * @param text NUL-terminated text: exactly the text mus_state_view_format() wrote (251
 *        characters), with no blanks or line break around it.
 * @param out Receives the view; set `out->struct_size = sizeof(mus_view)` first (at most that
 *        many bytes are written). Unchanged on error.
 * @param error_pos_out If not NULL, receives the byte position in `text` of a parse error, and
 *        -1 otherwise (on success and on the other errors).
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT for a NULL `text` or `out`, or a
 *         `struct_size` below 8; @ref MUS_E_PARSE for an unknown format or version (position
 *         0; a `mus-view/1` text, the layout of libmus 0.1, is refused by name), a text too
 *         short (position: its end) or too long (position: the first extra character), a
 *         character outside the base64url alphabet (its position), or a last character whose
 *         unused bits are not zero (its position); @ref MUS_E_INVALID_STATE for well-formed
 *         text holding values no view can hold (position -1).
 */
MUS_API int32_t mus_view_parse(const char* text, mus_view* out, int32_t* error_pos_out);

/* ============================================================================================
 * Match records: one text format for a whole match
 * ========================================================================================== */

/**
 * @name Match records
 * A match record is text, one item a line: the tag `mus-record 3`, `rules TEXT`, `dealer N`,
 * then every action given to the reducer, shuffles included, each as its action text
 * (mus_action_format()), optionally each followed by `state TEXT` (the state after it,
 * mus_state_format(); a state line right after the dealer line is the new match's), and last
 * `end over` or `end stopped`. Blank lines and lines starting with `#` are comments. The
 * records page of the documentation is the format's contract; the reader also reads versions
 * 1 and 2 and the transcript form of libmus 0.2 (version 0).
 *
 * Read a record a line at a time with a mus_record_reader (mus_record_reader_init(),
 * mus_record_reader_read_line() for each line, mus_record_reader_finish() after the last), replay a
 * whole one with mus_record_replay(), write one with mus_record_format().
 * @{
 */
#define MUS_RECORD_VERSION 3     /**< The record format version this library writes. */
#define MUS_RECORD_LINE_COMMENT 0 /**< A blank line or a comment. */
#define MUS_RECORD_LINE_TAG 1    /**< The first line, `mus-record N`. */
#define MUS_RECORD_LINE_RULES 2  /**< `rules TEXT`. */
#define MUS_RECORD_LINE_DEALER 3 /**< `dealer N`. */
#define MUS_RECORD_LINE_ACTION 4 /**< An action (`action TEXT` in version 0). */
#define MUS_RECORD_LINE_STATE 5  /**< `state TEXT`. */
#define MUS_RECORD_LINE_END 6    /**< `end over` or `end stopped`. */
#define MUS_RECORD_END_NONE 0    /**< No end line (yet; versions 0 to 2 have none). */
#define MUS_RECORD_END_OVER 1    /**< `end over`: the match is over. */
#define MUS_RECORD_END_STOPPED 2 /**< `end stopped`: the match was left unfinished. */
#define MUS_RECORD_WITH_STATES 1 /**< mus_record_format() flag: write every state line. */
/** @} */

/**
 * @brief A record being read, a line at a time: what has been read so far. The caller owns it;
 *        mus_record_reader_init() starts it.
 */
typedef struct mus_record_reader {
  uint32_t struct_size; /**< `sizeof(mus_record_reader)`, set by mus_record_reader_init(). */
  int32_t version;      /**< -1 until the line that tells it; 0 for the transcript form of
                             libmus 0.2, else 1, 2 or 3. */
  int32_t line;         /**< Lines read so far (the last line's number). */
  int32_t dealer;       /**< The first dealer, -1 until its line. */
  int32_t end;          /**< `MUS_RECORD_END_*`. */
  int32_t actions;      /**< Action lines read. */
  int32_t states;       /**< State lines read. */
  int32_t stage;        /**< The reader's own: what may come next. Keep it as it is. */
  mus_rules rules;      /**< The rules, once their line was read (before: `struct_size` 0). */
  int32_t reserved[8];  /**< Zero. */
} mus_record_reader;

/**
 * @brief Start reading a record.
 * @param reader Receives an empty reader.
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT for a NULL `reader`.
 */
MUS_API int32_t mus_record_reader_init(mus_record_reader* reader);

/**
 * @brief Read the next line of a record.
 *
 * Leading and trailing spaces and tabs are ignored, and so is a carriage return at the end.
 * @param reader The reader (mus_record_reader_init()); updated.
 * @param line NUL-terminated text: one line, without its line feed.
 * @param item_out Receives what the line holds, a `MUS_RECORD_LINE_*`.
 * @param action_out If not NULL, receives the action of an action line (unchanged otherwise).
 * @param pos_out If not NULL, receives on success the byte offset in `line` where the line's
 *        value starts (the rules text, the dealer, the action text, the state text, the end
 *        word, the tag's version; -1 for a comment), on @ref MUS_E_PARSE or
 *        @ref MUS_E_INVALID_RULES the byte offset of the problem, and -1 otherwise.
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT for a NULL `reader`, `line` or `item_out`,
 *         or a reader not made by mus_record_reader_init() (its `struct_size`, `stage` or
 *         reserved fields); @ref MUS_E_PARSE for a line out of place or that does not read
 *         (mus_last_error() says why, with the line number and position): a first line that
 *         is not a tag, an unknown version, a missing or bad `rules` or `dealer` line, an
 *         action text that does not read, a state line out of place or that is not a state
 *         text of this library, a bad `end` line, anything but a comment after it;
 *         @ref MUS_E_INVALID_RULES for a rules text outside the limits. On an error the
 *         reader is unchanged but for `line`, which counts the line.
 */
MUS_API int32_t mus_record_reader_read_line(mus_record_reader* reader, const char* line,
                                     int32_t* item_out, mus_action* action_out,
                                     int32_t* pos_out);

/**
 * @brief After the last line: whether the record read is whole.
 * @param reader The reader.
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT as mus_record_reader_read_line(); @ref MUS_E_PARSE
 *         for a record that ends before its rules and dealer lines, a version-3 record without
 *         its `end` line (truncated), or a version-0 transcript that ends before the state
 *         after its last action.
 */
MUS_API int32_t mus_record_reader_finish(const mus_record_reader* reader);

/**
 * @brief Replay a whole record: read it (as the reader does), make the new match of its rules
 *        and first dealer, and apply each action in turn, checking every state line byte for
 *        byte against the replayed state's text and the end line against the last state.
 * @param text NUL-terminated record; lines end with a line feed.
 * @param out Receives the last state reached once the text reads: the end of the record, the
 *        state before an action the reducer refuses, or the state a state line contradicts;
 *        unchanged when the text does not read.
 * @param line_out If not NULL, receives the line of the first problem (the line after the
 *        last for a truncated record), or 0 when there is none.
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT for a NULL `text` or `out`; the errors of
 *         mus_record_reader_read_line() and mus_record_reader_finish(); the refusal of mus_apply()
 *         for an action against the rules there (mus_last_error() names the rule);
 *         @ref MUS_E_INVALID_STATE for a state line that differs from the replayed state's
 *         text (mus_last_error() gives the first differing byte) or an end line the replay
 *         contradicts (`end over` before the match is over, `end stopped` after it).
 */
MUS_API int32_t mus_record_replay(const char* text, mus_state* out, int32_t* line_out);

/**
 * @brief Write the record of a match played from a new match by `actions`: the tag, the
 *        comment, the rules and the first dealer, each action's line (with the state after it
 *        when `flags` has @ref MUS_RECORD_WITH_STATES, and then the new match's state first)
 *        and the end line (`end over` when the actions finish the match, else `end stopped`).
 * @param rules The rules.
 * @param first_dealer The first dealer, 0..3.
 * @param actions The actions, shuffles included; may be NULL when `count` is 0.
 * @param count The number of actions.
 * @param flags 0 or @ref MUS_RECORD_WITH_STATES.
 * @param comment NUL-terminated text whose lines become comment lines after the tag, or NULL.
 * @param buf Receives the NUL-terminated record; may be NULL when `cap` is 0.
 * @param cap Size of `buf` in bytes.
 * @param len_out If not NULL, receives the record's length without the NUL, also when the
 *        buffer is too small.
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT for a NULL `rules`, a seat outside 0..3,
 *         NULL `actions` with `count > 0`, unknown flags, a NULL `buf` with `cap > 0`, an
 *         action mus_apply() would refuse as malformed; @ref MUS_E_INVALID_RULES; the refusal
 *         of mus_apply() for an action against the rules (mus_last_error() gives its index);
 *         @ref MUS_E_BUFFER_TOO_SMALL when `cap` is not larger than the length (nothing but
 *         the length is written then).
 */
MUS_API int32_t mus_record_format(const mus_rules* rules, int32_t first_dealer,
                                  const mus_action* actions, size_t count, int32_t flags,
                                  const char* comment, char* buf, size_t cap, size_t* len_out);

/* ============================================================================================
 * Fast stepping: one call per step for simulations and game-AI environments
 * ========================================================================================== */

/**
 * What mus_step() reports about the step it made: the new state's public summary, the points
 * the step gained and the legal action ids that follow. Set `struct_size` before the call.
 *
 * **Points.** `points[t]` is what team `t`'s game score gained by this step, never negative:
 * - a deje (R26, a refused bet) and a tío Perete declaration (R32) score at once, in the step
 *   that refuses the bet or declares;
 * - the count (R28) scores in the step that ends the hand's betting (the last answer or pass of
 *   the last lance played), lance by lance up to where R29 stops it;
 * - an accepted órdago (R27) wins the game without points: `points` is 0 for it and
 *   `game_winner` names the team.
 *
 * A game is won (`game_winner`) in the step that finishes the hand: by the count, by a deje
 * reaching the target at once (R29), or, with `deje_ends=0`, by that deje at the hand's end.
 *
 * A won game resets the scores (R30) in the same step; `points` is measured before that reset
 * (against mus_count.score_after), so the points of the steps of one hand add up to
 * `score_after - score_before` of its mus_count (mus_state_last_count() once it is over).
 */
typedef struct mus_step_info {
  uint32_t struct_size; /**< `sizeof(mus_step_info)`, set by the caller. */
  int32_t phase;        /**< `MUS_PHASE_*` of the new state. */
  int32_t to_act;       /**< Seat to act next; -1 when a shuffle (chance) is due or the match is
                             over. */
  int32_t hand_over;    /**< 1 when this step finished a hand (by the count, a deje reaching the
                             target or an accepted órdago): mus_state_last_count() of the new
                             state is that hand's. Else 0. */
  int32_t match_winner; /**< -1 while the match goes on, else the team that won it. */
  int32_t points[2];    /**< Points each team gained by this step (see above), 0 or more. */
  int32_t game_winner;  /**< The team that won a game in this step (R29, R27), else -1. */
  uint64_t legal_mask;  /**< mus_legal_mask() of the new state: bit `i` for a legal action id
                             `i`; only bit 0 when a shuffle is due; 0 once the match is over. */
} mus_step_info;

/**
 * @brief Apply an action id and report what follows, in one call: mus_apply_id(), then
 *        mus_legal_mask() and the public summary of the new state, and the points the step
 *        gained (see mus_step_info).
 *
 * Made for simulation loops and game-AI environments: the state is read once and written once
 * (the same cost as mus_apply_id() plus the mask), and the caller needs no other call per step.
 * @param in The state.
 * @param id The action id (a bit of the previous `legal_mask`, or of mus_legal_mask()).
 * @param seed The seed for the SHUFFLE id (R12); ignored by every other id.
 * @param out Receives the next state; `in == out` is allowed; unchanged on any error.
 * @param info If not NULL, receives the report; set `info->struct_size =
 *        sizeof(mus_step_info)` first (at most that many bytes are written). Unchanged on any
 *        error.
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT for a NULL `out` or an `info` whose
 *         `struct_size` is below 8; otherwise as mus_apply_id().
 */
MUS_API int32_t mus_step(const mus_state* in, int32_t id, uint64_t seed, mus_state* out,
                         mus_step_info* info);

/* ============================================================================================
 * Bots: computer players that decide from what their seat may know
 * ========================================================================================== */

/** @name Bot kinds
 *  The players mus_bot_choose() and mus_bot_playouts() offer (the `kind` of a mus_bot_config).
 *  @{ */
#define MUS_BOT_RANDOM 0    /**< Uniform over the legal actions (the baseline). */
#define MUS_BOT_HEURISTIC 1 /**< A club player: cuts, discards, bets and signals by rules of thumb. */
#define MUS_BOT_SEARCH 2    /**< Samples the hidden cards consistent with its view and plays rollouts. */
/* The opponent pool: five playing styles (parameter sets listed in docs/bots.md). */
#define MUS_BOT_TIGHT 3     /**< Tight: bets and accepts only with strong hands. */
#define MUS_BOT_LOOSE 4     /**< Loose-aggressive: bets and raises often, bluffs. */
#define MUS_BOT_STATION 5   /**< Calling station: accepts almost everything, rarely raises. */
#define MUS_BOT_ORDAGO 6    /**< Órdago lover: calls and accepts órdagos far more than others. */
#define MUS_BOT_CAREFUL 7   /**< Careful: thresholds on its chance over sampled consistent deals. */
/* A measuring tool: the best response to one known bot (the config's `target`). */
#define MUS_BOT_EXPLOITER 8 /**< Exploiter: infers its target's cards, searches with its policy. */
/* The kinds of levels of their own (see MUS_LEVEL_*). */
#define MUS_BOT_BEGINNER 9  /**< Beginner: mus with good hands, discards for kings and pairs, loose órdagos. */
#define MUS_BOT_AMATEUR 10  /**< Amateur: the beginner's mistakes, less often. */
#define MUS_BOT_EXPERT 11   /**< Expert: the search, sharper on bets and órdagos, bounded cost. */
/** @} */

/** @name Levels
 *  The bots a player chooses by strength, weakest first (mus_bot_config_level()). A front end
 *  lists them in this order by mus_level_display_name() and stores mus_level_name(); the
 *  numbers are pinned. docs/bots.md describes each level as a player would and rates them.
 *  @{ */
#define MUS_LEVEL_BEGINNER 0 /**< "principiante": @ref MUS_BOT_BEGINNER. */
#define MUS_LEVEL_AMATEUR 1  /**< "aficionado": @ref MUS_BOT_AMATEUR. */
#define MUS_LEVEL_CLUB 2     /**< "jugador de club": @ref MUS_BOT_HEURISTIC. */
#define MUS_LEVEL_STRONG 3   /**< "fuerte": @ref MUS_BOT_SEARCH, its default budget. */
#define MUS_LEVEL_EXPERT 4   /**< "experto": @ref MUS_BOT_EXPERT, its default budget. */
#define MUS_LEVELS 5         /**< The number of levels: they are 0 .. MUS_LEVELS - 1. */
/** @} */

/** @name Playout scopes
 *  How far mus_bot_playouts() plays (its `scope`).
 *  @{ */
#define MUS_PLAYOUT_HAND 0  /**< To the end of the current hand (its count, a deje or an órdago). */
#define MUS_PLAYOUT_MATCH 1 /**< To the end of the match. */
/** @} */

/**
 * @brief How a bot plays: its kind and, for the search bot, its budget per decision.
 *
 * Fill it with mus_bot_config_default(), then change what you need.
 */
typedef struct mus_bot_config {
  uint32_t struct_size; /**< sizeof(mus_bot_config), set by the caller. */
  int32_t kind;         /**< A `MUS_BOT_*`. */
  int32_t playouts;     /**< Search budget per decision in playouts; 0 = the kind's default. */
  int32_t time_ms;      /**< Optional wall-clock cap per decision in ms; 0 = none (then the
                             decision depends only on the state, the seat and the seed). */
  int32_t target;       /**< For @ref MUS_BOT_EXPLOITER, the `MUS_BOT_*` whose policy it
                             knows and plays against (any kind but the exploiter; the default
                             is @ref MUS_BOT_HEURISTIC). Zero for the other kinds. */
  int32_t reserved[3];  /**< Zero. */
} mus_bot_config;

/**
 * @brief The default configuration of a bot kind.
 * @param kind A `MUS_BOT_*`.
 * @param out Receives the configuration (struct_size set, default budget, no time cap).
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT for a NULL `out` or an unknown kind.
 */
MUS_API int32_t mus_bot_config_default(int32_t kind, mus_bot_config* out);

/**
 * @brief The configuration of a level: its bot kind and budget (the kind's default, except
 *        MUS_LEVEL_STRONG: the search bot at 80 playouts), no time cap.
 * @param level A `MUS_LEVEL_*`.
 * @param out Receives the configuration (struct_size set), ready for mus_bot_choose().
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT for a NULL `out` or a level outside
 *         0 .. @ref MUS_LEVELS - 1 (`out` is then unchanged).
 */
MUS_API int32_t mus_bot_config_level(int32_t level, mus_bot_config* out);

/**
 * @brief A level's id for code, files and command lines: "beginner", "amateur", "club",
 *        "strong" or "expert" (ASCII).
 * @param level A `MUS_LEVEL_*`.
 * @return A static NUL-terminated string; NULL for a level outside 0 .. @ref MUS_LEVELS - 1.
 * @par Pointer lifetime
 * The string is static: valid for the life of the program.
 */
MUS_API const char* mus_level_name(int32_t level);

/**
 * @brief A level's name for players, in Spanish: "principiante", "aficionado",
 *        "jugador de club", "fuerte" or "experto" (UTF-8).
 * @param level A `MUS_LEVEL_*`.
 * @return A static NUL-terminated UTF-8 string; NULL for a level outside
 *         0 .. @ref MUS_LEVELS - 1.
 * @par Pointer lifetime
 * The string is static: valid for the life of the program.
 */
MUS_API const char* mus_level_display_name(int32_t level);

/**
 * @brief The level of a name: its id (mus_level_name()) or its display name
 *        (mus_level_display_name()), exactly as they are written.
 * @param name A NUL-terminated string.
 * @param out Receives the `MUS_LEVEL_*`.
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT for a NULL pointer;
 *         @ref MUS_E_PARSE for another name (`out` is then unchanged; mus_last_error() lists
 *         the names).
 */
MUS_API int32_t mus_level_parse(const char* name, int32_t* out);

/**
 * @brief The action a bot chooses for `seat`, the seat to act, as an action id.
 *
 * The bot reads only what `seat` may know: its own cards and the public state (scores, bets,
 * declarations, signals, the last hand's count). The other hands, the stock and the discard
 * pile are hidden from it before it decides, so its choice is the same for every deal of the
 * hidden cards. Without a time cap the choice depends only on the state, the seat, the
 * configuration and `seed`.
 * @param s The state.
 * @param seat The seat to act, 0..3.
 * @param config The bot (see mus_bot_config_default()).
 * @param seed The bot's random seed for this decision.
 * @param id_out Receives the chosen action id (legal in `s`; see mus_action_from_id()).
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT for a NULL pointer, a seat outside 0..3, a
 *         bad `struct_size`, an unknown kind, a negative budget, non-zero reserved fields or a
 *         bad `target` (an exploiter's unknown or exploiter target, another kind's non-zero);
 *         @ref MUS_E_INVALID_STATE; @ref MUS_E_MATCH_OVER once the match is over;
 *         @ref MUS_E_WRONG_PHASE when a shuffle (chance) is due; @ref MUS_E_NOT_YOUR_TURN when
 *         `seat` is not the seat to act; @ref MUS_E_NO_ACTION_ID in the one case where the
 *         bot's choice has no id: it agrees (R25a) to its partner's proposed raise of an
 *         amount off the bet ladder, which only a mus_apply() caller can have proposed.
 */
MUS_API int32_t mus_bot_choose(const mus_state* s, int32_t seat, const mus_bot_config* config,
                               uint64_t seed, int32_t* id_out);

/**
 * @brief The search bot's estimate of each action it considers for `seat`: the expected
 *        points of the seat's team minus the opponents' to the end of the hand, with the
 *        score and the target weighed in (what mus_bot_choose() with @ref MUS_BOT_SEARCH,
 *        @ref MUS_BOT_EXPERT or @ref MUS_BOT_EXPLOITER maximises).
 *
 * `points_out[id]` receives the estimate of action id `id` when bit `id` of `*ids_out` is set;
 * the other entries are set to 0.
 * @param s The state.
 * @param seat The seat to act, 0..3.
 * @param config The search budget (`kind` must be @ref MUS_BOT_SEARCH, @ref MUS_BOT_EXPERT
 *        or @ref MUS_BOT_EXPLOITER, with its target).
 * @param seed The random seed.
 * @param points_out Receives @ref MUS_ACTION_ID_COUNT estimates.
 * @param cap Number of doubles `points_out` holds; at least @ref MUS_ACTION_ID_COUNT.
 * @param ids_out Receives the mask of the action ids estimated (bit i = id i).
 * @return The statuses of mus_bot_choose(); @ref MUS_E_INVALID_ARGUMENT also for a kind other
 *         than @ref MUS_BOT_SEARCH, @ref MUS_BOT_EXPERT and @ref MUS_BOT_EXPLOITER;
 *         @ref MUS_E_BUFFER_TOO_SMALL when `cap` is below
 *         @ref MUS_ACTION_ID_COUNT.
 */
MUS_API int32_t mus_bot_evaluate(const mus_state* s, int32_t seat, const mus_bot_config* config,
                                 uint64_t seed, double* points_out, size_t cap, uint64_t* ids_out);

/**
 * @brief Play `n` playouts from a state, every seat played by the bot of `config` (each from
 *        its own view), every shuffle drawn from `seed`.
 *
 * The playouts are numbered `first`, `first + 1`, ..., `first + n - 1` (modulo 2^64), and each
 * number has its own shuffles and decisions, derived from `seed` and the number alone (the
 * derivation is documented with `mus::playouts` in mus/bots.hpp). So a caller that splits a
 * large `n` into several calls, each call's `first` the number of playouts before it, gets the
 * same points as from one call with `first` 0; the same arguments always give the same points.
 * Playout `first + i` starts from `s` and ends at the end of the hand (@ref MUS_PLAYOUT_HAND)
 * or of the match (@ref MUS_PLAYOUT_MATCH); `points_out[2i]` and `points_out[2i+1]` receive the
 * points teams 0 and 1 gained in it (the count, dejes and tío Perete). A playout from a state
 * whose match is over gains nothing.
 * @param s The state.
 * @param config The bot of every seat.
 * @param seed The seed of the shuffles and the bots' decisions.
 * @param first The number of the first playout: 0, or the playouts already played by earlier
 *        calls of the same series.
 * @param n Number of playouts, 0 or more.
 * @param scope @ref MUS_PLAYOUT_HAND or @ref MUS_PLAYOUT_MATCH.
 * @param points_out Receives `2 * n` ints; may be NULL when `n` is 0.
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT for a NULL pointer, a bad configuration, a
 *         negative `n` or an unknown scope; @ref MUS_E_INVALID_STATE.
 */
MUS_API int32_t mus_bot_playouts(const mus_state* s, const mus_bot_config* config, uint64_t seed,
                                 uint64_t first, int32_t n, int32_t scope, int32_t* points_out);

/* ============================================================================================
 * Tips: short hints for a person at the table
 * ========================================================================================== */

/**
 * @name Tip kinds
 * Values of mus_tip.kind. A tip is not a sentence: it names what it says and carries the facts
 * that need saying, and each front end puts them in its own words. This table is the contract
 * for those front ends (the C++ header mus/tips.hpp has the same table with TipKind; the tips
 * page of the documentation gives an example sentence of each). Every tip carries `score` and,
 * for a seat with four cards, the hand facts: `hand`, `ranks`, `pares`, `value`, `real31`.
 *
 * | kind | phase | fields | meaning |
 * |---|---|---|---|
 * | SEARCH_CHOICE | betting | `action`, `points`; `other`, `other_points` (`other.kind` 0 when none) | the search bot plays `action`, worth about `points` for the seat's team to the end of the hand; its runner-up is `other` |
 * | CLUB_CUT | mus | `action` | a club player (the heuristic bot) would cut: no hay mus |
 * | CLUB_MUS | mus | `action` | a weak hand for a club player: ask for mus and discard |
 * | CLUB_DISCARD | discard | `action`, `cards` | a club player would throw `cards` and keep the rest of `hand` |
 * | GRANDE_KINGS | mus, discard, betting | `lance`, `count` (2..4 kings) | strong in grande |
 * | GRANDE_NO_KING | betting | `lance` | no king: grande is not the seat's lance |
 * | CHICA_ACES | mus, discard, betting | `lance`, `count` (2..4 aces) | strong in chica |
 * | CHICA_NO_ACE | betting | `lance` | no ace: chica is not the seat's lance |
 * | PARES | mus, discard, betting | `lance`, `count` (tantos 1..3), `pares` | the seat's pares, worth `count` tantos if its team wins pares |
 * | JUEGO | mus, discard, betting | `lance`, `count` (tantos 2 or 3), `value`, `real31`, `real31_beats`, `beaten_by` | the seat's juego and the juegos that beat it (none: the best) |
 * | PUNTO | betting | `lance`, `value` | the seat's punto (30 is the best) |
 * | CIEGO | mus, discard | | no pares and no juego |
 * | HAND | mus, discard | | the hand at a glance: its ranks, pares, juego or punto |
 * | PARTNER_SIGNAL | mus, discard, betting | `seat`, `signals` | what the partner signalled |
 * | OPPONENT_SIGNAL | mus, discard, betting | `seat`, `signals` | what an opponent signalled (only when the partner made none) |
 * | DEJE_WINS_GAME | betting | `amount` (points needed, at most 1) | with `deje_ends`, a bet they refuse wins the game: bet and make them accept |
 * | REJECT_LOSES_GAME | betting | `amount` (what no quiero gives) | with `deje_ends`, no quiero gives them the game |
 * | RAISE_DEJE_WINS | betting | `amount` (the stake now proposed) | with `deje_ends`, raise: if they refuse, that deje wins the game |
 * | THEY_NEED_LITTLE | betting | `amount` (their points needed, at most 5) | an órdago costs the team little |
 * | WE_NEED_LITTLE | betting | `amount` (points needed, at most 5) | no need to gamble on an órdago |
 * | PERETE | tío Perete | | declaring tío Perete scores 1 point at once |
 * | LANCE_CHANCE | betting | `lance`, `count` (percent), `chance` | from what the seat knows, its team wins the lance about that often |
 *
 * Order: mus phase: the hand's headline (juego up to 32, else medias or duples, else two or
 * more kings, else two or more aces, else CIEGO, else HAND), the club player's call, a signal
 * tip; discard phase: CLUB_DISCARD, the headline, a signal tip; betting: SEARCH_CHOICE, the first
 * score tip that applies (in the table's order), the hand in the lance being bet, a signal tip,
 * LANCE_CHANCE. The first three that apply are given.
 * @{
 */
#define MUS_TIP_SEARCH_CHOICE 1     /**< The search bot's choice and estimate. */
#define MUS_TIP_CLUB_CUT 2          /**< A club player would cut. */
#define MUS_TIP_CLUB_MUS 3          /**< A club player would ask for mus. */
#define MUS_TIP_CLUB_DISCARD 4      /**< The club player's discard. */
#define MUS_TIP_GRANDE_KINGS 5      /**< Two or more kings. */
#define MUS_TIP_GRANDE_NO_KING 6    /**< No king. */
#define MUS_TIP_CHICA_ACES 7        /**< Two or more aces. */
#define MUS_TIP_CHICA_NO_ACE 8      /**< No ace. */
#define MUS_TIP_PARES 9             /**< The seat's pares and their tantos. */
#define MUS_TIP_JUEGO 10            /**< The seat's juego and what beats it. */
#define MUS_TIP_PUNTO 11            /**< The seat's punto. */
#define MUS_TIP_CIEGO 12            /**< No pares and no juego. */
#define MUS_TIP_HAND 13             /**< The hand at a glance. */
#define MUS_TIP_PARTNER_SIGNAL 14   /**< What the partner signalled. */
#define MUS_TIP_OPPONENT_SIGNAL 15  /**< What an opponent signalled. */
#define MUS_TIP_DEJE_WINS_GAME 16   /**< A refused bet wins the game. */
#define MUS_TIP_REJECT_LOSES_GAME 17 /**< No quiero gives them the game. */
#define MUS_TIP_RAISE_DEJE_WINS 18  /**< Raise: their refusal wins the game. */
#define MUS_TIP_THEY_NEED_LITTLE 19 /**< They need little: an órdago costs little. */
#define MUS_TIP_WE_NEED_LITTLE 20   /**< The team needs little: no órdago needed. */
#define MUS_TIP_PERETE 21           /**< Tío Perete scores 1 point. */
#define MUS_TIP_LANCE_CHANCE 22     /**< The team's chance in the lance. */
#define MUS_MAX_TIPS 3              /**< The most tips mus_state_tips() gives. */
/** @} */

/** One tip (see the table of tip kinds). Fields a kind does not use are -1 (`lance`, `seat`)
 *  or 0. */
typedef struct mus_tip {
  int32_t kind;          /**< `MUS_TIP_*`. */
  int32_t lance;         /**< The `MUS_LANCE_*` the tip is about, or -1. */
  int32_t seat;          /**< The seat the tip names (who signalled), or -1. */
  int32_t count;         /**< By kind: kings, aces, tantos, percent. */
  int32_t amount;        /**< By kind: points needed, a stake. */
  int32_t score[2];      /**< Game points: the seat's team's, then the opponents'. */
  int32_t signals;       /**< Bit k: signal `MUS_SIGNAL_*` k was made (the signal kinds). */
  int32_t pares;         /**< Hand facts: the pares as kind * 100 + high rank * 10 + low rank
                              (kind 1 pareja, 2 medias, 3 duples; ranks 0 ace .. 9 king, the
                              ranks they play as, R4); 0 without pares. */
  int32_t value;         /**< Hand facts: the total for juego and punto, 4..40 (R6). */
  int32_t real31;        /**< Hand facts: 1 for a 31 real (R21). */
  int32_t real31_beats;  /**< JUEGO: 1 when a 31 real beats it (it comes before `beaten_by`). */
  uint8_t hand[4];       /**< Hand facts: the seat's cards. */
  uint8_t ranks[4];      /**< Hand facts: the ranks the cards play as (R4), high to low, 0 ace .. 9 king. */
  uint8_t beaten_by[8];  /**< JUEGO: the totals (31..40) of the juegos that beat it, best first,
                              0 after the last. */
  uint64_t cards;        /**< CLUB_DISCARD: the cards to throw (bit = card id). */
  mus_action action;     /**< The action a player would choose (SEARCH_CHOICE, CLUB_*). */
  mus_action other;      /**< SEARCH_CHOICE: the runner-up; `kind` 0 when none. */
  double points;         /**< SEARCH_CHOICE: the estimate of `action` (own team's points minus
                              the opponents' to the end of the hand, score-weighed). */
  double other_points;   /**< SEARCH_CHOICE: the estimate of `other`. */
  double chance;         /**< LANCE_CHANCE: the team's chance in the lance, 0..1. */
  int32_t reserved[8];   /**< Zero. */
} mus_tip;

/**
 * @brief Up to three tips for the decision of `seat`, the seat to act, from what that seat may
 *        know only: the same for every deal of the cards it has not seen.
 *
 * The tips come most useful first (see the table of tip kinds). Cost: in the betting phase one
 * search of the search bot (its default budget of playouts, about 4 ms of CPU); in the discard
 * phase the club player's discard estimated by sampling (about 10 µs); microseconds otherwise. The same state and seat always give the same tips.
 * @param s The state.
 * @param seat The seat to act, 0..3.
 * @param out Receives the tips; may be NULL when `cap` is 0.
 * @param cap Capacity of `out`; @ref MUS_MAX_TIPS is always enough.
 * @param count_out If not NULL, receives the number of tips, 0..@ref MUS_MAX_TIPS (also when
 *        `out` is too small).
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT for a NULL `s`, a seat outside 0..3 or a
 *         NULL `out` with `cap > 0`; @ref MUS_E_INVALID_STATE; @ref MUS_E_MATCH_OVER once the
 *         match is over; @ref MUS_E_WRONG_PHASE when a shuffle (chance) is due;
 *         @ref MUS_E_NOT_YOUR_TURN when `seat` is not the seat to act;
 *         @ref MUS_E_BUFFER_TOO_SMALL (nothing written to `out`).
 */
MUS_API int32_t mus_state_tips(const mus_state* s, int32_t seat, mus_tip* out, size_t cap,
                         size_t* count_out);

/* ============================================================================================
 * Observation tensor: a seat's information state as floats, for game-AI
 * ========================================================================================== */

/**
 * @name Observation tensor layout
 * mus_state_view_tensor() writes @ref MUS_VIEW_TENSOR_SIZE floats: what one seat may know, in the
 * spirit of OpenSpiel's information_state_tensor. This table is the one definition of the
 * layout, for C, C++ (mus::view_tensor(), namespace mus::tensor) and the bindings;
 * docs/observation.md explains how to use it.
 *
 * Seats are relative to the observing seat: 0 itself, 1 the next seat in playing order (an
 * opponent), 2 its partner, 3 the previous seat. Teams are relative to its team: "own", then
 * "other". Every entry is in 0..1: a flag, a member of a one-hot group (all 0 when the thing
 * does not exist, e.g. the seat to act while a shuffle is due), or a count divided by its
 * largest value. Stakes and points are divided by the game target, and a stake or score at or
 * over the target is 1: it is worth the whole game.
 *
 * | offset | floats | block | contents |
 * |---|---|---|---|
 * | 0 | 40 | @ref MUS_TENSOR_OFF_CARDS | own cards: entry `id` is 1 for each card id the seat holds (R3); an emptied slot (discarded, not yet replaced) adds nothing |
 * | 40 | 4 | @ref MUS_TENSOR_OFF_DEALER | the dealer, one-hot by relative seat |
 * | 44 | 4 | @ref MUS_TENSOR_OFF_MANO | the mano, one-hot by relative seat |
 * | 48 | 4 | @ref MUS_TENSOR_OFF_TO_ACT | the seat to act, one-hot by relative seat; all 0 when a shuffle is due or the match is over |
 * | 52 | 6 | @ref MUS_TENSOR_OFF_PHASE | the phase, one-hot at `MUS_PHASE_* - 1`: shuffle, mus, discard, betting, match over, tío Perete |
 * | 58 | 5 | @ref MUS_TENSOR_OFF_LANCE | the lance being bet, one-hot at `MUS_LANCE_*`; all 0 outside the betting phase |
 * | 63 | 2 | @ref MUS_TENSOR_OFF_DECK | cards in the stock / 40; cards in the discard pile / 40 |
 * | 65 | 5 | @ref MUS_TENSOR_OFF_ROUND | the mus round: seats that said mus in this round / 4; seats that discarded in this round / 4; a stock refill is due (R15); the mus corrido question is open (R31); this is a mus corrido hand (no signals) |
 * | 70 | 2 | @ref MUS_TENSOR_OFF_DECLARED | pares have been declared; juego has been declared (R22) |
 * | 72 | 4 | @ref MUS_TENSOR_OFF_PARES | has pares, by relative seat (0 until declared) |
 * | 76 | 4 | @ref MUS_TENSOR_OFF_JUEGO | has juego, by relative seat (0 until declared) |
 * | 80 | 4 | @ref MUS_TENSOR_OFF_PERETE | declared tío Perete, by relative seat (R32) |
 * | 84 | 60 | @ref MUS_TENSOR_OFF_SIGNALS | signals made this hand (R33, public), 15 per relative seat: entry `84 + 15 * r + k` for signal number `k` (`MUS_SIGNAL_*`) |
 * | 144 | 14 | @ref MUS_TENSOR_OFF_BET | the open bet: +0 a bet waits for an answer; +1 it is an órdago; +2, +3 the betting team (own, other); +4 what a refusal pays now / target; +5 the stake if accepted / target; +6, +7, +8 the R25a proposal awaiting the partner (a raise, accept, reject); +9..+12 the proposer, one-hot by relative seat; +13 the proposed raise / target |
 * | 158 | 52 | @ref MUS_TENSOR_OFF_LANCES | the hand's four lance records (grande, chica, pares, then juego or punto), 13 floats each at `158 + 13 * i`: +0..+6 the status, one-hot at `MUS_LANCE_STATUS_*`; +7 the fourth lance is punto; +8, +9 the team of the last bet or raise (own, other); +10 the accepted stake, or for a refused bet the deje scored, / target; +11, +12 the team that won the lance once known (own, other): at once the only team that could play it or the betting team of a refused bet (R26), the others at the count |
 * | 210 | 6 | @ref MUS_TENSOR_OFF_SCORES | own points / target; other points / target; own games / games per vaca; other games / games per vaca; own vacas / vacas to win; other vacas / vacas to win |
 *
 * The vector is a function of the seat's own cards and the public state only: the other
 * seats' cards, the stock's order and the discard pile's cards never change it.
 * @{
 */
#define MUS_VIEW_TENSOR_SIZE 216     /**< Floats mus_state_view_tensor() writes. */
#define MUS_TENSOR_OFF_CARDS 0       /**< Own cards, 40 floats by card id. */
#define MUS_TENSOR_OFF_DEALER 40     /**< Dealer, 4 floats by relative seat. */
#define MUS_TENSOR_OFF_MANO 44       /**< Mano, 4 floats by relative seat. */
#define MUS_TENSOR_OFF_TO_ACT 48     /**< Seat to act, 4 floats by relative seat. */
#define MUS_TENSOR_OFF_PHASE 52      /**< Phase, 6 floats. */
#define MUS_TENSOR_OFF_LANCE 58      /**< Lance being bet, 5 floats. */
#define MUS_TENSOR_OFF_DECK 63       /**< Stock and pile sizes, 2 floats. */
#define MUS_TENSOR_OFF_ROUND 65      /**< Mus round counters and flags, 5 floats. */
#define MUS_TENSOR_OFF_DECLARED 70   /**< Pares and juego declared, 2 floats. */
#define MUS_TENSOR_OFF_PARES 72      /**< Pares by relative seat, 4 floats. */
#define MUS_TENSOR_OFF_JUEGO 76      /**< Juego by relative seat, 4 floats. */
#define MUS_TENSOR_OFF_PERETE 80     /**< Tío Perete by relative seat, 4 floats. */
#define MUS_TENSOR_OFF_SIGNALS 84    /**< Signals, 15 floats per relative seat. */
#define MUS_TENSOR_OFF_BET 144       /**< The open bet and proposal, 14 floats. */
#define MUS_TENSOR_OFF_LANCES 158    /**< Lance records, 13 floats each, 52 floats. */
#define MUS_TENSOR_OFF_SCORES 210    /**< Points, games, vacas, own team first, 6 floats. */
/** @} */

/**
 * @brief What `seat` may know of a state, as @ref MUS_VIEW_TENSOR_SIZE floats (the layout
 *        above): an observation for game-AI that is the same in every language.
 * @param s The state.
 * @param seat The observing seat, 0..3.
 * @param out Receives the floats; may be NULL when `cap` is 0.
 * @param cap Room in `out`, in floats (not bytes).
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT for a NULL `s`, a seat outside 0..3, or a
 *         NULL `out` with `cap > 0`; @ref MUS_E_INVALID_STATE; @ref MUS_E_BUFFER_TOO_SMALL
 *         when `cap` is below @ref MUS_VIEW_TENSOR_SIZE (nothing is written then).
 */
MUS_API int32_t mus_state_view_tensor(const mus_state* s, int32_t seat, float* out, size_t cap);

/* ============================================================================================
 * The experimental section, until 1.0: batches (many independent matches stepped by one call,
 * for learning) and a state from a seat's view (mus_state_parse_view())
 *
 * Declared only where MUS_EXPERIMENTAL is defined before this header is included:
 *
 *   #define MUS_EXPERIMENTAL
 *   #include <mus/mus.h>
 *
 * Until 1.0 a minor release may change anything in this section (names, parameters, layouts,
 * numbers), and CHANGELOG.md says so; the rest of the header keeps the ABI promise. A batch is
 * the one object of the C API that the library owns: a handle, with the worker threads that
 * step it, made by mus_batch_new() and released by mus_batch_free().
 * ========================================================================================== */
#if defined(MUS_EXPERIMENTAL)

/** @name Batch rewards
 *  What a batch writes as each team's reward (the `reward` of a mus_batch_config), the two
 *  rewards of the Python `mus.Env`.
 *  @{ */
#define MUS_BATCH_REWARD_POINTS 0 /**< At the step that finishes a hand, each team's points in that hand (everything its game score gained in it: the count, dejes, tío Perete); 0 at every other step. */
#define MUS_BATCH_REWARD_MATCH 1  /**< 1 to the winning team and -1 to the other at the step that finishes the match; 0 before. */
/** @} */

/** @name Batch limits
 *  @{ */
#define MUS_BATCH_MAX_GAMES 1048576 /**< The most games one batch holds. */
#define MUS_BATCH_MAX_THREADS 64    /**< The most threads one batch steps on. */
/** @} */

/**
 * @brief How a batch is made: its number of games, threads and episodes. Fill it with
 *        mus_batch_config_default(), then change what you need.
 */
typedef struct mus_batch_config {
  uint32_t struct_size;  /**< `sizeof(mus_batch_config)`, set by mus_batch_config_default(). */
  int32_t games;         /**< Games (matches) in the batch, 1..@ref MUS_BATCH_MAX_GAMES. */
  int32_t threads;       /**< Threads that step the batch, 1..@ref MUS_BATCH_MAX_THREADS; the
                              calling thread and up to `threads - 1` workers the batch keeps (a
                              batch of fewer than `64 * threads` games uses fewer, one per 64
                              games); 1 in the WebAssembly build. */
  int32_t first_dealer;  /**< The first dealer of every match, 0..3, or -1 to draw it per match
                              from the game's stream. */
  int32_t reward;        /**< A `MUS_BATCH_REWARD_*`. */
  int32_t max_steps;     /**< 0, or the player steps after which a match that has not ended is
                              truncated (reported with `truncated`, then reset; the points of
                              its unfinished hand are not reported). */
  int32_t reserved[4];   /**< Zero. */
} mus_batch_config;

/**
 * @brief What a step tells of one game beyond its reward and flags: one record per game in the
 *        `info_out` array of mus_batch_new().
 */
typedef struct mus_batch_info {
  int32_t hand_over;    /**< 1 when the step finished a hand, else 0. */
  int32_t game_winner;  /**< The team (0 or 1) that won a game in the step, else -1. */
  int32_t match_winner; /**< The team that won the match in the step, else -1. */
} mus_batch_info;

/** @brief A batch: opaque, made by mus_batch_new(), owned by the library until mus_batch_free(). */
typedef struct mus_batch mus_batch;

/**
 * @brief The default configuration of a batch of `games` games: one thread, first dealer 0 (as
 *        the Python `mus.Env`), @ref MUS_BATCH_REWARD_POINTS, no truncation.
 * @param games The number of games, 1..@ref MUS_BATCH_MAX_GAMES.
 * @param out Receives the configuration.
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT for a NULL `out` or `games` out of range.
 */
MUS_API int32_t mus_batch_config_default(int32_t games, mus_batch_config* out);

/**
 * @brief Make a batch: `games` independent matches of the same rules, stepped together by
 *        mus_batch_step() on `threads` threads, writing into the caller's arrays bound here.
 *
 * Made for learning: one call plays one action in every game, the chance (each hand's deal,
 * every stock refill) is played inside, a finished match starts again by itself, and what a
 * learner needs comes back in the arrays given here, one entry (or row) per game, game 0's
 * first. Each array is optional: NULL is never written (a NULL `obs_out` also skips the cost of
 * the observations). The games start with mus_batch_reset().
 *
 * **Streams.** Each game draws its chance from its own stream, a function of the reset's seed
 * and the game's index only: game `i` has `base = mus::derive_seed(seed, 5, i)` (mus/bots.hpp),
 * its `j`-th shuffle (counted over all the matches it plays) the seed
 * `mus::derive_seed(base, 1, j)` and, with `first_dealer` -1, its `m`-th match the first dealer
 * `mus::derive_seed(base, 2, m) % 4`. So game `i` plays the same whatever the number of games
 * and threads: the arrays are bit-identical for every thread count, and a batch of N games
 * repeats the first N games of any larger batch given the same seed and actions.
 *
 * **Threads.** The games are split in one contiguous range per thread (64 games at least); the
 * calling thread steps the first and the batch's workers the others. When the caller takes at
 * most 2 ms between calls, the workers wait for the next call busily (for 1.5 times that time),
 * so that a learner calling in a loop finds them awake; otherwise they sleep between calls.
 * @param rules The rules of every match.
 * @param config The configuration.
 * @param seat_out Receives, at every reset and step, `games` seats to act (0..3).
 * @param mask_out Receives `games` legal action-id masks (bit `i` for a legal id `i`, see
 *        mus_legal_mask()).
 * @param rewards_out Receives, at every step, `2 * games` rewards: team 0's and team 1's of
 *        game `g` at `2g` and `2g + 1`.
 * @param done_out Receives, at every step, `games` flags.
 * @param truncated_out Receives, at every step, `games` flags.
 * @param info_out Receives, at every step, `games` records.
 * @param obs_out Receives, at every reset and step, `games` rows of @ref MUS_VIEW_TENSOR_SIZE
 *        floats: the observation (mus_state_view_tensor()) of each game's seat to act.
 * @param out Receives the batch; unchanged on error.
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT for a NULL `rules`, `config` or `out`, a
 *         `struct_size` other than `sizeof(mus_batch_config)`, non-zero reserved fields, a field
 *         out of range, or more than one thread where threads cannot be started (the
 *         WebAssembly build); @ref MUS_E_INVALID_RULES (or @ref MUS_E_INVALID_ARGUMENT for a bad
 *         `struct_size`) as mus_state_new(); @ref MUS_E_INTERNAL when the memory or a thread
 *         cannot be had (nothing is left to free then).
 * @par Pointer lifetime
 * The one exception to the header's rule: the batch keeps the array pointers and writes
 * through them in every mus_batch_reset() and mus_batch_step() until mus_batch_free(). The
 * arrays must stay valid, and the caller must not write them while a call runs; reading them
 * between calls is what they are for. `rules` and `config` are read during this call only.
 * @par Thread safety
 * Safe from any thread. A batch is used by one thread at a time (any thread, one after the
 * other); separate batches are independent.
 */
MUS_API int32_t mus_batch_new(const mus_rules* rules, const mus_batch_config* config,
                              int32_t* seat_out, uint64_t* mask_out, float* rewards_out,
                              uint8_t* done_out, uint8_t* truncated_out, mus_batch_info* info_out,
                              float* obs_out, mus_batch** out);

/**
 * @brief Start a new match in every game, every stream started anew from `seed` (see
 *        mus_batch_new()), and write what the first decision of each needs: `seat_out`,
 *        `mask_out` and `obs_out`.
 * @param batch The batch.
 * @param seed The seed of every game's stream.
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT for a NULL `batch`.
 * @par Thread safety
 * One call on a batch at a time (see mus_batch_new()).
 */
MUS_API int32_t mus_batch_reset(mus_batch* batch, uint64_t seed);

/**
 * @brief Play one action in every game, then the chance that follows, restarting the games
 *        whose match ended, and write every array bound by mus_batch_new().
 *
 * Game `g` plays `actions[g]` for its seat to act: an action id whose bit is set in its
 * `mask_out[g]` of the last reset or step. Then, in each game:
 * - the shuffles due are played from the game's stream, so the game waits for a player again;
 * - `rewards_out[2g]` and `rewards_out[2g + 1]` receive team 0's and team 1's reward for the
 *   step, by the configuration's `reward` (with @ref MUS_BATCH_REWARD_POINTS, the hand's points
 *   at the step that finishes it, as mus_step_info.points summed over the hand; an accepted
 *   órdago's hand gives 0 and names the game's winner in `info_out`);
 * - `done_out[g]` is 1 when the step finished the match, `truncated_out[g]` 1 when the match
 *   reached `max_steps` player steps without ending; in both cases (the end of an episode) the
 *   game starts a new match at once (auto-reset): the step's reward is the episode's last one,
 *   reported once, and `seat_out`, `mask_out` and `obs_out` are already the new match's first
 *   decision's;
 * - `info_out[g]` tells whether the step finished a hand and which team won a game or the
 *   match in it (mus_batch_info).
 *
 * Nothing is allocated. Every action is checked before any game moves: on an error nothing has
 * changed.
 * @param batch The batch, reset at least once (mus_batch_reset()).
 * @param actions `games` action ids, read during the call only.
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT for a NULL `batch` or `actions`, or an action
 *         id outside 0..@ref MUS_ACTION_ID_COUNT - 1; @ref MUS_E_WRONG_PHASE before the first
 *         mus_batch_reset(); @ref MUS_E_ILLEGAL_ACTION for an id that is not legal in its game.
 *         For a bad id, mus_last_error() names the lowest game that has one.
 * @par Thread safety
 * One call on a batch at a time (see mus_batch_new()).
 */
MUS_API int32_t mus_batch_step(mus_batch* batch, const int32_t* actions);

/**
 * @brief The whole state of one game of a batch (every seat's cards: for tools, tests and
 *        bots, not for the players), as a mus_state the other functions take.
 * @param batch The batch, reset at least once.
 * @param game The game's index, 0..games - 1.
 * @param out Receives the state.
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT for a NULL pointer or a game out of range;
 *         @ref MUS_E_WRONG_PHASE before the first mus_batch_reset().
 * @par Thread safety
 * Not during another call on the same batch (see mus_batch_new()).
 */
MUS_API int32_t mus_batch_state(const mus_batch* batch, int32_t game, mus_state* out);

/**
 * @brief Stop a batch's workers and release it. NULL is ignored.
 * @param batch The batch, or NULL. It must not be used after (a second free is undefined, as
 *        for free()).
 * @par Pointer lifetime
 * After this call the batch no longer holds the caller's arrays: they are the caller's to free.
 * @par Thread safety
 * Not during another call on the same batch; any thread may free it.
 */
MUS_API void mus_batch_free(mus_batch* batch);

/* ============================================================================================
 * A state from a seat's view (experimental until 1.0): bots and programs that see only one seat
 * ========================================================================================== */

/**
 * @brief A state whose view for the view's seat is the view in `text`: what a program that
 *        sees only that seat's view (a bot playing through a server) can decide from, e.g.
 *        with mus_bot_choose() for that seat.
 *
 * It reads the view's text form (mus_state_view_format()), which holds the whole view: a mus_view
 * leaves the last hand's count to mus_count. The public part of the state is the view's. The
 * cards the seat has not seen are placed as the bots place them (C++ mus::state_from_view(),
 * seed 0): each other complete hand is drawn from a fixed seed until it agrees with what its
 * seat made public (its signals, R33; its pares and juego declarations, R22; tío Perete, R32),
 * or found by an exact search when few hands agree; the rest go to the stock and the discard
 * pile. The state passes mus_state_validate(), and mus_state_view_format() of it for the seat gives
 * back `text`; the legal actions and every bot's decision for the seat are those of any state
 * with this view.
 * @param rules The rules of the match (e.g. mus_rules_parse() of a server's rules text).
 * @param text NUL-terminated view text, as mus_view_parse() reads it.
 * @param out Receives the state; unchanged on error.
 * @param error_pos_out If not NULL, receives the byte position in `text` of a parse error,
 *        and -1 otherwise.
 * @return @ref MUS_OK; @ref MUS_E_INVALID_ARGUMENT for a NULL `rules`, `text` or `out`;
 *         @ref MUS_E_INVALID_RULES; @ref MUS_E_PARSE as mus_view_parse() (with the position);
 *         @ref MUS_E_INVALID_STATE for a view no state gives (values out of range or that
 *         disagree, a view of no state of these rules, or public facts no deal of the unseen
 *         cards agrees with; the search tries at most a million hands), with the reason in
 *         mus_last_error().
 */
MUS_API int32_t mus_state_parse_view(const mus_rules* rules, const char* text, mus_state* out,
                                     int32_t* error_pos_out);

#endif /* MUS_EXPERIMENTAL */

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* MUS_MUS_H */
