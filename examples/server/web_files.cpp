#include "web_files.hpp"

#include <algorithm>
#include <string>
#include <system_error>

namespace mus_server {

std::optional<std::filesystem::path> resolve_static(const std::filesystem::path& root,
                                                    std::string_view path) {
  if (const auto q = path.find('?'); q != std::string_view::npos) path = path.substr(0, q);
  if (path.empty() || path.front() != '/' || path.size() > 200) return std::nullopt;
  std::string rel(path.substr(1));
  if (rel.empty() || rel.back() == '/') rel += "index.html";
  for (char ch : rel) {
    const bool ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
                    (ch >= '0' && ch <= '9') || ch == '-' || ch == '_' || ch == '.' || ch == '/';
    if (!ok) return std::nullopt;
  }
  // Every segment non-empty and not starting with a dot (no "..", no hidden files).
  std::size_t start = 0;
  while (start <= rel.size()) {
    const std::size_t end = std::min(rel.find('/', start), rel.size());
    if (end == start || rel[start] == '.') return std::nullopt;
    start = end + 1;
  }
  std::error_code ec;
  const auto base = std::filesystem::canonical(root, ec);
  if (ec) return std::nullopt;
  const auto file = std::filesystem::canonical(base / rel, ec);
  if (ec || !std::filesystem::is_regular_file(file, ec)) return std::nullopt;
  const auto [b, f] = std::mismatch(base.begin(), base.end(), file.begin(), file.end());
  if (b != base.end()) return std::nullopt;  // outside the root (a link pointing away)
  (void)f;
  return file;
}

std::string_view content_type(const std::filesystem::path& file) {
  const std::string ext = file.extension().string();
  if (ext == ".html") return "text/html; charset=utf-8";
  if (ext == ".js" || ext == ".mjs" || ext == ".cjs") return "text/javascript; charset=utf-8";
  if (ext == ".css") return "text/css; charset=utf-8";
  if (ext == ".wasm") return "application/wasm";
  if (ext == ".svg") return "image/svg+xml";
  if (ext == ".json") return "application/json";
  if (ext == ".txt" || ext == ".md") return "text/plain; charset=utf-8";
  if (ext == ".png") return "image/png";
  return "application/octet-stream";
}

}  // namespace mus_server
