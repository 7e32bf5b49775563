// End to end, a Polygon package whose tests are made by the judge
// (tests/packages/polygongen, copied into a temporary directory): generated inputs and
// the main solution's answers made in the sandbox and kept in the cache (an entry
// tampered with is made again), the package folder left as it was, commands the judge
// refuses to run (each one line naming the test), a generator that fails, a generator
// writing several tests in one run (and what it leaves that is refused), an
// interactive package's answers written by its interactor; the checker's and
// validator's own tests run by verify; a solution built as its Polygon type is; and
// `judge solve` answering with the main solution (a Kattis package without a plugin:
// one line saying what it lacks).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "cli_util.h"
#include "json_util.h"

namespace judge::clitest {
namespace {

using nlohmann::json;
namespace sfs = std::filesystem;

const std::string kPackage = std::string(JUDGE_TEST_PACKAGES_DIR) + "/polygongen";

// The package copied into sb (as "pkg"), with problem.xml's `from` replaced by `to`.
std::string CopyPackage(const JudgeDir& sb, const std::string& from = "", const std::string& to = "") {
  sfs::copy(kPackage, sb.Path("pkg"), sfs::copy_options::recursive);
  if (!from.empty()) {
    std::string xml = ReadFile(sb.Path("pkg/problem.xml"));
    const std::size_t at = xml.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) xml.replace(at, from.size(), to);
    WriteFile(sb.Path("pkg/problem.xml"), xml);
  }
  return sb.Path("pkg");
}

// A cache of its own for the run (the compile cache and the made tests).
Env CacheIn(const JudgeDir& sb) { return {{"XDG_CACHE_HOME", sb.Path("cache")}}; }

std::vector<json> ChecksOf(const json& doc, const std::string& kind) {
  std::vector<json> out;
  for (const auto& c : doc["checks"])
    if (c["kind"] == kind) out.push_back(c);
  return out;
}

// The made entries of the cache (judge/judging/polygon_tests.h: polygon-<key>).
std::vector<std::string> MadeEntries(const JudgeDir& sb) {
  std::vector<std::string> out;
  std::error_code ec;
  for (sfs::recursive_directory_iterator it(sb.Path("cache"), ec), end; !ec && it != end; it.increment(ec))
    if (it->is_directory() && it->path().filename().string().rfind("polygon-", 0) == 0) out.push_back(it->path());
  return out;
}

TEST(PolygonCli, GeneratedTestsAndMainAnswersAreMadeAndVerified) {
  JudgeDir sb;
  const std::string pkg = CopyPackage(sb);
  Ran r = sb.Judge({"verify", pkg, "--json"}, CacheIn(sb));
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  json doc = ParseRun(r);
  // Every made input passes the validator, every made answer the checker.
  for (const std::string test : {"tests/01", "tests/02", "tests/03", "tests/04", "tests/05", "tests/06"}) {
    bool validated = false, answered = false;
    for (const auto& c : doc["checks"]) {
      validated = validated || (c["kind"] == "validate" && c["subject"] == test + " (validator.cpp)" && c["ok"]);
      answered = answered || (c["kind"] == "answer" && c["subject"] == test && c["ok"]);
    }
    EXPECT_TRUE(validated && answered) << test << ": " << doc.dump();
  }
  // The package folder is never written: no test or answer appears in it.
  EXPECT_FALSE(sfs::exists(sb.Path("pkg/tests/02")));
  EXPECT_FALSE(sfs::exists(sb.Path("pkg/tests/01.a")));
  // The made answer is the main solution's: 7 x 13 -> 7 (grade's AC of main shows the
  // answers agree with the checker; the wrong solution still fails).
  Ran g = sb.Judge({"grade", pkg, kPackage + "/solutions/smallest.cpp", "--json", "--no-db"}, CacheIn(sb));
  EXPECT_EQ(g.exit_code, 0) << g.out << g.err;
  EXPECT_NE(g.out.find("\"AC\""), std::string::npos) << g.out;
  ASSERT_EQ(MadeEntries(sb).size(), 1u);
  const std::string answer = MadeEntries(sb)[0] + "/files/tests/02.a";
  EXPECT_EQ(ReadFile(answer), "7\n");
  EXPECT_EQ(ReadFile(MadeEntries(sb)[0] + "/files/tests/03"), "1999999874\n");
  // One run of "multigen 3 5 7" wrote the files 1 (3 x 5) and 2 (3 x 7); test 5 is
  // its file 2 and test 6 its file 1, as their from-file= say.
  EXPECT_EQ(ReadFile(MadeEntries(sb)[0] + "/files/tests/05"), "21\n");
  EXPECT_EQ(ReadFile(MadeEntries(sb)[0] + "/files/tests/06"), "15\n");
  EXPECT_EQ(ReadFile(MadeEntries(sb)[0] + "/files/tests/06.a"), "3\n");
}

// What a generator writing several tests leaves in its work directory is hostile: a
// symbolic link (to a file of the host), a FIFO (whose open would block), a missing
// file are each refused with one line naming the test and the file, never read.
TEST(PolygonCli, MultiTestGeneratorFilesAreTakenOnlyAsRegularFiles) {
  const std::string expected = "test 5: expected the generator's command \"multigen 3 5 7\" to write the file 2 (a "
                               "regular file), found ";
  struct Case {
    std::string body;
    std::vector<std::string> found;  // one of these
  };
  for (const Case& c : std::vector<Case>{
           {"symlink(\"/etc/passwd\", \"2\"); write(\"1\");", {"a symbolic link 2"}},
           // Not copied back by the sandbox (docs/sandbox.md), or refused if they were.
           {"mkfifo(\"2\", 0644); write(\"1\");", {"no file 2", "a FIFO 2"}},
           {"mkdir(\"2\", 0755); write(\"1\");", {"a directory 2", "no file 2"}},
           {"write(\"1\");", {"no file 2"}},
       }) {
    JudgeDir sb;
    const std::string pkg = CopyPackage(sb);
    WriteFile(pkg + "/files/multigen.cpp",
              "#include <cstdio>\n#include <sys/stat.h>\n#include <unistd.h>\n"
              "static void write(const char* name) { std::FILE* f = std::fopen(name, \"w\"); "
              "std::fputs(\"15\\n\", f); std::fclose(f); }\n"
              "int main() { " + c.body + " }\n");
    Ran r = sb.Judge({"verify", pkg}, CacheIn(sb));
    EXPECT_NE(r.exit_code, 0) << c.body;
    bool said = false;
    for (const std::string& found : c.found) said = said || r.err.find(expected + found) != std::string::npos;
    EXPECT_TRUE(said) << c.body << ": " << r.err;
    EXPECT_EQ(CountLines(r.err), 1) << r.err;
  }
}

// An interactive package without answers (tests/packages/polygoninteractive): each
// answer is what the interactor wrote to its output file while the main solution ran
// against it, and the interactor then judges the other solutions with it.
TEST(PolygonCli, InteractiveAnswersAreWhatTheInteractorWrites) {
  JudgeDir sb;
  sfs::copy(std::string(JUDGE_TEST_PACKAGES_DIR) + "/polygoninteractive", sb.Path("pkg"),
            sfs::copy_options::recursive);
  Ran r = sb.Judge({"verify", sb.Path("pkg"), "--json"}, CacheIn(sb));
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_FALSE(sfs::exists(sb.Path("pkg/tests/01.a")));
  ASSERT_EQ(MadeEntries(sb).size(), 1u);
  // bisect.cpp asks 9 questions to find 700 and 8 to find 3: the interactor's counts.
  EXPECT_EQ(ReadFile(MadeEntries(sb)[0] + "/files/tests/01.a"), "9\n");
  EXPECT_EQ(ReadFile(MadeEntries(sb)[0] + "/files/tests/02.a"), "8\n");
  // count-up.cpp asks 700 questions on test 1, more than the answer allows: WA, as tagged.
  bool judged = false;
  const json doc = ParseRun(r);
  for (const auto& c : doc["checks"])
    judged = judged || (c["subject"] == "solutions/count-up.cpp (wrong-answer)" && c["found"] == "WA" && c["ok"]);
  EXPECT_TRUE(judged) << r.out;
}

// A Polygon package has no plugin: `judge solve` answers with its main solution, built
// and run in the sandbox as the answers the package lacks are made. Each answer is the
// package's own; stdin works as a file does; a failure of the main solution is one line.
TEST(PolygonCli, SolveAnswersWithTheMainSolution) {
  JudgeDir sb;
  const std::string pkg = std::string(JUDGE_TEST_PACKAGES_DIR) + "/polygon";
  for (const std::string test : {"01", "02", "03", "04"}) {
    Ran r = sb.Judge({"solve", pkg, pkg + "/tests/" + test}, CacheIn(sb));
    EXPECT_EQ(r.exit_code, 0) << test << ": " << r.err;
    EXPECT_EQ(r.out, ReadFile(pkg + "/tests/" + test + ".a")) << test;
    EXPECT_EQ(r.err, "") << test;
  }
  testing_support::JudgeRun piped =
      testing_support::RunJudge(JUDGE_EXE, {"solve", "--json", pkg}, CacheIn(sb), pkg + "/tests/02");
  ASSERT_EQ(piped.exit_code, 0) << piped.err;
  const json doc = json::parse(piped.out);
  EXPECT_EQ(doc["problem"], "polygon");
  EXPECT_EQ(doc["solution"], "solutions/smallest.cpp");
  EXPECT_EQ(doc["answer"], ReadFile(pkg + "/tests/02.a"));
  EXPECT_TRUE(doc["error"].is_null());
  // smallest.cpp exits 1 on an input that is no number.
  WriteFile(sb.Path("word.in"), "x\n");
  Ran bad = sb.Judge({"solve", pkg, sb.Path("word.in")}, CacheIn(sb));
  EXPECT_EQ(bad.exit_code, 3);
  EXPECT_EQ(bad.out, "");
  EXPECT_EQ(bad.err, "judge solve: " + sb.Path("word.in") +
                         ": expected the main solution smallest.cpp to answer it, found RE (exit 1)\n");
}

// judge check without an answer file judges against the main solution's answer, as
// judge solve makes it; a main solution that fails on the input is JE, one line.
TEST(PolygonCli, CheckWithoutAnAnswerJudgesAgainstTheMainSolution) {
  JudgeDir sb;
  const std::string pkg = std::string(JUDGE_TEST_PACKAGES_DIR) + "/polygon";
  WriteFile(sb.Path("right"), ReadFile(pkg + "/tests/02.a"));
  WriteFile(sb.Path("wrong"), "12345\n");
  Ran right = sb.Judge({"check", pkg, pkg + "/tests/02", sb.Path("right")}, CacheIn(sb));
  EXPECT_EQ(right.exit_code, 0) << right.err;
  EXPECT_EQ(right.err.rfind("AC", 0), 0u) << right.err;
  Ran wrong = sb.Judge({"check", pkg, pkg + "/tests/02", sb.Path("wrong")}, CacheIn(sb));
  EXPECT_EQ(wrong.exit_code, 1) << wrong.err;
  EXPECT_EQ(wrong.err.rfind("WA", 0), 0u) << wrong.err;
  // smallest.cpp exits 1 on an input that is no number: there is no answer to judge by.
  WriteFile(sb.Path("word.in"), "x\n");
  Ran bad = sb.Judge({"check", pkg, sb.Path("word.in"), sb.Path("right")}, CacheIn(sb));
  EXPECT_EQ(bad.exit_code, 3);
  EXPECT_EQ(bad.err, "judge check: " + sb.Path("word.in") +
                         ": expected the main solution smallest.cpp to answer it, found RE (exit 1)\n");
}

// An interactive Polygon package's answer is what its interactor writes while the main
// solution runs against it, as for the answers verify makes.
TEST(PolygonCli, SolveOfAnInteractivePackageIsTheInteractorsOutput) {
  JudgeDir sb;
  const std::string pkg = std::string(JUDGE_TEST_PACKAGES_DIR) + "/polygoninteractive";
  Ran r = sb.Judge({"solve", pkg, pkg + "/tests/01"}, CacheIn(sb));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "9\n");  // bisect.cpp asks 9 questions to find 700
}

