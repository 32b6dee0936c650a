// Tests of the search's inference, of its órdago answers, and of the exploiter (issue 22):
// on constructed positions (stacked deals), the weights the inference gives the sampled deals
// move the way the public record says; a hand that wins the showdown accepts an órdago and one
// that loses it refuses, both for the search bot and for the cautious answer it models its
// opponents with; and the exploiter plays legal, reproducible decisions against every target.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string_view>

#include "../catch.hpp"
#include "bots_internal.hpp"
#include "bots_test_util.hpp"
#include "mus/mus.hpp"
#include "reducer.hpp"

namespace {

using namespace bots_test;  // NOLINT: the shared helpers and their using-declarations

mus::Rules standard() {
  const auto r = mus::rules_preset("standard");
  REQUIRE(r.ok());
  return *r;
}

// Four cards in text, as ids.
std::array<std::uint8_t, 4> ids(std::string_view text) {
  const auto h = mus::parse_hand(text);
  REQUIRE(h.ok());
  std::array<std::uint8_t, 4> out{};
  for (std::size_t i = 0; i < 4; ++i) out[i] = static_cast<std::uint8_t>((*h)[i].id());
  return out;
}

// A hand dealt from a stacked deck: the mano holds `mano_hand`, the next seat `answer_hand`,
// the other two seats `rest` (eight cards); the mano cuts, so grande is being bet with the mano
// to speak.
State grande_with(std::string_view mano_hand, std::string_view answer_hand,
                  std::string_view rest_a, std::string_view rest_b) {
  auto s = mus::new_match(standard(), 0);
  REQUIRE(s.ok());
  const int mano = s->mano;
  std::array<std::uint8_t, 16> hands{};
  const std::array<std::string_view, 4> by_offset{mano_hand, answer_hand, rest_a, rest_b};
  for (int k = 0; k < 4; ++k) {
    const auto h = ids(by_offset[static_cast<std::size_t>(k)]);
    const int seat = (mano + k) % 4;
    for (int i = 0; i < 4; ++i)
      hands[static_cast<std::size_t>(seat * 4 + i)] = h[static_cast<std::size_t>(i)];
  }
  const auto deal = mus::stacked_deal(hands, mano);
  REQUIRE(deal.ok());
  State st = *s;
  REQUIRE(mus::apply_in_place(st, *deal) == Errc::ok);
  REQUIRE(st.phase == Phase::mus);
  REQUIRE(mus::apply_in_place(st, Action::cut(st.to_act)) == Errc::ok);
  REQUIRE(st.phase == Phase::betting);
  REQUIRE(st.lance == mus::Lance::grande);
  REQUIRE(st.to_act == mano);
  return st;
}

// The mean grande percentile of `seat`'s hand over sampled deals of `v`, plain and weighed by
// the inference of `model`.
struct Means {
  double plain = 0;
  double weighed = 0;
};
Means grande_means(const mus::BotView& v, int seat, const mus::bots::OpponentModel& model) {
  const mus::bots::Evidence ev = mus::bots::gather_evidence(v);
  REQUIRE(ev.size > 0);
  mus::bots::Rng rng(42);
  double sum = 0;
  double wsum = 0;
  double weights = 0;
  constexpr int deals = 600;
  for (int k = 0; k < deals; ++k) {
    const auto deal = mus::bots::determinize(v, rng);
    REQUIRE(deal.ok());
    const State& w = *deal;
    const double pct = mus::lance_percentile(mus::evaluate(mus::hand_of(w, seat), w.rules),
                                             mus::Lance::grande, w.rules.kings);
    const double weight =
        mus::bots::evidence_weight(ev, w, model, v.seat, mus::derive_seed(7, 1, k));
    REQUIRE(weight > 0);
    sum += pct;
    wsum += weight * pct;
    weights += weight;
  }
  return {sum / deals, wsum / weights};
}

}  // namespace

