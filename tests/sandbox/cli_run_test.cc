// `judge run` and `judge doctor` end to end: exit codes and the JSON contract.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "run_judge.h"

namespace {

using Ran = judge::testing_support::JudgeRun;

Ran Judge(const std::vector<std::string>& args) { return judge::testing_support::RunJudge(JUDGE_BINARY, args); }

nlohmann::json Json(const Ran& r) {
  nlohmann::json j = nlohmann::json::parse(r.out, nullptr, false);
  EXPECT_FALSE(j.is_discarded()) << r.out;
  return j;
}

TEST(CliRun, OkProgramPrintsEveryFieldAndExitsZero) {
  Ran r = Judge({"run", "--json", "--", std::string(HOSTILE_DIR) + "/hello"});
  EXPECT_EQ(r.exit_code, 0) << r.out;
  nlohmann::json j = Json(r);
  EXPECT_EQ(j["status"], "OK");
  for (const char* key : {"cpu_ms", "wall_ms", "memory_kib", "exit_code", "signal", "output_bytes"})
    EXPECT_TRUE(j.contains(key) && j[key].is_number_integer()) << key;
  for (const char* key : {"time_method", "memory_method", "kill_reason", "message"})
    EXPECT_TRUE(j.contains(key) && j[key].is_string()) << key;
  EXPECT_EQ(j["exit_code"], 0);
  EXPECT_EQ(j["output_bytes"], 6);
  EXPECT_EQ(j["kill_reason"], "none");
}

TEST(CliRun, SpinnerIsTleWithExitOne) {
  Ran r = Judge({"run", "--json", "--time-ms", "200", "--wall-ms", "2000", "--", std::string(HOSTILE_DIR) + "/spin"});
  EXPECT_EQ(r.exit_code, 1);
  nlohmann::json j = Json(r);
  EXPECT_EQ(j["status"], "TLE");
  EXPECT_EQ(j["kill_reason"], "cpu");
  EXPECT_GE(j["cpu_ms"].get<int>(), 200);
}

TEST(CliRun, StdinStdoutAndLimitsAreHonoured) {
  std::string dir = "/tmp/judge-cli-run-test-" + std::to_string(::getpid());
  std::filesystem::create_directories(dir);
  {
    FILE* f = fopen((dir + "/in.txt").c_str(), "w");
    fputs("abc\n", f);
    fclose(f);
  }
  Ran r = Judge({"run", "--json", "--memory-kib", "65536", "--stdin", dir + "/in.txt", "--stdout", dir + "/out.txt",
                 "--", "/bin/cat"});
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(Json(r)["output_bytes"], 4);
  FILE* f = fopen((dir + "/out.txt").c_str(), "r");
  char buf[16] = {};
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(fread(buf, 1, sizeof buf, f), 4u);
  fclose(f);
  EXPECT_STREQ(buf, "abc\n");
  Ran mle = Judge({"run", "--json", "--memory-kib", "65536", "--time-ms", "2000", "--", std::string(HOSTILE_DIR) + "/touch_300mb"});
  EXPECT_EQ(mle.exit_code, 1);
  EXPECT_EQ(Json(mle)["status"], "MLE");
  std::filesystem::remove_all(dir);
}

// --stdin's default may also be named: a wrapper passing "${IN:-/dev/null}" runs.
TEST(CliRun, StdinNamedAsDevNullIsTheEmptyDefault) {
  Ran r = Judge({"run", "--json", "--stdin", "/dev/null", "--", "/bin/cat"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  nlohmann::json j = Json(r);
  EXPECT_EQ(j["status"], "OK");
  EXPECT_EQ(j["output_bytes"], 0);
}

TEST(CliRun, JudgeFailureIsExitThreeAndJe) {
  Ran r = Judge({"run", "--json", "--", "/nonexistent/program"});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(Json(r)["status"], "JE");
  Ran human = Judge({"run", "--", std::string(HOSTILE_DIR) + "/exit25"});
  EXPECT_EQ(human.exit_code, 1);
  EXPECT_NE(human.out.find("status:       RE"), std::string::npos) << human.out;
  EXPECT_NE(human.out.find("code 25"), std::string::npos) << human.out;
}

// A limit out of the sandbox's range, a missing work directory or stdin file: a bad
// command line (64), named by its option, not the judge failing (3).
TEST(CliRun, BadOptionValueIsABadCommandLineNamingTheOption) {
  const std::string hello = std::string(HOSTILE_DIR) + "/hello";
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--time-ms", "-5"}, "--time-ms: Value -5 not in range 1 to 86400000"},
      {{"--wall-ms", "0"}, "--wall-ms: Value 0 not in range"},
      {{"--memory-kib", "1000"}, "--memory-kib: Value 1000 not in range 1024 to"},
      {{"--output-kib", "-1"}, "--output-kib: Value -1 not in range"},
      {{"--processes", "0"}, "--processes: Value 0 not in range"},
      {{"--dir", "/nonexistent/dir"}, "--dir: Directory does not exist: /nonexistent/dir"},
      {{"--stdin", "/nonexistent/in.txt"}, "--stdin: File does not exist: /nonexistent/in.txt"},
      {{"--stdin", "/dev/zero"}, "--stdin: expected a regular file, found a character device: /dev/zero"},
      {{"--stdin", "/tmp"}, "--stdin: expected a regular file, found a directory: /tmp"},
  };
  for (const auto& [option, expected] : cases) {
    std::vector<std::string> args = {"run"};
    args.insert(args.end(), option.begin(), option.end());
    args.insert(args.end(), {"--", hello});
    Ran r = Judge(args);
    EXPECT_EQ(r.exit_code, 64) << option[0] << ": " << r.err;
    EXPECT_NE(r.err.find(expected), std::string::npos) << option[0] << ": " << r.err;
  }
  // The bounds themselves are accepted.
  Ran edge = Judge({"run", "--json", "--memory-kib", "1024", "--output-kib", "0", "--time-ms", "86400000", "--", hello});
  EXPECT_NE(edge.exit_code, 64) << edge.err;
  EXPECT_NE(edge.exit_code, 3) << edge.err;
}

TEST(CliDoctor, ReportsEveryFeatureFromProbes) {
  Ran r = Judge({"doctor", "--json"});
  nlohmann::json j = Json(r);
  ASSERT_TRUE(j.contains("features"));
  std::map<std::string, bool> seen;
  for (const auto& f : j["features"]) seen[f["name"].get<std::string>()] = f["available"].get<bool>();
  for (const char* name : {"pid-namespace", "mount-namespace", "network-namespace", "ipc-namespace", "uts-namespace",
                           "seccomp", "uid-switch", "no-new-privs", "cgroup-v2", "cgroup-v1-memory", "cgroup-v1-pids",
                           "sandbox-run", "socket-allowlist", "disk-quota", "state-dir", "scratch", "sandbox-keeper", "mount-api"})
    EXPECT_TRUE(seen.count(name)) << name;
  // This host (the one the suite is written for) has all of these.
  for (const char* name : {"pid-namespace", "seccomp", "sandbox-run", "socket-allowlist", "disk-quota", "state-dir",
                           "sandbox-keeper", "mount-api"})
    EXPECT_TRUE(seen[name]) << name;
  std::map<std::string, std::string> detail;
  for (const auto& f : j["features"]) detail[f["name"].get<std::string>()] = f["detail"].get<std::string>();
  EXPECT_NE(detail["state-dir"].find("mode 0700"), std::string::npos) << detail["state-dir"];
  EXPECT_NE(detail["scratch"].find("0700"), std::string::npos) << detail["scratch"];
  EXPECT_EQ(r.exit_code, j["ok"].get<bool>() ? 0 : 1);
  Ran human = Judge({"doctor"});
  EXPECT_NE(human.out.find("pid-namespace"), std::string::npos);
}

}  // namespace