// A Kattis package with no plugin has no reference solver (its answers are its .ans
// files): one line naming the package and what it lacks.
TEST(PolygonCli, SolveOfAKattisPackageWithoutAPluginSaysWhatItLacks) {
  JudgeDir sb;
  const std::string pkg = std::string(JUDGE_TEST_PACKAGES_DIR) + "/kattis2023";
  WriteFile(sb.Path("a.in"), "1\n");
  Ran r = sb.Judge({"solve", pkg, sb.Path("a.in")}, CacheIn(sb));
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "judge solve: problem 'kattis2023' (" + pkg +
                       "): expected a reference solver to answer with, found none (problem.yaml has no `plugin` "
                       "key; without one, only a Polygon package's main solution answers)\n");
}

// validate and generate call a plugin, which a Polygon package never has: the error
// says so, never naming problem.yaml, a file such a package does not hold.
TEST(PolygonCli, PluginCommandsOfAPolygonPackageSayItHasNoPlugin) {
  JudgeDir sb;
  const std::string pkg = std::string(JUDGE_TEST_PACKAGES_DIR) + "/polygon";
  for (const auto& args : std::vector<std::vector<std::string>>{{"validate", pkg, pkg + "/tests/01"},
                                                                 {"generate", pkg, "--seed", "1"}}) {
    Ran r = sb.Judge(args, CacheIn(sb));
    EXPECT_EQ(r.exit_code, 3) << args[0];
    EXPECT_EQ(r.err, "judge " + args[0] + ": problem 'polygon' (" + pkg +
                         "): expected a plugin for this command, found none (a Polygon package has no plugin)\n");
  }
}