TEST_CASE("Search: the inference weighs up deals in which a bettor is strong, down a passer") {
  // Nobody at the table holds anything special in grande: what the bettor holds is unknown to
  // the answerer, and the deals it samples must lean the way the bet says.
  State s = grande_with("4o 5c 6e 7b", "Ao Ac 4e 5b", "6o 7c Ae 4b", "5o 6c 7e Ab");
  const int mano = s.to_act;
  const int answerer = (mano + 1) % 4;

  SECTION("a bet in grande makes the bettor's grande stronger in the weighed deals") {
    REQUIRE(mus::apply_in_place(s, Action::bet(mano, 2)) == Errc::ok);
    REQUIRE(s.to_act == answerer);
    const mus::BotView v = mus::bot_view(s, answerer);
    // The mixture's loose style bets 2 with nothing three times in ten, so the bet tells it
    // less than it tells the heuristic's exploiter.
    const Means robust = grande_means(v, mano, mus::bots::robust_model());
    const Means exact = grande_means(v, mano, mus::bots::exact_model(BotKind::heuristic));
    INFO("plain " << robust.plain << ", weighed: mixture " << robust.weighed << ", heuristic "
                  << exact.weighed);
    CHECK(robust.weighed > robust.plain + 0.05);
    CHECK(exact.weighed > exact.plain + 0.1);
  }
  SECTION("an órdago makes the caller stronger to the mixture, and says nothing of a heuristic") {
    REQUIRE(mus::apply_in_place(s, Action::ordago(mano)) == Errc::ok);
    const mus::BotView v = mus::bot_view(s, answerer);
    // The mixture: its órdago lover calls one from a chance of 0.7 at any score (the
    // heuristic never opens with one at 0-0, so to its exploiter the call says nothing).
    const Means ordago = grande_means(v, mano, mus::bots::robust_model());
    INFO("plain " << ordago.plain << ", weighed " << ordago.weighed);
    CHECK(ordago.weighed > ordago.plain + 0.05);
    const auto heuristic = mus::bots::exact_model(BotKind::heuristic);
    const Means none = grande_means(v, mano, heuristic);
    CHECK(std::abs(none.weighed - none.plain) < 0.02);
  }
  SECTION("a pass in grande makes the passer's grande weaker in the weighed deals") {
    REQUIRE(mus::apply_in_place(s, Action::pass(mano)) == Errc::ok);
    REQUIRE(s.to_act == answerer);
    const mus::BotView v = mus::bot_view(s, answerer);
    const Means m = grande_means(v, mano, mus::bots::robust_model());
    INFO("plain " << m.plain << ", weighed " << m.weighed);
    CHECK(m.weighed < m.plain - 0.05);
  }
  SECTION("without a public record every deal weighs the same") {
    const mus::BotView v = mus::bot_view(s, mano);
    CHECK(mus::bots::gather_evidence(v).size == 0);
  }
}

