// The bots: a random one (uniform over the legal actions) and a heuristic one that plays like
// a sensible club player. They live here, outside the library: the reducer only knows rules.
// Each bot draws from its own seeded PRNG, so a match between bots is reproducible.
#ifndef MUS_CLI_BOTS_HPP
#define MUS_CLI_BOTS_HPP

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "agent.hpp"
#include "rng.hpp"

namespace muscli {

/// Uniform over the legal actions, which are concrete: each discard subset, each bet of the
/// bet ladder, each true signal not yet made are one entry each.
class RandomBot final : public Agent {
 public:
  explicit RandomBot(std::uint64_t seed) : rng_(seed) {}
  Choice act(const Situation& sit) override;

 private:
  Rng rng_;
};

/// A club player: cuts with good hands, discards towards its strengths, bets by its chances,
/// answers by its chances and the score, signals to its partner and reads its partner's signals.
class HeuristicBot final : public Agent {
 public:
  explicit HeuristicBot(std::uint64_t seed) : rng_(seed) {}
  Choice act(const Situation& sit) override;
  Choice signal_round(const Situation& sit) override;

 private:
  mus::Action mus_decision(const Situation& sit);
  mus::Action bet_decision(const Situation& sit);

  Rng rng_;
  std::uint32_t hand_number_ = 0;  // the hand the counters below belong to
  int mus_rounds_ = 0;             // times this bot was asked mus in this hand
  int signals_made_ = 0;           // signals made in this hand
};

/// The chance (0..1) that the seat's team wins the lance being bet, from its percentile, its
/// partner's signals and declarations, and the opponents taking part (see strength.hpp).
double lance_chance(const Situation& sit, mus::Lance l);

/// True when a club player would cut (no hay mus) with this hand.
bool strong_enough_to_cut(const Situation& sit, int mus_rounds);

/// The cards (mask of card ids) a club player would discard: the choice with the best average
/// hand after drawing, estimated with `samples` random draws from `rng`.
std::uint64_t suggested_discard(const Situation& sit, Rng& rng, int samples = 24);

/// The value a club player gives to a hand (grande, chica, pares and juego chances weighed).
double hand_value(const mus::HandEval& e, int kings);

/// Bot kinds for --team0/--team1/--bots: "heuristic" or "random".
bool is_bot_kind(std::string_view kind);

/// A new bot of a kind ("heuristic" or "random") with its PRNG seed.
std::unique_ptr<Agent> make_bot(std::string_view kind, std::uint64_t seed);

}  // namespace muscli

#endif  // MUS_CLI_BOTS_HPP
