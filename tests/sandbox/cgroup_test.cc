// The cgroup v1 and v2 logic against fake directory trees (ordinary files where the
// kernel would have control files), and the detection of what a host offers.
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "cgroup.h"

namespace judge::sandbox {
namespace {

namespace fs = std::filesystem;

#define ASSERT_OK(expr)                                \
  do {                                                 \
    Status _st = (expr);                               \
    ASSERT_TRUE(_st.ok()) << #expr << ": " << _st.message(); \
  } while (0)

class FakeTree : public ::testing::Test {
 protected:
  void SetUp() override {
    char templ[] = "/tmp/judge-cgroup-test-XXXXXX";
    ASSERT_NE(::mkdtemp(templ), nullptr);
    root_ = templ;
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(root_, ec);
  }
  void Put(const std::string& rel, const std::string& text) {
    fs::create_directories(fs::path(root_ + "/" + rel).parent_path());
    std::ofstream(root_ + "/" + rel) << text;
  }
  std::string Get(const std::string& rel) {
    std::ifstream in(root_ + "/" + rel);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }
  bool Has(const std::string& rel) { return fs::exists(root_ + "/" + rel); }
  std::string root_;
};

TEST(CgroupFilesParse, Integers) {
  EXPECT_EQ(*CgroupFiles::ParseInt("123\n"), 123);
  EXPECT_EQ(*CgroupFiles::ParseInt("max\n"), -1);
  EXPECT_EQ(*CgroupFiles::ParseInt("9223372036854771712"), 9223372036854771712LL);
  EXPECT_FALSE(CgroupFiles::ParseInt("").ok());
  EXPECT_FALSE(CgroupFiles::ParseInt("12ab").ok());
  EXPECT_FALSE(CgroupFiles::ParseInt("-").ok());
}

TEST(CgroupFilesParse, KeyedFiles) {
  const std::string cpu_stat = "usage_usec 1500\nuser_usec 1000\nsystem_usec 500\n";
  EXPECT_EQ(*CgroupFiles::ParseKeyed(cpu_stat, "usage_usec"), 1500);
  EXPECT_EQ(*CgroupFiles::ParseKeyed(cpu_stat, "system_usec"), 500);
  // A key that is a prefix of another key must not match it.
  EXPECT_EQ(CgroupFiles::ParseKeyed(cpu_stat, "usage").status().code(), StatusCode::kNotFound);
  const std::string oom = "oom_kill_disable 0\nunder_oom 0\noom_kill 3\n";
  EXPECT_EQ(*CgroupFiles::ParseKeyed(oom, "oom_kill"), 3);
  EXPECT_EQ(*CgroupFiles::ParseKeyed(oom, "oom_kill_disable"), 0);
  EXPECT_EQ(CgroupFiles::ParseKeyed("max x\n", "max").status().code(), StatusCode::kCorrupt);
}

TEST(CgroupFilesParse, Pids) {
  EXPECT_EQ(CgroupFiles::ParsePids("12\n345\n\n7\n"), (std::vector<int>{12, 345, 7}));
  EXPECT_TRUE(CgroupFiles::ParsePids("").empty());
  EXPECT_TRUE(CgroupFiles::ParsePids("junk\n0\n-5\n").empty());
}

TEST_F(FakeTree, WriteRefusesMissingFileOutsideFakeMode) {
  CgroupFiles real(root_);
  Status st = real.Write("memory.max", "1");
  EXPECT_FALSE(st.ok());
  EXPECT_NE(st.message().find("memory.max"), std::string::npos) << st.message();
  CgroupFiles fake(root_, true);
  EXPECT_TRUE(fake.Write("memory.max", "12345").ok());
  EXPECT_TRUE(fake.Write("memory.max", "7").ok());
  EXPECT_EQ(Get("memory.max"), "7");  // the shorter value replaced the longer one
}

TEST_F(FakeTree, V2PrepareSetsLimitsAndEnablesControllers) {
  Put("cgroup.subtree_control", "cpu\n");
  Put("judge/cgroup.subtree_control", "memory pids\n");
  Put("judge/slot3/cgroup.subtree_control", "");
  auto cg = NewCgroupV2(CgroupFiles(root_, true), "judge", 3);
  ASSERT_OK(cg->Prepare(256LL << 20, 7));
  EXPECT_EQ(Get("cgroup.subtree_control"), "+memory +pids");   // both were missing
  EXPECT_EQ(Get("judge/cgroup.subtree_control"), "memory pids\n");  // already on: untouched
  EXPECT_EQ(Get("judge/slot3/cgroup.subtree_control"), "+memory +pids");
  EXPECT_EQ(Get("judge/slot3/run/memory.max"), std::to_string(256LL << 20));
  EXPECT_EQ(Get("judge/slot3/run/pids.max"), "7");
  EXPECT_EQ(cg->procs_fds().size(), 1u);
  EXPECT_EQ(cg->method(), SandboxMethod::kCgroupV2);
  // The per-run directory goes away with Finish.
  EXPECT_TRUE(cg->Finish().ok());
  EXPECT_FALSE(Has("judge/slot3/run"));
  EXPECT_TRUE(cg->procs_fds().empty());
}

// A fake v2 hierarchy whose new directories get the kernel's control files.
CgroupFiles FakeV2Files(const std::string& root, std::vector<std::string> files) {
  CgroupFiles f(root, true);
  f.set_fake_control_files(std::move(files));
  return f;
}

TEST_F(FakeTree, V2SwapOffAndOomGroupWhenTheKernelHasThem) {
  Put("cgroup.subtree_control", "memory pids\n");
  auto files = std::vector<std::string>{"cgroup.subtree_control", "memory.swap.max", "memory.oom.group", "memory.peak"};
  auto cg = NewCgroupV2(FakeV2Files(root_, files), "judge", 0);
  ASSERT_OK(cg->Prepare(1 << 20, 2));
  EXPECT_EQ(Get("judge/slot0/run/memory.swap.max"), "0");
  EXPECT_EQ(Get("judge/slot0/run/memory.oom.group"), "1");
  EXPECT_EQ(cg->memory_method(), "cgroup-v2-memory.peak");
  Put("judge/slot0/run/memory.peak", "7340032\n");
  Put("judge/slot0/run/cpu.stat", "usage_usec 10\n");
  EXPECT_EQ(cg->ReadUsage()->memory_peak_bytes, 7340032);
  // A run dir left by a crashed judge is replaced by a fresh one (fresh counters).
  Put("judge/slot0/run/memory.peak", "999\n");
  auto again = NewCgroupV2(FakeV2Files(root_, files), "judge", 0);
  ASSERT_TRUE(again->Prepare(1 << 20, 2).ok());
  EXPECT_EQ(Get("judge/slot0/run/memory.peak"), "");
}

TEST_F(FakeTree, V2ReadUsageWithoutPeakPollsCurrent) {
  Put("cgroup.subtree_control", "memory pids\n");
  auto cg = NewCgroupV2(FakeV2Files(root_, {"cgroup.subtree_control"}), "judge", 1);
  ASSERT_OK(cg->Prepare(64 << 20, 3));
  Put("judge/slot1/run/cpu.stat", "usage_usec 250000\nuser_usec 200000\nsystem_usec 50000\n");
  Put("judge/slot1/run/memory.current", "1048576\n");
  Put("judge/slot1/run/memory.events", "low 0\nhigh 0\nmax 4\noom 1\noom_kill 1\n");
  Put("judge/slot1/run/pids.events", "max 2\n");
  Result<CgroupUsage> u = cg->ReadUsage();
  ASSERT_TRUE(u.ok()) << u.status().message();
  EXPECT_EQ(u->cpu_ns, 250000000);
  EXPECT_EQ(u->oom_kills, 1);
  EXPECT_EQ(u->pids_max_events, 2);
  // No memory.peak (kernels < 5.19): the peak is the largest memory.current polled.
  EXPECT_EQ(u->memory_peak_bytes, 1048576);
  EXPECT_EQ(cg->memory_method(), "cgroup-v2-memory.current-polling");
  Put("judge/slot1/run/memory.current", "4194304\n");
  EXPECT_EQ(cg->ReadUsage()->memory_peak_bytes, 4194304);
  Put("judge/slot1/run/memory.current", "2097152\n");
  EXPECT_EQ(cg->ReadUsage()->memory_peak_bytes, 4194304);  // a peak never goes down
}

// A "kernel" thread for the fake tree: once cgroup.kill is written, the tasks vanish.
TEST_F(FakeTree, V2KillAllUsesCgroupKill) {
  Put("cgroup.subtree_control", "memory pids\n");
  Put("judge/cgroup.subtree_control", "memory pids\n");
  Put("judge/slot2/cgroup.subtree_control", "memory pids\n");
  auto cg = NewCgroupV2(CgroupFiles(root_, true), "judge", 2);
  ASSERT_OK(cg->Prepare(64 << 20, 3));
  Put("judge/slot2/run/cgroup.kill", "");
  // A pid above pid_max: kill() on it fails harmlessly.
  Put("judge/slot2/run/cgroup.procs", "2000000000\n");
  std::atomic<bool> stop{false};
  std::thread kernel([&] {
    while (!stop) {
      if (Get("judge/slot2/run/cgroup.kill") == "1") {
        Put("judge/slot2/run/cgroup.procs", "");
        return;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  });
  Status st = cg->KillAll();
  stop = true;
  kernel.join();
  EXPECT_TRUE(st.ok()) << st.message();
  EXPECT_EQ(Get("judge/slot2/run/cgroup.kill"), "1");
}

class FakeV1 : public FakeTree {
 protected:
  std::map<std::string, CgroupFiles> Controllers() {
    std::map<std::string, CgroupFiles> m;
    for (const char* c : {"memory", "cpuacct", "pids", "freezer"}) {
      fs::create_directories(root_ + "/" + c);
      CgroupFiles f(root_ + "/" + c, true);
      std::map<std::string, std::vector<std::string>> kernel_files = {
          {"memory",
           {"cgroup.procs", "memory.usage_in_bytes", "memory.max_usage_in_bytes", "memory.oom_control",
            "memory.failcnt", "memory.limit_in_bytes", "memory.force_empty"}},
          {"cpuacct", {"cgroup.procs", "cpuacct.usage"}},
          {"pids", {"cgroup.procs", "pids.max", "pids.current", "pids.events"}},
          {"freezer", {"cgroup.procs", "freezer.state"}},
      };
      f.set_fake_control_files(kernel_files[c]);
      m.emplace(c, f);
    }
    return m;
  }
};

TEST_F(FakeV1, PrepareResetsAndLimits) {
  auto ctl = Controllers();
  // A slot directory left by a previous judge: frozen, with a peak and leftover charges.
  Put("memory/judge/slot5/memory.usage_in_bytes", "3145728\n");  // 3 MiB: worth a reclaim
  Put("memory/judge/slot5/memory.max_usage_in_bytes", "99999999\n");
  Put("memory/judge/slot5/memory.memsw.limit_in_bytes", "9223372036854771712\n");
  Put("memory/judge/slot5/memory.force_empty", "");
  for (const char* f : {"memory.oom_control", "memory.failcnt"}) Put(std::string("memory/judge/slot5/") + f, "");
  Put("cpuacct/judge/slot5/cpuacct.usage", "123456789\n");
  Put("pids/judge/slot5/pids.current", "0\n");
  Put("freezer/judge/slot5/freezer.state", "FROZEN\n");
  for (const char* c : {"memory", "cpuacct", "pids", "freezer"}) Put(std::string(c) + "/judge/slot5/cgroup.procs", "");
  auto cg = NewCgroupV1(std::move(ctl), "judge", 5);
  ASSERT_OK(cg->Prepare(128LL << 20, 9));
  EXPECT_EQ(Get("memory/judge/slot5/memory.limit_in_bytes"), std::to_string(128LL << 20));
  EXPECT_EQ(Get("memory/judge/slot5/memory.memsw.limit_in_bytes"), std::to_string(128LL << 20));
  EXPECT_EQ(Get("memory/judge/slot5/memory.max_usage_in_bytes"), "0");
  EXPECT_EQ(Get("memory/judge/slot5/memory.force_empty"), "0");  // there were leftover charges
  EXPECT_EQ(Get("cpuacct/judge/slot5/cpuacct.usage"), "123456789\n");  // not reset: subtracted
  EXPECT_EQ(Get("pids/judge/slot5/pids.max"), "9");
  EXPECT_EQ(Get("freezer/judge/slot5/freezer.state"), "THAWED");  // a crashed judge's freeze undone
  EXPECT_EQ(cg->procs_fds().size(), 4u);  // one cgroup.procs per controller
  EXPECT_EQ(cg->time_method(), "cgroup-v1-cpuacct");
  EXPECT_EQ(cg->memory_method(), "cgroup-v1-memory");

  // Unchanged limits are not written again on the next run of this process (the
  // sentinels stay); the peak is reset again.
  ASSERT_OK(cg->Finish());
  Put("memory/judge/slot5/memory.limit_in_bytes", "sentinel");
  Put("pids/judge/slot5/pids.max", "sentinel");
  Put("memory/judge/slot5/memory.max_usage_in_bytes", "777\n");
  Put("memory/judge/slot5/memory.usage_in_bytes", "0\n");
  Put("memory/judge/slot5/memory.force_empty", "");
  ASSERT_OK(cg->Prepare(128LL << 20, 9));
  EXPECT_EQ(Get("memory/judge/slot5/memory.limit_in_bytes"), "sentinel");
  EXPECT_EQ(Get("pids/judge/slot5/pids.max"), "sentinel");
  EXPECT_EQ(Get("memory/judge/slot5/memory.max_usage_in_bytes"), "0");
  EXPECT_EQ(Get("memory/judge/slot5/memory.force_empty"), "");  // nothing charged: no reclaim
  // Another judge process held the slot since (SlotPool's stamp): they are written again.
  ASSERT_OK(cg->Finish());
  cg->ForgetCachedState();
  ASSERT_OK(cg->Prepare(128LL << 20, 9));
  EXPECT_EQ(Get("memory/judge/slot5/memory.limit_in_bytes"), std::to_string(128LL << 20));
  EXPECT_EQ(Get("pids/judge/slot5/pids.max"), "9");
  ASSERT_OK(cg->Finish());
  ASSERT_OK(cg->Prepare(64LL << 20, 3));
  EXPECT_EQ(Get("memory/judge/slot5/memory.limit_in_bytes"), std::to_string(64LL << 20));
  EXPECT_EQ(Get("pids/judge/slot5/pids.max"), "3");
}

TEST_F(FakeV1, LeftoverChargesGetAFreshMemoryCgroup) {
  auto cg = NewCgroupV1(Controllers(), "judge", 1);
  ASSERT_OK(cg->Prepare(64 << 20, 2));
  // The previous run left 50 MB that force_empty could not reclaim (tmpfs files).
  Put("memory/judge/slot1/memory.usage_in_bytes", "52428800\n");
  Put("memory/judge/slot1/memory.stat", "shmem 52428800\n");
  ASSERT_OK(cg->Prepare(64 << 20, 2));
  EXPECT_FALSE(Has("memory/judge/slot1/memory.stat")) << "the memory cgroup was not replaced";
  EXPECT_EQ(Get("memory/judge/slot1/memory.limit_in_bytes"), std::to_string(64 << 20));
  // Under the threshold: kept.
  Put("memory/judge/slot1/memory.usage_in_bytes", "4096\n");
  Put("memory/judge/slot1/memory.stat", "shmem 0\n");
  ASSERT_OK(cg->Prepare(64 << 20, 2));
  EXPECT_TRUE(Has("memory/judge/slot1/memory.stat"));
}

TEST_F(FakeV1, ReadUsage) {
  auto cg = NewCgroupV1(Controllers(), "judge", 0);
  ASSERT_OK(cg->Prepare(64 << 20, 2));
  Put("cpuacct/judge/slot0/cpuacct.usage", "1234567890\n");
  Put("memory/judge/slot0/memory.max_usage_in_bytes", "10485760\n");
  Put("memory/judge/slot0/memory.oom_control", "oom_kill_disable 0\nunder_oom 0\noom_kill 2\n");
  Put("pids/judge/slot0/pids.events", "max 5\n");
  Put("memory/judge/slot0/memory.failcnt", "3\n");
  Result<CgroupUsage> u = cg->ReadUsage();
  ASSERT_TRUE(u.ok()) << u.status().message();
  EXPECT_EQ(u->cpu_ns, 1234567890);
  EXPECT_EQ(u->memory_peak_bytes, 10485760);
  EXPECT_EQ(u->oom_kills, 2);
  EXPECT_EQ(u->pids_max_events, 5);
  EXPECT_EQ(u->memory_limit_hits, 3);
  // Read again through the same descriptors: new values are seen.
  Put("cpuacct/judge/slot0/cpuacct.usage", "2000000000\n");
  EXPECT_EQ(cg->ReadUsage()->cpu_ns, 2000000000);
}

TEST_F(FakeV1, ReadUsageFailsOnGarbage) {
  auto cg = NewCgroupV1(Controllers(), "judge", 0);
  ASSERT_OK(cg->Prepare(64 << 20, 2));
  Put("cpuacct/judge/slot0/cpuacct.usage", "lots\n");
  Put("memory/judge/slot0/memory.max_usage_in_bytes", "1\n");
  Result<CgroupUsage> u = cg->ReadUsage();
  ASSERT_FALSE(u.ok());
  EXPECT_NE(u.status().message().find("cpuacct.usage"), std::string::npos) << u.status().message();
}

TEST_F(FakeV1, TasksAreTheUnionOfControllers) {
  auto cg = NewCgroupV1(Controllers(), "judge", 0);
  ASSERT_OK(cg->Prepare(64 << 20, 2));
  Put("memory/judge/slot0/cgroup.procs", "10\n20\n");
  Put("pids/judge/slot0/cgroup.procs", "20\n30\n");
  EXPECT_EQ(*cg->Tasks(), (std::vector<int>{10, 20, 30}));
}

TEST(CgroupMounts, ParsesV1AndV2) {
  const std::string mounts =
      "proc /proc proc rw,relatime 0 0\n"
      "cgroup /sys/fs/cgroup/cpu,cpuacct cgroup rw,nosuid,cpu,cpuacct 0 0\n"
      "cgroup /sys/fs/cgroup/memory cgroup rw,relatime,memory 0 0\n"
      "cgroup /sys/fs/cgroup/pids cgroup rw,relatime,pids 0 0\n"
      "cgroup /sys/fs/cgroup/systemd cgroup rw,relatime,name=systemd 0 0\n"
      "cgroup2 /sys/fs/cgroup/unified cgroup2 rw,relatime 0 0\n";
  CgroupLayout l = ParseCgroupMounts(mounts);
  EXPECT_EQ(l.v2_mount, "/sys/fs/cgroup/unified");
  EXPECT_EQ(l.v1_mounts.at("cpuacct"), "/sys/fs/cgroup/cpu,cpuacct");
  EXPECT_EQ(l.v1_mounts.at("cpu"), "/sys/fs/cgroup/cpu,cpuacct");
  EXPECT_EQ(l.v1_mounts.at("memory"), "/sys/fs/cgroup/memory");
  EXPECT_EQ(l.v1_mounts.count("freezer"), 0u);
  EXPECT_EQ(l.v1_mounts.count("name=systemd"), 0u);
  CgroupLayout only2 = ParseCgroupMounts("cgroup2 /sys/fs/cgroup cgroup2 rw 0 0\n");
  EXPECT_EQ(only2.v2_mount, "/sys/fs/cgroup");
  EXPECT_TRUE(only2.v1_mounts.empty());
  EXPECT_TRUE(ParseCgroupMounts("").v2_mount.empty());
}

TEST_F(FakeTree, ChoosesV2WhenItHasTheControllers) {
  Put("v2/cgroup.controllers", "cpuset cpu io memory pids\n");
  for (const char* c : {"memory", "cpuacct", "pids"}) fs::create_directories(root_ + "/v1/" + c);
  CgroupLayout l;
  l.v2_mount = root_ + "/v2";
  for (const char* c : {"memory", "cpuacct", "pids"}) l.v1_mounts[c] = root_ + "/v1/" + c;
  EXPECT_EQ(ChooseCgroups(l, SandboxMethod::kAuto).method, SandboxMethod::kCgroupV2);
  EXPECT_EQ(ChooseCgroups(l, SandboxMethod::kCgroupV1).method, SandboxMethod::kCgroupV1);
  EXPECT_EQ(ChooseCgroups(l, SandboxMethod::kNoCgroup).method, SandboxMethod::kNoCgroup);

  // The v2 mount of this machine: no controllers. Auto falls back to v1.
  Put("v2/cgroup.controllers", "\n");
  CgroupChoice c = ChooseCgroups(l, SandboxMethod::kAuto);
  EXPECT_EQ(c.method, SandboxMethod::kCgroupV1);
  EXPECT_EQ(c.v1_roots.count("freezer"), 0u);
  CgroupChoice forced = ChooseCgroups(l, SandboxMethod::kCgroupV2);
  EXPECT_EQ(forced.method, SandboxMethod::kNoCgroup);
  EXPECT_NE(forced.why.find("memory and pids"), std::string::npos) << forced.why;

  // Neither: no cgroups, and the reason names both.
  l.v1_mounts.erase("pids");
  CgroupChoice none = ChooseCgroups(l, SandboxMethod::kAuto);
  EXPECT_EQ(none.method, SandboxMethod::kNoCgroup);
  EXPECT_NE(none.why.find("pids"), std::string::npos) << none.why;
}

}  // namespace
}  // namespace judge::sandbox
