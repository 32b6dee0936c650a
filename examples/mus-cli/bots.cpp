#include "bots.hpp"

#include <algorithm>
#include <ctime>

#include "rng.hpp"

namespace muscli {

namespace {

// The CPU time of the calling thread: what a decision costs on one core, whatever else the
// machine runs meanwhile.
double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

}  // namespace

Choice LibraryBot::act(const Situation& sit) {
  const double t0 = thread_cpu_seconds();
  const auto a = mus::bot_choose(sit, config_, derive_seed(seed_, Stream::bot, decisions_++));
  const double took = thread_cpu_seconds() - t0;
  seconds_ += took;
  longest_ = std::max(longest_, took);
  return a ? Choice::play(*a) : Choice::nothing();
}

Choice LibraryBot::signal_round(const Situation& sit) {
  if (config_.kind == mus::BotKind::random) return Choice::nothing();  // it signals at its turns
  const auto s = mus::bot_signal(sit);
  return s ? Choice::play(*s) : Choice::nothing();
}

namespace {

// The configuration of a bot name: a kind (or "exploiter:" and its target), else a level's.
mus::Result<mus::BotConfig> config_of(std::string_view name) {
  if (const auto c = mus::parse_bot_config(name); c) return c;
  for (const mus::Level l : mus::levels)
    if (name == mus::level_id(l)) return mus::level_config(l);
  return mus::Error{mus::Errc::invalid_argument, "unknown bot", -1};
}

}  // namespace

bool is_bot_kind(std::string_view kind) { return config_of(kind).ok(); }

std::string bot_kinds_text() {
  std::string out;
  for (const mus::BotKind k : mus::bot_kinds) {
    if (k == mus::BotKind::exploiter) continue;
    out += mus::bot_kind_name(k);
    out += ", ";
  }
  out.resize(out.size() - 2);
  out += " or ";
  out += mus::bot_kind_name(mus::BotKind::exploiter);
  out += "[:KIND] (the search that knows KIND's policy, the heuristic's by default); or a level: ";
  for (const mus::Level l : mus::levels) {
    out += mus::level_id(l);
    out += l == mus::levels[mus::levels.size() - 2] ? " or " : ", ";
  }
  out.resize(out.size() - 2);
  return out;
}

std::string levels_text() {
  std::string out;
  for (const mus::Level l : mus::levels) {
    out += std::string(mus::level_id(l)) + " (" + std::string(mus::level_display_name(l)) + ")";
    out += l == mus::levels[mus::levels.size() - 2] ? " or " : ", ";
  }
  out.resize(out.size() - 2);
  return out;
}

std::unique_ptr<LibraryBot> make_bot(std::string_view kind, std::uint64_t seed, int playouts) {
  const auto parsed = config_of(kind);  // a kind, "exploiter:" and its target, or a level
  mus::BotConfig c = parsed ? *parsed : mus::BotConfig{};
  if (playouts != 0) c.playouts = playouts;
  return std::make_unique<LibraryBot>(c, seed);
}

}  // namespace muscli
