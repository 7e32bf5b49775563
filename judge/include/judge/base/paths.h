// Where things are: the running executable's directory, programs in a PATH, and the
// last component of a path. Thread-safe.
#ifndef JUDGE_BASE_PATHS_H_
#define JUDGE_BASE_PATHS_H_

#include <optional>
#include <string>
#include <string_view>

namespace judge {

// The directory of the running executable (from /proc/self/exe), without a trailing
// slash; "" when it cannot be read. Shipped files (plugins/, languages.yaml) live there.
std::string ExecutableDir();

// The first "<dir>/<name>" that is an executable regular file, for each directory of
// the colon-separated search_path (an empty entry means empty_entry_dir, or is skipped
// when that is empty). A name holding a '/' is checked as it is. nullopt when none.
std::optional<std::string> FindInPath(std::string_view name, std::string_view search_path,
                                      std::string_view empty_entry_dir = {});

// True when path names an executable regular file (following links).
bool IsExecutableFile(const std::string& path);

// The last component of a path, ignoring trailing slashes ("a/b/" -> "b", "/" -> "/").
std::string BaseName(std::string_view path);

}  // namespace judge

#endif  // JUDGE_BASE_PATHS_H_
