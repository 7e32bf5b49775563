// Helpers shared by the store tests: the shared temporary directory and file helpers
// (tests/support), raw SQLite access to inspect files behind the store's back, and
// sample records.
#ifndef JUDGE_TESTS_STORE_TEST_UTIL_H_
#define JUDGE_TESTS_STORE_TEST_UTIL_H_

#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "judge/store/store.h"
#include "support/files.h"
#include "support/temp_dir.h"

namespace judge::store_test {

using testing_support::ReadFile;
using testing_support::TempDir;
using testing_support::WriteFile;

// One SQL value from a raw connection (text form), or "<error: ...>".
inline std::string RawQuery(const std::string& db_path, const std::string& sql) {
  sqlite3* db = nullptr;
  std::string out;
  if (sqlite3_open_v2(db_path.c_str(), &db, SQLITE_OPEN_READWRITE, nullptr) != SQLITE_OK) {
    out = std::string("<error: ") + sqlite3_errmsg(db) + ">";
    sqlite3_close(db);
    return out;
  }
  sqlite3_busy_timeout(db, 10000);
  sqlite3_stmt* stmt = nullptr;
  int rc = sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr);
  if (rc == SQLITE_OK) rc = sqlite3_step(stmt);
  if (rc == SQLITE_ROW) {
    const unsigned char* t = sqlite3_column_text(stmt, 0);
    out = t ? reinterpret_cast<const char*>(t) : "<null>";
  } else if (rc != SQLITE_DONE) {
    out = std::string("<error: ") + sqlite3_errmsg(db) + ">";
  }
  sqlite3_finalize(stmt);
  sqlite3_close(db);
  return out;
}

inline void RawExec(const std::string& db_path, const std::string& sql) {
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open_v2(db_path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
                            nullptr),
            SQLITE_OK);
  char* err = nullptr;
  int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &err);
  std::string message = err ? err : "";
  sqlite3_free(err);
  sqlite3_close(db);
  ASSERT_EQ(rc, SQLITE_OK) << message;
}

inline Submission SampleSubmission(const std::string& problem = "eight",
                                   const std::string& file = "sol.cpp") {
  Submission s;
  s.problem_id = problem;
  s.package_hash = "pkg-" + problem;
  s.file_name = file;
  s.source = "int main() { return 0; }\n";
  s.language_id = "cpp20";
  s.compiler_version = "g++ (Debian 12.2.0-14) 12.2.0";
  return s;
}

inline Judging SampleJudging(int64_t submission_id) {
  Judging j;
  j.submission_id = submission_id;
  j.plugin_id = "eight";
  j.plugin_version = "1.0";
  j.plugin_hash = Sha256Hex("plugin bytes");
  j.checker = "plugin";
  j.limits.time_ms = 2000;
  j.limits.wall_ms = 6000;
  j.limits.memory_kib = 131072;
  j.limits.output_kib = 1024;
  j.sandbox_method = "cgroup-v2";
  j.judge_version = "judge 0.1";
  return j;
}

inline TestResult SampleTest(const std::string& name, Verdict verdict = Verdict::kAccepted) {
  TestResult t;
  t.name = name;
  t.group = "secret";
  t.verdict = verdict;
  t.cpu_ms = 12;
  t.wall_ms = 15;
  t.memory_kib = 3000;
  t.exit_code = 0;
  t.message = "ok";
  t.output_sha256 = Sha256Hex(name);
  t.time_method = "cgroup-v2";
  t.memory_method = "cgroup-v2";
  return t;
}

inline int64_t NowMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// A pid that is certainly gone: a child that exited and was reaped.
inline int64_t ReapedChildPid() {
  pid_t pid = fork();
  if (pid == 0) _exit(0);
  int status = 0;
  waitpid(pid, &status, 0);
  return pid;
}

}  // namespace judge::store_test

#endif  // JUDGE_TESTS_STORE_TEST_UTIL_H_
