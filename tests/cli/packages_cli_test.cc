// End to end, real packages of the other tools' kinds made in a temporary directory:
// verify's time margins (warnings, "OK with extra time"), the inferred time limit and
// its cache, `judge check` with a package's output validator, every problem.yaml error
// at once on the command line, our own groups' score with a failing loose test; an
// output validator's bad exit codes and judgemessage.txt, a testlib checker's exit codes
// and points, input validators with their flags, an answer without its input.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "cli_util.h"
#include "json_util.h"

namespace judge::clitest {
namespace {

using nlohmann::json;

json Parse(const Ran& r) { return ParseRun(r); }

const json* Check(const json& doc, const std::string& subject) {
  for (const auto& c : doc["checks"])
    if (c["subject"] == subject) return &c;
  ADD_FAILURE() << "no check for " << subject << " in " << doc.dump();
  return nullptr;
}

// echo: prints its input. Limits 1 s CPU (wall 2 s), margins 2.
std::string MakeEcho(const JudgeDir& sb, const std::string& name, const std::string& limits) {
  sb.Write(name + "/problem.yaml", "name: Echo\nlimits:\n" + limits);
  sb.Write(name + "/data/secret/1.in", "42\n");
  sb.Write(name + "/data/secret/1.ans", "42\n");
  sb.Write(name + "/submissions/accepted/echo.py", "print(input())\n");
  return sb.Path(name);
}

// Burns `ms` of CPU time (measured by the program itself), then echoes.
std::string Burner(int ms, const std::string& printed = "input()") {
  return "import time\nend = time.process_time() + " + std::to_string(ms / 1000.0) +
         "\nwhile time.process_time() < end:\n    pass\nprint(" + printed + ")\n";
}

TEST(PackagesCli, TimeMarginsWarnAndAcceptWithExtraTime) {
  JudgeDir sb;
  // CPU time decides (the programs measure what they burn); the wall limit is far away
  // so that a loaded machine changes nothing.
  std::string pkg = MakeEcho(sb, "echo", "  time_ms: 1000\n  wall_ms: 10000\n  time_safety_margin: 2\n");
  // 700 ms of CPU: within the limit, not within limit / 2: sensitive.
  sb.Write("echo/submissions/accepted/slow.py", Burner(700));
  // 1500 ms: over the limit, within it x 2: TLE, but AC with the margin.
  sb.Write("echo/submissions/time_limit_exceeded/burns.py", Burner(1500));
  // A wrong answer after 1500 ms: TLE at the limit, the expected WA with the margin.
  sb.Write("echo/submissions/wrong_answer/late.py", Burner(1500, "7"));
  // Far beyond limit x margin: TLE with no warning.
  sb.Write("echo/submissions/time_limit_exceeded/forever.py", Burner(60000));
  Ran r = sb.Judge({"verify", pkg, "--json", "--jobs", "2"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  json doc = Parse(r);
  const json* fast = Check(doc, "accepted/echo.py");
  const json* slow = Check(doc, "accepted/slow.py");
  const json* burns = Check(doc, "time_limit_exceeded/burns.py");
  const json* late = Check(doc, "wrong_answer/late.py");
  const json* forever = Check(doc, "time_limit_exceeded/forever.py");
  ASSERT_TRUE(fast && slow && burns && late && forever);
  EXPECT_EQ((*fast)["warning"], "");
  EXPECT_EQ((*slow)["ok"], true);
  EXPECT_NE((*slow)["warning"].get<std::string>().find("sensitive to the time limit"), std::string::npos) << *slow;
  EXPECT_EQ((*burns)["found"], "TLE");
  EXPECT_NE((*burns)["warning"].get<std::string>().find("gets AC with the limit x 2"), std::string::npos) << *burns;
  EXPECT_EQ((*late)["found"], "TLE");
  EXPECT_EQ((*late)["ok"], true);  // problemtools' "OK with extra time"
  EXPECT_NE((*late)["warning"].get<std::string>().find("gets WA"), std::string::npos) << *late;
  EXPECT_EQ((*forever)["found"], "TLE");
  EXPECT_EQ((*forever)["warning"], "");

  // Without margins the slow submission's warning stays (it is about CPU time), the
  // late one is a plain mismatch.
  Ran plain = sb.Judge({"verify", pkg, "--json", "--no-margins", "--jobs", "2"});
  EXPECT_EQ(plain.exit_code, 1) << plain.out;
  json pdoc = Parse(plain);
  const json* late2 = Check(pdoc, "wrong_answer/late.py");
  ASSERT_TRUE(late2);
  EXPECT_EQ((*late2)["ok"], false);
}

TEST(PackagesCli, TheInferredTimeLimitIsCachedForGrading) {
  JudgeDir sb;
  std::string pkg = MakeEcho(sb, "echo", "  time_multiplier: 2\n");
  const Env cache = {{"XDG_CACHE_HOME", sb.Path("cache")}};
  std::string sol = sb.Write("sol.py", "print(input())\n");
  Ran first = sb.Judge({"grade", pkg, sol, "--no-db"}, cache);
  EXPECT_EQ(first.exit_code, 0) << first.err;
  EXPECT_NE(first.err.find("time limit 1000 ms, inferred from the slowest accepted submission"), std::string::npos)
      << first.err;
  Ran again = sb.Judge({"grade", pkg, sol, "--no-db", "--json"}, cache);
  EXPECT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(Parse(again)["verdict"], "AC");
  Ran human = sb.Judge({"grade", pkg, sol, "--no-db"}, cache);
  EXPECT_NE(human.err.find("inferred earlier"), std::string::npos) << human.err;
  // verify infers it again and says so.
  Ran v = sb.Judge({"verify", pkg, "--json"}, cache);
  EXPECT_EQ(v.exit_code, 0) << v.out;
  json vdoc = Parse(v);
  const json* limit = Check(vdoc, "limits");
  ASSERT_TRUE(limit);
  EXPECT_EQ((*limit)["found"], "1000 ms");
  // No accepted submission to infer from: grade says so, exit 3.
  sb.Write("bare/problem.yaml", "name: Bare\n");
  sb.Write("bare/data/secret/1.in", "1\n");
  sb.Write("bare/data/secret/1.ans", "1\n");
  Ran bare = sb.Judge({"grade", sb.Path("bare"), sol, "--no-db"}, cache);
  EXPECT_EQ(bare.exit_code, 3);
  EXPECT_NE(bare.err.find("expected a time limit (limits.time_limit, .timelimit) or an accepted submission"),
            std::string::npos)
      << bare.err;
}

// With no time limit to judge them by (none given, and no accepted submission passed
// to infer one), the other submissions are still listed: the report names every one.
TEST(PackagesCli, SubmissionsLeftUnjudgedForWantOfATimeLimitAreListed) {
  JudgeDir sb;
  sb.Write("bare/problem.yaml", "name: Bare\n");
  sb.Write("bare/data/secret/1.in", "1\n");
  sb.Write("bare/data/secret/1.ans", "1\n");
  sb.Write("bare/submissions/accepted/wrong.py", "print(2)\n");
  sb.Write("bare/submissions/wrong_answer/also.py", "print(3)\n");
  sb.Write("bare/submissions/time_limit_exceeded/spin.py", "while True: pass\n");
  Ran v = sb.Judge({"verify", sb.Path("bare"), "--json"}, {{"XDG_CACHE_HOME", sb.Path("cache")}});
  EXPECT_EQ(v.exit_code, 1) << v.out << v.err;
  json doc = Parse(v);
  const json* limit = Check(doc, "limits");
  ASSERT_TRUE(limit) << v.out;
  EXPECT_EQ((*limit)["found"], "none");
  const json* wrong = Check(doc, "accepted/wrong.py");
  ASSERT_TRUE(wrong) << v.out;
  EXPECT_EQ((*wrong)["found"], "WA");
  for (const char* subject : {"wrong_answer/also.py", "time_limit_exceeded/spin.py"}) {
    const json* c = Check(doc, subject);
    ASSERT_TRUE(c) << subject << v.out;
    EXPECT_EQ((*c)["found"], "skipped") << subject;
    EXPECT_EQ((*c)["message"], "not judged: no time limit (see the check of limits)") << subject;
  }
}

TEST(PackagesCli, CheckRunsThePackagesOutputValidator) {
  JudgeDir sb;
  sb.Write("v/problem.yaml", "name: V\nvalidation: custom\nlimits:\n  time_limit: 1\n");
  sb.Write("v/output_validators/v/v.py",
          "import sys\nn = int(open(sys.argv[1]).read())\nout = sys.stdin.read().split()\n"
          "open(sys.argv[3] + 'judgemessage.txt', 'w').write('saw %d tokens' % len(out))\n"
          "sys.exit(42 if out == [str(2 * n)] else 43)\n");
  sb.Write("v/data/secret/1.in", "21\n");
  sb.Write("v/data/secret/1.ans", "\n");
  std::string in = sb.Write("in", "21\n"), ans = sb.Write("ans", "\n");
  Ran ok = sb.Judge({"check", sb.Path("v"), in, sb.Write("good", "42\n"), ans, "--json"});
  EXPECT_EQ(ok.exit_code, 0) << ok.out << ok.err;
  EXPECT_EQ(Parse(ok)["message"], "saw 1 tokens");
  Ran wa = sb.Judge({"check", sb.Path("v"), in, sb.Write("bad", "41 x\n"), ans});
  EXPECT_EQ(wa.exit_code, 1) << wa.err;
  EXPECT_NE(wa.err.find("saw 2 tokens"), std::string::npos) << wa.err;
}

TEST(PackagesCli, ValidatorsWithBuildAndRunScripts) {
  JudgeDir sb;
  // build compiles with the C compiler on PATH; run is a shell script without "#!".
  sb.Write("s/problem.yaml", "name: S\nvalidation: custom\nlimits:\n  time_limit: 1\n");
  sb.Write("s/output_validators/scripted/build", "#!/bin/sh\ncc -O2 -o checker check.c\n");
  sb.Write("s/output_validators/scripted/run", "exec ./checker \"$@\"\n");
  sb.Write("s/output_validators/scripted/check.c",
          "#include <stdio.h>\nint main(int argc, char** argv) {\n  int x = 0;\n"
          "  if (scanf(\"%d\", &x) != 1) return 43;\n  return x == 7 ? 42 : 43;\n}\n");
  sb.Write("s/data/secret/1.in", "\n");
  sb.Write("s/data/secret/1.ans", "7\n");
  std::string in = sb.Write("in", "\n"), ans = sb.Write("ans", "7\n");
  EXPECT_EQ(sb.Judge({"check", sb.Path("s"), in, sb.Write("good", "7\n"), ans}).exit_code, 0);
  EXPECT_EQ(sb.Judge({"check", sb.Path("s"), in, sb.Write("bad", "8\n"), ans}).exit_code, 1);
  // A run script alone (a Python program with its "#!").
  sb.Write("r/problem.yaml", "name: R\nvalidation: custom\nlimits:\n  time_limit: 1\n");
  sb.Write("r/output_validators/only_run/run",
          "#!/usr/bin/python3\nimport sys\nsys.exit(42 if sys.stdin.read().split() == ['7'] else 43)\n");
  sb.Write("r/data/secret/1.in", "\n");
  sb.Write("r/data/secret/1.ans", "7\n");
  EXPECT_EQ(sb.Judge({"check", sb.Path("r"), in, sb.Path("good"), ans}).exit_code, 0);
  EXPECT_EQ(sb.Judge({"check", sb.Path("r"), in, sb.Path("bad"), ans}).exit_code, 1);
  // A build that fails is the package's fault: JE with the compiler's words.
  sb.Write("s/output_validators/scripted/check.c", "int main( {\n");
  Ran broken = sb.Judge({"check", sb.Path("s"), in, sb.Path("good"), ans});
  EXPECT_EQ(broken.exit_code, 3);
  EXPECT_NE(broken.err.find("the output validator scripted does not build"), std::string::npos) << broken.err;
}

TEST(PackagesCli, EveryProblemYamlErrorIsReportedAtOnce) {
  JudgeDir sb;
  sb.Write("bad/problem.yaml", "name: x\nlimits:\n  memory: huge\n  time_limit: -1\ncolor: blue\n");
  sb.Write("bad/data/secret/1.in", "1\n");
  Ran r = sb.Judge({"verify", sb.Path("bad")});
  EXPECT_EQ(r.exit_code, 3);
  const std::string f = sb.Path("bad") + "/problem.yaml: ";
  EXPECT_EQ(r.err.find("color"), std::string::npos) << r.err;  // an unknown key is only a note
  EXPECT_NE(r.err.find(f + "limits.memory: expected an integer 1..16384, found \"huge\""), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(f + "limits.time_limit: expected a number of seconds 0.001..600, found \"-1\""),
            std::string::npos)
      << r.err;
}

TEST(PackagesCli, OurGroupsCountTheLooseSecretTests) {
  JudgeDir sb;
  sb.Write("g/problem.yaml", "name: G\nlimits: {time_ms: 1000}\ngroups:\n  - {name: secret, points: 40}\n"
                            "  - {name: big, points: 60}\n");
  sb.Write("g/data/secret/loose.in", "1\n");
  sb.Write("g/data/secret/loose.ans", "1\n");
  sb.Write("g/data/secret/big/1.in", "2\n");
  sb.Write("g/data/secret/big/1.ans", "2\n");
  // Wrong on the loose test only: the 40 points of `secret` are lost (it scored 100/100
  // when the loose tests were not counted).
  std::string sol = sb.Write("sol.py", "n = int(input())\nprint(n if n != 1 else 5)\n");
  Ran r = sb.Judge({"grade", sb.Path("g"), sol, "--no-db", "--json"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  json doc = Parse(r);
  EXPECT_EQ(doc["verdict"], "WA");
  EXPECT_EQ(doc["score"], 60.0);
}

// An answer whose input is missing is no test, and verify and grade each say so in
// one line naming the file.
TEST(PackagesCli, AnAnswerWithoutItsInputIsAWarning) {
  JudgeDir sb;
  const std::string pkg = MakeEcho(sb, "e", "  time_ms: 1000\n");
  sb.Write("e/data/secret/foo.ans", "7\n");
  const std::string line = "data/secret/foo.ans: answer without an input data/secret/foo.in; ignored";
  Ran human = sb.Judge({"verify", pkg, "--no-margins"});
  EXPECT_EQ(human.exit_code, 0) << human.out << human.err;
  EXPECT_NE(human.out.find("warning: " + line + "\n"), std::string::npos) << human.out;
  Ran ran = sb.Judge({"verify", pkg, "--json", "--no-margins"});
  const json doc = Parse(ran);
  const json* c = Check(doc, "data");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ((*c)["warning"], line);
  EXPECT_EQ((*c)["ok"], true);
  Ran graded = sb.Judge({"grade", pkg, sb.Path("e/submissions/accepted/echo.py"), "--no-db", "--json"});
  EXPECT_EQ(graded.exit_code, 0) << graded.err;
  EXPECT_EQ(Parse(graded)["verdict"], "AC");
  EXPECT_EQ(graded.err, "grade: warning: " + line + "\n");
}

// A Kattis validator that exits with anything but 42/43 (or crashes) makes the test JE,
// never AC or WA, with a message naming what it did; judgemessage.txt on 43 is the
// test's message.
TEST(PackagesCli, KattisValidatorBadExitIsJudgeErrorAndJudgeMessageIsShown) {
  JudgeDir sb;
  sb.Write("k/problem.yaml", "name: K\nvalidation: custom\nlimits:\n  time_limit: 1\n");
  // The team's output says what the validator does.
  sb.Write("k/output_validators/v/v.py",
          "import os, sys\nword = sys.stdin.read().strip()\n"
          "if open(sys.argv[2]).read().split() != ['right']:\n    sys.exit(1)\n"
          "if word == 'zero':\n    sys.exit(0)\n"
          "if word == 'one':\n    print('cannot read the answer', file=sys.stderr)\n    sys.exit(1)\n"
          "if word == 'abort':\n    os.abort()\n"
          "if word == 'wrong':\n"
          "    open(os.path.join(sys.argv[3], 'judgemessage.txt'), 'w').write('expected right, saw wrong')\n"
          "    sys.exit(43)\n"
          "sys.exit(42 if word == 'right' else 43)\n");
  sb.Write("k/data/secret/1.in", "\n");
  sb.Write("k/data/secret/1.ans", "right\n");
  auto grade = [&](const std::string& word) {
    std::string sol = sb.Write(word + ".py", "print('" + word + "')\n");
    return sb.Judge({"grade", sb.Path("k"), sol, "--no-db", "--json"});
  };
  auto message = [](const json& doc) {
    return doc["tests"].size() == 1 ? doc["tests"][0]["message"].get<std::string>() : doc.dump();
  };
  Ran right = grade("right");
  EXPECT_EQ(right.exit_code, 0) << right.out << right.err;
  EXPECT_EQ(Parse(right)["verdict"], "AC");

  Ran wrong = grade("wrong");
  EXPECT_EQ(wrong.exit_code, 0) << wrong.out << wrong.err;
  json wdoc = Parse(wrong);
  EXPECT_EQ(wdoc["verdict"], "WA");
  EXPECT_EQ(message(wdoc), "expected right, saw wrong");

  // Exit 0 is not "accepted" for a Kattis validator.
  Ran zero = grade("zero");
  EXPECT_EQ(zero.exit_code, 3) << zero.out << zero.err;
  json zdoc = Parse(zero);
  EXPECT_EQ(zdoc["verdict"], "JE");
  EXPECT_NE(message(zdoc).find("exited with code 0 (expected 42 accepted or 43 wrong answer)"), std::string::npos)
      << zdoc.dump();

  // Exit 1, with the validator's stderr in the message.
  Ran one = grade("one");
  EXPECT_EQ(one.exit_code, 3) << one.out << one.err;
  json odoc = Parse(one);
  EXPECT_EQ(odoc["verdict"], "JE");
  EXPECT_NE(message(odoc).find("exited with code 1"), std::string::npos) << odoc.dump();
  EXPECT_NE(message(odoc).find("cannot read the answer"), std::string::npos) << odoc.dump();

  // A crash (SIGABRT).
  Ran abort = grade("abort");
  EXPECT_EQ(abort.exit_code, 3) << abort.out << abort.err;
  json adoc = Parse(abort);
  EXPECT_EQ(adoc["verdict"], "JE");
  EXPECT_NE(message(adoc).find("did not finish"), std::string::npos) << adoc.dump();
  EXPECT_NE(message(adoc).find("SIGABRT"), std::string::npos) << adoc.dump();
}

// A testlib checker (here a tiny program of its own that follows testlib's protocol:
// `checker input output answer`, the verdict line on stderr, exit 0 ok, 1 wrong
// answer, 2 presentation error, 3 fail, 7 points).
TEST(PackagesCli, TestlibCheckerExitCodesPointsAndMessages) {
  JudgeDir sb;
  sb.Write("t/problem.yaml", "name: T\nlimits:\n  time_ms: 2000\nchecker:\n  type: testlib\n  source: checker/check.cpp\n");
  sb.Write("t/checker/check.cpp",
          "#include <cstdio>\n#include <cstring>\n"
          "static const char* Word(const char* path) {\n"
          "  static char w[3][64];\n  static int k = 0;\n  char* s = w[k++ % 3];\n  s[0] = 0;\n"
          "  FILE* f = std::fopen(path, \"r\");\n  if (!f || std::fscanf(f, \"%63s\", s) != 1) s[0] = 0;\n"
          "  if (f) std::fclose(f);\n  return s;\n}\n"
          "int main(int argc, char** argv) {\n"
          "  if (argc < 4) { std::fprintf(stderr, \"FAIL usage: checker input output answer\\n\"); return 3; }\n"
          "  const char* in = Word(argv[1]);\n  const char* out = Word(argv[2]);\n  const char* ans = Word(argv[3]);\n"
          "  if (std::strcmp(in, \"question\") || std::strcmp(ans, \"full\")) {\n"
          "    std::fprintf(stderr, \"FAIL input %s answer %s\\n\", in, ans);\n    return 3;\n  }\n"
          "  if (!std::strcmp(out, \"full\")) { std::fprintf(stderr, \"ok all of it\\n\"); return 0; }\n"
          "  if (!std::strcmp(out, \"quarter\")) { std::fprintf(stderr, \"points 0.25 a quarter of it\\n\"); return 7; }\n"
          "  if (!std::strcmp(out, \"format\")) { std::fprintf(stderr, \"wrong output format no word\\n\"); return 2; }\n"
          "  if (!std::strcmp(out, \"fail\")) { std::fprintf(stderr, \"FAIL the jury is broken\\n\"); return 3; }\n"
          "  std::fprintf(stderr, \"wrong answer got %s\\n\", out);\n  return 1;\n}\n");
  sb.Write("t/data/secret/1.in", "question\n");
  sb.Write("t/data/secret/1.ans", "full\n");
  std::string in = sb.Write("in", "question\n"), ans = sb.Write("ans", "full\n");
  auto check = [&](const std::string& word) {
    return sb.Judge({"check", sb.Path("t"), in, sb.Write("out." + word, word + "\n"), ans, "--json"});
  };
  Ran full = check("full");
  EXPECT_EQ(full.exit_code, 0) << full.out << full.err;
  EXPECT_EQ(Parse(full)["verdict"], "AC");
  Ran wa = check("nothing");
  EXPECT_EQ(wa.exit_code, 1) << wa.out << wa.err;
  json wdoc = Parse(wa);
  EXPECT_EQ(wdoc["verdict"], "WA");
  EXPECT_EQ(wdoc["partial"], false);
  EXPECT_NE(wdoc["message"].get<std::string>().find("wrong answer got nothing"), std::string::npos) << wdoc.dump();
  Ran pe = check("format");
  EXPECT_EQ(pe.exit_code, 2) << pe.out << pe.err;
  EXPECT_EQ(Parse(pe)["verdict"], "PE");
  // Exit 7: partial, the points are the score, the message kept.
  Ran quarter = check("quarter");
  EXPECT_EQ(quarter.exit_code, 1) << quarter.out << quarter.err;
  json qdoc = Parse(quarter);
  EXPECT_EQ(qdoc["verdict"], "WA");
  EXPECT_EQ(qdoc["partial"], true);
  EXPECT_DOUBLE_EQ(qdoc["score"].get<double>(), 0.25) << qdoc.dump();
  EXPECT_NE(qdoc["message"].get<std::string>().find("a quarter of it"), std::string::npos) << qdoc.dump();
  // Exit 3: the checker failed, JE with its words.
  Ran fail = check("fail");
  EXPECT_EQ(fail.exit_code, 3) << fail.out << fail.err;
  json fdoc = Parse(fail);
  EXPECT_EQ(fdoc["verdict"], "JE");
  EXPECT_NE(fdoc["message"].get<std::string>().find("the jury is broken"), std::string::npos) << fdoc.dump();

  // The same through grade.
  auto grade = [&](const std::string& word) {
    std::string sol = sb.Write(word + ".py", "print('" + word + "')\n");
    return sb.Judge({"grade", sb.Path("t"), sol, "--no-db", "--json"});
  };
  Ran gfull = grade("full");
  EXPECT_EQ(gfull.exit_code, 0) << gfull.out << gfull.err;
  json gfdoc = Parse(gfull);
  EXPECT_EQ(gfdoc["verdict"], "AC");
  EXPECT_EQ(gfdoc["score"], 1.0);
  Ran gquarter = grade("quarter");
  EXPECT_EQ(gquarter.exit_code, 0) << gquarter.out << gquarter.err;
  json gqdoc = Parse(gquarter);
  EXPECT_EQ(gqdoc["verdict"], "WA");
  EXPECT_EQ(gqdoc["score"], 0.0);  // pass-fail: a partial test is not AC
  ASSERT_EQ(gqdoc["tests"].size(), 1u) << gqdoc.dump();
  EXPECT_EQ(gqdoc["tests"][0]["message"], "partial score 0.25: points 0.25 a quarter of it");
  Ran gfail = grade("fail");
  EXPECT_EQ(gfail.exit_code, 3) << gfail.out << gfail.err;
  json gxdoc = Parse(gfail);
  EXPECT_EQ(gxdoc["verdict"], "JE");
  ASSERT_EQ(gxdoc["tests"].size(), 1u) << gxdoc.dump();
  const std::string je = gxdoc["tests"][0]["message"];
  EXPECT_NE(je.find("failed (exit code 3)"), std::string::npos) << je;
  EXPECT_NE(je.find("FAIL the jury is broken"), std::string::npos) << je;

  // In a scoring problem a partial test is accepted with its points as its score (two
  // tests: the sum).
  sb.Write("t/problem.yaml", "name: T\ntype: scoring\nlimits:\n  time_ms: 2000\nchecker:\n  type: testlib\n"
                            "  source: checker/check.cpp\n");
  sb.Write("t/data/secret/testdata.yaml", "on_reject: continue\ngrader_flags: sum\naccept_score: 10\n");
  sb.Write("t/data/secret/2.in", "question\n");
  sb.Write("t/data/secret/2.ans", "full\n");
  Ran sfull = grade("full");
  EXPECT_EQ(sfull.exit_code, 0) << sfull.out << sfull.err;
  EXPECT_DOUBLE_EQ(Parse(sfull)["score"].get<double>(), 20.0) << sfull.out;
  Ran squarter = grade("quarter");
  EXPECT_EQ(squarter.exit_code, 0) << squarter.out << squarter.err;
  json sqdoc = Parse(squarter);
  EXPECT_EQ(sqdoc["verdict"], "AC");
  EXPECT_DOUBLE_EQ(sqdoc["score"].get<double>(), 0.5) << sqdoc.dump();  // 0.25 + 0.25
  EXPECT_EQ(sqdoc["tests"][0]["verdict"], "AC") << sqdoc.dump();
}

// verify runs the input validators on every input with the group's
// input_validator_flags; an input one rejects fails verify, named.
TEST(PackagesCli, InputValidatorsRunWithTheirFlagsAndRejectionsFailVerify) {
  JudgeDir sb;
  sb.Write("iv/problem.yaml", "name: IV\nlimits:\n  time_limit: 1\n");
  // Valid only with "--max N" and the input at most N (no flags: every input invalid).
  sb.Write("iv/input_validators/bound.py",
          "import sys\nargs = sys.argv[1:]\n"
          "if len(args) != 2 or args[0] != '--max':\n"
          "    print('expected --max N, got %r' % args, file=sys.stderr)\n    sys.exit(43)\n"
          "n = int(sys.stdin.read())\n"
          "if n > int(args[1]):\n    print('%d is over %s' % (n, args[1]), file=sys.stderr)\n    sys.exit(43)\n"
          "sys.exit(42)\n");
  sb.Write("iv/data/secret/small.in", "5\n");
  sb.Write("iv/data/secret/small.ans", "5\n");
  sb.Write("iv/data/secret/big.in", "50\n");
  sb.Write("iv/data/secret/big.ans", "50\n");
  sb.Write("iv/data/secret/testdata.yaml", "input_validator_flags: --max 10\n");
  sb.Write("iv/submissions/accepted/echo.py", "print(input())\n");
  Ran r = sb.Judge({"verify", sb.Path("iv"), "--json"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  json doc = Parse(r);
  const json* small = Check(doc, "secret/small (bound.py)");
  const json* big = Check(doc, "secret/big (bound.py)");
  ASSERT_TRUE(small && big);
  EXPECT_EQ((*small)["ok"], true) << *small;  // the flags reached it
  EXPECT_EQ((*big)["ok"], false) << *big;
  EXPECT_EQ((*big)["found"], "invalid");
  EXPECT_EQ((*big)["message"], "exit code 43: 50 is over 10");
  // The human report names the input too.
  Ran human = sb.Judge({"verify", sb.Path("iv")});
  EXPECT_EQ(human.exit_code, 1);
  EXPECT_NE(human.out.find("secret/big (bound.py)"), std::string::npos) << human.out;
  EXPECT_NE(human.out.find("50 is over 10"), std::string::npos) << human.out;

  // Flags given to this validator by name (a map validator -> flags): green.
  sb.Write("iv/data/secret/testdata.yaml", "input_validator_flags:\n  bound.py: --max 100\n");
  Ran named = sb.Judge({"verify", sb.Path("iv"), "--json"});
  EXPECT_EQ(named.exit_code, 0) << named.out << named.err;
  json ndoc = Parse(named);
  const json* big2 = Check(ndoc, "secret/big (bound.py)");
  ASSERT_TRUE(big2);
  EXPECT_EQ((*big2)["ok"], true) << *big2;

  // No flags: the validator rejects every input, and verify names each.
  ASSERT_EQ(unlink(sb.Path("iv/data/secret/testdata.yaml").c_str()), 0);
  Ran none = sb.Judge({"verify", sb.Path("iv"), "--json"});
  EXPECT_EQ(none.exit_code, 1) << none.out << none.err;
  json xdoc = Parse(none);
  for (const char* t : {"secret/small (bound.py)", "secret/big (bound.py)"}) {
    const json* c = Check(xdoc, t);
    ASSERT_TRUE(c);
    EXPECT_EQ((*c)["ok"], false) << *c;
    EXPECT_EQ((*c)["message"], "exit code 43: expected --max N, got []") << *c;
  }
}

}  // namespace
}  // namespace judge::clitest
