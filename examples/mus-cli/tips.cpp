#include "tips.hpp"

#include <array>
#include <cmath>
#include <cstdio>

#include "text.hpp"

namespace muscli {

namespace {

using mus::Lance;

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

// The search bot's preferred bet or answer with its estimate, and the runner-up's.
std::string search_tip(const Situation& sit) {
  const auto est = mus::bot_evaluate(sit, mus::BotConfig{mus::BotKind::search, 0, 0},
                                     sit.hand.mask() ^ sit.view.hand_number);
  if (!est || est->size == 0) return "";
  const mus::ActionEstimate& best = est->items[0];
  std::string tip = "the search bot plays " + bet_words(sit, best.action) + ": about " +
                    signed_points(best.points) + " points for your team to the end of the hand";
  if (est->size > 1)
    tip += " (" + bet_words(sit, est->items[1].action) + " " + signed_points(est->items[1].points) +
           ")";
  return tip;
}

std::string score_pair(const Situation& sit) {
  const int us = mus::team_of(sit.seat);
  return std::to_string(sit.view.score[static_cast<std::size_t>(us)]) + "–" +
         std::to_string(sit.view.score[static_cast<std::size_t>(1 - us)]);
}

// A tip about the hand for one lance, or "" when there is nothing worth saying.
std::string hand_tip(const Situation& sit, Lance l) {
  const mus::HandEval& e = sit.eval;
  const int kings = sit.rules.kings;
  const int k = mus::count_rank(sit.hand, mus::Rank::rey, kings);
  const int a = mus::count_rank(sit.hand, mus::Rank::ace, kings);
  switch (l) {
    case Lance::grande:
      if (k >= 2) return "you hold " + std::to_string(k) + " kings: strong in grande";
      if (k == 0) return "no king: grande is not your lance";
      return "";
    case Lance::chica:
      if (a >= 2) return "you hold " + std::to_string(a) + " aces: strong in chica";
      if (a == 0) return "no ace: chica is not your lance";
      return "";
    case Lance::pares:
      if (!mus::has_pares(e)) return "you have no pares";
      return "you hold " + mus::pares_text(e) + ": " + std::to_string(mus::pares_tantos(e)) +
             (mus::pares_tantos(e) == 1 ? " tanto" : " tantos") + " if your team wins pares";
    case Lance::juego:
      if (mus::has_juego(e))
        return "you hold " + juego_text(e) + ": " + juego_standing(e, sit.rules);
      return "you have no juego";
    case Lance::punto:
      if (e.value == 30) return "you hold punto 30: the best punto";
      return "you hold punto " + std::to_string(e.value) + " (30 is the best)";
  }
  return "";
}

// The most telling feature of the hand, for the mus and discard phases.
std::string headline(const Situation& sit) {
  const mus::HandEval& e = sit.eval;
  if (mus::has_juego(e) && e.value <= 32) return hand_tip(sit, Lance::juego);
  if (mus::pares_kind(e) >= mus::ParesKind::medias) return hand_tip(sit, Lance::pares);
  const std::string g = hand_tip(sit, Lance::grande);
  if (g.rfind("you hold", 0) == 0) return g;
  const std::string c = hand_tip(sit, Lance::chica);
  if (c.rfind("you hold", 0) == 0) return c;
  if (!mus::has_pares(e) && !mus::has_juego(e)) return "a ciego hand: no pares and no juego";
  return "your hand: " + hand_summary(sit.hand, sit.rules);
}

std::string signals_tip(const Situation& sit) {
  const int partner = partner_of(sit.seat);
  const std::uint16_t said = sit.view.signals[static_cast<std::size_t>(partner)];
  if (said != 0) return "your partner signalled " + signals_text(said);
  for (const int opp : {(sit.seat + 1) % mus::seats, (sit.seat + 3) % mus::seats}) {
    const std::uint16_t theirs = sit.view.signals[static_cast<std::size_t>(opp)];
    if (theirs != 0) return seat_text(opp) + " (an opponent) signalled " + signals_text(theirs);
  }
  return "";
}

std::string score_tip(const Situation& sit) {
  const mus::SeatView& v = sit.view;
  const int us = mus::team_of(sit.seat);
  const int need_us = sit.rules.target - v.score[static_cast<std::size_t>(us)];
  const int need_them = sit.rules.target - v.score[static_cast<std::size_t>(1 - us)];
  const bool their_bet = v.bet_open != 0 && v.bet_team != us;
  if (v.bet_open == 0 && sit.rules.deje_ends && need_us <= 1 && sit.min_bet > 0)
    return "the score is " + score_pair(sit) +
           ": a deje wins the game, so bet and make them accept";
  if (their_bet && sit.rules.deje_ends && v.stake_before >= need_them)
    return "the score is " + score_pair(sit) + ": no quiero gives them the game";
  if (their_bet && sit.rules.deje_ends && sit.min_bet > 0 && v.proposed >= need_us)
    return "the score is " + score_pair(sit) + ": raise, and if they refuse the deje of " +
           std::to_string(v.proposed) + " wins the game";
  if (need_them <= 5)
    return "the score is " + score_pair(sit) + ": they need only " + std::to_string(need_them) +
           ", so an órdago costs you little";
  if (need_us <= 5)
    return "the score is " + score_pair(sit) + ": you need only " + std::to_string(need_us) +
           ", no need to gamble on an órdago";
  return "";
}

}  // namespace

std::vector<std::string> tips_for(const Situation& sit) {
  std::vector<std::string> cand;
  if (!sit.complete) return cand;
  switch (sit.view.phase) {
    case mus::Phase::mus:
      cand.push_back(headline(sit));
      cand.push_back(mus::strong_enough_to_cut(sit)
                         ? "a club player would cut here (no hay mus)"
                         : "a weak hand for a club player: ask for mus and discard");
      cand.push_back(signals_tip(sit));
      break;
    case mus::Phase::discard: {
      // The same advice for the same hand: the draws are seeded by the cards.
      const std::uint64_t throw_away = mus::suggested_discard(sit, sit.hand.mask(), 64);
      cand.push_back("a club player would throw " + cards_text(throw_away) +
                     (throw_away == sit.hand.mask()
                          ? " (all four)"
                          : " and keep " + cards_text(sit.hand.mask() & ~throw_away)));
      cand.push_back(headline(sit));
      cand.push_back(signals_tip(sit));
      break;
    }
    case mus::Phase::perete:
      cand.push_back("tío Perete: declaring it scores 1 point at once");
      break;
    case mus::Phase::betting: {
      const Lance l = sit.view.lance;
      cand.push_back(search_tip(sit));
      cand.push_back(score_tip(sit));
      cand.push_back(hand_tip(sit, l));
      cand.push_back(signals_tip(sit));
      const double p = mus::lance_chance(sit, l);
      cand.push_back("from what you know, your team wins " + std::string(mus::lance_name(l)) +
                     " about " + std::to_string(static_cast<int>(std::lround(p * 100))) +
                     "% of the time");
      break;
    }
    default: break;
  }
  std::vector<std::string> out;
  for (std::string& c : cand)
    if (!c.empty() && out.size() < 3) out.push_back(std::move(c));
  return out;
}

}  // namespace muscli