TEST_CASE("Search: an órdago is accepted exactly when the showdown's equity says so") {
  // The answerer's grande against an órdago of the mano's: four kings win it whatever the
  // mano holds but four kings of its own with the tie (the mano wins ties); four low cards
  // lose it to nearly any hand. At 0-0 a refusal costs one point.
  struct Case {
    std::string_view answer;
    bool accepts;
  };
  for (const Case c : {Case{"Ko Kc Ke Kb", true}, Case{"4o 5c 4e 5b", false}}) {
    State s = grande_with("6o 7c 6e 7b", c.answer, "Ao Ac Ae Ab", "Co Cc Ce Cb");
    const int mano = s.to_act;
    REQUIRE(mus::apply_in_place(s, Action::ordago(mano)) == Errc::ok);
    const int seat = s.to_act;
    INFO("answerer holds " << c.answer);
    // The cautious answer the search models its opponents with. It judges by 16 sampled
    // deals, a noisy estimate of the showdown's equity: the four kings accept at every seed;
    // the low hand, whose team wins grande in about a fifth of the weighed deals (below the
    // half the game chance asks), refuses at nearly every seed (about 92% of them).
    int accepted = 0;
    constexpr int draws = 64;
    for (std::uint64_t seed = 1; seed <= draws; ++seed)
      accepted += mus::bots::cautious_accepts(s, mus::bots::robust_model(), seed) ? 1 : 0;
    if (c.accepts) {
      CHECK(accepted == draws);
    } else {
      CHECK(accepted <= draws / 5);
    }
    // The search bot and the exploiter, from their estimates, once they have made the
    // signals they make at this turn.
    for (const BotKind k : {BotKind::search, BotKind::exploiter}) {
      const BotConfig cfg{k, 240, 0};
      State t = s;
      for (auto sig = mus::bot_signal(mus::bot_view(t, seat)); sig.ok();
           sig = mus::bot_signal(mus::bot_view(t, seat)))
        REQUIRE(mus::apply_in_place(t, *sig) == Errc::ok);
      const mus::BotView v = mus::bot_view(t, seat);
      const auto est = mus::bot_evaluate(v, cfg, 5);
      REQUIRE(est.ok());
      double accept = 0;
      double reject = 0;
      for (std::size_t i = 0; i < est->size; ++i) {
        const auto& e = est->items[i];
        if (e.action.kind == mus::ActionKind::accept) accept = e.points;
        if (e.action.kind == mus::ActionKind::reject) reject = e.points;
      }
      const auto a = mus::bot_choose(v, cfg, 5);
      REQUIRE(a.ok());
      INFO(mus::bot_kind_name(k) << ": accept " << accept << ", reject " << reject);
      CHECK((a->kind == mus::ActionKind::accept) == (accept > reject));
      CHECK((a->kind == mus::ActionKind::accept) == c.accepts);
    }
  }
}

TEST_CASE("Search: the exploiter plays legal, reproducible decisions against every target") {
  const mus::Rules rules = standard();
  for (const BotKind target : mus::bot_kinds) {
    if (target == BotKind::exploiter) continue;
    INFO("target " << mus::bot_kind_name(target));
    BotConfig exploiter{BotKind::exploiter, 24, 0};
    exploiter.target = target;
    REQUIRE(mus::validate_bot_config(exploiter) == Errc::ok);
    const BotConfig other{target, target == BotKind::search ? 24 : 0, 0};
    auto start = mus::new_match(rules, 1);
    REQUIRE(start.ok());
    State s = *start;
    std::uint64_t n = 1;
    int decisions = 0;
    // Two hands: enough betting decisions for every target, cheaply.
    while (s.phase != Phase::match_over && s.hand_number <= 2) {
      if (s.phase == Phase::shuffle) {
        REQUIRE(mus::apply_in_place(s, Action::shuffle_seed(mus::derive_seed(3, 1, n++))) ==
                Errc::ok);
        continue;
      }
      const BotConfig& who = mus::team_of(s.to_act) == 0 ? exploiter : other;
      const std::uint64_t seed = mus::derive_seed(3, 2, n++);
      const auto a = mus::bot_choose(s, s.to_act, who, seed);
      REQUIRE(a.ok());
      const auto again = mus::bot_choose(s, s.to_act, who, seed);
      REQUIRE(again.ok());
      CHECK(*again == *a);
      REQUIRE(mus::apply_in_place(s, *a) == Errc::ok);
      ++decisions;
    }
    CHECK(decisions > 10);
  }
}

TEST_CASE("Search: the exploiter's configuration names a target other than itself") {
  BotConfig c{BotKind::exploiter, 0, 0};
  c.target = BotKind::exploiter;
  CHECK(mus::validate_bot_config(c) == Errc::invalid_argument);
  c.target = static_cast<BotKind>(42);
  CHECK(mus::validate_bot_config(c) == Errc::invalid_argument);
  const auto parsed = mus::parse_bot_config("exploiter:careful");
  REQUIRE(parsed.ok());
  CHECK(parsed->kind == BotKind::exploiter);
  CHECK(parsed->target == BotKind::careful);
  CHECK_FALSE(mus::parse_bot_config("exploiter:exploiter").ok());
  CHECK_FALSE(mus::parse_bot_config("exploiter:").ok());
  CHECK(mus::parse_bot_config("search")->kind == BotKind::search);
}