TEST(PolygonCli, CacheEntryChangedIsMadeAgain) {
  JudgeDir sb;
  const std::string pkg = CopyPackage(sb);
  ASSERT_EQ(sb.Judge({"verify", pkg, "--json"}, CacheIn(sb)).exit_code, 0);
  ASSERT_EQ(MadeEntries(sb).size(), 1u);
  // A non-divisor planted as test 2's answer (91): trusted, the answer check would
  // fail; checked against the SHA-256 the entry recorded, it is made again.
  const std::string answer = MadeEntries(sb)[0] + "/files/tests/02.a";
  sfs::permissions(answer, sfs::perms::owner_write, sfs::perm_options::add);
  WriteFile(answer, "5\n");
  Ran r = sb.Judge({"verify", pkg, "--json"}, CacheIn(sb));
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  ASSERT_EQ(MadeEntries(sb).size(), 1u);
  EXPECT_EQ(ReadFile(MadeEntries(sb)[0] + "/files/tests/02.a"), "7\n");  // the entry is made again
}

TEST(PolygonCli, CommandsTheJudgeDoesNotRunAreRefused) {
  struct Case {
    std::string cmd, says;
  };
  for (const Case& c : std::vector<Case>{
           {"doall.sh 3",
            "test 2: expected a command naming an executable of <files><executables> (gen, multigen, validator)"},
           {"gen 7 13 &gt; {2-3}", "shell syntax is never run"},
           {"gen 7 13; touch /tmp/x", "shell syntax is never run"},
           {"gen 1 13", "test 2: expected the generator's command \"gen 1 13\" to write the test, found RE (exit 3)"},
       }) {
    JudgeDir sb;
    const std::string pkg = CopyPackage(sb, "cmd=\"gen 7 13\"", "cmd=\"" + c.cmd + "\"");
    Ran r = sb.Judge({"verify", pkg}, CacheIn(sb));
    EXPECT_NE(r.exit_code, 0) << c.cmd;
    EXPECT_NE(r.err.find(c.says), std::string::npos) << c.cmd << ": " << r.err;
    EXPECT_EQ(CountLines(r.err), 1) << r.err;
  }
}

