// Tests of the search's inference, of its órdago answers, and of the exploiter (issue 22):
// on constructed positions (stacked deals), the weights the inference gives the sampled deals
// move the way the public record says; a hand that wins the showdown accepts an órdago and one
// that loses it refuses, both for the search bot and for the cautious answer it models its
// opponents with; and the exploiter plays legal, reproducible decisions against every target.
#include <array>
#include <cmath>
#include <cstdint>
#include <string_view>
#include "../catch.hpp"
#include "bots_internal.hpp"
#include "mus/mus.hpp"

namespace {

using mus::Action;
using mus::BotConfig;
using mus::BotKind;
using mus::Errc;
using mus::Phase;
using mus::State;

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
    const State w = mus::bots::determinize(v, rng);
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
    // The cautious answer the search models its opponents with.
    for (std::uint64_t seed = 1; seed <= 4; ++seed)
      CHECK(mus::bots::cautious_accepts(s, mus::bots::robust_model(), seed) == c.accepts);
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
