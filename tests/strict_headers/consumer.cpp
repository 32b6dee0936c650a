// A consumer translation unit for the strict-headers tests (see CMakeLists.txt here): it
// includes every public header and instantiates the main templates and constexpr paths, both
// in constant evaluation and at run time, the way a user's code does. Any warning a header
// gives under the strict flags fails the test.
//
// It is also built with -fno-exceptions -fno-rtti, so it uses nothing that needs them. It is
// only compiled, never linked or run: the out-of-line functions are declared, not defined.
#include <mus/mus.h>
#include <mus/mus.hpp>

#include <mus/cards.hpp>
#include <mus/error.hpp>
#include <mus/eval.hpp>
#include <mus/match.hpp>
#include <mus/observation.hpp>
#include <mus/rules.hpp>
#include <mus/serialize.hpp>
#include <mus/bots.hpp>
#include <mus/record.hpp>
#include <mus/tips.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace {

// ---- Constant evaluation -------------------------------------------------------------------

constexpr auto kHand = mus::parse_hand("Ko 3c Qe Ab");
static_assert(kHand.ok() && static_cast<bool>(kHand));
static_assert(kHand.value().contains(mus::Card(mus::Rank::rey, mus::Suit::oros)));
static_assert(kHand->mask() != 0);
static_assert(mus::parse_card(" Sb ").ok());
static_assert(!mus::parse_card("Zb").ok());
static_assert(mus::parse_hand("Ko Ko Qe Ab").error().code == mus::Errc::parse);
static_assert(!mus::parse_hand("Ko 3c Qe Ab 4o").error().ok());
static_assert(mus::Card::from_id(39).ok() && !mus::Card::from_id(40).ok());
static_assert(mus::Card::from_id_unchecked(9).rank() == mus::Rank::rey);
static_assert(mus::Hand::from_ids(std::array<std::uint8_t, 4>{0, 1, 2, 3}.data()).ok());
static_assert(!mus::Hand::from_cards({}).ok());
static_assert(mus::Hand::from_cards_unchecked({}) == mus::Hand::from_cards_unchecked({}));
static_assert(mus::hand_letters(*kHand)[0] == 'K');
static_assert(mus::card_letters(mus::Card{})[1] == 'o');
static_assert(mus::errc_text(mus::Errc::parse).size() > 0);
static_assert(mus::Error{}.ok());
static_assert(mus::validate(mus::standard_rules()).ok());
static_assert(mus::rules_preset("basque").ok() && !mus::rules_preset("nope").ok());
static_assert(mus::royal31_name(mus::basque_rules().royal31).size() > 0);
static_assert(mus::mus_corrido_name(mus::online_rules().mus_corrido).size() > 0);
static_assert(mus::evaluate(*kHand, mus::standard_rules()).value > 0);
static_assert(mus::evaluate(*kHand, 4, mus::Royal31::jack777).value > 0);
static_assert(mus::real31(*mus::parse_hand("7o 7c 7e Jb"), 8, mus::Royal31::jack777_other_suits));
static_assert(mus::real31(*mus::parse_hand("7c 7e 7b Jo"), 8, mus::Royal31::jack_of_coins777));
static_assert(mus::count_rank(*kHand, mus::Rank::rey, 8) == 2);
static_assert(mus::named_hand(*kHand, 8) == mus::named_hand(*kHand, 8));
static_assert(mus::true_signals(*kHand, mus::standard_rules()) != 0 ||
              !mus::signal_true(mus::Signal{}, *kHand, mus::standard_rules()));
static_assert(mus::Action::bet(1, 2).amount == 2);
static_assert(mus::Action::signal(0, mus::Signal{}) == mus::Action::signal(0, mus::Signal{}));
static_assert(mus::team_of(3) == 1);
static_assert(mus::derive_seed(1, 2, 3) != mus::derive_seed(1, 2, 4));
static_assert(mus::BotConfig{}.kind == mus::BotKind::heuristic);
static_assert(mus::default_search_playouts > 0);
static_assert(mus::juego_totals_above(mus::evaluate(*mus::parse_hand("Ko Kc Jo 7o"), 8))[0] == 31);
static_assert(mus::Tip{}.action == mus::no_tip_action && mus::Tips{}.size == 0);
static_assert(mus::record_tag.size() == 12 && mus::RecordReader{}.version == -1);

constexpr int table_winner() {
  const mus::Rules r = mus::standard_rules();
  mus::TableEval t{};
  const std::array<std::string_view, 4> hands{"Ko Kc Ke Kb", "Ao Ac Ae Ab", "5o 6c 7e Jb",
                                              "4o 4c Qe Qb"};
  for (std::size_t s = 0; s < t.size(); ++s) t[s] = mus::evaluate(*mus::parse_hand(hands[s]), r);
  int sum = 0;
  for (const mus::Lance l : {mus::Lance::grande, mus::Lance::chica, mus::Lance::pares,
                             mus::Lance::juego, mus::Lance::punto}) {
    sum += mus::lance_winner(t, l, 1) + mus::hand_tantos(t[0], l);
    sum += mus::beats(t[0], t[1], l, true) ? 1 : 0;
  }
  return sum + static_cast<int>(mus::duel(t[0], t[1]));
}
static_assert(table_winner() >= 0);

