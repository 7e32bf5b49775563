// End to end, what real contest packages need (issue 22): DOMjudge's and
// problemtools' scores, multi-pass and custom graders (the test packages under
// tests/packages), Python run as the contest systems run it, the stderr of a failed
// run kept, validators where the tools find them, folders and tags that name no verdict
// this judge gives listed but not checked.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <chrono>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "cli_util.h"
#include "json_util.h"

namespace judge::clitest {
namespace {

using nlohmann::json;

json Parse(const Ran& r) { return ParseRun(r); }

const json& Check(const json& doc, const std::string& subject) {
  static const json kNone = json::object();
  for (const auto& c : doc["checks"])
    if (c["subject"] == subject) return c;
  ADD_FAILURE() << "no check for " << subject << " in " << doc.dump();
  return kNone;
}

std::string Package(const std::string& name) { return std::string(JUDGE_TEST_PACKAGES_DIR) + "/" + name; }

// `judge verify --json` of a test package, which must hold.
json VerifyPackage(const JudgeDir& sb, const std::string& name) {
  Ran r = sb.Judge({"verify", Package(name), "--json", "--jobs", "2"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  return Parse(r);
}

TEST(RealPackagesCli, DomjudgeScoresLeafGroupsOnceAndKeepsPartialScores) {
  JudgeDir sb;
  json doc = VerifyPackage(sb, "domjudgescoring");
  EXPECT_EQ(Check(doc, "accepted/add.py").value("score", -1.0), 100.0);
  EXPECT_EQ(Check(doc, "partial/small_only.py").value("found", ""), "WA");
  EXPECT_EQ(Check(doc, "partial/small_only.py").value("score", -1.0), 30.0);
  EXPECT_EQ(Check(doc, "partial/large_only_crash.py").value("found", ""), "RE");
  EXPECT_EQ(Check(doc, "partial/large_only_crash.py").value("score", -1.0), 70.0);
  EXPECT_EQ(Check(doc, "wrong_answer/zero.py").value("score", -1.0), 0.0);
}

TEST(RealPackagesCli, ProblemtoolsGroupsInheritKeysWholeAndCustomGraderAddsUp) {
  JudgeDir sb;
  json doc = VerifyPackage(sb, "kattisgroups");
  // The custom grader's sum of the sample (1) and group1 (40).
  EXPECT_EQ(Check(doc, "partially_accepted/small.py").value("score", -1.0), 41.0);
  EXPECT_EQ(Check(doc, "accepted/square.py").value("score", -1.0), 100.0);
  EXPECT_EQ(Check(doc, "wrong_answer/cube.py").value("found", ""), "WA");
  bool warned = false;
  for (const auto& c : doc["checks"])
    warned = warned || (c["kind"] == "note" && c["found"] == "note" &&
                        c["message"].get<std::string>().find("future_key: unknown key") != std::string::npos);
  EXPECT_TRUE(warned) << doc.dump();
}

TEST(RealPackagesCli, MultiPassRunsEveryPassWithItsFeedbackDirectory) {
  JudgeDir sb;
  json doc = VerifyPackage(sb, "multipass");
  EXPECT_EQ(Check(doc, "wrong_answer/first_pass_only.py").value("found", ""), "WA");
  EXPECT_NE(Check(doc, "wrong_answer/first_pass_only.py").value("message", "").find("pass 2"), std::string::npos);
  // A validator asking for more passes than allowed is the package's fault: JE.
  sb.Write("short/problem.yaml", "validation: custom multi-pass\nlimits:\n  time_limit: 2\n  validation_passes: 2\n");
  sb.Write("short/data/secret/1.in", "0\n");
  sb.Write("short/data/secret/1.ans", "5\n");
  std::error_code copied;
  std::filesystem::copy(Package("multipass") + "/output_validators", sb.Path("short/output_validators"),
                        std::filesystem::copy_options::recursive, copied);
  ASSERT_FALSE(copied) << copied.message();
  std::string sol = sb.Write("plus_one.py", "print(int(input().split()[0]) + 1)\n");
  Ran r = sb.Judge({"grade", sb.Path("short"), sol, "--json"});
  json g = Parse(r);
  EXPECT_EQ(g.value("verdict", ""), "JE") << r.out;
  EXPECT_NE(r.out.find("more than limits.validation_passes (2)"), std::string::npos) << r.out;
}

// Issue 34, hole 5: a validator that replaces its feedback directory with a link to a
// host directory made the judge (root) show that directory's root-only
// judgemessage.txt and read and delete its nextpass.in. The directory is held by
// descriptor from before the run: a replaced one is the validator's failure (JE),
// named without host paths, and nothing of the host directory is read or removed.
TEST(RealPackagesCli, FeedbackDirectoryReplacedByALinkIsTheValidatorsFailure) {
  JudgeDir sb;
  const std::string host = sb.Mkdir("host_only");
  sb.Write("host_only/judgemessage.txt", "ROOT-ONLY-SECRET\n");
  sb.Write("host_only/nextpass.in", "host data\n");
  ASSERT_EQ(chmod(sb.Path("host_only/judgemessage.txt").c_str(), 0600), 0);
  ASSERT_EQ(chmod(sb.Path("host_only/nextpass.in").c_str(), 0600), 0);
  sb.Write("hostile/problem.yaml", "validation: custom multi-pass\nlimits:\n  time_limit: 2\n  validation_passes: 3\n");
  sb.Write("hostile/data/secret/1.in", "1\n");
  sb.Write("hostile/data/secret/1.ans", "2\n");
  sb.Write("hostile/output_validators/swap/validate.py",
          "import os, shutil, sys\n"
          "feedback = sys.argv[3].rstrip('/')\n"
          "shutil.rmtree(feedback)\n"
          "os.symlink('" + host + "', feedback)\n"
          "sys.exit(42)\n");
  std::string sol = sb.Write("plus_one.py", "print(int(input()) + 1)\n");
  Ran r = sb.Judge({"grade", sb.Path("hostile"), sol, "--json"});
  json g = Parse(r);
  EXPECT_EQ(g.value("verdict", ""), "JE") << r.out << r.err;
  EXPECT_EQ((r.out + r.err).find("ROOT-ONLY-SECRET"), std::string::npos) << r.out << r.err;
  EXPECT_NE((r.out + r.err).find("replaced its feedback directory (found a symbolic link)"), std::string::npos)
      << r.out << r.err;
  EXPECT_EQ((r.out + r.err).find("/validator/"), std::string::npos) << "no host scratch path: " << r.out << r.err;
  EXPECT_TRUE(std::filesystem::exists(sb.Path("host_only/nextpass.in"))) << "the host's file was removed";
}

// A Kattis package of our own, stdin to stdout, with the given accepted program.
std::string MakeEcho(const JudgeDir& sb, const std::string& name) {
  sb.Write(name + "/problem.yaml", "name: Echo\nlimits:\n  time_limit: 4\n");
  sb.Write(name + "/data/secret/1.in", "7\n");
  sb.Write(name + "/data/secret/1.ans", "7\n");
  return sb.Path(name);
}

TEST(RealPackagesCli, PythonRunsAsTheContestSystemsRunIt) {
  JudgeDir sb;
  std::string pkg = MakeEcho(sb, "echo");
  // site's exit(), a thread with a deep recursion (threads allowed, CPU summed), .py3.
  std::string sol = sb.Write("deep.py3",
                            "import sys, threading\n"
                            "sys.setrecursionlimit(100000)\n"
                            "def depth(n):\n    return 0 if n == 0 else 1 + depth(n - 1)\n"
                            "def main():\n    n = int(input())\n    assert depth(20000) == 20000\n"
                            "    print(n)\n    exit(0)\n"
                            "threading.stack_size(256 << 20)\n"
                            "t = threading.Thread(target=main)\nt.start()\nt.join()\n");
  Ran r = sb.Judge({"grade", pkg, sol, "--json"});
  json doc = Parse(r);
  EXPECT_EQ(doc.value("verdict", ""), "AC") << r.out << r.err;
  EXPECT_EQ(doc.value("language", ""), "python3");
}

TEST(RealPackagesCli, FailedRunKeepsTheTailOfItsStderr) {
  JudgeDir sb;
  std::string pkg = MakeEcho(sb, "echo");
  std::string sol = sb.Write("crash.py", "import sys\nsys.stderr.write('x' * 5000)\nprint(1 / 0)\n");
  Ran r = sb.Judge({"grade", pkg, sol, "--json"});
  json doc = Parse(r);
  ASSERT_EQ(doc.value("verdict", ""), "RE") << r.out;
  std::string tail = doc["tests"][0].value("stderr", "");
  EXPECT_NE(tail.find("ZeroDivisionError"), std::string::npos) << tail;
  EXPECT_LE(tail.size(), 2048u);
  // Text output shows it under the test's line.
  r = sb.Judge({"grade", pkg, sol});
  EXPECT_NE(r.out.find("stderr| ZeroDivisionError"), std::string::npos) << r.out;
}

TEST(RealPackagesCli, ValidatorSourcesBesideTheirHeadersAndProgramFolders) {
  JudgeDir sb;
  // Legacy: source files directly in output_validators/ (SWERC's checker.cpp beside its
  // own header) are one program.
  const std::string header = "#include <cstdlib>\ninline int Accept() { return 42; }\ninline int Reject() { return 43; }\n";
  const std::string checker =
      "#include <fstream>\n#include <iostream>\n#include \"verdicts.h\"\n"
      "int main(int, char** argv) { std::ifstream ans(argv[2]); long a, o; ans >> a;\n"
      "  return (std::cin >> o) && o == a ? Accept() : Reject(); }\n";
  std::string legacy = MakeEcho(sb, "legacy");
  sb.Write("legacy/problem.yaml", "name: Echo\nvalidation: custom\nlimits:\n  time_limit: 4\n");
  sb.Write("legacy/output_validators/checker.cpp", checker);
  sb.Write("legacy/output_validators/verdicts.h", header);
  // 2023-07: output_validator/ holding one program folder (problemtools' own example).
  std::string modern = MakeEcho(sb, "modern");
  sb.Write("modern/problem.yaml", "problem_format_version: 2023-07-draft\nname: Echo\nuuid: 1\nlimits:\n  time_limit: 4\n");
  sb.Write("modern/output_validator/echo_validator/checker.cpp", checker);
  sb.Write("modern/output_validator/echo_validator/verdicts.h", header);
  std::string right = sb.Write("right.py", "print(input())\n");
  std::string wrong = sb.Write("wrong.py", "input()\nprint(8)\n");
  for (const std::string& pkg : {legacy, modern}) {
    EXPECT_EQ(Parse(sb.Judge({"grade", pkg, right, "--json"})).value("verdict", ""), "AC") << pkg;
    EXPECT_EQ(Parse(sb.Judge({"grade", pkg, wrong, "--json"})).value("verdict", ""), "WA") << pkg;
  }
}

TEST(RealPackagesCli, FoldersAndTagsWithoutAVerdictAreListedNotChecked) {
  JudgeDir sb;
  std::string pkg = MakeEcho(sb, "echo");
  sb.Write("echo/submissions/accepted/echo.py", "print(input())\n");
  sb.Write("echo/submissions/mixed/maybe.py", "print(input())\n");
  sb.Write("echo/submissions/loose.py", "print(input())\n");
  sb.Write("echo/submissions/wrong_answer/bogus.py", "# @EXPECTED_RESULTS@: NONE-INVALID-SUBMISSION\nprint(1)\n");
  sb.Write("echo/submissions/wrong_answer/twice.py",
          "# @EXPECTED_RESULTS@: WRONG-ANSWER\n# @EXPECTED_RESULTS@: CORRECT\nprint(1)\n");
  // Kattis has no MLE: a memory hog filed under run_time_error passes; `rejected` takes a CE.
  sb.Write("echo/problem.yaml", "name: Echo\nlimits:\n  time_limit: 4\n  memory: 64\n");
  sb.Write("echo/submissions/run_time_error/hog.py", "x = bytearray(512 << 20)\nprint(len(x))\n");
  sb.Write("echo/submissions/rejected/broken.c", "int main( {\n");
  Ran r = sb.Judge({"verify", pkg, "--json"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  json doc = Parse(r);
  for (const char* s : {"mixed/maybe.py", "loose.py", "wrong_answer/bogus.py", "wrong_answer/twice.py"}) {
    EXPECT_EQ(Check(doc, s).value("found", ""), "skipped") << s;
    EXPECT_EQ(Check(doc, s).value("ok", false), true) << s;
  }
  EXPECT_EQ(Check(doc, "run_time_error/hog.py").value("found", ""), "MLE");
  EXPECT_EQ(Check(doc, "run_time_error/hog.py").value("ok", false), true);
  EXPECT_EQ(Check(doc, "rejected/broken.c").value("found", ""), "CE");
  EXPECT_EQ(Check(doc, "rejected/broken.c").value("ok", false), true);
}

// Issue 35, item 5: what the 2025-09 specification adds to submissions.yaml, and an input
// validator written as a shell script (tests/packages/expectations).
TEST(RealPackagesCli, SubmissionsYaml2025AndAShellInputValidator) {
  JudgeDir sb;
  json doc = VerifyPackage(sb, "expectations");
  // accepted: permitted [WA] replaces the folder's default.
  EXPECT_EQ(Check(doc, "accepted/wa.py").value("found", ""), "WA");
  EXPECT_EQ(Check(doc, "accepted/wa.py").value("ok", false), true);
  // A folder's entrypoint.
  EXPECT_EQ(Check(doc, "good/multi/").value("found", ""), "AC");
  EXPECT_EQ(Check(doc, "good/add_one.py").value("found", ""), "AC");
  // Requirements per test group and use_for_time_limit per test group: applied, not
  // listed as unsupported.
  for (const char* subject : {"wa/odd.py", "time_limit_exceeded/spins_on_14.py"}) {
    EXPECT_EQ(Check(doc, subject).value("ok", false), true) << subject;
    EXPECT_EQ(Check(doc, subject).value("warning", "?").find("not supported"), std::string::npos) << subject;
  }
  EXPECT_EQ(Check(doc, "time_limit_exceeded/spins_on_14.py").value("found", ""), "TLE");
  bool validated = false;
  for (const auto& c : doc["checks"])
    validated = validated || (c["kind"] == "validate" && c["ok"] == true);
  EXPECT_TRUE(validated) << doc.dump();

  // The group requirements are checked: odd.py is wrong on secret/2 and secret/4.
  std::filesystem::copy(Package("expectations"), sb.Path("strict"), std::filesystem::copy_options::recursive);
  std::string yaml = ReadFile(sb.Path("strict/submissions/submissions.yaml"));
  const std::string even = "  secret/{2,4}:\n    required: [WA]\n";
  ASSERT_NE(yaml.find(even), std::string::npos);
  yaml.replace(yaml.find(even), even.size(), "  secret/{2,4}:\n    permitted: [AC]\n");
  sb.Write("strict/submissions/submissions.yaml", yaml);
  Ran r = sb.Judge({"verify", sb.Path("strict"), "--json", "--jobs", "2"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  json strict = Parse(r);
  EXPECT_EQ(Check(strict, "wa/odd.py").value("ok", true), false);
  EXPECT_EQ(Check(strict, "wa/odd.py").value("message", ""),
            "secret/2: WA is not permitted (AC) (wa/odd.py.secret/{2,4})");

  // The shell validator is run: an input it refuses fails the validate check.
  sb.Write("strict/data/secret/9.in", "0012\n");
  sb.Write("strict/data/secret/9.ans", "13\n");
  Ran bad = sb.Judge({"verify", sb.Path("strict"), "--json", "--jobs", "2"});
  json bad_doc = Parse(bad);
  bool refused = false;
  for (const auto& c : bad_doc["checks"])
    refused = refused || (c["kind"] == "validate" && c["ok"] == false &&
                          c["subject"].get<std::string>().find("secret/9") != std::string::npos);
  EXPECT_TRUE(refused) << bad_doc.dump();
}

// tests/packages/expectations copied to <sb>/inferred without its time limit (the
// judge infers one from the submissions).
void CopyExpectationsWithoutTimeLimit(JudgeDir& sb) {
  std::filesystem::copy(Package("expectations"), sb.Path("inferred"), std::filesystem::copy_options::recursive);
  std::string problem = ReadFile(sb.Path("inferred/problem.yaml"));
  const std::string limit = "limits:\n  time_limit: 1\n";
  ASSERT_NE(problem.find(limit), std::string::npos);
  sb.Write("inferred/problem.yaml", problem.erase(problem.find(limit), limit.size()));
}

// With no time limit given, a submission that bounds the limit from below on its sample
// only (use_for_time_limit: lower there, upper on secret) is judged on its secret tests
// with the inferred limit, not with the generous limit the inference runs it with
// (BAPCtools' testexpectations: tle/sleep.py).
TEST(RealPackagesCli, AGroupsUpperBoundIsJudgedWithTheInferredLimit) {
  JudgeDir sb;
  ASSERT_NO_FATAL_FAILURE(CopyExpectationsWithoutTimeLimit(sb));
  // Instead of spinning for ever (the generous limit is a minute), 3 s of CPU on secret/3
  // and secret/4: AC with a minute, TLE with the inferred limit (1 s, twice at most).
  std::filesystem::remove(sb.Path("inferred/submissions/time_limit_exceeded/spins_on_14.py"));
  sb.Write("inferred/submissions/time_limit_exceeded/slow_on_secret.py",
           "import time\nn = int(input())\nt = time.process_time()\n"
           "while n >= 13 and time.process_time() - t < 3:\n    pass\nprint(n + 1)\n");
  std::string yaml = ReadFile(sb.Path("inferred/submissions/submissions.yaml"));
  const std::string rule = "time_limit_exceeded/spins_on_14.py:";
  ASSERT_NE(yaml.find(rule), std::string::npos);
  sb.Write("inferred/submissions/submissions.yaml",
           yaml.replace(yaml.find(rule), rule.size(), "time_limit_exceeded/slow_on_secret.py:"));
  Ran r = sb.Judge({"verify", sb.Path("inferred"), "--json", "--jobs", "2"});
  json doc = Parse(r);
  EXPECT_EQ(Check(doc, "time_limit_exceeded/slow_on_secret.py").value("found", ""), "TLE") << doc.dump();
  EXPECT_EQ(Check(doc, "time_limit_exceeded/slow_on_secret.py").value("ok", false), true) << doc.dump();
  int rows = 0;
  for (const auto& c : doc["checks"]) rows += c.value("subject", "") == "time_limit_exceeded/slow_on_secret.py";
  EXPECT_EQ(rows, 1) << doc.dump();
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
}

// With no time limit given, the inference judges a submission that bounds the limit
// from below on its sample only on the sample: spins_on_14.py, which spins for ever on
// secret/4, does not spend the inference's generous minute there, and is then TLE on
// secret/4 with the inferred limit (1 s of CPU).
TEST(RealPackagesCli, TheInferenceRunsAPartLowerBoundOnlyOnItsLowerBoundGroups) {
  JudgeDir sb;
  ASSERT_NO_FATAL_FAILURE(CopyExpectationsWithoutTimeLimit(sb));
  const auto start = std::chrono::steady_clock::now();
  Ran r = sb.Judge({"verify", sb.Path("inferred"), "--json", "--jobs", "2"});
  const auto took = std::chrono::steady_clock::now() - start;
  json doc = Parse(r);
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  const json spins = Check(doc, "time_limit_exceeded/spins_on_14.py");
  EXPECT_EQ(spins.value("found", ""), "TLE") << doc.dump();
  EXPECT_EQ(spins.value("ok", false), true) << doc.dump();
  // Judged on every test, secret/4 would spin for the generous limit's 60 s of CPU.
  EXPECT_LT(took, std::chrono::seconds(45)) << doc.dump();
}

}  // namespace
}  // namespace judge::clitest
