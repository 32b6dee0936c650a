#include "bots.hpp"

#include <algorithm>
#include <chrono>

#include "rng.hpp"

namespace muscli {

Choice LibraryBot::act(const Situation& sit) {
  const auto t0 = std::chrono::steady_clock::now();
  const auto a = mus::bot_choose(sit, config_, derive_seed(seed_, Stream::bot, decisions_++));
  const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  seconds_ += took;
  longest_ = std::max(longest_, took);
  return a ? Choice::play(*a) : Choice::nothing();
}

Choice LibraryBot::signal_round(const Situation& sit) {
  if (config_.kind == mus::BotKind::random) return Choice::nothing();  // it signals at its turns
  const auto s = mus::bot_signal(sit);
  return s ? Choice::play(*s) : Choice::nothing();
}

bool is_bot_kind(std::string_view kind) { return mus::parse_bot_kind(kind).ok(); }

std::unique_ptr<LibraryBot> make_bot(std::string_view kind, std::uint64_t seed, int playouts) {
  mus::BotConfig c;
  const auto k = mus::parse_bot_kind(kind);
  c.kind = k ? *k : mus::BotKind::heuristic;
  c.playouts = playouts;
  return std::make_unique<LibraryBot>(c, seed);
}

}  // namespace muscli