TEST(PolygonCli, CheckerAndValidatorTestsAreRun) {
  JudgeDir sb;
  Ran r = sb.Judge({"verify", CopyPackage(sb), "--json"}, CacheIn(sb));
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  json doc = ParseRun(r);
  std::vector<json> checker = ChecksOf(doc, "checker"), validator = ChecksOf(doc, "validator");
  ASSERT_EQ(checker.size(), 3u) << doc.dump();
  ASSERT_EQ(validator.size(), 3u) << doc.dump();
  EXPECT_EQ(checker[1]["found"], "WA");
  EXPECT_EQ(checker[2]["found"], "PE");
  EXPECT_EQ(validator[2]["found"], "invalid");
  // A checker test whose verdict the checker does not give fails verify.
  JudgeDir sb2;
  const std::string wrong = CopyPackage(sb2, "<test verdict=\"wrong-answer\"/>", "<test verdict=\"ok\"/>");
  Ran w = sb2.Judge({"verify", wrong, "--json"}, CacheIn(sb2));
  EXPECT_EQ(w.exit_code, 1) << w.out << w.err;
  checker = ChecksOf(ParseRun(w), "checker");
  ASSERT_EQ(checker.size(), 3u);
  EXPECT_FALSE(checker[1]["ok"]);
  // A validator test said valid that the validator refuses fails verify too.
  JudgeDir sb3;
  const std::string invalid = CopyPackage(sb3, "<test verdict=\"invalid\"/>", "<test verdict=\"valid\"/>");
  EXPECT_EQ(sb3.Judge({"verify", invalid, "--json"}, CacheIn(sb3)).exit_code, 1);
}

