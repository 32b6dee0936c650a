/**
 * @file observation.hpp
 * @brief A seat's information state as a flat vector of floats, for game-AI (the model is
 *        OpenSpiel's information_state_tensor): the same numbers in every language, through
 *        the C API's mus_view_tensor().
 *
 * The vector holds only what the seat may know (R28a, R33): its own cards and the public state
 * of the match and of the hand. Seats are written relative to the observing seat (0 itself, 1
 * the next seat in playing order, 2 its partner, 3 the previous seat) and teams relative to its
 * team (0 its own, 1 the other), so one policy serves the four seats. Every entry is in 0..1:
 * a flag, a one-hot group, or a count divided by its largest value (stakes and points by the
 * game target, 1 at or over it). The layout, block by block, is the table of the C API's
 * mus.h (@ref MUS_VIEW_TENSOR_SIZE); the offsets are the constants of namespace mus::tensor.
 */
#ifndef MUS_OBSERVATION_HPP
#define MUS_OBSERVATION_HPP

#include <cstddef>
#include <cstdint>
#include <span>

#include "mus/match.hpp"

namespace mus {

/// Offsets of the blocks of view_tensor() (the C API's `MUS_TENSOR_OFF_*`), in floats.
namespace tensor {
inline constexpr int cards = 0;      ///< 40: 1 for each card id the seat holds.
inline constexpr int dealer = 40;    ///< 4: one-hot, the dealer's relative seat.
inline constexpr int mano = 44;      ///< 4: one-hot, the mano's relative seat.
inline constexpr int to_act = 48;    ///< 4: one-hot, the relative seat to act; all 0 for chance.
inline constexpr int phase = 52;     ///< 6: one-hot, phase number - 1 (shuffle .. perete).
inline constexpr int lance = 58;     ///< 5: one-hot, the lance being bet (betting phase only).
inline constexpr int deck = 63;      ///< 2: stock and discard pile sizes, / 40.
inline constexpr int round = 65;     ///< 5: mus said, discards made (/ 4), refill due, corrido.
inline constexpr int declared = 70;  ///< 2: pares declared, juego declared (flags).
inline constexpr int pares = 72;     ///< 4: pares declared by each relative seat.
inline constexpr int juego = 76;     ///< 4: juego declared by each relative seat.
inline constexpr int perete = 80;    ///< 4: tío Perete declared by each relative seat.
inline constexpr int signals = 84;   ///< 60: 15 signals per relative seat (bit = made).
inline constexpr int bet = 144;      ///< 14: the open bet and any R25a proposal.
inline constexpr int lances = 158;   ///< 52: 13 per lance record of the hand.
inline constexpr int scores = 210;   ///< 6: points / target, games, vacas, own team first.
inline constexpr int size = 216;     ///< Floats in the whole vector.
/// Floats per lance record in the `lances` block.
inline constexpr int lance_stride = 13;
/// Signal slots per seat in the `signals` block (signal_count).
inline constexpr int signal_stride = 15;
}  // namespace tensor

/// The number of floats view_tensor() writes.
inline constexpr std::size_t view_tensor_size = tensor::size;

/**
 * @brief Writes what `seat` may know of `s` as view_tensor_size floats (the layout of
 *        mus.h's `MUS_TENSOR_OFF_*` table).
 *
 * Reads the seat's own cards and public fields only: two states that differ in the other
 * seats' cards, the stock's order or the discard pile's cards give the same vector. No
 * allocation.
 * @param s The state.
 * @param seat The observing seat, 0..3 (any other seat: the vector is all zero).
 * @param out Receives the floats; every one is written.
 */
void view_tensor(const State& s, int seat, std::span<float, view_tensor_size> out) noexcept;

/**
 * @brief A state whose view for the seat is `v`: what a program that sees only a seat's view
 *        (a bot playing through a server, from view_from_text()) can decide from, e.g. with
 *        bot_choose(); with other seeds, samples of the states the seat cannot tell apart, as
 *        a search samples them (OpenSpiel's ResampleFromInfostate). The library's one builder
 *        of a state behind a view: bot_view() and the search bot's sampled deals are made by
 *        it too.
 *
 * The public part of the state is the view's (SeatView holds every public fact a state keeps,
 * or one validate_state() derives from them). The cards the seat has not seen are placed from
 * `seed` so that each other complete hand agrees with what its seat made public: its signals
 * are true (R33), its pares and juego are as declared (R22), it holds 4-5-6-7 if it declared
 * tío Perete (R32). Each such hand is drawn uniformly from the unseen cards until it agrees
 * (at most 512 draws a hand); when the public facts leave too few hands for that (a 31 real
 * signalled, say), an exact search over the multisets of ranks places them, with random cards
 * of each rank. The other unseen cards (the filled slots of hands owed replacements, the live
 * stock, the discard pile) follow in a random order. Layout that no seat can see is fixed:
 * the empty slots of a hand awaiting replacements are its last ones, and the live stock ends
 * at position 24 (or later, after a refill).
 *
 * The result passes validate_state() (it is checked before it is returned), and
 * view_of(result, v.seat) == v. It depends on the rules, the view and the seed only (the same
 * on every platform), so for the view's seat it plays as every state with that view: the same
 * legal actions and bet limits, and the same bot_choose() for every bot and seed. Seed 0, the
 * default, is the canonical placement (bot_view()'s). No allocation.
 * @param rules The rules of the match (e.g. from parse_rules() of a server's rules text).
 * @param v The view (from view_of() or view_from_text()).
 * @param seed The draw of the unseen cards (default 0: the canonical placement).
 * @return The state; or Errc::invalid_rules for rules validate() refuses; or
 *         Errc::invalid_state for a view that view_of() cannot give ("not a seat view this
 *         library produced: " and the part that is not), a view of no state of these rules, or
 *         one whose public facts no deal of the unseen cards agrees with ("no deal of the
 *         unseen cards agrees ..."; the exact search tries at most a million hands, far more
 *         than views of real states need, and says so when it reaches that bound).
 */
[[nodiscard]] Result<State> state_from_view(const Rules& rules, const SeatView& v,
                                            std::uint64_t seed = 0) noexcept;

}  // namespace mus

#endif  // MUS_OBSERVATION_HPP
