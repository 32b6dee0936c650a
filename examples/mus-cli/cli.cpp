#include "cli.hpp"

#include <iostream>

#include "bots.hpp"
#include "text.hpp"

namespace muscli {

bool Args::parse(int argc, char** argv, int first, std::initializer_list<OptionSpec> specs) {
  for (int i = first; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg.size() < 3 || arg.substr(0, 2) != "--") {
      if (arg == "-h") {
        values_["help"] = "";
        continue;
      }
      if (arg.size() > 1 && arg[0] == '-' && arg != "-") {
        error_ = "unknown option '" + std::string(arg) + "'";
        return false;
      }
      positional_.emplace_back(arg);
      continue;
    }
    std::string_view name = arg.substr(2);
    std::string_view value;
    bool inline_value = false;
    if (const auto eq = name.find('='); eq != std::string_view::npos) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
      inline_value = true;
    }
    const OptionSpec* spec = nullptr;
    for (const OptionSpec& s : specs)
      if (s.name == name) spec = &s;
    if (spec == nullptr && name == "help") {
      values_["help"] = "";
      continue;
    }
    if (spec == nullptr) {
      error_ = "unknown option '--" + std::string(name) + "'";
      return false;
    }
    if (spec->takes_value && !inline_value) {
      if (i + 1 >= argc) {
        error_ = "option '--" + std::string(name) + "' needs a value";
        return false;
      }
      value = argv[++i];
    } else if (!spec->takes_value && inline_value) {
      error_ = "option '--" + std::string(name) + "' takes no value";
      return false;
    }
    values_[std::string(name)] = std::string(value);
  }
  return true;
}

std::string Args::get(std::string_view name, std::string_view fallback) const {
  const auto it = values_.find(std::string(name));
  return it == values_.end() ? std::string(fallback) : it->second;
}

bool Args::seed(std::uint64_t fallback, std::uint64_t& out) {
  if (!has("seed")) {
    out = fallback;
    return true;
  }
  if (!parse_uint(get("seed"), out)) {
    error_ = "--seed needs a whole number 0..18446744073709551615, not '" + get("seed") + "'";
    return false;
  }
  return true;
}

bool Args::rules(mus::Rules& out) {
  const std::string text = get("rules", "standard");
  const auto r = mus::parse_rules(text);
  if (!r) {
    error_ = "bad --rules '" + text + "': " + r.error().describe() +
             " (use standard, spain, basque, online, or e.g. \"standard target=30 kings=4\")";
    return false;
  }
  out = *r;
  return true;
}

bool Args::number(std::string_view name, long long lo, long long hi, long long fallback,
                  long long& out) {
  if (!has(name)) {
    out = fallback;
    return true;
  }
  std::uint64_t v = 0;
  const std::string text = get(name);
  if (!parse_uint(text, v) || v < static_cast<std::uint64_t>(lo) ||
      v > static_cast<std::uint64_t>(hi)) {
    error_ = "--" + std::string(name) + " needs a whole number " + std::to_string(lo) + ".." +
             std::to_string(hi) + ", not '" + text + "'";
    return false;
  }
  out = static_cast<long long>(v);
  return true;
}

bool Args::bot_kind(std::string_view name, std::string_view fallback, std::string& out) {
  out = get(name, fallback);
  if (!is_bot_kind(out)) {
    error_ = "--" + std::string(name) + " must be a bot kind: " + bot_kinds_text() + "; not '" +
             out + "'";
    return false;
  }
  return true;
}

bool Args::level_or_bot(std::string_view bot, std::string_view fallback, std::string& out) {
  if (!has("level")) return bot_kind(bot, fallback, out);
  if (has(bot)) {
    error_ = "--level and --" + std::string(bot) + " both choose the bots: give one of them";
    return false;
  }
  const auto level = mus::parse_level(get("level"));
  if (!level) {
    error_ = "--level must be a level: " + levels_text() + "; not '" + get("level") + "'";
    return false;
  }
  out = std::string(mus::level_id(*level));
  return true;
}

std::string with_levels(std::string_view help) {
  constexpr std::string_view mark = "@LEVELS@";
  const std::size_t at = help.find(mark);
  if (at == std::string_view::npos) return std::string(help);
  const std::size_t line = help.rfind('\n', at) + 1;  // npos + 1 == 0 on the first line
  const std::string indent(at - line, ' ');
  std::string out(help.substr(0, line));
  std::string current = indent;
  const std::string words = levels_text() + ".";
  std::size_t pos = 0;
  while (pos < words.size()) {
    std::size_t end = words.find(' ', pos);
    if (end == std::string::npos) end = words.size();
    const std::string word = words.substr(pos, end - pos);
    if (current.size() > indent.size() && current.size() + 1 + word.size() > 90) {
      out += current + "\n";
      current = indent;
    }
    current += (current.size() > indent.size() ? " " : "") + word;
    pos = end + 1;
  }
  out += current;
  out += help.substr(at + mark.size());
  return out;
}

int usage_error(std::string_view command, std::string_view message) {
  std::cerr << "mus-cli " << command << ": " << message << " (see 'mus-cli " << command
            << " --help')\n";
  return 2;
}

int start_command(Args& args, int argc, char** argv, std::string_view command,
                  std::string_view help, std::initializer_list<OptionSpec> specs, bool positional) {
  if (!args.parse(argc, argv, 2, specs)) return usage_error(command, args.error());
  if (args.has("help")) {
    std::cout << help;
    return 0;
  }
  if (!positional && !args.positional().empty())
    return usage_error(command, "unexpected argument '" + args.positional()[0] + "'");
  return -1;
}

}  // namespace muscli
