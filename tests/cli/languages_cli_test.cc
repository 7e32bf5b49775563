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
std::string MakeSum(const JudgeDir& sb, const std::string& name, int64_t memory_kib = 65536) {
  sb.Write(name + "/problem.yaml", "name: Sum\nlimits:\n  time_ms: 2000\n  memory_kib: " + std::to_string(memory_kib) +
                                      "\nchecker:\n  type: tokens\n");
  sb.Write(name + "/data/sample/1.in", "1 2\n");
  sb.Write(name + "/data/sample/1.ans", "3\n");
  sb.Write(name + "/data/secret/1.in", "10 1\n");
  sb.Write(name + "/data/secret/1.ans", "11\n");
  sb.Write(name + "/data/secret/2.in", "20 2\n");
  sb.Write(name + "/data/secret/2.ans", "22\n");
  return sb.Path(name);
}

json Parse(const Ran& r) { return ParseRun(r); }

// A package of tests (input, answer), tokens compared; yaml_extra is added to problem.yaml
// (e.g. "source: POJ 1077\n").
std::string MakePackage(const JudgeDir& sb, const std::string& name, const std::string& yaml_extra,
                        const std::vector<std::pair<std::string, std::string>>& tests) {
  sb.Write(name + "/problem.yaml",
          "name: " + name + "\n" + yaml_extra +
              "limits:\n  time_ms: 2000\n  memory_kib: 65536\nchecker:\n  type: tokens\n");
  for (std::size_t i = 0; i < tests.size(); ++i) {
    sb.Write(name + "/data/secret/" + std::to_string(i + 1) + ".in", tests[i].first);
    sb.Write(name + "/data/secret/" + std::to_string(i + 1) + ".ans", tests[i].second);
  }
  return sb.Path(name);
}

// The CE message's suggestion ("" when none): what follows "try --lang ".
std::string Suggested(const Ran& r) {
  std::string log = Parse(r)["compile"]["log"];
  const std::string mark = "try --lang ";
  auto at = log.rfind(mark);
  if (at == std::string::npos) return "";
  std::string id = log.substr(at + mark.size());
  return id.substr(0, id.find('\n'));
}

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
  JudgeDir sb;
  std::string pkg = MakeSum(sb, "sum");
  Ran r = sb.Judge({"grade", pkg, sb.Write("notes.txt", "1 2\n"), "--no-db"});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(CountLines(r.err), 1) << r.err;
  EXPECT_NE(r.err.find("notes.txt: unknown language: expected a source extension ("), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("found extension \".txt\""), std::string::npos) << r.err;
  // Among several files it is an error in its place; the others are judged.
  std::string ok = sb.Write("ok.cpp", "#include <cstdio>\nint main(){long a,b; scanf(\"%ld %ld\",&a,&b); printf(\"%ld\\n\",a+b);}\n");
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

  sb.Write("sum/submissions/accepted/ok.cpp", ReadFile(ok));
  sb.Write("sum/submissions/accepted/README.txt", "notes\n");
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
  JudgeDir sb;
  std::string pkg = MakeSum(sb, "sum");
  Ran modern = sb.Judge({"grade", pkg, sb.Write("old.cpp", kOldStyle), "--json", "--no-db"});
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

  for (const char* name : {"old.poj.cpp", "old.hdu.cpp", "old.cogs.cpp", "old.poj-msvc.cpp"}) {
    Ran legacy = sb.Judge({"grade", pkg, sb.Write(name, kOldStyle), "--json", "--no-db"});
    ASSERT_EQ(legacy.exit_code, 0) << legacy.err;
    EXPECT_EQ(Parse(legacy)["verdict"], "AC") << name << legacy.out;
  }
  // Not a superset: C++11 syntax was an error for g++ 4.x in C++98 mode, and <cmath>
  // did not come with <iostream>.
  Ran range_for = sb.Judge({"grade", pkg,
                            sb.Write("new.poj.cpp", "#include <cstdio>\nint main(){int v[2]={0,0}; for (int x : v) "
                                                   "printf(\"%d\", x); return 0;}\n"),
                            "--json", "--no-db"});
  EXPECT_EQ(Parse(range_for)["verdict"], "CE") << range_for.out;
  Ran sqrt = sb.Judge({"grade", pkg,
                       sb.Write("sqrt.poj.cpp", "#include <iostream>\nint main(){printf(\"%f\", sqrt(2.0));}\n"),
                       "--json", "--no-db"});
  EXPECT_EQ(Parse(sqrt)["verdict"], "CE") << sqrt.out;
  // A compile error no other profile fixes gets no suggestion.
  Ran broken = sb.Judge({"grade", pkg, sb.Write("broken.cpp", "int main( {\n"), "--json", "--no-db"});
  EXPECT_EQ(Parse(broken)["compile"]["log"].get<std::string>().find("try --lang"), std::string::npos);
}

