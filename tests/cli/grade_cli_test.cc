// End to end: the built `judge` executable grading real programs in the real sandbox.
// Packages and submissions are made in a temporary directory, except where a shipped
// package is the point (file I/O, stress).
#include <gtest/gtest.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <sys/wait.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <thread>

#include "cli_util.h"
#include "json_util.h"

namespace judge::clitest {
namespace {

using nlohmann::json;

constexpr const char* kSumYaml =
    "name: Sum\n"
    "limits:\n"
    "  time_ms: 1000\n"
    "  memory_kib: 65536\n"
    "  output_kib: 1024\n"
    "checker:\n"
    "  type: %CHECKER%\n";

// a b -> a+b, three secret tests and a sample.
std::string MakeSum(const JudgeDir& sb, const std::string& name, const std::string& checker = "tokens",
                    const std::string& extra_yaml = "") {
  std::string yaml = kSumYaml;
  yaml.replace(yaml.find("%CHECKER%"), 9, checker);
  sb.Write(name + "/problem.yaml", yaml + extra_yaml);
  sb.Write(name + "/data/sample/1.in", "1 2\n");
  sb.Write(name + "/data/sample/1.ans", "3\n");
  for (int i = 1; i <= 3; ++i) {
    sb.Write(name + "/data/secret/" + std::to_string(i) + ".in", std::to_string(i * 10) + " " + std::to_string(i) + "\n");
    sb.Write(name + "/data/secret/" + std::to_string(i) + ".ans", std::to_string(i * 11) + "\n");
  }
  return sb.Path(name);
}

const char* kOk = "#include <cstdio>\nint main(){long a,b; if(scanf(\"%ld %ld\",&a,&b)!=2) return 1; printf(\"%ld\\n\",a+b);}\n";

json ParseJson(const Ran& r) { return ParseRun(r); }

std::set<std::string> Keys(const json& j) {
  std::set<std::string> k;
  for (auto it = j.begin(); it != j.end(); ++it) k.insert(it.key());
  return k;
}

bool OneLine(const std::string& err) { return CountLines(err) == 1 && err.rfind("judge", 0) == 0; }

TEST(GradeCli, JsonIsExactlyTheDesignObject) {
  JudgeDir sb;
  std::string pkg = MakeSum(sb, "sum");
  std::string sol = sb.Write("ok.cpp", kOk);
  Ran r = sb.Judge({"grade", pkg, sol, "--json", "--no-db"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  json j = ParseJson(r);
  EXPECT_EQ(Keys(j), (std::set<std::string>{"submission", "problem", "language", "verdict", "score", "time_ms",
                                            "memory_kib", "compile", "tests"}));
  EXPECT_EQ(j["verdict"], "AC");
  EXPECT_EQ(j["problem"], "sum");
  EXPECT_EQ(j["language"], "cpp20");
  EXPECT_EQ(j["submission"], sol);
  EXPECT_EQ(j["score"], 1.0);
  // "attempts" joined the design's compile fields (fields only grow): 1 for a compile
  // that ran once, 0 for one taken from the cache (docs/grading.md).
  EXPECT_EQ(Keys(j["compile"]), (std::set<std::string>{"ok", "log", "attempts"}));
  EXPECT_EQ(j["compile"]["ok"], true);
  EXPECT_TRUE(j["compile"]["attempts"] == 0 || j["compile"]["attempts"] == 1) << j["compile"];
  ASSERT_EQ(j["tests"].size(), 4u);
  EXPECT_EQ(j["tests"][0]["name"], "sample/1");
  EXPECT_EQ(j["tests"][3]["name"], "secret/3");
  for (const auto& t : j["tests"]) {
    // "stderr" joined the design's fields (the tail of a failed run's stderr; fields only grow).
    // "time_clock", "attempts" and "host_load" too: which clock decided a TLE (issue 35).
    EXPECT_EQ(Keys(t), (std::set<std::string>{"name", "verdict", "time_ms", "wall_ms", "memory_kib", "exit_code",
                                              "signal", "message", "stderr", "time_clock", "attempts",
                                              "host_load"}));
    EXPECT_EQ(t["attempts"], 1);
    EXPECT_EQ(t["verdict"], "AC");
    EXPECT_EQ(t["exit_code"], 0);
    EXPECT_GT(t["memory_kib"].get<int64_t>(), 0);
  }
}

struct VerdictCase {
  const char* name;
  const char* source;
  const char* verdict;
  const char* message_part;
};

void PrintTo(const VerdictCase& c, std::ostream* os) { *os << c.name; }

class GradeVerdicts : public ::testing::TestWithParam<VerdictCase> {};

TEST_P(GradeVerdicts, EachKindOfFailure) {
  const VerdictCase& c = GetParam();
  JudgeDir sb;
  std::string pkg = MakeSum(sb, "sum");
  std::string sol = sb.Write(std::string(c.name) + ".cpp", c.source);
  Ran r = sb.Judge({"grade", pkg, sol, "--json", "--no-db"});
  ASSERT_EQ(r.exit_code, 0) << r.err;  // judged, whatever the verdict
  json j = ParseJson(r);
  EXPECT_EQ(j["verdict"], c.verdict) << r.out;
  if (std::string(c.verdict) == "CE") {
    EXPECT_EQ(j["compile"]["ok"], false);
    EXPECT_NE(j["compile"]["log"].get<std::string>().find(c.message_part), std::string::npos) << r.out;
    EXPECT_TRUE(j["tests"].empty());
  } else {
    ASSERT_EQ(j["tests"].size(), 1u) << "stops at the first failure";
    EXPECT_EQ(j["tests"][0]["verdict"], c.verdict);
    EXPECT_NE(j["tests"][0]["message"].get<std::string>().find(c.message_part), std::string::npos) << r.out;
  }
}

INSTANTIATE_TEST_SUITE_P(
    Kinds, GradeVerdicts,
    ::testing::Values(
        VerdictCase{"wa", "#include <cstdio>\nint main(){long a,b; scanf(\"%ld %ld\",&a,&b); printf(\"%ld\\n\",a-b);}\n",
                    "WA", "expected \"3\""},
        VerdictCase{"tle", "int main(){volatile unsigned long x=0; for(;;) x=x+1;}\n", "TLE", "time"},
        VerdictCase{"mle",
                    "#include <cstdlib>\n#include <cstring>\nint main(){for(int i=0;i<64;i++){char*p=(char*)malloc(8<<20);"
                    "memset(p,1,8<<20);} return 0;}\n",
                    "MLE", "memory"},
        VerdictCase{"ole", "#include <cstdio>\nint main(){for(;;) fputs(\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\\n\", stdout);}\n",
                    "OLE", "output"},
        VerdictCase{"re", "#include <cstdlib>\nint main(){ std::abort(); }\n", "RE", "SIGABRT"},
        VerdictCase{"exit3", "int main(){ return 3; }\n", "RE", "3"},
        VerdictCase{"ce", "int main( {\n", "CE", "error"}),
    [](const auto& info) { return std::string(info.param.name); });

// Issue 35, item 1: a program that sleeps for ever is stopped by the wall clock on every
// attempt with its CPU time far under the limit: TLE, and the record says the wall
// clock decided.
TEST(GradeCli, AProgramThatSleepsForEverIsTleByTheWallClock) {
  JudgeDir sb;
  std::string pkg = MakeSum(sb, "sum", "tokens", "");
  std::string yaml = ReadFile(pkg + "/problem.yaml");
  yaml.replace(yaml.find("  time_ms: 1000\n"), 15, "  time_ms: 500\n  wall_ms: 800\n");
  sb.Write("sum/problem.yaml", yaml);
  std::string sol = sb.Write("sleeps.cpp", "#include <unistd.h>\nint main(){ for(;;) pause(); }\n");
  Ran r = sb.Judge({"grade", pkg, sol, "--json", "--no-db"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  json j = ParseJson(r);
  EXPECT_EQ(j["verdict"], "TLE") << r.out;
  ASSERT_EQ(j["tests"].size(), 1u);
  const json& t = j["tests"][0];
  EXPECT_EQ(t["time_clock"], "wall");
  EXPECT_EQ(t["attempts"], 3);
  EXPECT_GE(t["host_load"].get<double>(), 0.0);
  EXPECT_NE(t["message"].get<std::string>().find("the wall clock decided"), std::string::npos) << t;
  EXPECT_LT(t["time_ms"].get<int64_t>(), 500);
}

// Issue 35, item 3: a Python program runs under the name it was submitted with (a GCPC
// 2023 jury program decodes its own name from sys.argv[0]).
TEST(GradeCli, APythonProgramRunsUnderItsSubmittedName) {
  JudgeDir sb;
  const std::string name = std::string(86, 'a').replace(0, 10, "0123456789") + ".py";
  sb.Write("own/problem.yaml", "name: Own name\nlimits:\n  time_ms: 2000\n");
  sb.Write("own/data/secret/1.in", "\n");
  sb.Write("own/data/secret/1.ans", name + "\n");
  std::string sol = sb.Write("subs/" + name, "import os, sys\nprint(os.path.basename(sys.argv[0]))\n");
  Ran r = sb.Judge({"grade", sb.Path("own"), sol, "--json", "--no-db"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(ParseJson(r)["verdict"], "AC") << r.out;
  // A name that is no safe file name runs as main.py, as before.
  std::string odd = sb.Write("subs/has space.py", "import os, sys\nprint(os.path.basename(sys.argv[0]))\n");
  sb.Write("own/data/secret/1.ans", "main.py\n");
  Ran r2 = sb.Judge({"grade", sb.Path("own"), odd, "--json", "--no-db"});
  ASSERT_EQ(r2.exit_code, 0) << r2.err;
  EXPECT_EQ(ParseJson(r2)["verdict"], "AC") << r2.out;
}

// The host pid of the process whose command line is exactly argv (NUL-separated), or
// -1: the sandbox's pid namespace hides it from the program, not from the host.
int PidWithCommandLine(const std::vector<std::string>& argv) {
  std::string want;
  for (const std::string& a : argv) want += a + std::string(1, '\0');
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator("/proc", ec)) {
    const std::string name = e.path().filename().string();
    if (name.empty() || name[0] < '1' || name[0] > '9') continue;
    if (ReadFile(e.path().string() + "/cmdline") == want) return std::stoi(name);
  }
  return -1;
}

// Something outside the judge (here this test, as root) SIGKILLs a test's program on
// its first attempt only: the test runs again and the retry's AC is the verdict, with
// the retry counted and said. The program is a Python file with a name of its own, so
// its run's command line (`/usr/bin/python3 <name>`) tells it from every other process
// (its syntax check runs with -S); it sleeps a second first, time for the watcher to
// find it.
TEST(GradeCli, AProgramKilledFromOutsideOnceIsJudgedAgainAndAccepted) {
  JudgeDir sb;
  sb.Write("sum/problem.yaml", "name: Sum\nlimits:\n  time_ms: 1000\n");
  sb.Write("sum/data/secret/1.in", "20 22\n");
  sb.Write("sum/data/secret/1.ans", "42\n");
  const std::string name = "killed_once_" + std::to_string(::getpid()) + ".py";
  std::string sol =
      sb.Write("subs/" + name, "import time\ntime.sleep(1)\na, b = map(int, input().split())\nprint(a + b)\n");
  std::atomic<bool> done{false};
  std::atomic<int> kills{0};
  std::thread watcher([&] {
    while (!done.load() && kills.load() == 0) {
      int pid = PidWithCommandLine({"/usr/bin/python3", name});
      if (pid > 0 && ::kill(pid, SIGKILL) == 0) ++kills;
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  });
  Ran r = sb.Judge({"grade", sb.Path("sum"), sol, "--json", "--no-db"});
  done = true;
  watcher.join();
  ASSERT_EQ(r.exit_code, 0) << r.err;
  ASSERT_EQ(kills.load(), 1) << "the watcher never found the program's run";
  json j = ParseJson(r);
  EXPECT_EQ(j["verdict"], "AC") << r.out;
  ASSERT_EQ(j["tests"].size(), 1u);
  const json& t = j["tests"][0];
  EXPECT_EQ(t["attempts"], 2) << t;
  EXPECT_NE(t["message"].get<std::string>().find("judged again after 1 SIGKILL that no limit of the judge's sent"),
            std::string::npos)
      << t;
}

// A program that SIGKILLs itself ends so on every attempt: RE, the same on every
// judging, after three attempts.
TEST(GradeCli, AProgramThatKillsItselfIsReOnEveryAttempt) {
  JudgeDir sb;
  sb.Write("sum/problem.yaml", "name: Sum\nlimits:\n  time_ms: 1000\n");
  sb.Write("sum/data/secret/1.in", "20 22\n");
  sb.Write("sum/data/secret/1.ans", "42\n");
  std::string sol = sb.Write("self_kill.py", "import os, signal\nos.kill(os.getpid(), signal.SIGKILL)\n");
  Ran r = sb.Judge({"grade", sb.Path("sum"), sol, "--json", "--no-db"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  json j = ParseJson(r);
  EXPECT_EQ(j["verdict"], "RE") << r.out;
  ASSERT_EQ(j["tests"].size(), 1u);
  const json& t = j["tests"][0];
  EXPECT_EQ(t["attempts"], 3) << t;
  EXPECT_EQ(t["signal"], SIGKILL) << t;
  EXPECT_NE(t["message"].get<std::string>().find("on each of 3 attempts: judged as the program's own"),
            std::string::npos)
      << t;
}

// Issue 35, item 2: never more programs at once than the host has cores; the clamp is said.
TEST(GradeCli, JobsBeyondTheCoresAreClampedWithANote) {
  JudgeDir sb;
  std::string pkg = MakeSum(sb, "sum");
  std::string sol = sb.Write("ok.cpp", kOk);
  cpu_set_t set;
  CPU_ZERO(&set);
  ASSERT_EQ(sched_getaffinity(0, sizeof set, &set), 0);
  const int cores = CPU_COUNT(&set);
  Ran r = sb.Judge({"grade", pkg, sol, "--json", "--no-db", "--jobs", "64"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(ParseJson(r)["verdict"], "AC");
  if (cores < 64) {
    EXPECT_NE(r.err.find("judge grade: note: --jobs 64 is more than this host's " + std::to_string(cores) +
                         (cores == 1 ? " core" : " cores") + ": running " + std::to_string(cores) + " at once"),
              std::string::npos)
        << r.err;
  }
  Ran fits = sb.Judge({"grade", pkg, sol, "--json", "--no-db", "--jobs", "1"});
  EXPECT_EQ(fits.err.find("note: --jobs"), std::string::npos) << fits.err;
}

// Issue 11, item 10: under a 2 GiB limit, a C++ program that needs 3 GiB is MLE, not
// TLE, though faulting in 2 GiB takes longer than the 1 s CPU limit on this machine.
TEST(GradeCli, AProgramNeedingMoreThanA2GiBLimitIsMle) {
  JudgeDir sb;
  std::string pkg = MakeSum(sb, "sum");
  std::string yaml = kSumYaml;
  yaml.replace(yaml.find("%CHECKER%"), 9, "tokens");
  yaml.replace(yaml.find("65536"), 5, "2097152");
  sb.Write("sum/problem.yaml", yaml);
  std::string sol = sb.Write("big.cpp",
                            "#include <cstdio>\n#include <vector>\nint main(){ std::vector<char> v(size_t(3) << 30, 1);"
                            " long a,b; if(scanf(\"%ld %ld\",&a,&b)!=2) return 1; printf(\"%ld\\n\",a+b+v[12345]-1);}\n");
  Ran r = sb.Judge({"grade", pkg, sol, "--json", "--no-db"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  json j = ParseJson(r);
  EXPECT_EQ(j["verdict"], "MLE") << r.out;
  ASSERT_EQ(j["tests"].size(), 1u) << r.out;
  EXPECT_NE(j["tests"][0]["message"].get<std::string>().find("limit 2097152 KiB"), std::string::npos) << r.out;
}

TEST(GradeCli, PresentationErrorWithTheExactChecker) {
  JudgeDir sb;
  std::string pkg = MakeSum(sb, "sum", "exact");
  std::string sol = sb.Write("pe.cpp",
                            "#include <cstdio>\nint main(){long a,b; scanf(\"%ld %ld\",&a,&b); printf(\"%ld  \\n\\n\",a+b);}\n");
  Ran r = sb.Judge({"grade", pkg, sol, "--json", "--no-db"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(ParseJson(r)["verdict"], "PE") << r.out;
}

TEST(GradeCli, RunAllRunsEveryTest) {
  JudgeDir sb;
  std::string pkg = MakeSum(sb, "sum");
  std::string sol = sb.Write("wa.cpp", "#include <cstdio>\nint main(){puts(\"3\");}\n");
  Ran r = sb.Judge({"grade", pkg, sol, "--json", "--no-db", "--all"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  json j = ParseJson(r);
  ASSERT_EQ(j["tests"].size(), 4u);
  EXPECT_EQ(j["tests"][0]["verdict"], "AC");  // the sample's answer is 3
  EXPECT_EQ(j["tests"][1]["verdict"], "WA");
  EXPECT_EQ(j["verdict"], "WA");
}

TEST(GradeCli, OtherLanguagesAndBinaries) {
  JudgeDir sb;
  std::string pkg = MakeSum(sb, "sum");
  std::vector<std::pair<std::string, std::string>> files = {
      {"ok.c", "#include <stdio.h>\nint main(void){long a,b; scanf(\"%ld %ld\",&a,&b); printf(\"%ld\\n\",a+b); return 0;}\n"},
      {"ok.py", "a, b = map(int, input().split())\nprint(a + b)\n"},
  };
  for (const auto& [name, text] : files) {
    Ran r = sb.Judge({"grade", pkg, sb.Write(name, text), "--json", "--no-db"});
    ASSERT_EQ(r.exit_code, 0) << name << r.err;
    EXPECT_EQ(ParseJson(r)["verdict"], "AC") << name << r.out;
  }
  // cpp11 by flag, and a contestant binary (no known extension).
  std::string src = sb.Write("ok.cpp", kOk);
  Ran r11 = sb.Judge({"grade", pkg, src, "--lang", "cpp11", "--json", "--no-db"});
  ASSERT_EQ(r11.exit_code, 0) << r11.err;
  EXPECT_EQ(ParseJson(r11)["language"], "cpp11");
  std::string bin = sb.Path("solution-binary");
  ASSERT_EQ(RunTool({"g++", "-O2", "-static", "-x", "c++", src, "-o", bin}), 0);
  Ran rb = sb.Judge({"grade", pkg, bin, "--json", "--no-db"});
  ASSERT_EQ(rb.exit_code, 0) << rb.err;
  json jb = ParseJson(rb);
  EXPECT_EQ(jb["language"], "binary");
  EXPECT_EQ(jb["verdict"], "AC") << rb.out;
  // A Python syntax error is CE, not RE on every test.
  Ran bad = sb.Judge({"grade", pkg, sb.Write("bad.py", "def f(:\n"), "--json", "--no-db"});
  ASSERT_EQ(bad.exit_code, 0) << bad.err;
  EXPECT_EQ(ParseJson(bad)["verdict"], "CE");
}

TEST(GradeCli, JavaWhenAJdkIsInstalled) {
  JudgeDir sb;
  Ran langs = sb.Judge({"languages", "--json"});
  ASSERT_EQ(langs.exit_code, 0) << langs.err;
  json all = ParseJson(langs);
  json java;
  for (const auto& l : all)
    if (l["id"] == "java") java = l;
  ASSERT_FALSE(java.is_null());
  if (!java["available"].get<bool>()) {
    EXPECT_FALSE(java["reason"].get<std::string>().empty());
    GTEST_SKIP() << "no JDK here: " << java["reason"];
  }
  std::string pkg = MakeSum(sb, "sum");
  std::string yaml = ReadFile(pkg + "/problem.yaml");
  yaml.replace(yaml.find("65536"), 5, "524288");
  WriteFile(pkg + "/problem.yaml", yaml);
  std::string sol = sb.Write("Main.java",
                            "import java.util.*;\npublic class Main { public static void main(String[] a) {"
                            " Scanner s = new Scanner(System.in); long x = s.nextLong(), y = s.nextLong();"
                            " System.out.println(x + y); } }\n");
  Ran r = sb.Judge({"grade", pkg, sol, "--json", "--no-db"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(ParseJson(r)["verdict"], "AC") << r.out;
}

TEST(GradeCli, SeveralFilesAndFoldersGiveAnArray) {
  JudgeDir sb;
  std::string pkg = MakeSum(sb, "sum");
  sb.Write("subs/a_ok.cpp", kOk);
  sb.Write("subs/b_wa.cpp", "#include <cstdio>\nint main(){puts(\"0\");}\n");
  sb.Write("subs/c_ok.py", "a, b = map(int, input().split())\nprint(a + b)\n");
  sb.Write("subs/.hidden", "ignored");
  Ran r = sb.Judge({"grade", pkg, sb.Path("subs"), "--json", "--no-db", "--jobs", "2"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  json j = ParseJson(r);
  ASSERT_TRUE(j.is_array());
  ASSERT_EQ(j.size(), 3u);
  EXPECT_EQ(j[0]["verdict"], "AC");
  EXPECT_EQ(j[1]["verdict"], "WA");
  EXPECT_EQ(j[2]["verdict"], "AC");
  EXPECT_EQ(j[2]["language"], "python3");
  // Two files given one by one: an array too.
  Ran two = sb.Judge({"grade", pkg, sb.Path("subs/a_ok.cpp"), sb.Path("subs/b_wa.cpp"), "--json", "--no-db"});
  ASSERT_EQ(two.exit_code, 0) << two.err;
  EXPECT_EQ(ParseJson(two).size(), 2u);
}

TEST(GradeCli, HumanReportHasALinePerTestAndASummary) {
  JudgeDir sb;
  std::string pkg = MakeSum(sb, "sum");
  Ran r = sb.Judge({"grade", pkg, sb.Write("ok.cpp", kOk), "--no-db"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.find('\033'), std::string::npos) << "no colours when not a terminal";
  EXPECT_EQ(r.out.find('\r'), std::string::npos) << "no progress line when not a terminal";
  int test_lines = 0;
  std::istringstream in(r.out);
  std::string line;
  while (std::getline(in, line))
    if ((line.rfind("  sample/", 0) == 0 || line.rfind("  secret/", 0) == 0) && line.find(" AC ") != std::string::npos &&
        line.find("KiB") != std::string::npos)
      ++test_lines;
  EXPECT_EQ(test_lines, 4) << r.out;
  EXPECT_NE(r.out.find("verdict AC"), std::string::npos) << r.out;
}

TEST(GradeCli, FileInputOutput) {
  JudgeDir sb;
  std::string pkg = MakeSum(sb, "fsum", "tokens", "io:\n  mode: file\n  input: fsum.in\n  output: fsum.out\n");
  std::string ok = sb.Write("ok.cpp",
                           "#include <cstdio>\nint main(){FILE*i=fopen(\"fsum.in\",\"r\");FILE*o=fopen(\"fsum.out\",\"w\");"
                           "long a,b; if(!i||fscanf(i,\"%ld %ld\",&a,&b)!=2) return 1; fprintf(o,\"%ld\\n\",a+b);}\n");
  Ran r = sb.Judge({"grade", pkg, ok, "--json", "--no-db"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(ParseJson(r)["verdict"], "AC") << r.out;
  std::string stdout_only = sb.Write("stdout.cpp", "#include <cstdio>\nint main(){puts(\"3\");}\n");
  Ran w = sb.Judge({"grade", pkg, stdout_only, "--json", "--no-db"});
  ASSERT_EQ(w.exit_code, 0) << w.err;
  json j = ParseJson(w);
  EXPECT_EQ(j["verdict"], "WA");
  EXPECT_EQ(j["tests"][0]["message"], "no output file `fsum.out`");
  std::string link = sb.Write("link.cpp", "#include <unistd.h>\nint main(){return symlink(\"/etc/hostname\",\"fsum.out\");}\n");
  Ran l = sb.Judge({"grade", pkg, link, "--json", "--no-db"});
  ASSERT_EQ(l.exit_code, 0) << l.err;
  json jl = ParseJson(l);
  EXPECT_EQ(jl["verdict"], "WA") << l.out;
}

// One submission with --jobs 2 runs two tests at once (each in its own directory and
// slot): the same tests, verdicts and outputs as --jobs 1, file I/O included.
TEST(GradeCli, OneSubmissionsTestsInParallelGiveTheSameReport) {
  JudgeDir sb;
  std::string pkg = MakeSum(sb, "fsum", "tokens", "io:\n  mode: file\n  input: fsum.in\n  output: fsum.out\n");
  for (int i = 4; i <= 12; ++i) {
    sb.Write("fsum/data/secret/" + std::to_string(i) + ".in", std::to_string(i) + " 1\n");
    sb.Write("fsum/data/secret/" + std::to_string(i) + ".ans", std::to_string(i + 1) + "\n");
  }
  std::string sol = sb.Write("sol.cpp",
                            "#include <cstdio>\nint main(){FILE*i=fopen(\"fsum.in\",\"r\");FILE*o=fopen(\"fsum.out\",\"w\");"
                            "long a,b; if(!i||fscanf(i,\"%ld %ld\",&a,&b)!=2) return 1; fprintf(o,\"%ld\\n\",a==7?0:a+b);}\n");
  for (const char* all : {"", "--all"}) {
    std::vector<std::string> args = {"grade", pkg, sol, "--json", "--no-db"};
    if (*all) args.push_back(all);
    Ran one = sb.Judge([&] { auto a = args; a.insert(a.end(), {"--jobs", "1"}); return a; }());
    Ran two = sb.Judge([&] { auto a = args; a.insert(a.end(), {"--jobs", "2"}); return a; }());
    ASSERT_EQ(one.exit_code, 0) << one.err;
    ASSERT_EQ(two.exit_code, 0) << two.err;
    json a = ParseJson(one), b = ParseJson(two);
    EXPECT_EQ(b["verdict"], "WA") << two.out;
    ASSERT_EQ(a["tests"].size(), b["tests"].size()) << two.out;
    EXPECT_EQ(b["tests"].size(), *all ? 13u : 11u) << two.out;  // sample, 1, 10, 11, 12, 2, ..., 7
    for (std::size_t i = 0; i < a["tests"].size(); ++i) {
      EXPECT_EQ(a["tests"][i]["name"], b["tests"][i]["name"]);
      EXPECT_EQ(a["tests"][i]["verdict"], b["tests"][i]["verdict"]) << i;
    }
  }
}

TEST(GradeCli, ShippedFileIoPackage) {
  std::string pkg = Problems() + "/rotation-file";
  ASSERT_EQ(access((pkg + "/problem.yaml").c_str(), F_OK), 0) << pkg << ": a shipped package";
  JudgeDir sb;
  std::string sol = sb.Write("stdout.cpp", "#include <cstdio>\nint main(){puts(\"AC\\n2\");}\n");
  Ran r = sb.Judge({"grade", pkg, sol, "--json", "--no-db"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  json j = ParseJson(r);
  EXPECT_EQ(j["verdict"], "WA");
  EXPECT_EQ(j["tests"][0]["message"], "no output file `rotationa.out`");
}

TEST(GradeCli, CompilerBombsAreCompileErrorsWithTheReason) {
  JudgeDir sb;
  std::string pkg = MakeSum(sb, "sum");
  std::string rnd = sb.Write("random.cpp", "#include \"/dev/random\"\nint main(){}\n");
  // Smaller compile limits than the defaults keep the test quick; the mechanism is the same.
  const std::vector<std::string> limits = {"--compile-time-ms", "5000", "--compile-memory-kib", "524288"};
  std::vector<std::string> args = {"grade", pkg, rnd, "--json", "--no-db", "--no-cache"};
  args.insert(args.end(), limits.begin(), limits.end());
  Ran r = sb.Judge(args);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  json j = ParseJson(r);
  EXPECT_EQ(j["verdict"], "CE");
  EXPECT_FALSE(j["compile"]["log"].get<std::string>().empty());
  Ran human = sb.Judge({"grade", pkg, sb.Write("bomb.cpp",
                                              "template<int N,int M> struct X : X<N-1,2*M>, X<N-1,2*M+1> {};\n"
                                              "template<int M> struct X<0,M> {};\n"
                                              "int main(){ X<40,0> x; (void)x; }\n"),
                        "--no-db", "--no-cache", "--compile-time-ms", "5000", "--compile-memory-kib", "524288"});
  ASSERT_EQ(human.exit_code, 0) << human.err;
  EXPECT_NE(human.out.find("compile error: the compiler"), std::string::npos) << human.out;
}

// Bad input: one line on stderr naming the thing, a non-zero exit, and nothing that
// was stored is lost.
class BadInput : public ::testing::Test {
 protected:
  void SetUp() override {
    pkg_ = MakeSum(sb_, "sum");
    ok_ = sb_.Write("ok.cpp", kOk);
    db_ = sb_.Path("judge.sqlite");
    Ran first = sb_.Judge({"grade", pkg_, ok_, "--db", db_});
    ASSERT_EQ(first.exit_code, 0) << first.err;
  }
  int StoredSubmissions() {
    Ran h = sb_.Judge({"history", "--db", db_, "--json"});
    if (h.exit_code != 0) return -1;
    return static_cast<int>(json::parse(h.out)["history"].size());
  }
  void ExpectRefused(const Ran& r, const std::string& part) {
    EXPECT_NE(r.exit_code, 0);
    EXPECT_TRUE(OneLine(r.err)) << r.err;
    EXPECT_NE(r.err.find(part), std::string::npos) << r.err;
    EXPECT_EQ(StoredSubmissions(), 1);
  }
  JudgeDir sb_;
  std::string pkg_, ok_, db_;
};

TEST_F(BadInput, MissingProblemDirectory) {
  ExpectRefused(sb_.Judge({"grade", sb_.Path("nope"), ok_, "--db", db_}), "nope: no such problem directory");
}

TEST_F(BadInput, MalformedProblemYamlNamesTheKey) {
  std::string bad = MakeSum(sb_, "bad");
  WriteFile(bad + "/problem.yaml", "name: Bad\nlimits:\n  time_ms: fast\n  memory_kib: 65536\nchecker:\n  type: tokens\n");
  ExpectRefused(sb_.Judge({"grade", bad, ok_, "--db", db_}), "limits.time_ms");
  WriteFile(bad + "/problem.yaml", "name: Bad\nchecker:\n  type: tokens\n");
  ExpectRefused(sb_.Judge({"grade", bad, ok_, "--db", db_}), "limits");
  WriteFile(bad + "/problem.yaml", "name: [unclosed\n");
  ExpectRefused(sb_.Judge({"grade", bad, ok_, "--db", db_}), "problem.yaml");
}

TEST_F(BadInput, UnknownLanguage) {
  ExpectRefused(sb_.Judge({"grade", pkg_, ok_, "--lang", "cobol", "--db", db_}), "unknown language \"cobol\"");
}

TEST_F(BadInput, MissingPlugin) {
  std::string p = MakeSum(sb_, "plug", "plugin");
  std::string yaml = ReadFile(p + "/problem.yaml");
  WriteFile(p + "/problem.yaml", "plugin: no-such-plugin\n" + yaml);
  ExpectRefused(sb_.Judge({"grade", p, ok_, "--db", db_}), "no-such-plugin");
}

TEST_F(BadInput, PluginOfTheWrongAbi) {
  std::string p = MakeSum(sb_, "plug", "plugin");
  std::string yaml = ReadFile(p + "/problem.yaml");
  WriteFile(p + "/problem.yaml", "plugin: test-raw-wrong-abi\n" + yaml);
  std::string so = std::string(JUDGE_TEST_PLUGIN_DIR) + "/test-raw-wrong-abi.so";
  ASSERT_EQ(access(so.c_str(), F_OK), 0) << so << ": the test plugins are built with the tests";
  Ran r = sb_.Judge({"grade", p, ok_, "--db", db_}, {{"JUDGE_PLUGIN_DIR", JUDGE_TEST_PLUGIN_DIR}});
  ExpectRefused(r, "test-raw-wrong-abi");
  EXPECT_NE(r.err.find("version"), std::string::npos) << r.err;
}

TEST_F(BadInput, MissingOrEmptySubmission) {
  ExpectRefused(sb_.Judge({"grade", pkg_, sb_.Path("missing.cpp"), "--db", db_}), "missing.cpp");
  ExpectRefused(sb_.Judge({"grade", pkg_, sb_.Write("empty.cpp", ""), "--db", db_}), "empty.cpp: the submission is empty");
}

TEST_F(BadInput, DatabaseThatIsNotSqlite) {
  std::string junk = sb_.Write("junk.sqlite", "this is not a database, but my notes\n");
  Ran r = sb_.Judge({"grade", pkg_, ok_, "--db", junk});
  ExpectRefused(r, "junk.sqlite");
  EXPECT_EQ(ReadFile(junk), "this is not a database, but my notes\n");
}

TEST_F(BadInput, DatabaseFromANewerSchema) {
  std::string newer = sb_.Path("newer.sqlite");
  if (RunTool({"sqlite3", newer, "CREATE TABLE t(x); PRAGMA user_version=99;"}) != 0)
    GTEST_SKIP() << "no sqlite3 command";
  std::string before = ReadFile(newer);
  Ran r = sb_.Judge({"grade", pkg_, ok_, "--db", newer});
  ExpectRefused(r, "newer");
  EXPECT_EQ(ReadFile(newer), before);
}

TEST_F(BadInput, DatabaseOnAReadOnlyPath) {
  ExpectRefused(sb_.Judge({"grade", pkg_, ok_, "--db", "/proc/judge-test.sqlite"}), "/proc/judge-test.sqlite");
}

TEST_F(BadInput, DatabaseWhoseFolderIsAFile) {
  sb_.Write("notadir", "notes\n");
  Ran r = sb_.Judge({"grade", pkg_, ok_, "--db", sb_.Path("notadir/j.sqlite")});
  ExpectRefused(r, "expected a directory at");
  EXPECT_NE(r.err.find("found a regular file"), std::string::npos) << r.err;
  EXPECT_EQ(ReadFile(sb_.Path("notadir")), "notes\n");
}

// A tiny tmpfs stands for a full disk, a read-only one for a read-only mount.
class MountedDir {
 public:
  MountedDir(const std::string& path, const std::string& options) : path_(path) {
    std::error_code ec;
    std::filesystem::create_directories(path, ec);
    ok_ = !ec && RunTool({"mount", "-t", "tmpfs", "-o", options, "judge-test", path}) == 0;
  }
  ~MountedDir() {
    if (ok_) (void)RunTool({"umount", path_});
  }
  bool ok() const { return ok_; }

 private:
  std::string path_;
  bool ok_ = false;
};

TEST_F(BadInput, DatabaseOnAFullDisk) {
  MountedDir full(sb_.Path("full"), "size=8k");
  ASSERT_TRUE(full.ok()) << "the test mounts a tmpfs (it runs as root)";
  Ran r = sb_.Judge({"grade", pkg_, ok_, "--db", sb_.Path("full/j.sqlite")});
  ExpectRefused(r, "no space left on the device holding the database");
}

TEST_F(BadInput, DatabaseOnAReadOnlyMount) {
  MountedDir ro(sb_.Path("ro"), "ro,size=1m");
  ASSERT_TRUE(ro.ok()) << "the test mounts a tmpfs (it runs as root)";
  ExpectRefused(sb_.Judge({"grade", pkg_, ok_, "--db", sb_.Path("ro/j.sqlite")}), "Read-only file system");
}

TEST_F(BadInput, ShowAndRejudgeOfIdsThatCannotExist) {
  for (const char* id : {"99999999999999999999", "0", "-3", "2"}) {
    Ran show = sb_.Judge({"show", id, "--db", db_});
    EXPECT_EQ(show.exit_code, 1) << id;
    EXPECT_NE(show.err.find(std::string("no submission ") + id + " in"), std::string::npos) << show.err;
  }
  Ran rejudge = sb_.Judge({"rejudge", "99999999999999999999", "--db", db_});
  ExpectRefused(rejudge, "no submission 99999999999999999999");
  ExpectRefused(sb_.Judge({"show", "1x", "--db", db_}), "expected a submission id");
}

// FIFOs as the submission, a test's input or its answer: one line and exit 3, never a
// judge blocked forever on an open().
TEST_F(BadInput, SpecialFilesAreRefusedWithoutHanging) {
  std::string fifo = sb_.Path("sub.cpp");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  Ran sub = sb_.Judge({"grade", pkg_, fifo, "--db", db_});
  ExpectRefused(sub, "sub.cpp: expected a regular file, found a FIFO");
  EXPECT_EQ(sub.exit_code, 3);
  for (const char* name : {"data/secret/2.in", "data/secret/3.ans"}) {
    std::string pkg = MakeSum(sb_, std::string("fifo") + name[12]);
    std::string file = pkg + "/" + name;
    ASSERT_EQ(::unlink(file.c_str()), 0);
    ASSERT_EQ(::mkfifo(file.c_str(), 0600), 0);
    Ran grade = sb_.Judge({"grade", pkg, ok_, "--db", db_});
    ExpectRefused(grade, std::string(name) + ": expected a regular file, found a FIFO");
    EXPECT_EQ(grade.exit_code, 3);
    Ran verify = sb_.Judge({"verify", pkg});
    EXPECT_EQ(verify.exit_code, 3) << verify.out << verify.err;
    EXPECT_NE(verify.err.find("found a FIFO"), std::string::npos) << verify.err;
  }
}

TEST(GradeCli, ABrokenPluginIsJudgeErrorPerTestAndGradingGoesOn) {
  std::string so = std::string(JUDGE_TEST_PLUGIN_DIR) + "/test-hostile.so";
  ASSERT_EQ(access(so.c_str(), F_OK), 0) << so << ": the test plugins are built with the tests";
  JudgeDir sb;
  sb.Write("hostile/problem.yaml", "name: Hostile\nplugin: test-hostile\nlimits:\n  time_ms: 1000\n  memory_kib: 65536\n");
  const std::vector<std::string> inputs = {"fine", "segv", "abort", "throw", "exit", "loop", "alloc", "hang"};
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    std::string base = "hostile/data/secret/" + std::to_string(i) + "-" + inputs[i];
    sb.Write(base + ".in", inputs[i] + "\n");
    sb.Write(base + ".ans", "ok\n");
  }
  std::string echo = sb.Write("echo.cpp", "#include <cstdio>\nint main(){int c; while((c=getchar())!=EOF) putchar(c);}\n");
  Ran r = sb.Judge({"grade", sb.Path("hostile"), echo, "--json", "--no-db", "--plugin-time-ms", "500"},
                   {{"JUDGE_PLUGIN_DIR", JUDGE_TEST_PLUGIN_DIR}});
  EXPECT_EQ(r.exit_code, 3) << r.err;  // a judge error is reported as such
  json j = ParseJson(r);
  EXPECT_EQ(j["verdict"], "JE");
  ASSERT_EQ(j["tests"].size(), inputs.size()) << "grading went on after each failure";
  EXPECT_EQ(j["tests"][0]["verdict"], "AC");
  for (std::size_t i = 1; i < inputs.size(); ++i) {
    EXPECT_EQ(j["tests"][i]["verdict"], "JE") << inputs[i];
    EXPECT_NE(j["tests"][i]["message"].get<std::string>().find("test-hostile"), std::string::npos)
        << inputs[i] << ": " << j["tests"][i]["message"];
  }
}

TEST(GradeCli, RejudgeAddsAJudgingAndKeepsTheOld) {
  JudgeDir sb;
  std::string pkg = MakeSum(sb, "sum");
  std::string db = sb.Path("j.sqlite");
  ASSERT_EQ(sb.Judge({"grade", pkg, sb.Write("ok.cpp", kOk), "--db", db}).exit_code, 0);
  Ran r = sb.Judge({"rejudge", "1", "--problem", pkg, "--db", db, "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(ParseJson(r)["verdict"], "AC");
  Ran show = sb.Judge({"show", "1", "--db", db, "--json"});
  ASSERT_EQ(show.exit_code, 0) << show.err;
  json j = json::parse(show.out);
  ASSERT_EQ(j["judgings"].size(), 2u);
  for (const auto& judging : j["judgings"]) {
    EXPECT_EQ(judging["status"], "done");
    EXPECT_EQ(judging["verdict"], "AC");
    EXPECT_EQ(judging["tests"].size(), 4u);
  }
  Ran missing = sb.Judge({"rejudge", "42", "--problem", pkg, "--db", db});
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_TRUE(OneLine(missing.err)) << missing.err;
}

TEST(GradeCli, AKilledJudgeLeavesAnIncompleteJudgingThatRejudgeIncompleteRedoes) {
  JudgeDir sb;
  std::string pkg = MakeSum(sb, "slow");
  for (int i = 4; i <= 8; ++i) {
    sb.Write("slow/data/secret/" + std::to_string(i) + ".in", "1 1\n");
    sb.Write("slow/data/secret/" + std::to_string(i) + ".ans", "2\n");
  }
  // ~300 ms of CPU per test, then the right answer.
  std::string slow = sb.Write("slow.cpp",
                             "#include <cstdio>\n#include <ctime>\nint main(){long a,b; scanf(\"%ld %ld\",&a,&b);"
                             " while(clock() < CLOCKS_PER_SEC*3/10){} printf(\"%ld\\n\",a+b);}\n");
  std::string db = sb.Path("k.sqlite");
  // Compile first so the kill lands while tests run.
  ASSERT_EQ(sb.Judge({"grade", pkg, slow, "--no-db"}).exit_code, 0);
  std::string scratch = sb.Mkdir("scratch");
  std::unique_ptr<ChildProcess> judge = SpawnJudge({"grade", pkg, slow, "--db", db}, {{"JUDGE_SCRATCH_DIR", scratch}});
  ASSERT_NE(judge, nullptr);
  int stored = 0;
  for (int i = 0; i < 300 && stored < 2; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    Ran show = sb.Judge({"show", "1", "--db", db, "--json"});
    if (show.exit_code == 0) {
      json j = json::parse(show.out);
      if (!j["judgings"].empty()) stored = static_cast<int>(j["judgings"][0]["tests"].size());
    }
  }
  ASSERT_GE(stored, 2) << "the judge stores each test as it is judged";
  judge->Signal(SIGKILL);
  judge->Wait();
  Ran show = sb.Judge({"show", "1", "--db", db, "--json"});
  ASSERT_EQ(show.exit_code, 0) << show.err;
  json j = json::parse(show.out);
  ASSERT_EQ(j["judgings"].size(), 1u);
  EXPECT_EQ(j["judgings"][0]["status"], "incomplete");
  EXPECT_GE(j["judgings"][0]["tests"].size(), 2u);
  EXPECT_LT(j["judgings"][0]["tests"].size(), 9u);
  EXPECT_FALSE(DirIsEmpty(scratch)) << "a SIGKILL leaves the scratch behind";
  // Recovery: every submission left incomplete is judged again, as a new judging; the
  // dead judge's scratch is reaped by the next judge using the same place.
  Ran re = sb.Judge({"rejudge", "--incomplete", "--problem", pkg, "--db", db, "--json"},
                    {{"JUDGE_SCRATCH_DIR", scratch}});
  EXPECT_TRUE(DirIsEmpty(scratch)) << "the dead judge's scratch is still in " << scratch;
  ASSERT_EQ(re.exit_code, 0) << re.err;
  json redone = ParseJson(re);
  ASSERT_EQ(redone.size(), 1u) << re.out;
  EXPECT_EQ(redone[0]["verdict"], "AC");
  Ran nothing_left = sb.Judge({"rejudge", "--incomplete", "--problem", pkg, "--db", db, "--json"});
  ASSERT_EQ(nothing_left.exit_code, 0) << nothing_left.err;
  EXPECT_EQ(ParseJson(nothing_left).size(), 0u);
  json after = json::parse(sb.Judge({"show", "1", "--db", db, "--json"}).out);
  ASSERT_EQ(after["judgings"].size(), 2u);
  EXPECT_EQ(after["judgings"][0]["status"], "incomplete");
  EXPECT_EQ(after["judgings"][1]["status"], "done");
  EXPECT_EQ(after["judgings"][1]["tests"].size(), 9u);
}

// The "slow" package: the sum problem with five more secret tests (nine in all, the
// sample included) and a right submission taking ~300 ms of CPU per test, compiled
// (and cached) here so that a signal sent later lands while tests run.
struct SlowPackage {
  std::string pkg;
  std::string slow;
};

SlowPackage MakeSlow(const JudgeDir& sb) {
  SlowPackage p;
  p.pkg = MakeSum(sb, "slow");
  for (int i = 4; i <= 8; ++i) {
    sb.Write("slow/data/secret/" + std::to_string(i) + ".in", "1 1\n");
    sb.Write("slow/data/secret/" + std::to_string(i) + ".ans", "2\n");
  }
  p.slow = sb.Write("slow.cpp",
                   "#include <cstdio>\n#include <ctime>\nint main(){long a,b; scanf(\"%ld %ld\",&a,&b);"
                   " while(clock() < CLOCKS_PER_SEC*3/10){} printf(\"%ld\\n\",a+b);}\n");
  Ran compiled = sb.Judge({"grade", p.pkg, p.slow, "--no-db"});
  EXPECT_EQ(compiled.exit_code, 0) << compiled.out << compiled.err;
  return p;
}

// Waits until the judging of submission 1 in `db` has at least `tests` tests stored
// (the judge is then judging: its signal handlers are in place and a run is under way
// or about to be); false after ~15 s.
bool WaitForStoredTests(const JudgeDir& sb, const std::string& db, int tests) {
  for (int i = 0; i < 300; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    Ran show = sb.Judge({"show", "1", "--db", db, "--json"});
    if (show.exit_code != 0) continue;
    json j = json::parse(show.out, nullptr, false);
    if (j.is_discarded() || !j.contains("judgings") || j["judgings"].empty()) continue;
    if (static_cast<int>(j["judgings"][0]["tests"].size()) >= tests) return true;
  }
  return false;
}

std::string SignalName(int sig) {
  switch (sig) {
    case SIGINT: return "SIGINT";
    case SIGTERM: return "SIGTERM";
    case SIGHUP: return "SIGHUP";
    case SIGPIPE: return "SIGPIPE";
  }
  return "signal" + std::to_string(sig);
}

// What a judge stopped by `sig` must leave: it exited (not killed) with 128 + sig,
// promptly (the run in progress ends within its limits), the judging of submission 1
// is stored incomplete with an "interrupted: " message, and its scratch is gone.
void ExpectStoppedCleanly(const JudgeDir& sb, ChildProcess& judge, double seconds, int sig, const std::string& db,
                          const std::string& scratch) {
  ASSERT_EQ(judge.term_signal(), 0) << "killed by signal " << judge.term_signal() << " instead of stopping";
  EXPECT_EQ(judge.Wait(), 128 + sig);
  EXPECT_LT(seconds, 3.0) << "the run in progress must end within its limits";
  Ran show = sb.Judge({"show", "1", "--db", db, "--json"});
  ASSERT_EQ(show.exit_code, 0) << show.err;
  json j = json::parse(show.out);
  ASSERT_EQ(j["judgings"].size(), 1u);
  EXPECT_EQ(j["judgings"][0]["status"], "incomplete");
  EXPECT_EQ(j["judgings"][0]["message"].get<std::string>().rfind("interrupted: ", 0), 0u) << j["judgings"][0];
  EXPECT_LT(j["judgings"][0]["tests"].size(), 9u) << "it did not stop";
  EXPECT_TRUE(DirIsEmpty(scratch)) << "scratch left in " << scratch;
}

// A judge told to stop (SIGINT, SIGTERM, SIGHUP, SIGPIPE) stops its runs, records the
// judging as interrupted, removes its scratch and exits 128 + the signal.
class GradeSignal : public ::testing::TestWithParam<int> {};

TEST_P(GradeSignal, ASignalStopsGradingCleanly) {
  const int sig = GetParam();
  JudgeDir sb;
  SlowPackage p = MakeSlow(sb);
  std::string db = sb.Path("i.sqlite");
  std::string scratch = sb.Mkdir("scratch");
  std::unique_ptr<ChildProcess> judge =
      SpawnJudge({"grade", p.pkg, p.slow, "--db", db}, {{"JUDGE_SCRATCH_DIR", scratch}});
  ASSERT_NE(judge, nullptr);
  if (!WaitForStoredTests(sb, db, 1)) FAIL() << "no test stored: the judging never got going";
  auto sent = std::chrono::steady_clock::now();
  judge->Signal(sig);
  judge->Wait();
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - sent).count();
  ExpectStoppedCleanly(sb, *judge, seconds, sig, db, scratch);
}

INSTANTIATE_TEST_SUITE_P(GradeCli, GradeSignal, ::testing::Values(SIGINT, SIGTERM, SIGHUP, SIGPIPE),
                         [](const ::testing::TestParamInfo<int>& info) { return SignalName(info.param); });

// SIGPIPE as it really comes: `judge grade ... | head -2`. The reader goes away after
// the first lines; the judge's next line raises SIGPIPE (its output is live, a line per
// test), and the judge stops as for any other signal instead of dying of it.
TEST(GradeCli, AReaderThatGoesAwayStopsGradingCleanly) {
  JudgeDir sb;
  SlowPackage p = MakeSlow(sb);
  std::string db = sb.Path("p.sqlite");
  std::string scratch = sb.Mkdir("scratch");
  std::unique_ptr<ChildProcess> judge =
      SpawnJudge({"grade", p.pkg, p.slow, "--db", db}, {{"JUDGE_SCRATCH_DIR", scratch}});
  ASSERT_NE(judge, nullptr);
  // Read the first test's line (header lines, then one per test), then go away.
  std::string got;
  char buf[4096];
  bool stored = false;
  while (!stored) {
    ssize_t n = read(judge->output_fd(), buf, sizeof buf);
    if (n <= 0) break;
    got.append(buf, static_cast<size_t>(n));
    stored = WaitForStoredTests(sb, db, 1);
  }
  judge->CloseOutput();
  auto closed = std::chrono::steady_clock::now();
  judge->Wait();
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - closed).count();
  ASSERT_TRUE(stored) << "the judging never got going; output: " << got;
  // The next test's line comes within ~300 ms: then the judge stops.
  ExpectStoppedCleanly(sb, *judge, seconds, SIGPIPE, db, scratch);
}

// `judge verify` stops the same way: SIGTERM while the package's submissions are
// judged ends it promptly with 128 + 15, its judgings marked interrupted, no scratch.
TEST(VerifyCli, SigtermStopsVerifyPromptlyAndCleanly) {
  JudgeDir sb;
  SlowPackage p = MakeSlow(sb);
  sb.Write("slow/submissions/accepted/slow.cpp", ReadFile(p.slow));  // the same source: cached
  std::string db = sb.Path("v.sqlite");
  std::string scratch = sb.Mkdir("scratch");
  std::unique_ptr<ChildProcess> judge = SpawnJudge({"verify", p.pkg, "--db", db}, {{"JUDGE_SCRATCH_DIR", scratch}});
  ASSERT_NE(judge, nullptr);
  if (!WaitForStoredTests(sb, db, 1)) FAIL() << "no test stored: verify never got to judging the submission";
  auto sent = std::chrono::steady_clock::now();
  judge->Signal(SIGTERM);
  judge->Wait();
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - sent).count();
  ExpectStoppedCleanly(sb, *judge, seconds, SIGTERM, db, scratch);
}

// Waits until `scratch` holds something (a judging's scratch: the judge is judging,
// its signal handlers in place if it has them); false after ~60 s.
bool WaitForScratch(const std::string& scratch) {
  for (int i = 0; i < 1200; ++i) {
    if (!DirIsEmpty(scratch)) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return false;
}

// rejudge and stress load their packages with the pipeline whose cancel flag the
// interrupt handler sets: SIGINT while a package's time limit is being inferred (its
// accepted submission judged, ~3 s of CPU per test) stops the inference, removes its
// scratch and exits 128 + 2, instead of the judge dying of the signal mid-way.
TEST(GradeCli, ASignalStopsATimeLimitInferenceWhileRejudgeOrStressLoads) {
  JudgeDir sb;
  std::string pkg = MakeSum(sb, "sum");
  std::string db = sb.Path("r.sqlite");
  ASSERT_EQ(sb.Judge({"grade", pkg, sb.Write("ok.cpp", kOk), "--db", db}).exit_code, 0);
  // Now without a time limit: loading it infers one from the accepted submission.
  sb.Write("sum/problem.yaml", "name: Sum\nchecker:\n  type: tokens\n");
  sb.Write("sum/submissions/accepted/slow.cpp",
           "#include <cstdio>\n#include <ctime>\nint main(){long a,b; scanf(\"%ld %ld\",&a,&b);"
           " while(clock() < CLOCKS_PER_SEC*3){} printf(\"%ld\\n\",a+b);}\n");
  const std::vector<std::vector<std::string>> commands = {{"rejudge", "1", "--problem", pkg, "--db", db},
                                                          {"stress", pkg, sb.Path("ok.cpp")}};
  for (std::size_t i = 0; i < commands.size(); ++i) {
    SCOPED_TRACE(commands[i][0]);
    std::string scratch = sb.Mkdir("scratch" + std::to_string(i));
    // A cache of its own: the limit is inferred, never read from an earlier run's cache.
    std::unique_ptr<ChildProcess> judge = SpawnJudge(
        commands[i], {{"JUDGE_SCRATCH_DIR", scratch}, {"XDG_CACHE_HOME", sb.Mkdir("cache" + std::to_string(i))}});
    ASSERT_NE(judge, nullptr);
    ASSERT_TRUE(WaitForScratch(scratch)) << "the inference never started";
    auto sent = std::chrono::steady_clock::now();
    judge->Signal(SIGINT);
    judge->Wait();
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - sent).count();
    ASSERT_EQ(judge->term_signal(), 0) << "killed by signal " << judge->term_signal() << " instead of stopping";
    EXPECT_EQ(judge->Wait(), 128 + SIGINT);
    EXPECT_LT(seconds, 5.0) << "the inference (~12 s of CPU) must stop, not run to its end";
    EXPECT_TRUE(DirIsEmpty(scratch)) << "scratch left in " << scratch;
  }
}

// Whatever a program leaves in its work directory (here a tree whose path is far
// longer than PATH_MAX), the scratch is removed, and it was private while it lasted.
TEST(GradeCli, TheScratchIsPrivateAndRemovedWhateverTheProgramLeft) {
  JudgeDir sb;
  std::string pkg = MakeSum(sb, "sum");
  std::string deep = sb.Write("deep.cpp",
                             "#include <cstdio>\n#include <string>\n#include <sys/stat.h>\n#include <unistd.h>\n"
                             "int main(){ std::string n(250, 'd'); for (int i = 0; i < 17; ++i) {"
                             " if (mkdir(n.c_str(), 0755) || chdir(n.c_str())) return 2; }"
                             " struct stat st; stat(\"/proc/self/cwd\", &st);"
                             " long a,b; if(scanf(\"%ld %ld\",&a,&b)!=2) return 1; printf(\"%ld\\n\",a+b);}\n");
  std::string scratch = sb.Mkdir("scratch");
  std::unique_ptr<ChildProcess> judge =
      SpawnJudge({"grade", pkg, deep, "--no-db", "--json"}, {{"JUDGE_SCRATCH_DIR", scratch}});
  ASSERT_NE(judge, nullptr);
  const int pid = judge->pid();
  // While it runs, its scratch is 0700.
  bool seen = false;
  for (int i = 0; i < 400 && !seen; ++i) {
    for (const auto& e : std::filesystem::directory_iterator(scratch)) {
      struct stat st;
      if (::lstat(e.path().c_str(), &st) != 0) continue;
      seen = true;
      EXPECT_EQ(st.st_mode & 07777, 0700u) << e.path();
      EXPECT_EQ(e.path().filename().string().rfind("judge-grade-" + std::to_string(pid) + "-", 0), 0u) << e.path();
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  EXPECT_TRUE(seen);
  EXPECT_EQ(judge->Wait(), 0);
  EXPECT_EQ(judge->term_signal(), 0);
  EXPECT_TRUE(DirIsEmpty(scratch)) << "scratch left in " << scratch;
}

TEST(GradeCli, TwoJudgesWritingOneDatabaseLoseNothing) {
  JudgeDir sb;
  std::string pkg = MakeSum(sb, "sum");
  std::string db = sb.Path("c.sqlite");
  std::vector<std::string> files;
  for (int i = 0; i < 3; ++i) files.push_back(sb.Write("s" + std::to_string(i) + ".cpp", kOk));
  ASSERT_EQ(sb.Judge({"grade", pkg, files[0], "--no-db"}).exit_code, 0);  // compile once
  std::vector<std::string> args = {"grade", pkg};
  args.insert(args.end(), files.begin(), files.end());
  args.insert(args.end(), {"--db", db});
  std::unique_ptr<ChildProcess> a = SpawnJudge(args), b = SpawnJudge(args);
  ASSERT_TRUE(a && b);
  EXPECT_EQ(a->Wait(), 0);
  EXPECT_EQ(b->Wait(), 0);
  Ran h = sb.Judge({"history", "--db", db, "--json"});
  ASSERT_EQ(h.exit_code, 0) << h.err;
  json hist = json::parse(h.out)["history"];
  ASSERT_EQ(hist.size(), 6u);
  for (const auto& e : hist) {
    EXPECT_EQ(e["status"], "done");
    EXPECT_EQ(e["verdict"], "AC");
  }
}

TEST(VerifyCli, ConsistentAndInconsistentPackages) {
  JudgeDir sb;
  std::string pkg = MakeSum(sb, "sum");
  sb.Write("sum/submissions/accepted/ok.cpp", kOk);
  sb.Write("sum/submissions/wrong_answer/wa.cpp", "#include <cstdio>\nint main(){puts(\"0\");}\n");
  sb.Write("sum/submissions/time_limit_exceeded/loop.cpp", "int main(){volatile int x=0; for(;;) x=x+1;}\n");
  Ran ok = sb.Judge({"verify", pkg, "--json"});
  ASSERT_EQ(ok.exit_code, 0) << ok.out << ok.err;
  json j = ParseJson(ok);
  EXPECT_EQ(j["consistent"], true);
  EXPECT_EQ(j["checks"].size(), 3u);
  // A submission in the wrong folder makes the package inconsistent.
  sb.Write("sum/submissions/wrong_answer/actually_ok.cpp", kOk);
  Ran bad = sb.Judge({"verify", pkg});
  EXPECT_EQ(bad.exit_code, 1) << bad.out << bad.err;
  EXPECT_NE(bad.out.find("wrong_answer/actually_ok.cpp"), std::string::npos) << bad.out;
  EXPECT_NE(bad.out.find("MISMATCH"), std::string::npos) << bad.out;
}

TEST(StressCli, FindsAndShrinksAFailure) {
  std::string pkg = Problems() + "/eight";
  std::string wrong = pkg + "/submissions/wrong_answer/parity_counts_blank.cpp";
  ASSERT_EQ(access(wrong.c_str(), F_OK), 0) << wrong << ": a shipped submission";
  JudgeDir sb;
  Ran r = sb.Judge({"stress", pkg, wrong, "--count", "50", "--seed", "7", "--json", "--shrink-runs", "30"});
  ASSERT_EQ(r.exit_code, 1) << r.out << r.err;
  json j = ParseJson(r);
  ASSERT_TRUE(j["failed"].get<bool>());
  EXPECT_EQ(j["failure"]["verdict"], "WA");
  EXPECT_GE(j["failure"]["seed"].get<uint64_t>(), 7u);
  EXPECT_LE(j["smallest"]["input"].get<std::string>().size(), j["failure"]["input"].get<std::string>().size());
  Ran human = sb.Judge({"stress", pkg, wrong, "--count", "50", "--seed", "7", "--shrink-runs", "5"});
  EXPECT_EQ(human.exit_code, 1);
  EXPECT_NE(human.out.find("seed"), std::string::npos) << human.out;
  EXPECT_NE(human.out.find("smallest failing input"), std::string::npos) << human.out;
  std::string good = pkg + "/submissions/accepted/idastar.cpp";
  Ran passed = sb.Judge({"stress", pkg, good, "--count", "5"});
  EXPECT_EQ(passed.exit_code, 0) << passed.out << passed.err;
}

}  // namespace
}  // namespace judge::clitest

namespace judge::clitest {
namespace {

// A Java public class of 300 characters (issue 23, hole 9): its source and class files
// cannot be named after it; that is the submission's compile error, not a failed
// judging, and nothing shown names the judge's scratch directory.
TEST(GradeCli, AJavaPublicClassTooLongForAFileNameIsACompileError) {
  if (RunTool({"javac", "-version"}) != 0) GTEST_SKIP() << "no javac here";
  JudgeDir sb;
  std::string pkg = MakeSum(sb, "sum");
  const std::string name = "C" + std::string(299, 'x');
  std::string sol = sb.Write("Long.java", "public class " + name + " { public static void main(String[] a) {} }\n");
  Ran r = sb.Judge({"grade", pkg, sol, "--json", "--no-db"});
  ASSERT_EQ(r.exit_code, 0) << r.err << r.out;
  json j = ParseJson(r);
  EXPECT_EQ(j["verdict"], "CE") << r.out;
  EXPECT_NE(r.out.find("at most 255 bytes"), std::string::npos) << r.out;
  for (const std::string& shown : {r.out, r.err}) {
    EXPECT_EQ(shown.find("judge-grade-"), std::string::npos) << shown;
    EXPECT_EQ(shown.find("File name too long"), std::string::npos) << shown;
  }
}

// A Java folder submission that brings a file named x.class that is no class file
// (issue 25, item 3): the submission's compile error, not a judge error.
TEST(GradeCli, AJavaFolderWithABogusClassFileIsACompileError) {
  if (RunTool({"javac", "-version"}) != 0) GTEST_SKIP() << "no javac here";
  JudgeDir sb;
  std::string pkg = MakeSum(sb, "sum");
  std::string yaml = ReadFile(pkg + "/problem.yaml");
  yaml.replace(yaml.find("65536"), 5, "524288");
  WriteFile(pkg + "/problem.yaml", yaml);
  sb.Write("sum/submissions/accepted/folder/Main.java",
          "public class Main { public static void main(String[] a) { System.out.println(5); } }\n");
  sb.Write("sum/submissions/accepted/folder/x.class", "not a class file");
  Ran r = sb.Judge({"verify", pkg, "--json"});
  json doc = ParseJson(r);
  bool seen = false;
  for (const auto& c : doc["checks"]) {
    if (c["subject"] != "accepted/folder/") continue;
    seen = true;
    EXPECT_EQ(c["found"], "CE") << c.dump();
    EXPECT_FALSE(c["judge_error"].get<bool>()) << c.dump();
    EXPECT_NE(c["message"].get<std::string>().find("x.class: "), std::string::npos) << c.dump();
  }
  EXPECT_TRUE(seen) << r.out;
}

// Ends the keepers (and with them their prepared inits) started from the binary at
// path: this test's copy would otherwise idle on for ten minutes.
void StopKeepersOf(const std::string& path) {
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator("/proc", ec)) {
    std::error_code link_ec;
    std::string exe = std::filesystem::read_symlink(e.path() / "exe", link_ec).string();
    if (!link_ec && exe.rfind(path, 0) == 0) ::kill(std::stoi(e.path().filename().string()), SIGKILL);
  }
}

// Two installations of the judge on one host (this build, and a copy of its `judge`
// and `judge-sandbox-keeper` elsewhere: an upgrade, a checkout beside an installed
// judge) grading at once (issue 23, hole 10). They share the slots (the same state
// directory, locks, uids and cgroups), never each other's keepers: before, each
// replaced the other's keeper of a slot it took, and the other's next run there ended
// in JE ("cannot hand the run to the sandbox keeper: Broken pipe").
TEST(GradeCli, TwoInstallationsGradingAtOnceNeverFailEachOther) {
  JudgeDir sb;
  std::string pkg = MakeSum(sb, "sum");
  std::vector<std::string> subs;
  for (int i = 0; i < 4; ++i) subs.push_back(sb.Write("subs/ok" + std::to_string(i) + ".cpp", kOk));
  Ran warm = sb.Judge({"grade", pkg, subs[0], "--json", "--no-db"});  // the compile cache, for both
  ASSERT_EQ(warm.exit_code, 0) << warm.err;
  const std::string build = std::filesystem::path(JUDGE_EXE).parent_path().string();
  const std::string other = sb.Mkdir("other");
  for (const char* f : {"judge", "judge-sandbox-keeper", "languages.yaml"})
    std::filesystem::copy_file(build + "/" + f, other + "/" + f);
  const std::vector<std::string> args = {"grade", pkg, sb.Path("subs"), "--json", "--no-db", "--jobs", "2"};
  auto run = [&](const std::string& exe, const std::string& /*tag*/, Ran* out) {
    testing_support::JudgeRun r = testing_support::RunJudge(exe, args, {}, "", 120000);
    *out = Ran{r.exit_code, std::move(r.out), std::move(r.err)};
  };
  const auto start = std::chrono::steady_clock::now();
  for (int round = 0; round < 3; ++round) {
    Ran a, b;
    std::thread ta(run, std::string(JUDGE_EXE), "a" + std::to_string(round), &a);
    std::thread tb(run, other + "/judge", "b" + std::to_string(round), &b);
    ta.join();
    tb.join();
    for (const Ran* r : {&a, &b}) {
      ASSERT_EQ(r->exit_code, 0) << "round " << round << ": " << r->err << r->out;
      json all = ParseJson(*r);
      ASSERT_EQ(all.size(), 4u) << r->out;
      for (const auto& j : all) EXPECT_EQ(j["verdict"], "AC") << "round " << round << ": " << j.dump();
    }
  }
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(240));
  StopKeepersOf(other + "/judge-sandbox-keeper");
}

}  // namespace
}  // namespace judge::clitest
