// The C API of mus.h, bots part: mus_bot_config_default, the levels (mus_bot_config_level,
// mus_level_name, mus_level_display_name, mus_level_parse), mus_bot_choose, mus_bot_evaluate
// and mus_bot_playouts over the C++ bots of mus/bots.hpp.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "capi_internal.hpp"
#include "mus/bots.hpp"
#include "mus/mus.h"

namespace capi = mus::capi;

namespace {

static_assert(static_cast<int>(mus::BotKind::random) == MUS_BOT_RANDOM &&
              static_cast<int>(mus::BotKind::heuristic) == MUS_BOT_HEURISTIC &&
              static_cast<int>(mus::BotKind::search) == MUS_BOT_SEARCH &&
              static_cast<int>(mus::BotKind::tight) == MUS_BOT_TIGHT &&
              static_cast<int>(mus::BotKind::loose) == MUS_BOT_LOOSE &&
              static_cast<int>(mus::BotKind::station) == MUS_BOT_STATION &&
              static_cast<int>(mus::BotKind::ordago) == MUS_BOT_ORDAGO &&
              static_cast<int>(mus::BotKind::careful) == MUS_BOT_CAREFUL &&
              static_cast<int>(mus::BotKind::exploiter) == MUS_BOT_EXPLOITER &&
              static_cast<int>(mus::BotKind::beginner) == MUS_BOT_BEGINNER &&
              static_cast<int>(mus::BotKind::amateur) == MUS_BOT_AMATEUR &&
              static_cast<int>(mus::BotKind::expert) == MUS_BOT_EXPERT);
static_assert(static_cast<int>(mus::Level::beginner) == MUS_LEVEL_BEGINNER &&
              static_cast<int>(mus::Level::amateur) == MUS_LEVEL_AMATEUR &&
              static_cast<int>(mus::Level::club) == MUS_LEVEL_CLUB &&
              static_cast<int>(mus::Level::strong) == MUS_LEVEL_STRONG &&
              static_cast<int>(mus::Level::expert) == MUS_LEVEL_EXPERT &&
              mus::levels.size() == MUS_LEVELS);

// Whether a C kind is one of the MUS_BOT_* constants (the library's kinds, numbered alike).
bool known_kind(std::int32_t kind) {
  return kind >= 0 && kind < static_cast<std::int32_t>(mus::bot_kinds.size());
}

// Whether a C level is one of the MUS_LEVEL_* constants.
bool known_level(std::int32_t level) { return level >= 0 && level < MUS_LEVELS; }

// A C configuration of a C++ one.
mus_bot_config to_c(const mus::BotConfig& c) {
  mus_bot_config out{};
  out.struct_size = sizeof(mus_bot_config);
  out.kind = static_cast<std::int32_t>(c.kind);
  out.playouts = c.playouts;
  out.time_ms = c.time_ms;
  out.target = c.kind == mus::BotKind::exploiter ? static_cast<std::int32_t>(c.target) : 0;
  return out;
}
static_assert(static_cast<int>(mus::PlayoutScope::hand) == MUS_PLAYOUT_HAND &&
              static_cast<int>(mus::PlayoutScope::match) == MUS_PLAYOUT_MATCH);

// The C++ configuration of a caller's mus_bot_config, or MUS_E_INVALID_ARGUMENT (with its
// reason for mus_last_error()) for a NULL pointer, a struct_size other than
// sizeof(mus_bot_config), non-zero reserved fields, an unknown kind or a budget out of range.
std::int32_t read_config(const mus_bot_config* in, mus::BotConfig& out) noexcept {
  const auto bad = [](std::string_view why) {
    return capi::status(mus::Error{mus::Errc::invalid_argument, why, -1});
  };
  if (in == nullptr) return bad("bot config is NULL");
  if (in->struct_size != sizeof(mus_bot_config))
    return bad("mus_bot_config.struct_size is not sizeof(mus_bot_config)");
  for (const std::int32_t r : in->reserved)
    if (r != 0) return bad("mus_bot_config.reserved must be zero");
  if (!known_kind(in->kind)) return bad("unknown bot kind (MUS_BOT_RANDOM .. MUS_BOT_EXPERT)");
  out.kind = static_cast<mus::BotKind>(in->kind);
  if (in->kind == MUS_BOT_EXPLOITER) {
    if (!known_kind(in->target) || in->target == MUS_BOT_EXPLOITER)
      return bad("unknown exploiter target (a MUS_BOT_* other than MUS_BOT_EXPLOITER)");
    out.target = static_cast<mus::BotKind>(in->target);
  } else if (in->target != 0) {
    return bad("mus_bot_config.target must be zero for a kind other than MUS_BOT_EXPLOITER");
  }
  out.playouts = in->playouts;
  out.time_ms = in->time_ms;
  static_assert(mus::max_search_playouts == 1'000'000, "the message below names the limit");
  if (mus::validate_bot_config(out) != mus::Errc::ok)
    return bad("bot budget outside its limits (playouts 0..1000000, time_ms 0 or more)");
  return MUS_OK;
}

// The id of a chosen action. Every bot choice is legal, and all have an id but one: the
// agreement to a partner's proposed raise (R25a) of an amount off the bet ladder, which only
// a caller of mus_apply() can have proposed (MUS_E_NO_ACTION_ID).
std::int32_t id_of(const mus::State& s, const mus::Action& a, std::int32_t& id) noexcept {
  const auto r = mus::action_id(s, a);
  if (!r) return capi::status(r.error());
  id = *r;
  return MUS_OK;
}

}  // namespace

