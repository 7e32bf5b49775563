// A throwaway PostgreSQL cluster for the tests of service_pg_test: initdb and pg_ctl
// of Debian's postgresql-15 in a temporary directory, a Unix socket only, stopped and
// removed at the end. One per test binary (initdb takes seconds), registered as a
// gtest Environment by main() in pg_test.cc; each test makes its own database in it.
// Not thread-safe: used from the test thread only.
#ifndef JUDGE_TESTS_SERVICE_PG_CLUSTER_H_
#define JUDGE_TESTS_SERVICE_PG_CLUSTER_H_

#include <gtest/gtest.h>
#include <pwd.h>
#include <unistd.h>

#include <fstream>
#include <string>
#include <vector>

#include "judge/base/process.h"
#include "service_util.h"

namespace judge::servicetest {

constexpr const char* kPgBin = "/usr/lib/postgresql/15/bin";

// Runs a PostgreSQL tool (a trusted process, no shell); its output is appended to
// the log file. True on exit 0.
inline bool RunLogged(const std::vector<std::string>& argv, const std::string& log) {
  ProcessSpec spec;
  spec.argv = argv;
  Result<ProcessResult> r = RunProcess(spec);
  std::ofstream(log, std::ios::app) << (r.ok() ? r->out + r->err : r.status().message() + "\n");
  return r.ok() && r->exit_code == 0;
}

// One cluster for the whole binary (initdb takes seconds); each test gets its own
// database in it.
class Cluster : public ::testing::Environment {
 public:
  void SetUp() override {
    const std::string initdb = std::string(kPgBin) + "/initdb";
    if (access(initdb.c_str(), X_OK) != 0) {
      error_ = "PostgreSQL 15 is needed for this test: " + initdb + " not found; run tools/setup";
      return;
    }
    log_ = dir_.Path("cluster.log");
    // initdb refuses root: as root the cluster belongs to the postgres user.
    if (geteuid() == 0) {
      as_ = {"runuser", "-u", "postgres", "--"};
      const passwd* pg = getpwnam("postgres");
      if (!pg || chown(dir_.path().c_str(), pg->pw_uid, pg->pw_gid) != 0) {
        error_ = "running as root needs the postgres user (installed with postgresql-15 by tools/setup)";
        return;
      }
    }
    if (!RunLogged(As({initdb, "-D", dir_.Path("data"), "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync"}),
                   log_) ||
        !RunLogged(As({std::string(kPgBin) + "/pg_ctl", "-D", dir_.Path("data"), "-l", dir_.Path("server.log"), "-w", "-t",
                       "60", "-o", "-k " + dir_.path() + " -c listen_addresses= -p 5432 -c fsync=off", "start"}),
                   log_)) {
      error_ = "could not start a PostgreSQL cluster: " + ReadFile(log_) + ReadFile(dir_.Path("server.log"));
      return;
    }
    started_ = true;
  }
  void TearDown() override {
    if (started_)
      RunLogged(As({std::string(kPgBin) + "/pg_ctl", "-D", dir_.Path("data"), "-m", "immediate", "-w", "stop"}), log_);
  }

  // A fresh database; its URL ("" when it cannot be made: the log says why).
  std::string NewDatabase() {
    const std::string name = "t" + std::to_string(++databases_);
    if (!RunLogged({std::string(kPgBin) + "/psql", "-h", dir_.path(), "-U", "postgres", "-d", "postgres", "-c",
                    "CREATE DATABASE " + name},
                   log_))
      return "";
    return "postgresql:///" + name + "?host=" + dir_.path() + "&user=postgres";
  }
  const std::string& error() const { return error_; }

 private:
  // The command as the cluster's owner runs it.
  std::vector<std::string> As(std::vector<std::string> argv) const {
    argv.insert(argv.begin(), as_.begin(), as_.end());
    return argv;
  }
  TempDir dir_;
  std::string log_, error_;
  std::vector<std::string> as_;  // runuser -u postgres -- when the test runs as root
  bool started_ = false;
  int databases_ = 0;
};

// The binary's cluster: set by main() before the tests run, owned by gtest (an
// Environment); error() says why it could not start.
inline Cluster* cluster = nullptr;

}  // namespace judge::servicetest

#endif  // JUDGE_TESTS_SERVICE_PG_CLUSTER_H_