namespace {

// A debug watch of the search: every sampled deal it rolls out or weighs a showdown in, nested
// searches and cautious answers included, must be a state the library accepts
// (validate_state(); apply_in_place() may be given only those) with the view it was sampled
// from.
struct DealCheck {
  long deals = 0;
  long refused = 0;
  long other_view = 0;

  static void seen(void* context, const mus::SeatView& from, const State& deal) {
    auto& c = *static_cast<DealCheck*>(context);
    ++c.deals;
    if (mus::validate_state(deal) != Errc::ok) ++c.refused;
    if (!(mus::view_of(deal, from.seat) == from)) ++c.other_view;
  }
};

// The rules of these tests: the standard ones, the online set, and full signals with tío
// Perete and a 31 real that names suits (the sotas and 7s told apart by suit).
std::array<mus::Rules, 3> watched_rules() {
  mus::Rules suits = standard();
  suits.tio_perete = true;
  suits.royal31 = mus::Royal31::jack_of_coins777;
  return {standard(), mus::online_rules(), suits};
}

}  // namespace

TEST_CASE("R33 R22 R32: every deal the search rolls out passes validate_state and keeps the view") {
  long decisions = 0;
  long deals = 0;
  for (const mus::Rules& rules : watched_rules()) {
    for (const BotKind kind : {BotKind::search, BotKind::exploiter, BotKind::expert}) {
      BotConfig searcher{kind, 48, 0};
      if (kind == BotKind::exploiter) searcher.target = BotKind::search;  // nested searches
      const BotConfig heuristic{BotKind::heuristic, 0, 0};
      auto start = mus::new_match(rules, 0);
      REQUIRE(start.ok());
      State s = *start;
      std::uint64_t n = 1;
      // Hands of a match, the searchers at seats 0 and 2: their betting decisions and every
      // signal, declaration and bet of the heuristic at the other seats.
      while (s.phase != Phase::match_over && s.hand_number <= 6) {
        if (s.phase == Phase::shuffle) {
          REQUIRE(mus::apply_in_place(s, Action::shuffle_seed(mus::derive_seed(9, 1, n++))) ==
                  Errc::ok);
          continue;
        }
        const int seat = s.to_act;
        const std::uint64_t seed = mus::derive_seed(9, 2, n++);
        const bool ours = mus::team_of(seat) == 0;
        if (ours && s.phase == Phase::betting) {
          const mus::BotView v = mus::bot_view(s, seat);
          DealCheck check;
          const mus::bots::SearchWatch watch{&DealCheck::seen, &check};
          const auto e =
              kind == BotKind::expert
                  ? mus::bots::expert_estimates(v, searcher, seed, &watch)
                  : mus::bots::search_estimates(v, searcher, seed,
                                                mus::bots::model_of(searcher), &watch);
          INFO(mus::format_rules(rules) << " " << mus::bot_kind_name(kind) << " "
                                         << mus::state_to_text(s));
          CHECK(e.size > 0);
          CHECK(check.deals > 0);
          CHECK(check.refused == 0);
          CHECK(check.other_view == 0);
          ++decisions;
          deals += check.deals;
        }
        const auto a = mus::bot_choose(s, seat, ours ? searcher : heuristic, seed);
        REQUIRE(a.ok());
        REQUIRE(mus::apply_in_place(s, *a) == Errc::ok);
      }
    }
  }
  std::printf("[search deals] %ld decisions, %ld deals, every one valid\n", decisions, deals);
  CHECK(decisions > 100);
  CHECK(deals > 5000);
}

