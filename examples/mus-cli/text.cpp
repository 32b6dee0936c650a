#include "text.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdio>
#include <limits>
#include <vector>

namespace muscli {

std::string seat_text(int seat) { return "seat " + std::to_string(seat); }

std::string team_text(int team) {
  return "team " + std::to_string(team) + " (seats " + std::to_string(team) + " & " +
         std::to_string(team + 2) + ")";
}

std::string points_text(int points) {
  const int amarracos = points / 5;
  const int rest = points % 5;
  std::string out = std::to_string(points);
  if (amarracos == 0) return out;
  out += " (" + std::to_string(amarracos) + (amarracos == 1 ? " amarraco" : " amarracos");
  if (rest != 0) out += " + " + std::to_string(rest);
  return out + ")";
}

std::string grouped(long long n) {
  std::string digits = std::to_string(n < 0 ? -n : n);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i != 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return n < 0 ? "-" + out : out;
}

std::string percent(double fraction) {
  std::array<char, 32> buf{};
  std::snprintf(buf.data(), buf.size(), "%.1f%%", fraction * 100.0);
  return buf.data();
}

std::string ranks_text(const mus::HandEval& e, bool low_first) {
  constexpr std::array<int, 4> place{1000, 100, 10, 1};  // the highest rank is the first digit
  std::string out;
  for (int i = 0; i < mus::hand_size; ++i) {
    if (!out.empty()) out += ' ';
    const int p = place[static_cast<std::size_t>(low_first ? mus::hand_size - 1 - i : i)];
    out += mus::rank_letter(static_cast<mus::Rank>(e.grande / p % 10));
  }
  return out;
}

std::string juego_text(const mus::HandEval& e) {
  if (mus::is_real31(e)) return "31 real";
  if (mus::has_juego(e)) return e.value == 31 ? "31" : "juego " + std::to_string(e.value);
  return "punto " + std::to_string(e.value);
}

std::string hand_summary(const mus::Hand& h, const mus::Rules& r) {
  const mus::HandEval e = mus::evaluate(h, r);
  std::string out = ranks_text(e) + " · " + mus::pares_text(e) + " · " + juego_text(e);
  const mus::NamedHand n = mus::named_hand(h, r.kings);
  if (n != mus::NamedHand::none) out += " · " + std::string(mus::named_hand_name(n));
  return out;
}

std::string lance_hand_text(const mus::HandEval& e, mus::Lance l) {
  switch (l) {
    case mus::Lance::grande: return ranks_text(e);
    case mus::Lance::chica: return ranks_text(e, true);
    case mus::Lance::pares: return mus::pares_text(e);
    case mus::Lance::juego:
    case mus::Lance::punto: return juego_text(e);
  }
  return "?";
}

std::string_view lance_title(mus::Lance l) {
  constexpr std::array<std::string_view, 5> titles{"Grande", "Chica", "Pares", "Juego", "Punto"};
  const auto i = static_cast<std::size_t>(l);
  return i < titles.size() ? titles[i] : std::string_view{"?"};
}

std::string_view signal_title(mus::Signal s) {
  // In the order of the catalogue (mus::Signal), checked by the size.
  constexpr std::array<std::string_view, 15> titles{
      "two kings", "three kings", "two aces", "three aces", "pareja",
      "medias",    "duples",      "juego 31", "punto 30",   "punto 29",
      "punto 28",  "ciego",       "31 real",  "solomillo",  "need mus"};
  static_assert(titles.size() == mus::signal_count, "one title per signal of the catalogue");
  const auto i = static_cast<std::size_t>(s);
  return i < titles.size() ? titles[i] : std::string_view{"?"};
}

std::string signals_text(std::uint16_t mask, bool gestures) {
  std::string out;
  for (int k = 0; k < mus::signal_count; ++k) {
    if (((mask >> k) & 1U) == 0) continue;
    if (!out.empty()) out += ", ";
    const auto s = static_cast<mus::Signal>(k);
    out += signal_title(s);
    if (gestures) out += " (" + std::string(mus::signal_gesture(s)) + ")";
  }
  return out;
}

std::uint16_t allowed_true_signals(const mus::Hand& h, const mus::Rules& r) {
  return static_cast<std::uint16_t>(mus::true_signals(h, r) & mus::signal_set_mask(r.signals));
}

std::vector<std::string> juego_beaters(const mus::HandEval& e, const mus::Rules& r) {
  std::vector<std::string> better;
  if (!mus::has_juego(e)) return better;
  if (r.royal31 != mus::Royal31::off && !mus::is_real31(e)) better.emplace_back("31 real");
  // The juego totals stronger than this one, strongest first, in the library's juego order.
  for (const std::uint8_t v : mus::juego_totals_above(e))
    if (v != 0) better.push_back(std::to_string(v));
  return better;
}

std::string standing_text(const std::vector<std::string>& better) {
  if (better.empty()) return "the best juego";
  if (better.size() == 1) return "only " + better[0] + " beats it";
  std::string out;
  for (std::size_t i = 0; i < better.size(); ++i) {
    if (i > 0) out += i + 1 == better.size() ? " and " : ", ";
    out += better[i];
  }
  return out + " beat it";
}

std::string juego_standing(const mus::HandEval& e, const mus::Rules& r) {
  return mus::has_juego(e) ? standing_text(juego_beaters(e, r)) : "";
}

std::string refusal_text(const mus::Error& e) {
  std::string out = e.describe();
  const std::string_view code_text = mus::errc_text(e.code);
  if (!e.message.empty() && e.message != code_text)
    out += " (" + std::string(code_text.substr(0, code_text.find(':'))) + ")";
  return out;
}

std::string cards_text(std::uint64_t mask) {
  std::string out;
  for (int id = 0; id < mus::deck_size; ++id) {
    if (((mask >> id) & 1U) == 0) continue;
    if (!out.empty()) out += ' ';
    out += mus::to_string(mus::Card::from_id_unchecked(static_cast<std::uint8_t>(id)));
  }
  return out;
}

std::string card_id_text(std::uint8_t id) {
  if (id >= mus::deck_size) return "??";
  return mus::to_string(mus::Card::from_id_unchecked(id));
}

int parse_signal(std::string_view name) {
  for (int k = 0; k < mus::signal_count; ++k)
    if (mus::signal_name(static_cast<mus::Signal>(k)) == name) return k;
  return -1;
}

bool parse_uint(std::string_view text, std::uint64_t& out) {
  if (text.empty()) return false;
  const auto* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, out);
  return ec == std::errc{} && ptr == end;
}

bool parse_int_in(std::string_view text, int lo, int hi, int& out) {
  std::uint64_t v = 0;
  if (!text.empty() && text.front() == '-') return false;
  if (!parse_uint(text, v) || v > static_cast<std::uint64_t>(std::numeric_limits<int>::max()))
    return false;
  const int n = static_cast<int>(v);
  if (n < lo || n > hi) return false;
  out = n;
  return true;
}

}  // namespace muscli