constexpr bool actions_and_events() {
  const std::array<std::uint8_t, 3> order{1, 2, 3};
  const mus::Action shuffle = mus::Action::shuffle_order(order.data(), 3);
  mus::Events ev{};
  ev.push(mus::Event{});
  return ev.size == 1 && shuffle.amount == 3 && mus::Action::discard(2, 5U).cards == 5U;
}
static_assert(actions_and_events());

// ---- Run time ------------------------------------------------------------------------------

int check_text(std::string_view text) {
  int failures = 0;
  const mus::Result<mus::Hand> hand = mus::parse_hand(text);
  if (const mus::Error e = hand.error(); !e.ok()) return e.describe().empty() ? 2 : 1;
  const mus::Rules rules = mus::standard_rules();
  const mus::HandEval e = mus::evaluate(*hand, rules);
  failures += mus::pares_text(e).empty() ? 1 : 0;
  const auto signal = static_cast<mus::Signal>(e.value % mus::signal_count);
  failures += mus::signal_name(signal).empty() ? 1 : 0;
  failures += mus::signal_gesture(signal).empty() ? 1 : 0;
  failures += mus::named_hand_name(mus::named_hand(*hand, rules.kings)).empty() ? 1 : 0;
  failures += mus::to_string(*hand).size() == 11 ? 0 : 1;
  failures += mus::to_string((*hand)[0]).size() == 2 ? 0 : 1;
  failures += mus::format_rules(rules).empty() ? 1 : 0;
  failures += mus::parse_rules(text).ok() ? 0 : 1;
  return failures;
}

int play(std::uint64_t seed) {
  int failures = 0;
  const mus::Result<mus::State> m = mus::new_match(mus::standard_rules(), 0);
  if (!m) return 1;
  mus::Events events{};
  const mus::Result<mus::State> dealt = mus::apply(*m, mus::Action::shuffle_seed(seed), &events);
  if (!dealt.ok()) return 1;
  const mus::ActionList legal = mus::legal_actions(*dealt);
  for (std::size_t i = 0; i < legal.size; ++i) {
    const mus::Action& a = legal.items[i];
    failures += mus::action_kind_name(a.kind).empty() ? 1 : 0;
    failures += mus::action_to_text(a).empty() ? 1 : 0;
    failures += mus::apply(*dealt, a).ok() ? 0 : 1;
  }
  mus::State s = *dealt;
  if (mus::apply_in_place(s, mus::Action::mus(s.to_act)) != mus::Errc::ok) ++failures;
  const mus::SeatView v = mus::view_of(*dealt, 0);
  failures += mus::phase_name(v.phase).empty() ? 1 : 0;
  failures += mus::lance_name(v.lance).empty() ? 1 : 0;
  failures += mus::lance_status_name(v.lances[0].status).empty() ? 1 : 0;
  failures += mus::validate_state(*dealt) == mus::Errc::ok ? 0 : 1;
  failures += mus::hand_of(*dealt, 0).mask() != 0 ? 0 : 1;
  failures += mus::state_to_text(*dealt).size() == mus::state_text_length ? 0 : 1;
  failures += mus::state_from_text(mus::state_to_text(*dealt)).ok() ? 0 : 1;
  failures += mus::view_from_text(mus::view_to_text(v)).ok() ? 0 : 1;
  failures += mus::action_from_text("pass 1").ok() ? 0 : 1;
  failures += mus::min_bet(*dealt) <= mus::max_bet(*dealt) ? 0 : 1;
  failures += mus::cards_to_shuffle(*dealt) == 0 ? 0 : 1;
  std::array<std::uint8_t, 40> cards{};
  mus::seeded_order(cards.data(), static_cast<int>(cards.size()), seed);
  std::array<std::uint8_t, 16> hands{};
  for (std::size_t i = 0; i < hands.size(); ++i) hands[i] = static_cast<std::uint8_t>(i);
  failures += mus::stacked_deal(hands, 1).ok() ? 0 : 1;

  // Tips and records.
  const mus::Result<mus::Tips> tips = mus::tips(*dealt, dealt->to_act);
  failures += tips.ok() && tips->size <= mus::max_tips ? 0 : 1;
  for (std::size_t i = 0; tips.ok() && i < tips->size; ++i)
    failures += mus::tip_kind_name(tips->items[i].kind).empty() ? 1 : 0;
  mus::MatchRecord record;
  const std::array<mus::Action, 1> actions{mus::Action::shuffle_seed(seed)};
  failures += mus::record_match(mus::standard_rules(), 0, actions, true, record).ok() ? 0 : 1;
  mus::MatchRecord back;
  failures += mus::parse_record(mus::record_to_text(record), back).ok() ? 0 : 1;
  mus::State last;
  std::size_t told = 0;
  const mus::RecordError replayed =
      mus::replay(back, last, [&told](std::size_t, const mus::State&, const mus::Action&,
                                      const mus::Events&, const mus::State&) { ++told; });
  failures += replayed.ok() && told == 1 ? 0 : 1;
  failures += replayed.describe().empty() ? 0 : 1;

  // The C API's declarations come with mus.h (declared here, not called).
  failures += MUS_LANCE_STATUS_ORDAGO == static_cast<int>(mus::LanceStatus::ordago) ? 0 : 1;
  return failures;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string_view text = argc > 1 ? argv[1] : "Ko 3c Qe Ab";
  return check_text(text) + play(static_cast<std::uint64_t>(argc)) == 0 ? 0 : 1;
}
