// Shared fixture of the real-process sandbox suites: a private sandbox configuration
// (own state dir, cgroup name and uid range, so other judges on the host do not
// disturb the checks), a run directory per test next to a fake test answer and a fake
// SQLite file, and the host checks every test ends with:
//   - no process left in the test sandbox's cgroups, none running as its uids;
//   - nothing created or changed outside the run directory (the test root holds
//     exactly what the test put there, the secrets are unchanged, no file of the
//     run's uids in the host's /tmp, /var/tmp or /dev/shm);
//   - the judge is still responsive and the next run measures cleanly (a tiny
//     program is OK, fast, and small).
#ifndef JUDGE_TESTS_SANDBOX_SANDBOX_FIXTURE_H_
#define JUDGE_TESTS_SANDBOX_SANDBOX_FIXTURE_H_

#include <dirent.h>
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "judge/sandbox/sandbox.h"

namespace judge::testing {

namespace fs = std::filesystem;

inline constexpr int kTestFirstUid = 61000;
inline constexpr int kTestSlots = 4;
inline constexpr const char* kTestCgroupName = "judge-test";
inline constexpr char kSecret[] = "THE ANSWER IS 4242\n";
inline constexpr char kSqlite[] = "SQLite format 3\0 fake verdict store\n";

inline SandboxOptions TestOptions(SandboxMethod method = SandboxMethod::kAuto) {
  SandboxOptions o;
  o.state_dir = "/tmp/judge-sandbox-test";
  o.cgroup_name = kTestCgroupName;
  o.first_uid = kTestFirstUid;
  o.slots = kTestSlots;
  o.method = method;
  return o;
}

inline std::string ReadAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The processes running the keeper binary `binary` (their command line starts with it):
// the keepers, and apart from them the inits each has prepared for its next run (its
// clones, with the same command line, whose parent is a keeper).
struct KeeperProcesses {
  std::vector<int> keepers;
  std::vector<int> inits;
};
inline KeeperProcesses KeeperProcessesOf(const std::string& binary) {
  std::vector<std::pair<int, int>> found;  // pid, parent
  std::error_code ec;
  for (const auto& e : fs::directory_iterator("/proc", ec)) {
    std::string name = e.path().filename().string();
    if (name.empty() || name[0] < '1' || name[0] > '9') continue;
    std::string cmd = ReadAll(e.path().string() + "/cmdline");
    if (cmd.rfind(binary + std::string(1, '\0'), 0) != 0) continue;
    std::istringstream status(ReadAll(e.path().string() + "/status"));
    int parent = -1;
    for (std::string line; std::getline(status, line);)
      if (line.rfind("PPid:", 0) == 0) parent = std::stoi(line.substr(5));
    found.emplace_back(std::stoi(name), parent);
  }
  KeeperProcesses out;
  for (const auto& [pid, parent] : found) {
    bool child_of_keeper = false;
    for (const auto& other : found) child_of_keeper = child_of_keeper || other.first == parent;
    (child_of_keeper ? out.inits : out.keepers).push_back(pid);
  }
  return out;
}
inline std::vector<int> KeepersOf(const std::string& binary) { return KeeperProcessesOf(binary).keepers; }

// Mount points under `prefix` in this process's mount namespace, deepest first.
inline std::vector<std::string> MountsUnder(const std::string& prefix) {
  std::vector<std::string> out;
  std::istringstream lines(ReadAll("/proc/self/mountinfo"));
  std::string line;
  while (std::getline(lines, line)) {
    std::istringstream fields(line);
    std::string id, parent, devno, root, point;
    fields >> id >> parent >> devno >> root >> point;
    std::string decoded;  // mountinfo escapes space, tab, newline and backslash as \ooo
    for (size_t i = 0; i < point.size(); ++i) {
      if (point[i] == '\\' && i + 3 < point.size()) {
        decoded += static_cast<char>(std::stoi(point.substr(i + 1, 3), nullptr, 8));
        i += 3;
      } else {
        decoded += point[i];
      }
    }
    if (decoded == prefix || decoded.rfind(prefix + "/", 0) == 0) out.push_back(decoded);
  }
  std::sort(out.begin(), out.end(), [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
  return out;
}

inline int64_t SelfMaxRssKib() {
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  return ru.ru_maxrss;
}

class SandboxTest : public ::testing::Test {
 protected:
  static SandboxMethod Method() { return SandboxMethod::kAuto; }

  static std::unique_ptr<Sandbox>& SharedSandbox(SandboxMethod method) {
    static std::map<SandboxMethod, std::unique_ptr<Sandbox>> all;
    auto& sb = all[method];
    if (!sb) {
      Result<std::unique_ptr<Sandbox>> made = CreateSandbox(TestOptions(method));
      if (!made.ok()) ADD_FAILURE() << "CreateSandbox: " << made.status().message();
      else sb = std::move(made).value();
    }
    return sb;
  }

  virtual SandboxMethod method() const { return SandboxMethod::kAuto; }
  // Where the test root (run directory, secrets) is created.
  virtual std::string root_parent() const { return "/tmp"; }
  Sandbox& sandbox() { return *SharedSandbox(method()); }

  void SetUp() override {
    ASSERT_NE(SharedSandbox(method()), nullptr);
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    root_ = root_parent() + "/judge-sbx-" + info->test_suite_name() + "-" + info->name() + "-" +
            std::to_string(::getpid());
    std::error_code ec;
    fs::remove_all(root_, ec);
    fs::create_directories(root_ + "/run");
    std::ofstream(root_ + "/secret.ans") << kSecret;
    std::ofstream(root_ + "/judge.sqlite").write(kSqlite, sizeof(kSqlite) - 1);
    ::chmod((root_ + "/secret.ans").c_str(), 0600);
    ::chmod((root_ + "/judge.sqlite").c_str(), 0600);
    expected_entries_ = {"run", "secret.ans", "judge.sqlite"};
  }

  void TearDown() override {
    if (!root_.empty() && !::testing::Test::HasFatalFailure()) HostChecks();
    std::error_code ec;
    if (!root_.empty()) fs::remove_all(root_, ec);
  }

  // Runs a hostile program (copied into the run directory, as the grader does).
  Result<RunResult> RunHostile(const std::string& name, std::vector<std::string> args, SandboxLimits limits,
                               std::vector<std::string> env = {}) {
    return RunHostileIn(sandbox(), name, std::move(args), limits, std::move(env));
  }

  // The same in a given sandbox (e.g. a second one, standing for another judge process).
  Result<RunResult> RunHostileIn(Sandbox& in, const std::string& name, std::vector<std::string> args,
                                 SandboxLimits limits, std::vector<std::string> env = {}) {
    JUDGE_ASSIGN_OR_RETURN(RunSpec spec, HostileSpec(name, std::move(args), limits, std::move(env)));
    return in.Run(spec);
  }

  // The same as a run of a session (SandboxSession), which keeps nothing the program
  // writes in its work directory (as the grader's runs).
  Result<RunResult> RunHostileInSession(SandboxSession& session, const std::string& name,
                                        std::vector<std::string> args, SandboxLimits limits) {
    JUDGE_ASSIGN_OR_RETURN(RunSpec spec, HostileSpec(name, std::move(args), limits, {}));
    spec.copy_back_only.emplace();
    return session.Run(spec);
  }

  // The spec that runs a hostile program, copied into the run directory first.
  Result<RunSpec> HostileSpec(const std::string& name, std::vector<std::string> args, SandboxLimits limits,
                              std::vector<std::string> env) {
    std::string dst = root_ + "/run/" + name;
    std::error_code ec;
    fs::copy_file(std::string(HOSTILE_DIR) + "/" + name, dst, fs::copy_options::overwrite_existing, ec);
    if (ec) return Status::IoError("copy " + name + ": " + ec.message());
    RunSpec spec;
    spec.argv = {"./" + name};
    for (auto& a : args) spec.argv.push_back(a);
    spec.work_dir = root_ + "/run";
    spec.stdout_path = root_ + "/stdout.txt";
    spec.stderr_path = root_ + "/stderr.txt";
    spec.env = env;
    spec.limits = limits;
    expected_entries_.insert("stdout.txt");
    expected_entries_.insert("stderr.txt");
    return spec;
  }

  std::string Stdout() { return ReadAll(root_ + "/stdout.txt"); }
  std::string Stderr() { return ReadAll(root_ + "/stderr.txt"); }

  static SandboxLimits Small() {
    SandboxLimits l;
    l.cpu_time_ms = 300;
    l.wall_time_ms = 1500;
    l.memory_kib = 64 * 1024;
    l.output_kib = 1024;
    l.max_processes = 1;
    return l;
  }

  void HostChecks() {
    // 1. No process left: the test sandbox's cgroups are empty, no process of its uids.
    for (const char* ctl : {"memory", "pids", "cpuacct", "freezer"}) {
      for (int k = 0; k < kTestSlots; ++k) {
        std::string procs = std::string("/sys/fs/cgroup/") + ctl + "/" + kTestCgroupName + "/slot" +
                            std::to_string(k) + "/cgroup.procs";
        if (fs::exists(procs)) {
          EXPECT_EQ(ReadAll(procs), "") << procs;
        }
      }
    }
    for (int pid : ProcessesOfTestUids()) ADD_FAILURE() << "process " << pid << " of a run uid survived the run";

    // 2. Nothing created or changed outside the run directory.
    std::set<std::string> entries;
    for (const auto& e : fs::directory_iterator(root_)) entries.insert(e.path().filename().string());
    EXPECT_EQ(entries, expected_entries_) << "the test root changed";
    EXPECT_EQ(ReadAll(root_ + "/secret.ans"), kSecret);
    EXPECT_EQ(ReadAll(root_ + "/judge.sqlite"), std::string(kSqlite, sizeof(kSqlite) - 1));
    for (const char* dir : {"/tmp", "/var/tmp", "/dev/shm"}) {
      std::error_code ec;
      for (const auto& e : fs::directory_iterator(dir, ec)) {
        struct stat st;
        if (::lstat(e.path().c_str(), &st) == 0 && st.st_uid >= static_cast<uid_t>(kTestFirstUid) &&
            st.st_uid < static_cast<uid_t>(kTestFirstUid + kTestSlots))
          ADD_FAILURE() << e.path() << " belongs to a run uid";
      }
    }

    // 3. The judge is responsive and the next run measures cleanly.
    std::string next = root_ + "/next";
    fs::create_directories(next);
    fs::copy_file(std::string(HOSTILE_DIR) + "/hello", next + "/hello");
    RunSpec spec;
    spec.argv = {"./hello"};
    spec.work_dir = next;
    spec.stdout_path = next + "/out";
    spec.limits = Small();
    Result<RunResult> r = sandbox().Run(spec);
    ASSERT_TRUE(r.ok()) << r.status().message();
    EXPECT_EQ(r->status, RunStatus::kOk) << r->message;
    EXPECT_EQ(ReadAll(next + "/out"), "hello\n");
    EXPECT_LT(r->cpu_ms, 50);
    EXPECT_LT(r->memory_kib, 8 * 1024) << "the next run does not start from a clean memory counter";
    EXPECT_EQ(r->output_bytes, 6);
  }


 public:
  // Processes running as one of the test sandbox's uids (a run still alive).
  static std::vector<int> ProcessesOfTestUids() {
    std::vector<int> out;
    DIR* d = ::opendir("/proc");
    while (struct dirent* e = d ? ::readdir(d) : nullptr) {
      if (e->d_name[0] < '1' || e->d_name[0] > '9') continue;
      std::string status = ReadAll(std::string("/proc/") + e->d_name + "/status");
      size_t p = status.find("\nUid:\t");
      if (p == std::string::npos) continue;
      int uid = std::atoi(status.c_str() + p + 6);
      if (uid >= kTestFirstUid && uid < kTestFirstUid + kTestSlots) out.push_back(std::atoi(e->d_name));
    }
    if (d) ::closedir(d);
    return out;
  }

 protected:

  std::string root_;
  std::set<std::string> expected_entries_;
};

}  // namespace judge::testing

#endif  // JUDGE_TESTS_SANDBOX_SANDBOX_FIXTURE_H_