TEST_CASE("R33: a signalled 31 real that names suits is in every deal the search samples") {
  // jack_of_coins777: the sota of oros and the 7s of the other three suits. The seat after the
  // mano holds it and says so; the mano's search must deal it that exact hand every time (a
  // random hand is that one once in about 15,000 draws, so only the exact search finds it).
  mus::Rules rules = standard();
  rules.royal31 = mus::Royal31::jack_of_coins777;
  auto start = mus::new_match(rules, 0);
  REQUIRE(start.ok());
  State t = *start;
  const int mano = t.mano;
  std::array<std::uint8_t, 16> hands{};
  const std::array<std::string_view, 4> by_offset{"Ko Kc 4e 5b", "Jo 7c 7e 7b", "Ao Ac 6e 6b",
                                                  "Qo Qc 3e 2b"};
  for (int k = 0; k < 4; ++k) {
    const auto h = ids(by_offset[static_cast<std::size_t>(k)]);
    for (int i = 0; i < 4; ++i)
      hands[static_cast<std::size_t>(((mano + k) % 4) * 4 + i)] = h[static_cast<std::size_t>(i)];
  }
  const auto deal = mus::stacked_deal(hands, mano);
  REQUIRE(deal.ok());
  REQUIRE(mus::apply_in_place(t, *deal) == Errc::ok);
  const int teller = (mano + 1) % 4;
  REQUIRE(mus::apply_in_place(t, Action::signal(teller, mus::Signal::real_31)) == Errc::ok);
  REQUIRE(mus::apply_in_place(t, Action::cut(t.to_act)) == Errc::ok);
  REQUIRE(t.phase == Phase::betting);
  const mus::BotView v = mus::bot_view(t, mano);
  DealCheck check;
  long real = 0;
  struct Both {
    DealCheck* check;
    long* real;
    int teller;
  } both{&check, &real, teller};
  const mus::bots::SearchWatch watch{
      [](void* context, const mus::SeatView& from, const State& deal) {
        auto& b = *static_cast<Both*>(context);
        DealCheck::seen(b.check, from, deal);
        const mus::Hand h = mus::hand_of(deal, b.teller);
        if (mus::signal_true(mus::Signal::real_31, h, deal.rules)) ++*b.real;
      },
      &both};
  const BotConfig searcher{BotKind::search, 96, 0};
  (void)mus::bots::search_estimates(v, searcher, 1, mus::bots::robust_model(), &watch);
  CHECK(check.deals > 10);
  CHECK(check.refused == 0);
  CHECK(check.other_view == 0);
  CHECK(real == check.deals);
  // The canonical state behind the view holds it too.
  CHECK(mus::signal_true(mus::Signal::real_31, mus::hand_of(v.hidden, teller), rules));
  CHECK(mus::validate_state(v.hidden) == Errc::ok);
}

// The sanitizer build (debug, with AddressSanitizer) runs some twenty times slower: its long
// tests play fewer matches and check the same.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool sanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool sanitized = true;
#else
constexpr bool sanitized = false;
#endif
#else
constexpr bool sanitized = false;
#endif

TEST_CASE("Levels: a sampled deal's placement counts its tries in the search's work") {
  // A betting decision after the first hand's signals: the hidden hands are placed by drawing
  // (three complete hands, each tried at least once), and determinize() adds those tries to
  // the work, in steps' worth, on top of what the caller counts.
  auto start = mus::new_match(standard(), 0);
  REQUIRE(start.ok());
  State s = *start;
  std::uint64_t n = 1;
  while (s.phase != Phase::betting) {
    const auto a = s.phase == Phase::shuffle
                       ? Action::shuffle_seed(mus::derive_seed(23, 1, n++))
                       : *mus::bot_choose(s, s.to_act, BotConfig{}, mus::derive_seed(23, 2, n++));
    REQUIRE(mus::apply_in_place(s, a) == Errc::ok);
  }
  const mus::BotView v = mus::bot_view(s, s.to_act);
  std::int64_t total = 0;
  std::int64_t work = 0;
  for (std::uint64_t seed = 0; seed < 64; ++seed) {
    State w = v.hidden;
    std::int64_t tries = 0;
    mus::bots::Rng pick(seed);
    REQUIRE(mus::detail::place_unseen(w, v.view, pick.next(), &tries).ok());
    CHECK(tries >= 3);
    total += tries;
    mus::bots::Rng again(seed);
    std::int64_t before = work;
    REQUIRE(mus::bots::determinize(v, again, &work).ok());
    CHECK(work - before == tries / 8);  // bots_search.cpp's placement_tries_per_work
  }
  CHECK(total >= 3 * 64);
}

