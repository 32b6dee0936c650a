#include "tips.hpp"

#include <array>
#include <cstdio>

#include "text.hpp"

namespace muscli {

namespace {

using mus::TipKind;

// How a bet or answer reads at the table.
std::string bet_words(const Situation& sit, const mus::Action& a) {
  switch (a.kind) {
    case mus::ActionKind::pass: return "paso";
    case mus::ActionKind::bet:
      return sit.view.bet_open != 0 ? "envido " + std::to_string(a.amount) + " más"
                                    : "envido " + std::to_string(a.amount);
    case mus::ActionKind::ordago: return "órdago";
    case mus::ActionKind::accept: return "quiero";
    case mus::ActionKind::reject: return "no quiero";
    default: return std::string(mus::action_kind_name(a.kind));
  }
}

std::string signed_points(double p) {
  std::array<char, 32> buf{};
  std::snprintf(buf.data(), buf.size(), "%+.1f", p);
  return buf.data();
}

std::string score_words(const mus::Tip& t) {
  return "the score is " + std::to_string(t.score[0]) + "–" + std::to_string(t.score[1]) + ": ";
}

// What beats the tip's juego, best first, from the tip's own list.
std::vector<std::string> beaten_by(const mus::Tip& t) {
  std::vector<std::string> better;
  if (t.real31_beats) better.emplace_back("31 real");
  for (const std::uint8_t v : t.beaten_by)
    if (v != 0) better.push_back(std::to_string(v));
  return better;
}

}  // namespace

std::string tip_text(const Situation& sit, const mus::Tip& t) {
  const mus::HandEval& e = t.eval;
  const std::string amount = std::to_string(t.amount);
  switch (t.kind) {
    case TipKind::search_choice: {
      std::string tip = "the search bot plays " + bet_words(sit, t.action) + ": about " +
                        signed_points(t.points) + " points for your team to the end of the hand";
      if (t.other.kind != mus::no_tip_action.kind)
        tip += " (" + bet_words(sit, t.other) + " " + signed_points(t.other_points) + ")";
      return tip;
    }
    case TipKind::club_cut: return "a club player would cut here (no hay mus)";
    case TipKind::club_mus: return "a weak hand for a club player: ask for mus and discard";
    case TipKind::club_discard:
      return "a club player would throw " + cards_text(t.cards) +
             (t.cards == t.hand.mask() ? " (all four)"
                                       : " and keep " + cards_text(t.hand.mask() & ~t.cards));
    case TipKind::grande_kings:
      return "you hold " + std::to_string(t.count) + " kings: strong in grande";
    case TipKind::grande_no_king: return "no king: grande is not your lance";
    case TipKind::chica_aces: return "you hold " + std::to_string(t.count) + " aces: strong in chica";
    case TipKind::chica_no_ace: return "no ace: chica is not your lance";
    case TipKind::pares:
      return "you hold " + mus::pares_text(e) + ": " + std::to_string(t.count) +
             (t.count == 1 ? " tanto" : " tantos") + " if your team wins pares";
    case TipKind::juego: return "you hold " + juego_text(e) + ": " + standing_text(beaten_by(t));
    case TipKind::punto:
      if (e.value == 30) return "you hold punto 30: the best punto";
      return "you hold punto " + std::to_string(e.value) + " (30 is the best)";
    case TipKind::ciego: return "a ciego hand: no pares and no juego";
    case TipKind::hand: return "your hand: " + hand_summary(t.hand, sit.rules);
    case TipKind::partner_signal: return "your partner signalled " + signals_text(t.signals);
    case TipKind::opponent_signal:
      return seat_text(t.seat) + " (an opponent) signalled " + signals_text(t.signals);
    case TipKind::deje_wins_game:
      return score_words(t) + "a deje wins the game, so bet and make them accept";
    case TipKind::reject_loses_game: return score_words(t) + "no quiero gives them the game";
    case TipKind::raise_deje_wins:
      return score_words(t) + "raise, and if they refuse the deje of " + amount +
             " wins the game";
    case TipKind::they_need_little:
      return score_words(t) + "they need only " + amount + ", so an órdago costs you little";
    case TipKind::we_need_little:
      return score_words(t) + "you need only " + amount + ", no need to gamble on an órdago";
    case TipKind::perete: return "tío Perete: declaring it scores 1 point at once";
    case TipKind::lance_chance:
      return "from what you know, your team wins " +
             std::string(mus::lance_name(static_cast<mus::Lance>(t.lance))) + " about " +
             std::to_string(t.count) + "% of the time";
    case TipKind::none: break;
  }
  return "";
}

std::vector<std::string> tips_for(const Situation& sit) {
  const mus::Tips tips = mus::tips(sit);
  std::vector<std::string> out;
  for (std::size_t i = 0; i < tips.size; ++i) out.push_back(tip_text(sit, tips.items[i]));
  return out;
}

}  // namespace muscli
