#include "printer.hpp"

#include <cstddef>

#include "text.hpp"

namespace muscli {

namespace {

using mus::EventKind;
using mus::Lance;
using mus::LanceStatus;

std::string rules_description(const mus::Rules& r) {
  std::string out = std::to_string(r.kings) + " kings, games to " + std::to_string(r.target) +
                    ", " + std::to_string(r.games_per_vaca) +
                    (r.games_per_vaca == 1 ? " game wins" : " games win") + " a vaca, " +
                    std::to_string(r.vacas) + (r.vacas == 1 ? " vaca wins" : " vacas win") +
                    " the match";
  out +=
      r.deje_ends ? ", a deje ends the game at once" : ", dejes are checked at the end of the hand";
  if (r.mus_corrido != mus::MusCorrido::off) out += ", mus corrido";
  if (r.tio_perete) out += ", tío Perete";
  if (r.royal31 != mus::Royal31::off)
    out += ", 31 real (" + std::string(mus::royal31_name(r.royal31)) + ")";
  if (r.zero_discard) out += ", servido allowed";
  if (r.answers == mus::Answers::proposal) out += ", team answers by proposal";
  return out;
}

std::uint64_t mask_of(const std::array<std::uint8_t, 16>& hands, int seat) {
  std::uint64_t m = 0;
  for (int i = 0; i < mus::hand_size; ++i) {
    const std::uint8_t id = hands[static_cast<std::size_t>(seat * 4 + i)];
    if (id < mus::deck_size) m |= std::uint64_t{1} << id;
  }
  return m;
}

// The cards of `mask` that a seat holds, in the order of its hand, so that a person sees which
// card went where: "Kb Qc" for a discard of the first two cards of "Kb Qc 5o 7e".
std::string cards_in_hand_order(const std::array<std::uint8_t, 16>& hands, int seat,
                                std::uint64_t mask) {
  std::string out;
  for (int i = 0; i < mus::hand_size; ++i) {
    const std::uint8_t id = hands[static_cast<std::size_t>(seat * 4 + i)];
    if (id >= mus::deck_size || ((mask >> id) & 1U) == 0) continue;
    if (!out.empty()) out += ' ';
    out += card_id_text(id);
  }
  return out;
}

bool complete(const std::array<std::uint8_t, 16>& hands) {
  for (const std::uint8_t id : hands)
    if (id >= mus::deck_size) return false;
  return true;
}

mus::Hand hand_from(const std::array<std::uint8_t, 16>& hands, int seat) {
  std::array<mus::Card, 4> cards{};
  for (int i = 0; i < mus::hand_size; ++i)
    cards[static_cast<std::size_t>(i)] =
        mus::Card::from_id_unchecked(hands[static_cast<std::size_t>(seat * 4 + i)]);
  return mus::Hand::from_cards_unchecked(cards);
}

std::string pad(std::string s, std::size_t width) {
  // Pads by characters, not bytes, so accented words line up too.
  std::size_t chars = 0;
  for (const char c : s) chars += (static_cast<unsigned char>(c) & 0xC0) != 0x80 ? 1 : 0;
  if (chars < width) s.append(width - chars, ' ');
  return s;
}

std::string_view lance_word(Lance l) {
  return mus::lance_name(l);  // "grande", "chica", ...
}

}  // namespace

std::string Printer::label(int seat) const {
  if (opt_.viewer >= 0 && seat == opt_.viewer) return "you";
  return seat_text(seat);
}

std::string Printer::says(int seat, std::string_view verb, std::string_view you_verb) const {
  return label(seat) + " " + std::string(opt_.viewer >= 0 && seat == opt_.viewer ? you_verb : verb);
}

void Printer::line(const std::string& text) {
  flush();
  out_ << text << '\n';
}

void Printer::flush() {
  if (group_ == Group::none) return;
  if (items_ > 0) out_ << pending_ << '\n';  // a lance title alone waits for its first item
  pending_.clear();
  group_ = Group::none;
  items_ = 0;
}

void Printer::item(Group g, const std::string& prefix, const std::string& text) {
  if (group_ != g) {
    flush();
    group_ = g;
    pending_ = prefix;
    items_ = 0;
  }
  pending_ += items_ == 0 ? " " : " · ";
  pending_ += text;
  ++items_;
}

std::string Printer::hand_line(int seat, bool show) const {
  if (!show) return "?? ?? ?? ??";
  const mus::Hand h = hand_from(hands_, seat);
  return mus::to_string(h) + "   " + hand_summary(h, rules_);
}

void Printer::on_begin(const mus::State& initial) {
  rules_ = initial.rules;
  if (opt_.quiet) return;
  line("Mus match · rules: " + mus::format_rules(initial.rules) + " (" +
       rules_description(initial.rules) + ")");
  line("Teams: " + team_text(0) + " against " + team_text(1) +
       " · first dealer: " + seat_text(initial.dealer));
}

void Printer::on_step(const mus::State& before, const mus::Action& action,
                      const mus::Events& events, const mus::State& after) {
  if (complete(before.deck.hands)) hands_ = before.deck.hands;
  // A hand ended: the cards it showed are public, read from a seat's view (R28a).
  if (after.last.number != before.last.number)
    shown_ = mus::view_of(after, opt_.viewer >= 0 ? opt_.viewer : 0).last.shown;
  for (std::size_t i = 0; i < events.size; ++i) event(before, action, events.items[i], after);
  if (after.last.number != before.last.number) {
    bool vaca = false;
    for (std::size_t i = 0; i < events.size; ++i)
      vaca = vaca || events.items[i].kind == EventKind::vaca;
    hand_end(after, vaca);
  }
}

void Printer::event(const mus::State& before, const mus::Action& action, const mus::Event& e,
                    const mus::State& after) {
  const int seat = e.seat;
  const auto lance = static_cast<Lance>(e.lance < 0 ? 0 : e.lance);
  if (opt_.quiet) return;
  switch (e.kind) {
    case EventKind::deal: deal(e, after); break;
    case EventKind::refill:
      line("  The stock is short: the " + std::to_string(e.amount) +
           " discarded cards are shuffled and put under it.");
      break;
    case EventKind::mus: item(Group::mus, "  Mus?", label(seat) + " mus"); break;
    case EventKind::cut:
      item(Group::mus, "  Mus?", label(seat) + " no hay mus");
      flush();
      if (before.corrido_open())
        line("  Mus corrido: " + says(seat, "cut", "cut") + " first, so " +
             says(e.value, "is", "are") + " mano and " + label((e.value + 3) % mus::seats) +
             " the dealer.");
      break;
    case EventKind::discard: {
      std::string text = label(seat) + " ";
      if (e.amount == 0) {
        text += "servido (keeps all four)";
      } else if (visible(seat)) {
        text += cards_in_hand_order(before.deck.hands, seat, action.cards);
      } else {
        text += std::to_string(e.amount) + (e.amount == 1 ? " card" : " cards");
      }
      item(Group::discard, "  Discards:", text);
      break;
    }
    case EventKind::replace: replace(e, before, after); break;
    case EventKind::perete:
      line("  " + says(seat, "declares", "declare") + " tío Perete (4 5 6 7): team " +
           std::to_string(e.team) + " scores 1.");
      break;
    case EventKind::signal:
      line("  " + says(seat, "signals", "signal") + " " +
           std::string(signal_title(static_cast<mus::Signal>(e.value))) + " to " +
           label(partner_of(seat)) + " (" +
           std::string(mus::signal_gesture(static_cast<mus::Signal>(e.value))) + ")");
      break;
    case EventKind::declare_pares:
    case EventKind::declare_juego:
      item(Group::declare, e.kind == EventKind::declare_pares ? "  Pares?" : "  Juego?",
           label(seat) + (e.value != 0 ? " sí" : " no"));
      break;
    case EventKind::lance_start: {
      const auto status = static_cast<LanceStatus>(e.value);
      const std::string title(lance_title(lance));
      if (status == LanceStatus::skipped) {
        line("  " + title + ": nobody has " + std::string(lance_word(lance)) + ", not played.");
      } else if (status == LanceStatus::one_team) {
        line("  " + title + ": only team " + std::to_string(e.team) + " has " +
             std::string(lance_word(lance)) + ", no betting; they collect at the count.");
      } else {
        flush();
        group_ = Group::betting;
        pending_ = "  " + title + ":";
        items_ = 0;
      }
      break;
    }
    case EventKind::pass:
      if (e.lance < 0) {
        line("  " + says(seat, "does", "do") + " not declare tío Perete.");
      } else {
        item(Group::betting, "  " + std::string(lance_title(lance)) + ":", label(seat) + " paso");
      }
      break;
    case EventKind::propose: {  // R25a: the partner decides next
      std::string text = says(seat, "proposes", "propose") + " ";
      const auto kind = static_cast<mus::ActionKind>(e.value);
      if (kind == mus::ActionKind::bet)
        text += "envido " + std::to_string(e.amount) + " más";
      else
        text += kind == mus::ActionKind::accept ? "quiero" : "no quiero";
      item(Group::betting, "  " + std::string(lance_title(lance)) + ":", text);
      break;
    }
    case EventKind::agree: agreed_ = seat; break;  // told with the team's answer that follows
    case EventKind::bet: {
      // R25a: an agreed raise, or the partner's own raise instead of the proposal.
      const bool agreed = agreed_ >= 0;
      const bool instead = !agreed && before.bet.proposal != 0;
      std::string text = agreed    ? says(agreed_, "agrees", "agree") + ":"
                         : instead ? says(seat, "raises", "raise") + " instead:"
                                   : label(seat);
      text += " envido " + std::to_string(e.amount);
      if (e.value != e.amount) text += " más (" + std::to_string(e.value) + ")";
      agreed_ = -1;
      item(Group::betting, "  " + std::string(lance_title(lance)) + ":", text);
      break;
    }
    case EventKind::ordago:
      item(Group::betting, "  " + std::string(lance_title(lance)) + ":",
           label(seat) + " órdago" + (before.bet.proposal != 0 ? " instead" : ""));
      break;
    case EventKind::accept: {
      const bool agreed = agreed_ >= 0;
      const std::string who = agreed ? says(agreed_, "agrees", "agree")
                              : before.bet.proposal != 0
                                  ? says(seat, "accepts", "accept") + " instead: quiero"
                                  : label(seat) + " quiero";
      agreed_ = -1;
      item(Group::betting, "  " + std::string(lance_title(lance)) + ":",
           who + (e.value > 0 ? " (" + std::to_string(e.value) + ")" : ""));
      if (e.value > 0) flush();
      break;
    }
    case EventKind::reject:
      item(Group::betting, "  " + std::string(lance_title(lance)) + ":",
           agreed_ >= 0 ? says(agreed_, "agrees", "agree") : label(seat) + " no quiero");
      agreed_ = -1;
      break;
    case EventKind::deje:
      item(Group::betting, "  " + std::string(lance_title(lance)) + ":",
           "deje: team " + std::to_string(e.team) + " scores " + std::to_string(e.amount) +
               " now (" +
               points_text(before.scores.points[static_cast<std::size_t>(e.team)] + e.amount) +
               ")");
      flush();
      break;
    case EventKind::en_paso:
      item(Group::betting, "  " + std::string(lance_title(lance)) + ":", "en paso");
      flush();
      break;
    case EventKind::showdown: showdown(e, before.mano); break;
    case EventKind::count:
    case EventKind::game:
    case EventKind::vaca:
    case EventKind::match: break;  // told by hand_end() from state.last, in the count's order
  }
}

void Printer::deal(const mus::Event& e, const mus::State& after) {
  hands_ = after.deck.hands;
  const int dealer = e.seat;
  const int mano = e.value;
  line("");
  line("Hand " + std::to_string(e.amount) + " · game " + std::to_string(game_) + " · dealer " +
       label(dealer) + " · mano " + label(mano));
  line("  Score: team 0 " + points_text(after.scores.points[0]) + " · team 1 " +
       points_text(after.scores.points[1]) + " · games " + std::to_string(games_[0]) + "–" +
       std::to_string(games_[1]) +
       (rules_.vacas > 1 ? " · vacas " + std::to_string(vacas_[0]) + "–" + std::to_string(vacas_[1])
                         : ""));
  if (after.corrido_open())
    line("  Mus corrido: the first to cut becomes mano; no signals this hand.");
  for (int k = 0; k < mus::seats; ++k) {
    const int seat = (mano + k) % mus::seats;
    std::string tags;
    if (k == 0) tags = "mano";
    if (k == 3) tags = "postre";
    if (opt_.viewer >= 0 && seat == partner_of(opt_.viewer))
      tags += tags.empty() ? "partner" : ", partner";
    const std::string name = label(seat) + (tags.empty() ? "" : " (" + tags + ")");
    line("    " + pad(name, 26) + hand_line(seat, visible(seat)));
  }
}

void Printer::replace(const mus::Event& e, const mus::State& before, const mus::State& after) {
  const int seat = e.seat;
  if (complete(after.deck.hands)) hands_ = after.deck.hands;
  if (!visible(seat)) {
    line("    " + says(seat, "draws", "draw") + " " + std::to_string(e.amount));
    return;
  }
  const std::uint64_t fresh = mask_of(after.deck.hands, seat) & ~mask_of(before.deck.hands, seat);
  const mus::Hand h = hand_from(after.deck.hands, seat);
  line("    " +
       pad(says(seat, "draws", "draw") + " " +
               (fresh == 0 ? std::string("nothing")
                           : cards_in_hand_order(after.deck.hands, seat, fresh)),
           26) +
       mus::to_string(h) + "   " + hand_summary(h, rules_));
}

void Printer::showdown(const mus::Event& e, int mano) {
  const auto lance = static_cast<Lance>(e.lance);
  line("  Órdago accepted in " + std::string(lance_word(lance)) + ": the cards are shown.");
  for (int k = 0; k < mus::seats; ++k) {
    const int seat = (mano + k) % mus::seats;
    const mus::HandEval ev = mus::evaluate(hand_from(shown_, seat), rules_);
    if (!mus::plays_lance(ev, lance)) continue;
    line("    " + pad(label(seat), 10) + mus::to_string(hand_from(shown_, seat)) + "   " +
         lance_hand_text(ev, lance));
  }
  line("  " + says(e.seat, "wins", "win") + " " + std::string(lance_word(lance)) + ": team " +
       std::to_string(e.team) + " wins the game.");
}

std::string Printer::count_reason(const mus::LanceRecord& r) const {
  const bool tantos_lance = r.lance == Lance::pares || r.lance == Lance::juego;
  const std::string extra = tantos_lance              ? "tantos " + std::to_string(r.tantos)
                            : r.lance == Lance::punto ? std::string("1 for punto")
                                                      : std::string();
  std::string out;
  switch (r.status) {
    case LanceStatus::accepted:
      out = "quiero " + std::to_string(r.stake) + (extra.empty() ? "" : " + " + extra);
      break;
    case LanceStatus::en_paso:
      out = "en paso: " + (extra.empty() ? std::string("1") : extra);
      break;
    case LanceStatus::refused:
      out = "no quiero, its deje of " + std::to_string(r.stake) + " already scored";
      if (!extra.empty()) out += "; " + extra;
      break;
    case LanceStatus::one_team:
      out = "only team " + std::to_string(r.winner_team) + " has " +
            std::string(lance_word(r.lance)) + ": " + extra;
      break;
    default: out = std::string(mus::lance_status_name(r.status)); break;
  }
  if (r.winner_seat >= 0) {
    const mus::HandEval ev = mus::evaluate(hand_from(shown_, r.winner_seat), rules_);
    out += " · " + says(r.winner_seat, "wins", "win") + " with " + lance_hand_text(ev, r.lance);
  }
  if (tantos_lance && r.winner_team >= 0) {
    std::string who;
    for (const int seat : {static_cast<int>(r.winner_team), r.winner_team + 2}) {
      const mus::HandEval ev = mus::evaluate(hand_from(shown_, seat), rules_);
      const int t = mus::hand_tantos(ev, r.lance);
      if (t == 0) continue;
      if (!who.empty()) who += ", ";
      who += label(seat) + " " + lance_hand_text(ev, r.lance) + " = " + std::to_string(t);
    }
    if (!who.empty()) out += " · tantos: " + who;
  }
  return out;
}

void Printer::count(const mus::HandSummary& h) {
  line("  Count, cards shown:");
  for (int k = 0; k < mus::seats; ++k) {
    const int seat = (h.mano + k) % mus::seats;
    const mus::Hand shown = hand_from(h.shown, seat);
    line("    " + pad(label(seat), 10) + mus::to_string(shown) + "   " +
         hand_summary(shown, rules_));
  }
  for (const mus::LanceRecord& r : h.lances) {
    const std::string title = pad(std::string(lance_title(r.lance)), 8);
    if (r.status == LanceStatus::skipped) {
      line("    " + title + "not played");
    } else if (r.counted == 0) {
      line("    " + title + "not counted: the game was already won");
    } else {
      line("    " + title +
           pad("team " + std::to_string(r.winner_team) + " +" + std::to_string(r.points), 11) +
           count_reason(r));
    }
  }
}

void Printer::score_line(const std::array<std::int16_t, 2>& score) {
  line("  Score: team 0 " + points_text(score[0]) + " · team 1 " + points_text(score[1]));
}

void Printer::hand_end(const mus::State& after, bool vaca) {
  // The public record of the hand, as a seat's view holds it (with the showdown, R28a).
  const mus::HandSummary h = mus::view_of(after, opt_.viewer >= 0 ? opt_.viewer : 0).last;
  ++hands_played_;
  const int game_winner = h.game_winner;
  if (opt_.quiet) {
    std::string text = "Hand " + std::to_string(h.number) + " (dealer " + label(h.dealer) +
                       "): team 0 +" + std::to_string(h.score_after[0] - h.score_before[0]) +
                       ", team 1 +" + std::to_string(h.score_after[1] - h.score_before[1]) +
                       " → score " + points_text(h.score_after[0]) + " – " +
                       points_text(h.score_after[1]);
    if (h.end == mus::HandEnd::ordago)
      for (const mus::LanceRecord& r : h.lances)
        if (r.status == LanceStatus::ordago)
          text += " · órdago in " + std::string(lance_word(r.lance)) + " won by team " +
                  std::to_string(r.winner_team);
    line(text);
  } else {
    flush();
    switch (h.end) {
      case mus::HandEnd::count: count(h); break;
      case mus::HandEnd::deje:
        if (rules_.deje_ends) {
          line("  That takes team " + std::to_string(game_winner) + " to " +
               std::to_string(h.score_after[static_cast<std::size_t>(game_winner)]) +
               ": the game ends at once, no count.");
        } else {
          line("  Team " + std::to_string(game_winner) +
               " reached the target with a deje during the hand: it wins the game, no count.");
        }
        break;
      case mus::HandEnd::ordago:
      case mus::HandEnd::none: break;
    }
    score_line(h.score_after);
  }
  if (game_winner >= 0) {
    const auto w = static_cast<std::size_t>(game_winner);
    ++games_[w];
    std::string text =
        "Team " + std::to_string(game_winner) + " wins game " + std::to_string(game_);
    if (h.end == mus::HandEnd::ordago) {
      text += " with the órdago";
    } else {
      text +=
          ", " + std::to_string(h.score_after[w]) + " to " + std::to_string(h.score_after[1 - w]);
    }
    text += ". Games: " + std::to_string(games_[0]) + "–" + std::to_string(games_[1]) + ".";
    if (vaca) {
      ++vacas_[w];
      text += " Team " + std::to_string(game_winner) + " wins the vaca";
      if (rules_.vacas > 1)
        text += " (vacas " + std::to_string(vacas_[0]) + "–" + std::to_string(vacas_[1]) + ")";
      text += ".";
      games_ = {};
    }
    line(opt_.quiet ? text : "  " + text);
    ++game_;
  }
}

void Printer::on_end(const mus::State& last, bool finished) {
  flush();
  if (!opt_.quiet) line("");
  if (finished && last.scores.match_winner >= 0) {
    line("Match over after " + std::to_string(last.hand_number) +
         " hands: " + team_text(last.scores.match_winner) + " wins the match.");
  } else {
    line("The match stopped after " + std::to_string(hands_played_) +
         (hands_played_ == 1 ? " hand" : " hands") + ", unfinished.");
  }
}

}  // namespace muscli
