// End to end: how the `judge` executable picks and uses languages: unknown extensions,
// the legacy C++ profiles and the suggestion after a compile error, Java's class
// names, and `languages --check`.
#include <gtest/gtest.h>

#include <map>

#include <nlohmann/json.hpp>

#include "cli_util.h"
#include "json_util.h"

namespace judge::clitest {
namespace {

using nlohmann::json;

// a b -> a+b: a sample and two secret tests, tokens compared.
std::string MakeSum(const Sandbox& sb, const std::string& name, int64_t memory_kib = 65536) {
  sb.File(name + "/problem.yaml", "name: Sum\nlimits:\n  time_ms: 2000\n  memory_kib: " + std::to_string(memory_kib) +
                                      "\nchecker:\n  type: tokens\n");
  sb.File(name + "/data/sample/1.in", "1 2\n");
  sb.File(name + "/data/sample/1.ans", "3\n");
  sb.File(name + "/data/secret/1.in", "10 1\n");
  sb.File(name + "/data/secret/1.ans", "11\n");
  sb.File(name + "/data/secret/2.in", "20 2\n");
  sb.File(name + "/data/secret/2.ans", "22\n");
  return sb.Path(name);
}

json Parse(const Ran& r) { return ParseRun(r); }

// 2008-era code: only <iostream>, yet printf, scanf, gets and memset.
constexpr const char* kOldStyle =
    "#include <iostream>\n"
    "char line[100];\n"
    "int main() {\n"
    "  int a, b;\n"
    "  memset(line, 0, sizeof line);\n"
    "  gets(line);\n"
    "  sscanf(line, \"%d %d\", &a, &b);\n"
    "  printf(\"%d\\n\", a + b);\n"
    "  return 0;\n"
    "}\n";

TEST(LanguagesCli, AnUnknownExtensionIsRefusedByGradeAndSkippedByVerify) {
  Sandbox sb;
  std::string pkg = MakeSum(sb, "sum");
  Ran r = sb.Judge({"grade", pkg, sb.File("notes.txt", "1 2\n"), "--no-db"});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(CountLines(r.err), 1) << r.err;
  EXPECT_NE(r.err.find("notes.txt: unknown language: expected a source extension ("), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("found extension \".txt\""), std::string::npos) << r.err;
  // Among several files it is an error in its place; the others are judged.
  std::string ok = sb.File("ok.cpp", "#include <cstdio>\nint main(){long a,b; scanf(\"%ld %ld\",&a,&b); printf(\"%ld\\n\",a+b);}\n");
  Ran both = sb.Judge({"grade", pkg, ok, sb.Path("notes.txt"), "--json", "--no-db"});
  EXPECT_EQ(both.exit_code, 3);
  json j = Parse(both);
  ASSERT_EQ(j.size(), 2u);
  EXPECT_EQ(j[0]["verdict"], "AC");
  EXPECT_EQ(j[1]["verdict"], "JE");
  EXPECT_NE(j[1]["error"].get<std::string>().find("unknown language"), std::string::npos);
  // With --lang binary it is run as a program (and fails to start: RE, not a judge error).
  Ran forced = sb.Judge({"grade", pkg, sb.Path("notes.txt"), "--lang", "binary", "--json", "--no-db"});
  EXPECT_EQ(forced.exit_code, 0) << forced.err;
  EXPECT_EQ(Parse(forced)["verdict"], "RE") << forced.out;

  sb.File("sum/submissions/accepted/ok.cpp", ReadAll(ok));
  sb.File("sum/submissions/accepted/README.txt", "notes\n");
  Ran v = sb.Judge({"verify", pkg, "--json"});
  ASSERT_EQ(v.exit_code, 0) << v.out << v.err;
  json checks = Parse(v)["checks"];
  bool skipped = false;
  for (const auto& c : checks)
    if (c["subject"] == "accepted/README.txt") {
      skipped = true;
      EXPECT_EQ(c["found"], "skipped");
      EXPECT_EQ(c["ok"], true);
      EXPECT_NE(c["message"].get<std::string>().find("unknown language"), std::string::npos);
    }
  EXPECT_TRUE(skipped) << v.out;
}

TEST(LanguagesCli, LegacyProfilesCompileOldCodeAndTheDefaultSuggestsThem) {
  Sandbox sb;
  std::string pkg = MakeSum(sb, "sum");
  Ran modern = sb.Judge({"grade", pkg, sb.File("old.cpp", kOldStyle), "--json", "--no-db"});
  ASSERT_EQ(modern.exit_code, 0) << modern.err;
  json m = Parse(modern);
  EXPECT_EQ(m["verdict"], "CE");
  std::string log = m["compile"]["log"];
  const std::string hint = "try --lang cpp98-poj\n";
  ASSERT_GE(log.size(), hint.size());
  EXPECT_EQ(log.substr(log.size() - hint.size()), hint) << log;
  Ran human = sb.Judge({"grade", pkg, sb.Path("old.cpp"), "--no-db"});
  EXPECT_NE(human.out.find("compile error: the compiler failed with exit code 1; it compiles as cpp98-poj"),
            std::string::npos)
      << human.out;

  for (const char* name : {"old.poj.cpp", "old.hdu.cpp", "old.cogs.cpp"}) {
    Ran legacy = sb.Judge({"grade", pkg, sb.File(name, kOldStyle), "--json", "--no-db"});
    ASSERT_EQ(legacy.exit_code, 0) << legacy.err;
    EXPECT_EQ(Parse(legacy)["verdict"], "AC") << name << legacy.out;
  }
  // Not a superset: C++11 syntax was an error for g++ 4.x in C++98 mode, and <cmath>
  // did not come with <iostream>.
  Ran range_for = sb.Judge({"grade", pkg,
                            sb.File("new.poj.cpp", "#include <cstdio>\nint main(){int v[2]={0,0}; for (int x : v) "
                                                   "printf(\"%d\", x); return 0;}\n"),
                            "--json", "--no-db"});
  EXPECT_EQ(Parse(range_for)["verdict"], "CE") << range_for.out;
  Ran sqrt = sb.Judge({"grade", pkg,
                       sb.File("sqrt.poj.cpp", "#include <iostream>\nint main(){printf(\"%f\", sqrt(2.0));}\n"),
                       "--json", "--no-db"});
  EXPECT_EQ(Parse(sqrt)["verdict"], "CE") << sqrt.out;
  // A compile error no other profile fixes gets no suggestion.
  Ran broken = sb.Judge({"grade", pkg, sb.File("broken.cpp", "int main( {\n"), "--json", "--no-db"});
  EXPECT_EQ(Parse(broken)["compile"]["log"].get<std::string>().find("try --lang"), std::string::npos);
}

TEST(LanguagesCli, TheLegacyMemoryAllowanceIsAppliedAndNamed) {
  Sandbox sb;
  std::string pkg = MakeSum(sb, "sum", 16384);
  // Touches 20 MiB: over the 16 MiB limit, under 16 MiB + 50%.
  std::string src =
      "#include <iostream>\nchar big[20 << 20];\nint main(){int a,b; scanf(\"%d %d\",&a,&b);"
      " memset(big, 1, sizeof big); printf(\"%d\\n\", a + b + big[12345] - 1); return 0;}\n";
  Ran legacy = sb.Judge({"grade", pkg, sb.File("big.hdu.cpp", src), "--json", "--no-db"});
  ASSERT_EQ(legacy.exit_code, 0) << legacy.err;
  EXPECT_EQ(Parse(legacy)["verdict"], "AC") << legacy.out;
  Ran modern = sb.Judge({"grade", pkg, sb.Path("big.hdu.cpp"), "--lang", "cpp98", "--json", "--no-db"});
  json m = Parse(modern);
  EXPECT_EQ(m["verdict"], "CE");  // cpp98 has no forced includes
  std::string plain = "#include <cstdio>\n#include <cstring>\n" + src.substr(src.find('\n') + 1);
  Ran mle = sb.Judge({"grade", pkg, sb.File("big.cpp", plain), "--json", "--no-db"});
  json j = Parse(mle);
  ASSERT_EQ(j["verdict"], "MLE") << mle.out;
  std::string message = j["tests"][0]["message"];
  EXPECT_NE(message.find("; measured peak "), std::string::npos) << message;
  EXPECT_NE(message.find("limit 16384 KiB"), std::string::npos) << message;
}

TEST(LanguagesCli, JavaFindsThePublicAndTheMainClass) {
  Sandbox sb;
  Ran langs = sb.Judge({"languages", "--json"});
  ASSERT_EQ(langs.exit_code, 0) << langs.err;
  bool java = false;
  for (const auto& l : Parse(langs))
    if (l["id"] == "java") java = l["available"].get<bool>();
  if (!java) GTEST_SKIP() << "no JDK here";
  std::string pkg = MakeSum(sb, "sum", 524288);
  std::string sol = sb.File("anything.java",
                            "package contest.round1;\n"
                            "import java.util.*;\n"
                            "class Helper { static long add(long x, long y) { return x + y; } }\n"
                            "public class Solution {\n"
                            "  public static void main(String[] a) {\n"
                            "    Scanner s = new Scanner(System.in);\n"
                            "    System.out.println(Helper.add(s.nextLong(), s.nextLong()));\n"
                            "  }\n"
                            "}\n");
  Ran r = sb.Judge({"grade", pkg, sol, "--json", "--no-db"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(Parse(r)["verdict"], "AC") << r.out;
  Ran none = sb.Judge({"grade", pkg, sb.File("NoMain.java", "class NoMain { void run() {} }\n"), "--no-db"});
  EXPECT_NE(none.out.find("no class has a method public static void main(String[])"), std::string::npos) << none.out;
}

// `languages --check` compiles and runs every available profile's hello world: the
// shipped ones pass; a profile whose program prints something else, or does not
// compile, fails (exit 1) with the reason; one whose tools are missing is not run.
TEST(LanguagesCli, CheckRunsEveryHelloWorldAndNamesWhatFailed) {
  Sandbox sb;
  const std::string c = "    compile: [gcc, -x, c, -O2, -o, \"{binary}\", \"{source}\"]\n"
                        "    run: [\"./{binary}\"]\n    source: main.c\n";
  std::string extra = sb.File("languages.yaml",
      "languages:\n"
      "  - id: c-says-goodbye\n    name: wrong output\n" + c +
      "    hello: \"#include <stdio.h>\\nint main(void) { puts(\\\"goodbye\\\"); return 0; }\\n\"\n"
      "  - id: c-broken\n    name: does not compile\n" + c +
      "    hello: \"int main(void) { return undeclared; }\\n\"\n"
      "  - id: c-missing\n    name: no compiler\n"
      "    compile: [/nonexistent/cc, \"{source}\"]\n    run: [\"./{binary}\"]\n    source: main.c\n"
      "    hello: \"int main(void) { return 0; }\\n\"\n");
  Ran r = sb.Judge({"languages", "--check", "--json", "--languages", extra});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  std::map<std::string, json> check;
  int passed = 0;
  for (const auto& l : Parse(r)) {
    if (!l.contains("check")) continue;  // the binary pseudo-profile
    check[l["id"]] = l["check"];
    if (l["available"].get<bool>() && l["check"]["outcome"] == "passed") ++passed;
    const bool ours = l["id"].get<std::string>().rfind("c-", 0) == 0;
    if (!ours && l["available"].get<bool>()) {
      EXPECT_EQ(l["check"]["outcome"], "passed") << l.dump();
    }
  }
  EXPECT_GE(passed, 3) << r.out;  // at least C and the C++ profiles
  EXPECT_EQ(check["c11"]["outcome"], "passed");
  EXPECT_EQ(check["c-says-goodbye"]["outcome"], "failed");
  EXPECT_NE(check["c-says-goodbye"]["detail"].get<std::string>().find("goodbye"), std::string::npos)
      << check["c-says-goodbye"];
  EXPECT_EQ(check["c-broken"]["outcome"], "failed");
  EXPECT_NE(check["c-broken"]["detail"].get<std::string>().find("undeclared"), std::string::npos)
      << check["c-broken"];
  EXPECT_EQ(check["c-missing"]["outcome"], "unavailable") << check["c-missing"];
}

}  // namespace
}  // namespace judge::clitest
