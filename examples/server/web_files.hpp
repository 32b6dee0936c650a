// Static files for mus-server: which file a URL path names, safely.
#ifndef MUS_SERVER_WEB_FILES_HPP
#define MUS_SERVER_WEB_FILES_HPP

#include <filesystem>
#include <optional>
#include <string_view>

namespace mus_server {

/**
 * @brief The file under `root` that a URL path names, or nothing.
 *
 * Only paths made of letters, digits, `-`, `_`, `.` and `/` are served, without any `..`
 * segment, empty segment or hidden (dot) name; a query (`?...`) is ignored; `/` is
 * `index.html`. The result is checked to lie inside `root` after resolving links, and to be
 * a regular file.
 * @param root The directory served.
 * @param path The URL path, starting with `/` (already stripped of any mount prefix).
 * @return The file, or nothing (404).
 */
std::optional<std::filesystem::path> resolve_static(const std::filesystem::path& root,
                                                    std::string_view path);

/// @brief The Content-Type of a file by its extension (application/octet-stream if unknown).
std::string_view content_type(const std::filesystem::path& file);

}  // namespace mus_server

#endif  // MUS_SERVER_WEB_FILES_HPP