// Issue 24, item 1: not only cpp20 but every C and C++ profile names the legacy profile
// of the judge the problem's source names, when the file compiles there.
TEST(LanguagesCli, EveryCProfileSuggestsTheLegacyProfileOfTheProblemsOrigin) {
  JudgeDir sb;
  std::string hdu = MakePackage(sb, "hdu", "source: HDU 1043\n", {{"1 2\n", "3\n"}});
  // <iostream> bringing memset, as g++ 4.x's did (today's brings printf from C++11 on).
  std::string iostream_memset = sb.Write(
      "memset.cpp", "#include <iostream>\nint c[4];\nint main() { memset(c, 0, sizeof c); int a, b; "
                    "std::cin >> a >> b; std::cout << a + b + c[0] << std::endl; }\n");
  for (const char* lang : {"cpp98", "cpp11", "cpp14", "cpp17", "cpp20"}) {
    Ran r = sb.Judge({"grade", hdu, iostream_memset, "--lang", lang, "--json", "--no-db"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(Parse(r)["verdict"], "CE") << lang;
    EXPECT_EQ(Suggested(r), "cpp98-hdu") << lang << r.out;
  }
  Ran hdu_ok = sb.Judge({"grade", hdu, iostream_memset, "--lang", "cpp98-hdu", "--json", "--no-db"});
  EXPECT_EQ(Parse(hdu_ok)["verdict"], "AC") << hdu_ok.out;
  // C code too. One that compiles nowhere gets no suggestion.
  Ran c = sb.Judge({"grade", hdu, sb.Write("new.c", "int main(void) { int new = 3 return 0; }\n"), "--json",
                    "--no-db"});
  EXPECT_EQ(Parse(c)["verdict"], "CE");
  EXPECT_EQ(Suggested(c), "");
  // A C file that only the legacy profile takes (`bool` without <stdbool.h>).
  Ran c_legacy = sb.Judge({"grade", hdu,
                           sb.Write("bool.c", "#include <stdio.h>\nbool seen;\nint main(void) { int a, b; "
                                             "scanf(\"%d %d\", &a, &b); printf(\"%d\\n\", a + b); return 0; }\n"),
                           "--json", "--no-db"});
  EXPECT_EQ(Suggested(c_legacy), "cpp98-hdu") << c_legacy.out;

  // On a POJ problem, POJ's G++ first; code only its C++ (MSVC) took names that one,
  // also when graded as POJ's G++.
  std::string poj = MakePackage(sb, "poj", "source: SWERC 2002 (POJ 1198)\n", {{"1 2\n", "3\n"}});
  EXPECT_EQ(Suggested(sb.Judge({"grade", poj, iostream_memset, "--lang", "cpp98", "--json", "--no-db"})), "cpp98-poj");
  std::string msvc = sb.Write("msvc.cpp", "#include <iostream.h>\nvoid main() { int a, b; cin >> a >> b; "
                                         "cout << a + b << endl; }\n");
  for (const char* lang : {"cpp98", "cpp20", "cpp98-poj"}) {
    Ran r = sb.Judge({"grade", poj, msvc, "--lang", lang, "--json", "--no-db"});
    EXPECT_EQ(Parse(r)["verdict"], "CE") << lang;
    EXPECT_EQ(Suggested(r), "cpp98-poj-msvc") << lang << r.out;
  }
  // On HDU's problem, POJ's compilers are not HDU's: no suggestion.
  EXPECT_EQ(Suggested(sb.Judge({"grade", hdu, msvc, "--lang", "cpp98", "--json", "--no-db"})), "");
}

// Contest code of the C++14 years that C++17 refuses (NCPC 2018's jury solutions): a
// helper named `size` beside `using namespace std` (ambiguous with std::size), and a
// std::set whose comparator's operator() is not const (libstdc++ asserts that from
// C++17 on). Both use C++11, so no legacy C++98 profile takes them: the default
// profile's CE names cpp14, where each is AC.
TEST(LanguagesCli, CodeThatCpp17RefusesIsToldToTryCpp14) {
  JudgeDir sb;
  std::string pkg = MakeSum(sb, "sum");
  const std::string own_size = sb.Write(
      "own_size.cpp",
      "#include <bits/stdc++.h>\nusing namespace std;\n"
      "template <class T> int size(const T& x) { return x.size(); }\n"
      "int main() { long a, b; cin >> a >> b; vector<long> v{a, b}; long s = 0;\n"
      "  for (auto x : v) s += x; cout << s << endl; return size(v) - 2; }\n");
  const std::string mutable_less = sb.Write(
      "mutable_less.cpp",
      "#include <bits/stdc++.h>\nusing namespace std;\n"
      "struct Less { bool operator()(long x, long y) { return x < y; } };\n"
      "int main() { long a, b; cin >> a >> b; set<long, Less> s{a, b};\n"
      "  long t = 0; for (auto x : s) t += x; if (a == b) t += a; cout << t << endl; }\n");
  for (const std::string& src : {own_size, mutable_less}) {
    Ran modern = sb.Judge({"grade", pkg, src, "--json", "--no-db"});
    ASSERT_EQ(modern.exit_code, 0) << modern.err;
    EXPECT_EQ(Parse(modern)["verdict"], "CE") << src << modern.out;
    EXPECT_EQ(Suggested(modern), "cpp14") << src << modern.out;
    Ran cpp14 = sb.Judge({"grade", pkg, src, "--lang", "cpp14", "--json", "--no-db"});
    ASSERT_EQ(cpp14.exit_code, 0) << cpp14.err;
    EXPECT_EQ(Parse(cpp14)["verdict"], "AC") << src << cpp14.out;
  }
}

// `gets` is there in the legacy profiles as the C library of the time had it, and
// gone from C++14 on (its CE suggests the legacy profile).
TEST(LanguagesCli, GetsWorksInTheLegacyProfilesAndIsGoneFromCpp14) {
  JudgeDir sb;
  std::string pkg = MakePackage(sb, "poj", "source: POJ 1077\n", {{"7 8\n", "15\n"}});
  std::string src = sb.Write("gets.cpp", "#include <cstdio>\nchar line[100];\nint main() { int a, b; gets(line); "
                                        "sscanf(line, \"%d %d\", &a, &b); printf(\"%d\\n\", a + b); return 0; }\n");
  for (const char* lang : {"cpp98-poj", "cpp98-hdu", "cpp98-cogs", "cpp98-poj-msvc", "cpp98", "cpp11"}) {
    Ran r = sb.Judge({"grade", pkg, src, "--lang", lang, "--json", "--no-db"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(Parse(r)["verdict"], "AC") << lang << r.out;
  }
  Ran cpp14 = sb.Judge({"grade", pkg, src, "--lang", "cpp14", "--json", "--no-db"});
  EXPECT_EQ(Parse(cpp14)["verdict"], "CE") << cpp14.out;
  std::string log = Parse(cpp14)["compile"]["log"];
  EXPECT_NE(log.find("gets"), std::string::npos) << log;
  EXPECT_NE(log.find("was not declared in this scope"), std::string::npos) << log;
  EXPECT_EQ(Suggested(cpp14), "cpp98-poj");
}

// Issue 24, item 2: what POJ's C++ (MSVC) took: <iostream.h> and kin, void main,
// __int64, %I64d in printf and scanf, itoa and _i64toa.
TEST(LanguagesCli, TheMsvcProfileTakesWhatPojsCppTook) {
  JudgeDir sb;
  // a b (64-bit) -> a+b, its hex digits, and the last three decimal digits of |a+b|.
  std::string pkg = MakePackage(sb, "wide", "source: POJ 1000\n",
                                {{"5000000000 -7\n", "4999999993 12a05f1f9 993\n"},
                                 {"-9000000000 1\n", "-8999999999 fffffffde78ee601 -999\n"},
                                 {"1 2\n", "3 3 3\n"}});
  const std::string era =
      "#include <iostream.h>\n#include <iomanip.h>\n#include <fstream.h>\n#include <strstrea.h>\n"
      "__int64 a, b;\nunsigned __int64 hex;\nchar text[80];\n"
      "void main()\n{\n"
      "  scanf(\"%I64d %I64d\", &a, &b);\n"
      "  __int64 sum = a + b;\n"
      "  printf(\"%I64d \", sum);\n"
      "  cout << _i64toa(sum, text, 16) << ' ';\n"
      "  int last = (int)(sum % 1000);\n"
      "  cout << itoa(last, text, 10) << endl;\n"
      "}\n";
  Ran r = sb.Judge({"grade", pkg, sb.Write("era.poj-msvc.cpp", era), "--json", "--no-db", "--all"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  json j = Parse(r);
  EXPECT_EQ(j["language"], "cpp98-poj-msvc");
  EXPECT_EQ(j["verdict"], "AC") << r.out;
  // g++ itself takes none of it.
  Ran modern = sb.Judge({"grade", pkg, sb.Path("era.poj-msvc.cpp"), "--lang", "cpp98", "--json", "--no-db"});
  EXPECT_EQ(Parse(modern)["verdict"], "CE");
  EXPECT_EQ(Suggested(modern), "cpp98-poj-msvc");

  // int main(int, char**) returning its value, a recursive main, std::printf, sprintf
  // and sscanf with %I64d.
  const std::string other =
      "#include <iostream>\nusing namespace std;\nint depth;\n"
      "int main(int argc, char* argv[])\n{\n"
      "  if (depth++ < 2) return main(argc, argv);\n"
      "  char line[64], out[64];\n  __int64 a, b;\n"
      "  if (!fgets(line, sizeof line, stdin) || sscanf(line, \"%I64d%I64d\", &a, &b) != 2) return 3;\n"
      "  sprintf(out, \"%I64d\", a + b);\n"
      "  std::printf(\"%s %I64x \", out, (unsigned __int64)(a + b));\n"
      "  printf(\"%I64d\\n\", (a + b) % 1000);\n"
      "  return depth - 3;\n"
      "}\n";
  Ran o = sb.Judge({"grade", pkg, sb.Write("other.poj-msvc.cpp", other), "--json", "--no-db", "--all"});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_EQ(Parse(o)["verdict"], "AC") << o.out;
}

// Issue 24, item 4: a function that falls off its end without a return (its value is
// never used). g++ 4.x returned from it; g++ 12 at -O2 treats the path as unreachable,
// emits no return there and the program runs into whatever follows (it aborts).
TEST(LanguagesCli, LegacyProfilesKeepTheOldMissingReturn) {
  JudgeDir sb;
  // The number of subsets of n things.
  std::string pkg = MakePackage(sb, "subsets", "source: POJ 1000\n", {{"3\n", "8\n"}, {"10\n", "1024\n"}});
  std::string src = sb.Write("subsets.cpp",
                            "#include <cstdio>\n"
                            "int n, seen[20], count;\n"
                            "int visit(int d) {\n"
                            "  if (d == n) { ++count; return 0; }\n"
                            "  visit(d + 1);\n"
                            "  seen[d] = 1;\n"
                            "  visit(d + 1);\n"
                            "  seen[d] = 0;\n"
                            "}\n"
                            "int main() { scanf(\"%d\", &n); visit(0); printf(\"%d\\n\", count); return 0; }\n");
  for (const char* lang : {"cpp98-poj", "cpp98-hdu", "cpp98-cogs", "cpp98-poj-msvc"}) {
    Ran r = sb.Judge({"grade", pkg, src, "--lang", lang, "--json", "--no-db"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(Parse(r)["verdict"], "AC") << lang << r.out;
  }
  Ran modern = sb.Judge({"grade", pkg, src, "--lang", "cpp98", "--json", "--no-db"});
  EXPECT_EQ(Parse(modern)["verdict"], "RE") << modern.out;  // what the flag is for
}

// An HDU 1043 solution of the period keeps a path per state in a global array of a
// million std::string. g++ 4.x's string was one pointer (copy-on-write); g++ 12's is
// 32 bytes, which made the array alone 32 MiB here against HDU's 32 MiB + 50 %.
TEST(LanguagesCli, LegacyProfilesKeepTheOnePointerString) {
  JudgeDir sb;
  std::string pkg = MakeSum(sb, "sum", 16384);
  std::string src =
      "#include <cstdio>\n#include <string>\nstd::string names[1 << 20];\n"
      "int main() { int a, b; scanf(\"%d %d\", &a, &b); names[a] = \"x\";\n"
      "  printf(\"%d\\n\", a + b + (int)names[a].size() - 1); return 0; }\n";
  for (const char* lang : {"cpp98-poj", "cpp98-hdu", "cpp98-cogs", "cpp98-poj-msvc"}) {
    Ran legacy = sb.Judge({"grade", pkg, sb.Write("names.cpp", src), "--lang", lang, "--json", "--no-db"});
    ASSERT_EQ(legacy.exit_code, 0) << legacy.err;
    EXPECT_EQ(Parse(legacy)["verdict"], "AC") << lang << legacy.out;  // 8 MiB of strings
  }
  Ran modern = sb.Judge({"grade", pkg, sb.Path("names.cpp"), "--lang", "cpp98", "--json", "--no-db"});
  EXPECT_EQ(Parse(modern)["verdict"], "MLE") << modern.out;  // 32 MiB of strings
}

TEST(LanguagesCli, TheLegacyMemoryAllowanceIsAppliedAndNamed) {
  JudgeDir sb;
  std::string pkg = MakeSum(sb, "sum", 16384);
  // Touches 20 MiB: over the 16 MiB limit, under 16 MiB + 50%.
  std::string src =
      "#include <iostream>\nchar big[20 << 20];\nint main(){int a,b; scanf(\"%d %d\",&a,&b);"
      " memset(big, 1, sizeof big); printf(\"%d\\n\", a + b + big[12345] - 1); return 0;}\n";
  Ran legacy = sb.Judge({"grade", pkg, sb.Write("big.hdu.cpp", src), "--json", "--no-db"});
  ASSERT_EQ(legacy.exit_code, 0) << legacy.err;
  EXPECT_EQ(Parse(legacy)["verdict"], "AC") << legacy.out;
  Ran modern = sb.Judge({"grade", pkg, sb.Path("big.hdu.cpp"), "--lang", "cpp98", "--json", "--no-db"});
  json m = Parse(modern);
  EXPECT_EQ(m["verdict"], "CE");  // cpp98 has no forced includes
  std::string plain = "#include <cstdio>\n#include <cstring>\n" + src.substr(src.find('\n') + 1);
  Ran mle = sb.Judge({"grade", pkg, sb.Write("big.cpp", plain), "--json", "--no-db"});
  json j = Parse(mle);
  ASSERT_EQ(j["verdict"], "MLE") << mle.out;
  std::string message = j["tests"][0]["message"];
  EXPECT_NE(message.find("; measured peak "), std::string::npos) << message;
  EXPECT_NE(message.find("limit 16384 KiB"), std::string::npos) << message;

  // Issue 24, item 3: limits set on a 32-bit judge allow every language the same.
  std::string yaml = ReadFile(pkg + "/problem.yaml");
  sb.Write("sum/problem.yaml", yaml.replace(yaml.find("limits:\n"), 8, "limits:\n  set_on_32_bit: true\n"));
  Ran set = sb.Judge({"grade", pkg, sb.Path("big.cpp"), "--json", "--no-db"});
  json s = Parse(set);
  EXPECT_EQ(s["language"], "cpp20");
  EXPECT_EQ(s["verdict"], "AC") << set.out;
  std::string huge = plain;
  huge.replace(huge.find("20 << 20"), 8, "30 << 20");  // over 16 MiB + 50 %
  Ran over = sb.Judge({"grade", pkg, sb.Write("huge.cpp", huge), "--json", "--no-db"});
  json o = Parse(over);
  ASSERT_EQ(o["verdict"], "MLE") << over.out;
  EXPECT_NE(o["tests"][0]["message"].get<std::string>().find(
                "limit 24576 KiB is the problem's 16384 KiB + 50% because its limits were set on a 32-bit judge"),
            std::string::npos)
      << o["tests"][0]["message"];
}

TEST(LanguagesCli, JavaFindsThePublicAndTheMainClass) {
  JudgeDir sb;
  Ran langs = sb.Judge({"languages", "--json"});
  ASSERT_EQ(langs.exit_code, 0) << langs.err;
  bool java = false;
  for (const auto& l : Parse(langs))
    if (l["id"] == "java") java = l["available"].get<bool>();
  if (!java) GTEST_SKIP() << "no JDK here";
  std::string pkg = MakeSum(sb, "sum", 524288);
  std::string sol = sb.Write("anything.java",
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
  Ran none = sb.Judge({"grade", pkg, sb.Write("NoMain.java", "class NoMain { void run() {} }\n"), "--no-db"});
  EXPECT_NE(none.out.find("no class has a method public static void main(String[])"), std::string::npos) << none.out;
}

// `languages --check` compiles and runs every available profile's hello world: the
// shipped ones pass; a profile whose program prints something else, or does not
// compile, fails (exit 1) with the reason; one whose tools are missing is not run.
TEST(LanguagesCli, CheckRunsEveryHelloWorldAndNamesWhatFailed) {
  JudgeDir sb;
  const std::string c = "    compile: [gcc, -x, c, -O2, -o, \"{binary}\", \"{source}\"]\n"
                        "    run: [\"./{binary}\"]\n    source: main.c\n";
  std::string extra = sb.Write("languages.yaml",
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