int32_t mus_bot_config_default(int32_t kind, mus_bot_config* out) {
  return capi::guard([&]() -> std::int32_t {
    if (out == nullptr || !known_kind(kind))
      return MUS_E_INVALID_ARGUMENT;
    mus::BotConfig c;
    c.kind = static_cast<mus::BotKind>(kind);
    if (kind == MUS_BOT_SEARCH || kind == MUS_BOT_EXPLOITER) c.playouts = mus::default_search_playouts;
    if (kind == MUS_BOT_EXPERT) c.playouts = mus::default_expert_playouts;
    c.target = mus::BotKind::heuristic;
    *out = to_c(c);
    return MUS_OK;
  });
}

int32_t mus_bot_config_level(int32_t level, mus_bot_config* out) {
  return capi::guard([&]() -> std::int32_t {
    if (out == nullptr) return MUS_E_INVALID_ARGUMENT;
    if (!known_level(level))
      return capi::status(mus::Error{mus::Errc::invalid_argument,
                                     "unknown level (MUS_LEVEL_BEGINNER .. MUS_LEVEL_EXPERT)", -1});
    *out = to_c(mus::level_config(static_cast<mus::Level>(level)));
    return MUS_OK;
  });
}

const char* mus_level_name(int32_t level) {
  // The library's names are string literals: static and NUL-terminated.
  return known_level(level) ? mus::level_id(static_cast<mus::Level>(level)).data() : nullptr;
}

const char* mus_level_display_name(int32_t level) {
  return known_level(level) ? mus::level_display_name(static_cast<mus::Level>(level)).data()
                            : nullptr;
}

int32_t mus_level_parse(const char* name, int32_t* out) {
  return capi::guard([&]() -> std::int32_t {
    if (name == nullptr || out == nullptr) return MUS_E_INVALID_ARGUMENT;
    const auto l = mus::parse_level(name);
    if (!l) return capi::status(l.error());
    *out = static_cast<std::int32_t>(*l);
    return MUS_OK;
  });
}

int32_t mus_bot_choose(const mus_state* s, int32_t seat, const mus_bot_config* config,
                       uint64_t seed, int32_t* id_out) {
  return capi::guard([&]() -> std::int32_t {
    mus::BotConfig c;
    if (id_out == nullptr || !capi::valid_seat(seat)) return MUS_E_INVALID_ARGUMENT;
    if (const std::int32_t e = read_config(config, c); e != MUS_OK) return e;
    return capi::with_state(s, [&](const mus::State& st) -> std::int32_t {
      const auto a = mus::bot_choose(st, seat, c, seed);
      if (!a) return capi::status(a.error());
      std::int32_t id = -1;
      if (const std::int32_t e = id_of(st, *a, id); e != MUS_OK) return e;
      *id_out = id;
      return MUS_OK;
    });
  });
}

int32_t mus_bot_evaluate(const mus_state* s, int32_t seat, const mus_bot_config* config,
                         uint64_t seed, double* points_out, size_t cap, uint64_t* ids_out) {
  return capi::guard([&]() -> std::int32_t {
    mus::BotConfig c;
    if (points_out == nullptr || ids_out == nullptr || !capi::valid_seat(seat))
      return MUS_E_INVALID_ARGUMENT;
    if (const std::int32_t e = read_config(config, c); e != MUS_OK) return e;
    if (c.kind != mus::BotKind::search && c.kind != mus::BotKind::exploiter &&
        c.kind != mus::BotKind::expert)
      return MUS_E_INVALID_ARGUMENT;
    if (cap < static_cast<std::size_t>(MUS_ACTION_ID_COUNT)) return MUS_E_BUFFER_TOO_SMALL;
    return capi::with_state(s, [&](const mus::State& st) -> std::int32_t {
      const auto r = mus::bot_evaluate(mus::bot_view(st, seat), c, seed);
      if (!r) return capi::status(r.error());
      std::array<double, MUS_ACTION_ID_COUNT> points{};
      std::uint64_t ids = 0;
      for (std::size_t i = 0; i < r->size; ++i) {
        const mus::ActionEstimate& e = r->items[i];
        if (e.id < 0) continue;  // a bet off the ladder has no id (the search lists none)
        points[static_cast<std::size_t>(e.id)] = e.points;
        ids |= std::uint64_t{1} << e.id;
      }
      std::copy(points.begin(), points.end(), points_out);
      *ids_out = ids;
      return MUS_OK;
    });
  });
}

int32_t mus_bot_playouts(const mus_state* s, const mus_bot_config* config, uint64_t seed,
                         uint64_t first, int32_t n, int32_t scope, int32_t* points_out) {
  return capi::guard([&]() -> std::int32_t {
    mus::BotConfig c;
    if (n < 0 || (n > 0 && points_out == nullptr)) return MUS_E_INVALID_ARGUMENT;
    if (scope != MUS_PLAYOUT_HAND && scope != MUS_PLAYOUT_MATCH) return MUS_E_INVALID_ARGUMENT;
    if (const std::int32_t e = read_config(config, c); e != MUS_OK) return e;
    return capi::with_state(s, [&](const mus::State& st) -> std::int32_t {
      return capi::status(
          mus::playouts(st, c, seed, first, n, static_cast<mus::PlayoutScope>(scope), points_out));
    });
  });
}
