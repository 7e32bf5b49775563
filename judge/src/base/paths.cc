#include "judge/base/paths.h"

#include <sys/stat.h>
#include <unistd.h>

namespace judge {

std::string ExecutableDir() {
  std::string exe(4096, '\0');
  ssize_t n = ::readlink("/proc/self/exe", exe.data(), exe.size());
  if (n <= 0 || static_cast<std::size_t>(n) >= exe.size()) return "";
  exe.resize(static_cast<std::size_t>(n));
  std::size_t slash = exe.rfind('/');
  if (slash == std::string::npos) return "";
  exe.resize(slash);  // "" for an executable directly under "/"
  return exe;
}

bool IsExecutableFile(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(path.c_str(), X_OK) == 0;
}

std::optional<std::string> FindInPath(std::string_view name, std::string_view search_path,
                                      std::string_view empty_entry_dir) {
  if (name.empty()) return std::nullopt;
  if (name.find('/') != std::string_view::npos) {
    std::string path(name);
    if (IsExecutableFile(path)) return path;
    return std::nullopt;
  }
  std::size_t i = 0;
  while (i <= search_path.size()) {
    std::size_t j = search_path.find(':', i);
    if (j == std::string_view::npos) j = search_path.size();
    std::string dir(search_path.substr(i, j - i));
    if (dir.empty()) dir = std::string(empty_entry_dir);
    if (!dir.empty()) {
      std::string candidate = dir + "/" + std::string(name);
      if (IsExecutableFile(candidate)) return candidate;
    }
    i = j + 1;
  }
  return std::nullopt;
}

std::string BaseName(std::string_view path) {
  while (path.size() > 1 && path.back() == '/') path.remove_suffix(1);
  std::size_t slash = path.rfind('/');
  if (slash == std::string_view::npos || path.size() == 1) return std::string(path);
  return std::string(path.substr(slash + 1));
}

}  // namespace judge
