// End to end, real packages of the other tools' kinds made in a temporary directory:
// verify's time margins (warnings, "OK with extra time"), the inferred time limit and
// its cache, `judge check` with a package's output validator, every problem.yaml error
// at once on the command line, our own groups' score with a failing loose test.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "cli_util.h"

namespace judge::clitest {
namespace {

using nlohmann::json;

json Parse(const Ran& r) {
  try {
    return json::parse(r.out);
  } catch (const std::exception& e) {
    ADD_FAILURE() << "not JSON: " << e.what() << "\nstdout: " << r.out << "\nstderr: " << r.err;
    return json();
  }
}

const json* Check(const json& doc, const std::string& subject) {
  for (const auto& c : doc["checks"])
    if (c["subject"] == subject) return &c;
  ADD_FAILURE() << "no check for " << subject << " in " << doc.dump();
  return nullptr;
}

// echo: prints its input. Limits 1 s CPU (wall 2 s), margins 2.
std::string MakeEcho(const Sandbox& sb, const std::string& name, const std::string& limits) {
  sb.File(name + "/problem.yaml", "name: Echo\nlimits:\n" + limits);
  sb.File(name + "/data/secret/1.in", "42\n");
  sb.File(name + "/data/secret/1.ans", "42\n");
  sb.File(name + "/submissions/accepted/echo.py", "print(input())\n");
  return sb.Path(name);
}

// Burns `ms` of CPU time (measured by the program itself), then echoes.
std::string Burner(int ms, const std::string& printed = "input()") {
  return "import time\nend = time.process_time() + " + std::to_string(ms / 1000.0) +
         "\nwhile time.process_time() < end:\n    pass\nprint(" + printed + ")\n";
}

TEST(PackagesCli, TimeMarginsWarnAndAcceptWithExtraTime) {
  Sandbox sb;
  // CPU time decides (the programs measure what they burn); the wall limit is far away
  // so that a loaded machine changes nothing.
  std::string pkg = MakeEcho(sb, "echo", "  time_ms: 1000\n  wall_ms: 10000\n  time_safety_margin: 2\n");
  // 700 ms of CPU: within the limit, not within limit / 2: sensitive.
  sb.File("echo/submissions/accepted/slow.py", Burner(700));
  // 1500 ms: over the limit, within it x 2: TLE, but AC with the margin.
  sb.File("echo/submissions/time_limit_exceeded/burns.py", Burner(1500));
  // A wrong answer after 1500 ms: TLE at the limit, the expected WA with the margin.
  sb.File("echo/submissions/wrong_answer/late.py", Burner(1500, "7"));
  // Far beyond limit x margin: TLE with no warning.
  sb.File("echo/submissions/time_limit_exceeded/forever.py", Burner(60000));
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
  Sandbox sb;
  std::string pkg = MakeEcho(sb, "echo", "  time_multiplier: 2\n");
  std::string cache = "XDG_CACHE_HOME=" + Quote(sb.Path("cache"));
  std::string sol = sb.File("sol.py", "print(input())\n");
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
  sb.File("bare/problem.yaml", "name: Bare\n");
  sb.File("bare/data/secret/1.in", "1\n");
  sb.File("bare/data/secret/1.ans", "1\n");
  Ran bare = sb.Judge({"grade", sb.Path("bare"), sol, "--no-db"}, cache);
  EXPECT_EQ(bare.exit_code, 3);
  EXPECT_NE(bare.err.find("expected a time limit (limits.time_limit, .timelimit) or an accepted submission"),
            std::string::npos)
      << bare.err;
}

TEST(PackagesCli, CheckRunsThePackagesOutputValidator) {
  Sandbox sb;
  sb.File("v/problem.yaml", "name: V\nvalidation: custom\nlimits:\n  time_limit: 1\n");
  sb.File("v/output_validators/v/v.py",
          "import sys\nn = int(open(sys.argv[1]).read())\nout = sys.stdin.read().split()\n"
          "open(sys.argv[3] + 'judgemessage.txt', 'w').write('saw %d tokens' % len(out))\n"
          "sys.exit(42 if out == [str(2 * n)] else 43)\n");
  sb.File("v/data/secret/1.in", "21\n");
  sb.File("v/data/secret/1.ans", "\n");
  std::string in = sb.File("in", "21\n"), ans = sb.File("ans", "\n");
  Ran ok = sb.Judge({"check", sb.Path("v"), in, sb.File("good", "42\n"), ans, "--json"});
  EXPECT_EQ(ok.exit_code, 0) << ok.out << ok.err;
  EXPECT_EQ(Parse(ok)["message"], "saw 1 tokens");
  Ran wa = sb.Judge({"check", sb.Path("v"), in, sb.File("bad", "41 x\n"), ans});
  EXPECT_EQ(wa.exit_code, 1) << wa.err;
  EXPECT_NE(wa.err.find("saw 2 tokens"), std::string::npos) << wa.err;
}

TEST(PackagesCli, ValidatorsWithBuildAndRunScripts) {
  Sandbox sb;
  // build compiles with the C compiler on PATH; run is a shell script without "#!".
  sb.File("s/problem.yaml", "name: S\nvalidation: custom\nlimits:\n  time_limit: 1\n");
  sb.File("s/output_validators/scripted/build", "#!/bin/sh\ncc -O2 -o checker check.c\n");
  sb.File("s/output_validators/scripted/run", "exec ./checker \"$@\"\n");
  sb.File("s/output_validators/scripted/check.c",
          "#include <stdio.h>\nint main(int argc, char** argv) {\n  int x = 0;\n"
          "  if (scanf(\"%d\", &x) != 1) return 43;\n  return x == 7 ? 42 : 43;\n}\n");
  sb.File("s/data/secret/1.in", "\n");
  sb.File("s/data/secret/1.ans", "7\n");
  std::string in = sb.File("in", "\n"), ans = sb.File("ans", "7\n");
  EXPECT_EQ(sb.Judge({"check", sb.Path("s"), in, sb.File("good", "7\n"), ans}).exit_code, 0);
  EXPECT_EQ(sb.Judge({"check", sb.Path("s"), in, sb.File("bad", "8\n"), ans}).exit_code, 1);
  // A run script alone (a Python program with its "#!").
  sb.File("r/problem.yaml", "name: R\nvalidation: custom\nlimits:\n  time_limit: 1\n");
  sb.File("r/output_validators/only_run/run",
          "#!/usr/bin/python3\nimport sys\nsys.exit(42 if sys.stdin.read().split() == ['7'] else 43)\n");
  sb.File("r/data/secret/1.in", "\n");
  sb.File("r/data/secret/1.ans", "7\n");
  EXPECT_EQ(sb.Judge({"check", sb.Path("r"), in, sb.Path("good"), ans}).exit_code, 0);
  EXPECT_EQ(sb.Judge({"check", sb.Path("r"), in, sb.Path("bad"), ans}).exit_code, 1);
  // A build that fails is the package's fault: JE with the compiler's words.
  sb.File("s/output_validators/scripted/check.c", "int main( {\n");
  Ran broken = sb.Judge({"check", sb.Path("s"), in, sb.Path("good"), ans});
  EXPECT_EQ(broken.exit_code, 3);
  EXPECT_NE(broken.err.find("the output validator scripted does not build"), std::string::npos) << broken.err;
}

TEST(PackagesCli, EveryProblemYamlErrorIsReportedAtOnce) {
  Sandbox sb;
  sb.File("bad/problem.yaml", "name: x\nlimits:\n  memory: huge\n  time_limit: -1\ncolor: blue\n");
  sb.File("bad/data/secret/1.in", "1\n");
  Ran r = sb.Judge({"verify", sb.Path("bad")});
  EXPECT_EQ(r.exit_code, 3);
  const std::string f = sb.Path("bad") + "/problem.yaml: ";
  EXPECT_NE(r.err.find(f + "color: unknown key"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(f + "limits.memory: expected an integer 1..16384, found \"huge\""), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(f + "limits.time_limit: expected a number of seconds 0.001..600, found \"-1\""),
            std::string::npos)
      << r.err;
}

TEST(PackagesCli, OurGroupsCountTheLooseSecretTests) {
  Sandbox sb;
  sb.File("g/problem.yaml", "name: G\nlimits: {time_ms: 1000}\ngroups:\n  - {name: secret, points: 40}\n"
                            "  - {name: big, points: 60}\n");
  sb.File("g/data/secret/loose.in", "1\n");
  sb.File("g/data/secret/loose.ans", "1\n");
  sb.File("g/data/secret/big/1.in", "2\n");
  sb.File("g/data/secret/big/1.ans", "2\n");
  // Wrong on the loose test only: the 40 points of `secret` are lost (it scored 100/100
  // when the loose tests were not counted).
  std::string sol = sb.File("sol.py", "n = int(input())\nprint(n if n != 1 else 5)\n");
  Ran r = sb.Judge({"grade", sb.Path("g"), sol, "--no-db", "--json"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  json doc = Parse(r);
  EXPECT_EQ(doc["verdict"], "WA");
  EXPECT_EQ(doc["score"], 60.0);
}

}  // namespace
}  // namespace judge::clitest
