// The bots' entry points: the seat's view and the state behind it (the one place that reads a
// full state), the dispatch by kind, and playouts of whole hands or matches.
#include <array>
#include <bit>
#include <cstddef>

#include "bots_internal.hpp"
#include "mus/observation.hpp"
#include "reducer.hpp"

namespace mus {

namespace {

constexpr std::uint64_t all_cards = (std::uint64_t{1} << deck_size) - 1;

// Seeds of a playout's shuffles and decisions: independent streams.
constexpr std::uint64_t stream_shuffle = 1;
constexpr std::uint64_t stream_decision = 2;
constexpr std::uint64_t stream_playout = 3;

// Adds the points a step's events credit to each team (the count, a deje, tío Perete).
void add_points(std::array<std::int32_t, 2>& gained, const Events& ev) noexcept {
  for (std::size_t k = 0; k < ev.size; ++k) {
    const Event& e = ev.items[k];
    if ((e.kind == EventKind::count || e.kind == EventKind::deje || e.kind == EventKind::perete) &&
        e.team >= 0)
      gained[static_cast<std::size_t>(e.team)] += e.amount;
  }
}

// The checks every decision makes before looking at the bot's kind.
Errc decision_refusal(const BotView& v, const BotConfig& c) {
  if (validate_bot_config(c) != Errc::ok) return Errc::invalid_argument;
  if (v.view.phase == Phase::match_over) return Errc::match_over;
  if (v.view.phase == Phase::shuffle) return Errc::wrong_phase;
  if (v.view.to_act != v.seat || v.legal.size == 0) return Errc::not_your_turn;
  return Errc::ok;
}

Action choose_checked(const BotView& v, const BotConfig& c, std::uint64_t seed) {
  bots::Rng rng(seed);
  switch (c.kind) {
    case BotKind::random: return bots::random_action(v, rng);
    case BotKind::heuristic: return bots::heuristic_action(v, rng, true);
    case BotKind::search:
    case BotKind::exploiter: {
      // The search bot and the exploiter signal and play the mus and discard phases as the
      // heuristic does; they search their bets and answers, each against its model.
      if (const auto s = bot_signal(v); s.ok()) return *s;
      if (v.view.phase != Phase::betting) return bots::heuristic_action(v, rng, true);
      const ActionEstimates e = bots::search_estimates(v, c, seed, bots::model_of(c));
      return e.size > 0 ? e.items[0].action : bots::heuristic_action(v, rng, true);
    }
    case BotKind::expert: return bots::expert_action(v, c, seed);
    case BotKind::tight:
    case BotKind::loose:
    case BotKind::station:
    case BotKind::ordago:
    case BotKind::careful:
    case BotKind::beginner:
    case BotKind::amateur:
      // The pool and the lower levels: the heuristic's rules with the style's parameters (the
      // careful bot samples its chances with the decision's seed).
      return bots::style_action(v, rng, true, bot_style(c.kind), seed);
  }
  return v.legal.items[0];
}

}  // namespace

std::string_view bot_kind_name(BotKind k) noexcept {
  switch (k) {
    case BotKind::random: return "random";
    case BotKind::heuristic: return "heuristic";
    case BotKind::search: return "search";
    case BotKind::tight: return "tight";
    case BotKind::loose: return "loose";
    case BotKind::station: return "station";
    case BotKind::ordago: return "ordago";
    case BotKind::careful: return "careful";
    case BotKind::exploiter: return "exploiter";
    case BotKind::beginner: return "beginner";
    case BotKind::amateur: return "amateur";
    case BotKind::expert: return "expert";
  }
  return "?";
}

Result<BotKind> parse_bot_kind(std::string_view name) noexcept {
  for (const BotKind k : bot_kinds)
    if (name == bot_kind_name(k)) return k;
  return Error{Errc::invalid_argument,
               "unknown bot kind (random, heuristic, search, tight, loose, station, ordago, "
               "careful, exploiter, beginner, amateur or expert)",
               -1};
}

Result<BotConfig> parse_bot_config(std::string_view name) noexcept {
  constexpr std::string_view prefix = "exploiter:";
  BotConfig c;
  if (name.substr(0, prefix.size()) == prefix) {
    const auto t = parse_bot_kind(name.substr(prefix.size()));
    if (!t.ok() || *t == BotKind::exploiter)
      return Error{Errc::invalid_argument,
                   "unknown exploiter target (exploiter: and a bot kind other than exploiter)",
                   -1};
    c.kind = BotKind::exploiter;
    c.target = *t;
    return c;
  }
  const auto k = parse_bot_kind(name);
  if (!k.ok()) return k.error();
  c.kind = *k;
  return c;
}

Errc validate_bot_config(const BotConfig& c) noexcept {
  if (bot_kind_name(c.kind) == "?") return Errc::invalid_argument;
  if (c.kind == BotKind::exploiter &&
      (bot_kind_name(c.target) == "?" || c.target == BotKind::exploiter))
    return Errc::invalid_argument;
  if (c.playouts < 0 || c.playouts > max_search_playouts || c.time_ms < 0)
    return Errc::invalid_argument;
  return Errc::ok;
}

std::string_view level_id(Level l) noexcept {
  switch (l) {
    case Level::beginner: return "beginner";
    case Level::amateur: return "amateur";
    case Level::club: return "club";
    case Level::strong: return "strong";
    case Level::expert: return "expert";
  }
  return "?";
}

std::string_view level_display_name(Level l) noexcept {
  switch (l) {
    case Level::beginner: return "principiante";
    case Level::amateur: return "aficionado";
    case Level::club: return "jugador de club";
    case Level::strong: return "fuerte";
    case Level::expert: return "experto";
  }
  return "?";
}

Result<Level> parse_level(std::string_view name) noexcept {
  for (const Level l : levels)
    if (name == level_id(l) || name == level_display_name(l)) return l;
  return Error{Errc::parse,
               "unknown level (beginner, amateur, club, strong or expert; or principiante, "
               "aficionado, jugador de club, fuerte or experto)",
               -1};
}

BotConfig level_config(Level l) noexcept {
  switch (l) {
    case Level::beginner: return BotConfig{BotKind::beginner, 0, 0};
    case Level::amateur: return BotConfig{BotKind::amateur, 0, 0};
    case Level::club: return BotConfig{BotKind::heuristic, 0, 0};
    // The search bot on a smaller budget than its default: at 480 playouts it is as strong as
    // the expert, and the ladder would not climb (docs/bots.md, the rating list).
    case Level::strong: return BotConfig{BotKind::search, strong_level_playouts, 0};
    case Level::expert: return BotConfig{BotKind::expert, default_expert_playouts, 0};
  }
  return BotConfig{BotKind::heuristic, 0, 0};
}

namespace bots {

void fill_seen(BotView& v, const State& s, int seat) noexcept {
  v.seat = seat;
  v.view = view_of(s, seat);
  v.rules = s.rules;
  v.legal.size = 0;
  v.min_bet = 0;
  v.max_bet = 0;
  if (s.to_act == seat) {
    v.legal = legal_actions(s);
    v.min_bet = mus::min_bet(s);
    v.max_bet = mus::max_bet(s);
  }
  v.complete = true;
  for (const std::uint8_t id : v.view.hand) v.complete = v.complete && id < deck_size;
  v.open_signals = 0;
  if (v.complete) {
    v.hand = hand_of(s, seat);
    v.eval = evaluate(v.hand, s.rules);
    // The signals the seat may still make (R31, R33): the library's own rule, as the mask the
    // legal list is built from (the property test checks it against signal_allowed()).
    v.open_signals = static_cast<std::uint16_t>(detail::open_signals(s, seat));
  }
}

}  // namespace bots

BotView bot_view(const State& s, int seat) noexcept {
  if (seat < 0 || seat >= seats) seat = 0;
  BotView v;
  bots::fill_seen(v, s, seat);
  std::uint64_t own = 0;
  for (const std::uint8_t id : v.view.hand)
    if (id < deck_size) own |= std::uint64_t{1} << id;
  v.unseen = all_cards & ~own;
  // The state behind the view, built from the view alone by the library's one builder: the
  // canonical placement of the unseen cards. A state validate_state() refuses has no such
  // state; the bots then see it as it is.
  const Result<State> behind = state_from_view(s.rules, v.view);
  v.hidden = behind.ok() ? *behind : s;
  return v;
}

Result<Action> bot_choose(const BotView& v, const BotConfig& c, std::uint64_t seed) noexcept {
  if (const Errc e = decision_refusal(v, c); e != Errc::ok) return Error{e, errc_text(e), -1};
  return choose_checked(v, c, seed);
}

Result<Action> bot_choose(const State& s, int seat, const BotConfig& c,
                          std::uint64_t seed) noexcept {
  if (seat < 0 || seat >= seats) return Error{Errc::invalid_argument, "seat out of range", -1};
  return bot_choose(bot_view(s, seat), c, seed);
}

Result<ActionEstimates> bot_evaluate(const BotView& v, const BotConfig& c,
                                     std::uint64_t seed) noexcept {
  BotConfig search = c;
  if (search.kind != BotKind::exploiter && search.kind != BotKind::expert)
    search.kind = BotKind::search;
  if (const Errc e = decision_refusal(v, search); e != Errc::ok) return Error{e, errc_text(e), -1};
  if (search.kind == BotKind::expert) return bots::expert_estimates(v, search, seed);
  return bots::search_estimates(v, search, seed, bots::model_of(search));
}

Errc playouts(const State& s, const BotConfig& c, std::uint64_t seed, std::uint64_t first, int n,
              PlayoutScope scope, std::int32_t* points) noexcept {
  if (validate_bot_config(c) != Errc::ok || n < 0 || (n > 0 && points == nullptr))
    return Errc::invalid_argument;
  if (scope != PlayoutScope::hand && scope != PlayoutScope::match) return Errc::invalid_argument;
  BotView v;  // reused for every decision: no allocation
  Events ev;
  for (int i = 0; i < n; ++i) {
    // Playout i of this call is playout first + i of the stream: a caller splitting n playouts
    // into several calls gets the same points as one call.
    const std::uint64_t base =
        bots::derive(seed, stream_playout, first + static_cast<std::uint64_t>(i));
    State w = s;
    std::array<std::int32_t, 2> gained{};
    std::uint64_t shuffles = 0;
    std::uint64_t decisions = 0;
    bool played = false;  // a player's step was made: a deal due after it ends the hand
    while (w.phase != Phase::match_over) {
      if (scope == PlayoutScope::hand && played && w.deal_due()) break;
      Action a;
      if (w.phase == Phase::shuffle) {
        a = Action::shuffle_seed(bots::derive(base, stream_shuffle, shuffles++));
      } else {
        const int seat = w.to_act;
        if (c.kind == BotKind::random) {
          // The random bot picks uniformly among the listed actions, which are the mask's ids
          // in increasing order: the k-th set bit is the k-th action, so the same draw gives
          // the same action as choose_checked() without building the view.
          bots::Rng rng(bots::derive(base, stream_decision, decisions++));
          std::uint64_t mask = legal_action_mask(w);
          for (auto k = rng.below(static_cast<std::uint32_t>(std::popcount(mask))); k > 0; --k)
            mask &= mask - 1;
          played = true;
          if (apply_id_in_place(w, std::countr_zero(mask), 0, &ev) != Errc::ok)
            return Errc::internal;
          add_points(gained, ev);
          continue;
        }
        if (c.kind == BotKind::search || c.kind == BotKind::careful ||
            c.kind == BotKind::exploiter || c.kind == BotKind::expert) {
          v = bot_view(w, seat);  // these kinds deal the hidden cards of the view
        } else {
          bots::fill_seen(v, w, seat);  // these kinds read only the seen fields
        }
        a = choose_checked(v, c, bots::derive(base, stream_decision, decisions++));
        played = true;
      }
      if (apply_in_place(w, a, &ev) != Errc::ok) return Errc::internal;
      add_points(gained, ev);
    }
    points[2 * i] = gained[0];
    points[2 * i + 1] = gained[1];
  }
  return Errc::ok;
}

}  // namespace mus
