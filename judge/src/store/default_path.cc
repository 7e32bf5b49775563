// Where the database lives when --db is not given (XDG base directories).
#include <cstdlib>

#include "judge/store/store.h"

namespace judge {

Result<std::string> DefaultStorePath() {
  auto env = [](const char* name) -> std::string {
    const char* v = std::getenv(name);
    return v ? std::string(v) : std::string();
  };
  if (std::string p = env("JUDGE_DB"); !p.empty()) return p;
  if (std::string p = env("XDG_DATA_HOME"); !p.empty()) return p + "/judge/judge.sqlite";
  if (std::string p = env("HOME"); !p.empty()) return p + "/.local/share/judge/judge.sqlite";
  return Status::NotFound(
      "no database path: give --db PATH or set JUDGE_DB, XDG_DATA_HOME or HOME");
}

Result<std::string> ResolveStorePath(const std::string& db_flag) {
  if (!db_flag.empty()) return db_flag;
  return DefaultStorePath();
}

}  // namespace judge