TEST_CASE("Levels: a placement's exact search stops at the bound it is given") {
  // Seat 1's view after a deal, with each other seat signalling three aces (R33): nine of the
  // eight aces, so no deal agrees. Random draws cannot place the hands, and the exact search
  // proves there is none within state_from_view()'s bound of a million hands; given a bound of
  // 50 (the bots give 20,000) it stops there and says so, having tried the draws and 50 more.
  State s = *mus::new_match(standard(), 0);
  s = *mus::apply(s, Action::shuffle_seed(7));
  for (const int o : {0, 2, 3})
    s.signals[static_cast<std::size_t>(o)] = 1U << static_cast<int>(mus::Signal::three_aces);
  const mus::SeatView v = mus::view_of(s, 1);
  std::int64_t proved = 0;
  State a = s;
  const mus::Error none = mus::detail::place_unseen(a, v, 3, &proved);
  REQUIRE_FALSE(none.ok());
  CHECK(std::string_view(none.message).find("agrees with the signals") != std::string_view::npos);
  std::int64_t bounded = 0;
  State b = s;
  const mus::Error out = mus::detail::place_unseen(b, v, 3, &bounded, 50);
  REQUIRE_FALSE(out.ok());
  CHECK(std::string_view(out.message).find("within the search's bound") != std::string_view::npos);
  // The draws (8 rounds of up to 64 hands for the first seat) come first; the search adds
  // at most its 50 and the one that found the bound spent.
  CHECK(bounded >= 8);
  CHECK(bounded <= 8 * 64 * 3 + 51);
  CHECK(proved > bounded);
}

// Plays a match (new_match seed `match_seed`, decision seeds from `base`) of the expert at its
// level's budget in seats 0 and 2 against `other`, and calls visit(view, seed, heuristic,
// candidates, count) at each of the expert's betting decisions but signals, until the match
// ends or `limit` decisions were visited; returns how many were.
template <typename Visit>
int expert_bets(BotKind other, std::uint64_t match_seed, std::uint64_t base, int limit,
                Visit&& visit) {
  const mus::BotConfig expert = mus::level_config(mus::Level::expert);
  REQUIRE(expert.kind == BotKind::expert);
  auto start = mus::new_match(standard(), match_seed);
  REQUIRE(start.ok());
  State s = *start;
  std::uint64_t n = 1;
  int decisions = 0;
  while (s.phase != Phase::match_over && decisions < limit) {
    if (s.phase == Phase::shuffle) {
      REQUIRE(mus::apply_in_place(s, Action::shuffle_seed(mus::derive_seed(base, 1, n++))) ==
              Errc::ok);
      continue;
    }
    const int seat = s.to_act;
    const std::uint64_t seed = mus::derive_seed(base, 2, n++);
    const bool ours = mus::team_of(seat) == 0;
    const mus::BotView v = mus::bot_view(s, seat);
    if (ours && s.phase == Phase::betting && !mus::bot_signal(v).ok()) {
      mus::bots::Rng rng(seed);
      const Action h = mus::bots::heuristic_action(v, rng, false);
      std::array<Action, 16> cand{};
      const int nc = mus::bots::search_candidates_of(v, h, cand);
      visit(v, seed, h, cand, nc);
      ++decisions;
    }
    const auto a = mus::bot_choose(s, seat, ours ? expert : BotConfig{other, 0, 0}, seed);
    REQUIRE(a.ok());
    REQUIRE(mus::apply_in_place(s, *a) == Errc::ok);
  }
  return decisions;
}

