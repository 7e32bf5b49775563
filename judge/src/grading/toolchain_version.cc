// The toolchain's version of a language profile (ToolchainVersion, judge/grading/compiler.h):
// its version command run as a trusted process (judge/base/process.h), not in the
// sandbox: it is the judge's own compiler, and its answer enters the compile cache's
// key, so it must be the toolchain's and nothing else.
#include <map>
#include <mutex>
#include <sstream>
#include <string>

#include "judge/base/process.h"
#include "judge/grading/compiler.h"

namespace judge {
namespace {

// A version command that hangs is given this long.
constexpr int64_t kVersionTimeoutMs = 10000;
// More than any version banner; a command that prints more is not one.
constexpr std::size_t kVersionOutputBytes = 65536;

std::string FirstLine(const std::string& text) {
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    if (!line.empty()) return line;
  }
  return "";
}

// What the command printed, stdout then stderr (java -version prints on stderr);
// "" when it cannot run, runs too long or fails: a failing version command says
// nothing of the version, and its error text must not pass for one (nor enter the
// cache key as one).
std::string VersionText(const std::vector<std::string>& argv) {
  ProcessSpec spec;
  spec.argv = argv;
  Result<ProcessResult> r = RunProcess(spec, kVersionTimeoutMs, kVersionOutputBytes);
  if (!r.ok() || r->timed_out || r->exit_code != 0) return "";
  return r->out + "\n" + r->err;
}

}  // namespace

std::string ToolchainVersion(const LanguageProfile& profile) {
  static std::mutex mu;
  static std::map<std::string, std::string> cache;
  if (profile.version.empty()) return "";
  std::string key;
  for (const auto& a : profile.version) key += a + '\0';
  {
    std::lock_guard<std::mutex> lock(mu);
    auto it = cache.find(key);
    if (it != cache.end()) return it->second;
  }
  std::string v = FirstLine(VersionText(profile.version));
  std::lock_guard<std::mutex> lock(mu);
  cache[key] = v;
  return v;
}

}  // namespace judge