// A solution is built as Polygon builds its type (tests/packages/polygonx87): the same
// float program keeps n + 1 exact in an x87 register under the 32-bit cpp.g++17,
// c.gcc and cpp.g++ (AC, as tagged; the cpp.g++ one builds only as C++98), and SSE
// rounds it under the 64-bit cpp.msys2-mingw64-9-g++17 (WA, as tagged).
TEST(PolygonCli, SolutionTypesChooseTheirArithmetic) {
  JudgeDir sb;
  const std::string pkg = std::string(JUDGE_TEST_PACKAGES_DIR) + "/polygonx87";
  Ran r = sb.Judge({"verify", pkg, "--json"}, CacheIn(sb));
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  const json doc = ParseRun(r);
  std::map<std::string, json> found;
  for (const auto& c : doc["checks"]) found[c["subject"].get<std::string>()] = c;
  for (const auto& [subject, verdict] : std::map<std::string, std::string>{
           {"solutions/exact.cpp (main)", "AC"},
           {"solutions/float-x87.cpp (accepted)", "AC"},
           {"solutions/float-x87.c (accepted)", "AC"},
           {"solutions/float-x87-98.cpp (accepted)", "AC"},
           {"solutions/float-sse.cpp (wrong-answer)", "WA"}}) {
    ASSERT_EQ(found.count(subject), 1u) << subject << r.out;
    EXPECT_EQ(found[subject]["found"], verdict) << subject << found[subject];
    EXPECT_TRUE(found[subject]["ok"].get<bool>()) << subject << found[subject];
  }
}

// grade of one of a Polygon package's solutions by its path judges it as verify does,
// with the profile its type names; --lang, or a file the package does not list (a
// copy, a link to a solution), keeps the extension's profile (cpp20: SSE, WA).
TEST(PolygonCli, GradeOfASolutionTakesItsType) {
  JudgeDir sb;
  const std::string pkg = std::string(JUDGE_TEST_PACKAGES_DIR) + "/polygonx87";
  sfs::copy_file(pkg + "/solutions/float-x87.cpp", sb.Path("copy.cpp"));
  sfs::create_symlink(pkg + "/solutions/float-x87.cpp", sb.Path("link.cpp"));
  struct Case {
    std::vector<std::string> args;
    std::string language, verdict;
  };
  for (const auto& c : std::vector<Case>{
           {{pkg + "/solutions/float-x87.cpp"}, "cpp17-x87", "AC"},
           {{pkg + "/solutions/../solutions/float-x87-98.cpp"}, "cpp98-x87", "AC"},
           {{pkg + "/solutions/float-sse.cpp"}, "cpp17", "WA"},
           {{pkg + "/solutions/float-x87.cpp", "--lang", "cpp20"}, "cpp20", "WA"},
           {{sb.Path("copy.cpp")}, "cpp20", "WA"},
           {{sb.Path("link.cpp")}, "cpp20", "WA"}}) {
    std::vector<std::string> args = {"grade", pkg};
    args.insert(args.end(), c.args.begin(), c.args.end());
    args.insert(args.end(), {"--json", "--no-db"});
    Ran g = sb.Judge(args, CacheIn(sb));
    const json graded = ParseRun(g);
    EXPECT_EQ(graded["language"], c.language) << c.args[0] << g.out << g.err;
    EXPECT_EQ(graded["verdict"], c.verdict) << c.args[0] << g.out << g.err;
  }
}

// A Polygon checker's points (testlib's quitp, exit 7) pass the test, scored with the
// points, as Polygon reads them: in tests/packages/polygon a proper divisor other than
// the jury's gets 1 point. (A checker in a package of the Kattis family keeps exit 7 a
// partial test: PackagesCli.TestlibCheckerExitCodesPointsAndMessages.)
TEST(PolygonCli, CheckerPointsPassTheTest) {
  JudgeDir sb;
  const std::string pkg = std::string(JUDGE_TEST_PACKAGES_DIR) + "/polygon";
  Ran g = sb.Judge({"grade", pkg, pkg + "/solutions/largest.py", "--json", "--no-db"}, CacheIn(sb));
  ASSERT_EQ(g.exit_code, 0) << g.out << g.err;
  json doc = ParseRun(g);
  EXPECT_EQ(doc["verdict"], "AC") << doc.dump();
  std::map<std::string, json> test;
  for (const auto& t : doc["tests"]) test[t["name"].get<std::string>()] = t;
  ASSERT_EQ(test.size(), 4u) << doc.dump();
  // 12: the jury's 2, this 6, a point: AC with the checker's words, not "partial".
  EXPECT_EQ(test["tests/01"]["verdict"], "AC") << doc.dump();
  EXPECT_EQ(test["tests/01"]["message"], "points 1.000000 6 divides 12 (the jury's is 2)") << doc.dump();
  // 7 is prime: the jury's answer, ok without points.
  EXPECT_EQ(test["tests/02"]["verdict"], "AC") << doc.dump();
  EXPECT_EQ(test["tests/02"]["message"].get<std::string>().find("points"), std::string::npos) << doc.dump();
}

}  // namespace
}  // namespace judge::clitest