TEST_CASE("Levels: the expert's work per decision stays within its cap, and the cap binds") {
  // The expert at its level's budget, seats 0 and 2, a match against each of the heuristic,
  // the careful style and the órdago lover (the careful style alone under the sanitizers):
  // the work of each betting decision (rollout steps, and the deals and views its judgements
  // build and their placements) with the expert's settings, and the same search without the
  // cap.
  const mus::BotConfig expert = mus::level_config(mus::Level::expert);
  const auto model = mus::bots::expert_model();
  std::int64_t most = 0;
  int capped = 0;
  int decisions = 0;
  const std::array<BotKind, 3> all{BotKind::careful, BotKind::heuristic, BotKind::ordago};
  for (std::size_t k = 0; k < (sanitized ? 1 : all.size()); ++k) {
    decisions += expert_bets(all[k], 2, 17, 1 << 30,
                             [&](const mus::BotView& v, std::uint64_t seed, const Action&,
                                 const std::array<Action, 16>& cand, int nc) {
      std::int64_t work = 0;
      std::int64_t uncapped = 0;
      mus::bots::SearchSettings with = mus::bots::expert_settings();
      with.work_done = &work;
      mus::bots::SearchSettings without = with;
      without.work_cap = 0;
      without.work_done = &uncapped;
      (void)mus::bots::search_candidates(v, expert, seed, model, with, cand.data(), nc);
      (void)mus::bots::search_candidates(v, expert, seed, model, without, cand.data(), nc);
      CHECK(work <= uncapped);
      // The cap is checked before each deal: the last deal may pass it by its own work, a
      // small share of a decision's.
      CHECK(work <= mus::bots::expert_work_cap + mus::bots::expert_work_cap / 4);
      most = std::max(most, work);
      capped += work < uncapped ? 1 : 0;
    });
  }
  std::printf("[expert work] %d decisions, at most %lld (cap %lld), %d stopped by the cap\n",
              decisions, static_cast<long long>(most),
              static_cast<long long>(mus::bots::expert_work_cap), capped);
  CHECK(decisions > 20);
  CHECK(capped > 0);  // some decisions would cost more without it
}

TEST_CASE("Levels: the expert's caution reorders its candidates, never their estimates") {
  // The expert's betting decisions in a match against the careful style: the search of the
  // same candidates with the club player's choice as the reference, ranked by the mean alone
  // and with a caution so large that any candidate whose difference with the reference
  // varies over the deals ranks below it. The means are the same either way; a candidate
  // ranked above the reference has a mean at least the reference's; and the caution keeps
  // the reference first more often than the mean alone does.
  const mus::BotConfig expert = mus::level_config(mus::Level::expert);
  const auto model = mus::bots::expert_model();
  int first_by_mean = 0;
  int first_by_caution = 0;
  const int wanted = sanitized ? 8 : 40;
  const int decisions = expert_bets(BotKind::careful, 1, 29, wanted,
                                    [&](const mus::BotView& v, std::uint64_t seed,
                                        const Action& h, const std::array<Action, 16>& cand,
                                        int nc) {
    int ref = -1;
    for (int i = 0; i < nc; ++i)
      if (cand[static_cast<std::size_t>(i)] == h) ref = i;
    REQUIRE(ref >= 0);
    mus::bots::SearchSettings by_mean = mus::bots::expert_settings();
    by_mean.reference = ref;
    by_mean.caution = 0;
    mus::bots::SearchSettings cautious = by_mean;
    cautious.caution = 1e3;
    const Action* c = cand.data();
    const auto a = mus::bots::search_candidates(v, expert, seed, model, by_mean, c, nc);
    const auto b = mus::bots::search_candidates(v, expert, seed, model, cautious, c, nc);
    REQUIRE(a.size == static_cast<std::size_t>(nc));
    REQUIRE(b.size == a.size);
    double ref_mean = 0;
    for (std::size_t i = 0; i < a.size; ++i) {
      bool found = false;
      for (std::size_t k = 0; k < b.size; ++k)
        if (b.items[k].action == a.items[i].action) {
          found = true;
          CHECK(b.items[k].points == a.items[i].points);
        }
      CHECK(found);
      if (a.items[i].action == h) ref_mean = a.items[i].points;
    }
    CHECK(b.items[0].points >= ref_mean);
    first_by_mean += a.items[0].action == h ? 1 : 0;
    first_by_caution += b.items[0].action == h ? 1 : 0;
  });
  CHECK(decisions == wanted);
  CHECK(first_by_caution > first_by_mean);
}
