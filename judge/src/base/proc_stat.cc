#include "judge/base/proc_stat.h"

#include <fcntl.h>
#include <unistd.h>

#include <charconv>
#include <string>
#include <vector>

#include "judge/base/errors.h"
#include "judge/base/unique_fd.h"

namespace judge {
namespace {

// The whitespace-separated fields after the command, so that index 0 is field 3.
std::vector<std::string_view> FieldsAfterCommand(std::string_view rest) {
  std::vector<std::string_view> f;
  size_t i = 0;
  while (i < rest.size()) {
    while (i < rest.size() && (rest[i] == ' ' || rest[i] == '\n')) ++i;
    size_t j = i;
    while (j < rest.size() && rest[j] != ' ' && rest[j] != '\n') ++j;
    if (j > i) f.push_back(rest.substr(i, j - i));
    i = j;
  }
  return f;
}

}  // namespace

Result<ProcStat> ParseProcStat(std::string_view text) {
  size_t close = text.rfind(')');
  if (close == std::string_view::npos) return Status::Corrupt("/proc stat: no \")\" after the command");
  std::string_view rest = text.substr(close + 1);
  std::vector<std::string_view> f = FieldsAfterCommand(rest);
  auto field = [&](int n, int64_t* out) -> bool {
    size_t idx = static_cast<size_t>(n - 3);
    if (idx >= f.size()) return false;
    auto [p, ec] = std::from_chars(f[idx].data(), f[idx].data() + f[idx].size(), *out);
    return ec == std::errc() && p == f[idx].data() + f[idx].size();
  };
  ProcStat s;
  if (f.empty() || f[0].empty() || !field(14, &s.utime_ticks) || !field(15, &s.stime_ticks) ||
      !field(16, &s.cutime_ticks) || !field(17, &s.cstime_ticks) || !field(22, &s.start_ticks) ||
      !field(24, &s.rss_pages))
    return Status::Corrupt("/proc stat: expected the state and numeric fields 14-17, 22 and 24, found \"" +
                           std::string(rest) + "\"");
  s.state = f[0][0];
  return s;
}

Result<ProcStat> ReadProcStat(pid_t pid) {
  std::string path = "/proc/" + std::to_string(pid) + "/stat";
  UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  if (!fd) return ErrnoStatus(errno, path);
  char buf[1024];
  ssize_t n;
  do {
    n = ::read(fd.get(), buf, sizeof buf);
  } while (n < 0 && errno == EINTR);
  if (n <= 0) return n == 0 ? Status::NotFound(path + ": empty") : ErrnoStatus(errno, path);
  return ParseProcStat(std::string_view(buf, static_cast<size_t>(n)));
}

}  // namespace judge
