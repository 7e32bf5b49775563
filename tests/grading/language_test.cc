// languages.yaml: the shipped profiles, the reader's errors, selection by extension,
// user overrides, availability and placeholder expansion.
#include "judge/config/language.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <regex>

#include "fakes.h"
#include "judge/config/problem.h"
#include "judge/grading/compiler.h"
#include "judge/grading/language_choice.h"

namespace judge {
namespace {

using testing::TempDir;
using testing::WriteFile;

bool Has(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

TEST(ShippedLanguages, HaveTheContestProfiles) {
  LanguageSet set;
  ASSERT_TRUE(LoadLanguageFile(JUDGE_SHIPPED_LANGUAGES, &set).ok());
  for (const char* id : {"c11", "cpp98", "cpp11", "cpp14", "cpp17", "cpp20", "python3", "java"})
    ASSERT_NE(set.Find(id), nullptr) << id;
  for (const char* id : {"cpp98", "cpp11", "cpp14", "cpp17", "cpp20"}) {
    const LanguageProfile* p = set.Find(id);
    std::string std_flag = std::string("-std=gnu++") + (id + 3);
    EXPECT_TRUE(Has(p->compile, std_flag)) << id;
    for (const char* flag : {"-O2", "-static", "-lm", "-DONLINE_JUDGE"}) EXPECT_TRUE(Has(p->compile, flag)) << id << flag;
  }
  const LanguageProfile* c = set.Find("c11");
  EXPECT_TRUE(Has(c->compile, "-std=gnu11"));
  EXPECT_TRUE(Has(c->compile, "-static"));
  EXPECT_EQ(set.ForFile("a/b/sol.cpp")->id, "cpp20");
  EXPECT_EQ(set.ForFile("sol.cc")->id, "cpp20");
  EXPECT_EQ(set.ForFile("sol.c")->id, "c11");
  EXPECT_EQ(set.ForFile("sol.py")->id, "python3");
  EXPECT_EQ(set.ForFile("Sol.java")->id, "java");
  EXPECT_EQ(set.ForFile("a.out"), nullptr);
  EXPECT_EQ(set.ForFile("solution"), nullptr);
  EXPECT_EQ(set.ForFile(".cpp"), nullptr);  // a hidden file, not an extension
  EXPECT_GE(set.Find("java")->run_processes, 16);
}

TEST(LanguageFile, ReportsTheKeyAndWhatWasFound) {
  TempDir dir;
  struct Case {
    std::string yaml;
    std::string expected;
  };
  std::vector<Case> cases = {
      {"languages: 3\n", "languages: expected a list of profiles, found \"3\""},
      {"langs: []\n", "langs: unknown key (expected one of languages)"},
      {"{}\n", "languages: expected a list of profiles, found nothing (required)"},
      {"languages: []\nextra: 1\n", "extra: unknown key (expected one of languages)"},
      {"languages:\n  - id: x\n    source: a.c\n", "languages[0].run: expected a list of strings, found nothing (required)"},
      {"languages:\n  - id: x\n    source: a.c\n    run: ./a\n", "languages[0].run: expected a list of strings, found \"./a\""},
      {"languages:\n  - id: X Y\n    source: a\n    run: [a]\n", "languages[0].id: expected letters"},
      {"languages:\n  - id: x\n    source: a/b\n    run: [a]\n", "languages[0].source: expected a plain file name"},
      {"languages:\n  - id: x\n    source: a\n    run: [a]\n    colour: red\n", "languages[0].colour: unknown key (expected one of id, name"},
      {"languages:\n  - id: x\n    source: a\n    run: [a]\n    extensions: [cpp]\n", "extensions: expected names like"},
      {"languages:\n  - id: x\n    source: a\n    run: [a]\n    run_processes: many\n", "run_processes: expected an integer 1..1024, found \"many\""},
      {"languages:\n  - id: x\n    source: a\n    run: [a]\n  - id: x\n    source: a\n    run: [a]\n", "languages[1].id: \"x\" is defined twice"},
      {"languages: [\n", "line 2, column 1: expected valid YAML"},
      {"languages:\n  - id: x\n    source: a\n    run: [a]\n    memory_allowance_percent: 500\n",
       "languages[0].memory_allowance_percent: expected an integer 0..400, found \"500\""},
      {"languages:\n  - id: x\n    source: a\n    run: [a]\n    suggest_on_error: cpp17\n",
       "languages[0].suggest_on_error: expected a list of strings, found \"cpp17\""},
      {"languages:\n  - id: x\n    source: a\n    run: [a]\n    hello: [a]\n", "languages[0].hello: expected a string"},
      {"languages:\n  - id: x\n    source: a\n    run: [a]\n    reserved_memory_counts: maybe\n",
       "languages[0].reserved_memory_counts: expected"},
      {"languages:\n  - id: x\n    source: a\n    run: [a]\n    kattis: C Plus Plus\n",
       "languages[0].kattis: expected a Kattis language code"},
  };
  for (const auto& c : cases) {
    std::string path = dir.path() + "/l.yaml";
    WriteFile(path, c.yaml);
    LanguageSet set;
    Status st = LoadLanguageFile(path, &set);
    ASSERT_FALSE(st.ok()) << c.yaml;
    EXPECT_NE(st.message().find(c.expected), std::string::npos) << st.message();
    EXPECT_EQ(st.message().rfind(path, 0), 0u) << "names the file: " << st.message();
    EXPECT_EQ(st.message().find('\n'), std::string::npos);
  }
  LanguageSet set;
  Status missing = LoadLanguageFile(dir.path() + "/none.yaml", &set);
  EXPECT_FALSE(missing.ok());
  EXPECT_NE(missing.message().find("none.yaml"), std::string::npos);
}

// Kattis language codes (include/<code>/, submissions.yaml) are each profile's
// `kattis:` field: every C++ profile is "cpp", and nothing is guessed from an id.
TEST(ShippedLanguages, NameTheirKattisCodes) {
  LanguageSet set;
  ASSERT_TRUE(LoadLanguageFile(JUDGE_SHIPPED_LANGUAGES, &set).ok());
  for (const auto& p : set.profiles()) EXPECT_FALSE(p.kattis_code.empty()) << p.id;
  for (const char* id : {"cpp98", "cpp11", "cpp17", "cpp20", "cpp98-poj", "cpp98-poj-msvc", "cpp98-hdu", "cpp98-cogs"})
    EXPECT_EQ(set.Find(id)->kattis_code, "cpp") << id;
  EXPECT_EQ(set.Find("c11")->kattis_code, "c");
  EXPECT_EQ(set.Find("python3")->kattis_code, "python3");
  EXPECT_EQ(set.Find("pypy3")->kattis_code, "python3");
  EXPECT_EQ(set.Find("java")->kattis_code, "java");
  EXPECT_EQ(set.Find("javascript")->kattis_code, "javascript");
}

TEST(LanguageFile, KattisCodeIsReadNotGuessed) {
  TempDir dir;
  const std::string path = dir.path() + "/l.yaml";
  WriteFile(path,
           "languages:\n"
           "  - id: gnucxx\n    source: a.cc\n    run: [./a]\n    kattis: cpp\n"
           "  - id: cpp-like\n    source: a.cc\n    run: [./a]\n");
  LanguageSet set;
  ASSERT_TRUE(LoadLanguageFile(path, &set).ok());
  EXPECT_EQ(set.Find("gnucxx")->kattis_code, "cpp");
  EXPECT_EQ(set.Find("cpp-like")->kattis_code, "") << "no kattis: no code, whatever the id looks like";
}

TEST(LanguageFile, ALaterFileReplacesAndTakesOverExtensions) {
  TempDir dir;
  LanguageSet set;
  ASSERT_TRUE(LoadLanguageFile(JUDGE_SHIPPED_LANGUAGES, &set).ok());
  std::string user = dir.path() + "/user.yaml";
  WriteFile(user,
           "languages:\n"
           "  - id: cpp17\n    source: main.cpp\n    extensions: [.cpp]\n"
           "    compile: [g++, -O0, -o, main, main.cpp]\n    run: [./main]\n"
           "  - id: pypy\n    source: main.py\n    run: [pypy3, main.py]\n");
  ASSERT_TRUE(LoadLanguageFile(user, &set).ok());
  EXPECT_EQ(set.ForFile("x.cpp")->id, "cpp17");       // taken over
  EXPECT_EQ(set.ForFile("x.cc")->id, "cpp20");        // kept
  EXPECT_TRUE(Has(set.Find("cpp17")->compile, "-O0"));  // replaced
  ASSERT_NE(set.Find("pypy"), nullptr);                 // added
  EXPECT_EQ(set.Find("pypy")->origin, user);
}

TEST(LanguageAvailability, NamesTheMissingTool) {
  LanguageProfile p;
  p.id = "ghost";
  p.requires_tools = {"definitely-not-a-compiler-xyz"};
  LanguageAvailability a = CheckAvailability(p);
  EXPECT_FALSE(a.available);
  EXPECT_EQ(a.reason, "definitely-not-a-compiler-xyz not found in PATH");
  p.requires_tools = {"/nonexistent/javac"};
  EXPECT_EQ(CheckAvailability(p).reason, "/nonexistent/javac not found or not executable");
  p.requires_tools = {"sh"};
  EXPECT_TRUE(CheckAvailability(p).available);
}

TEST(LanguageAvailability, DefaultsToTheCommandsTools) {
  TempDir dir;
  std::string path = dir.path() + "/l.yaml";
  WriteFile(path, "languages:\n  - id: x\n    source: a\n    compile: [no-such-cc-xyz, a]\n    run: [./a]\n");
  LanguageSet set;
  ASSERT_TRUE(LoadLanguageFile(path, &set).ok());
  EXPECT_EQ(set.Find("x")->requires_tools, std::vector<std::string>{"no-such-cc-xyz"});
  EXPECT_FALSE(CheckAvailability(*set.Find("x")).available);
}

// compile_dirs: absolute host folders, each needed for the profile to be available.
TEST(LanguageFile, CompileDirsAreAbsoluteAndEachIsNeeded) {
  TempDir dir;
  const std::string path = dir.path() + "/l.yaml";
  WriteFile(path, "languages:\n  - id: x\n    source: a\n    run: [sh]\n    compile_dirs: [" + dir.path() +
                      ", /nonexistent-judge-dir-xyz]\n");
  LanguageSet set;
  ASSERT_TRUE(LoadLanguageFile(path, &set).ok());
  EXPECT_EQ(set.Find("x")->compile_dirs, (std::vector<std::string>{dir.path(), "/nonexistent-judge-dir-xyz"}));
  LanguageAvailability a = CheckAvailability(*set.Find("x"));
  EXPECT_FALSE(a.available);
  EXPECT_EQ(a.reason, "/nonexistent-judge-dir-xyz not found");
  for (const char* bad : {"var/lib/ghc", "/var/lib/", "/var/../etc"}) {
    WriteFile(path, std::string("languages:\n  - id: x\n    source: a\n    run: [sh]\n    compile_dirs: [") + bad +
                        "]\n");
    LanguageSet refused;
    Status s = LoadLanguageFile(path, &refused);
    EXPECT_FALSE(s.ok()) << bad;
    EXPECT_NE(s.message().find("compile_dirs: expected absolute folder paths"), std::string::npos) << s.message();
  }
  LanguageSet shipped;
  ASSERT_TRUE(LoadLanguageFile(JUDGE_SHIPPED_LANGUAGES, &shipped).ok());
  EXPECT_EQ(shipped.Find("haskell")->compile_dirs, std::vector<std::string>{"/var/lib/ghc"});
}

TEST(ExpandCommand, ReplacesKnownPlaceholdersOnly) {
  auto out = ExpandCommand({"g++", "-o", "{binary}", "{source}", "-Xmx{memory_mib}m", "{other}", "{"},
                           {{"binary", "main"}, {"source", "main.cpp"}, {"memory_mib", "64"}});
  EXPECT_EQ(out, (std::vector<std::string>{"g++", "-o", "main", "main.cpp", "-Xmx64m", "{other}", "{"}));
}

TEST(ChooseLanguage, ByFlagByExtensionOrBinary) {
  LanguageSet set;
  ASSERT_TRUE(LoadLanguageFile(JUDGE_SHIPPED_LANGUAGES, &set).ok());
  auto byext = ChooseLanguage(set, "x.cpp", "");
  ASSERT_TRUE(byext.ok());
  EXPECT_EQ(byext->id, "cpp20");
  auto forced = ChooseLanguage(set, "x.cpp", "cpp11");
  ASSERT_TRUE(forced.ok());
  EXPECT_EQ(forced->id, "cpp11");
  auto bin = ChooseLanguage(set, "a.out", "binary");
  ASSERT_TRUE(bin.ok());
  EXPECT_EQ(bin->id, "binary");
  auto unknown = ChooseLanguage(set, "x.cpp", "cobol");
  ASSERT_FALSE(unknown.ok());
  EXPECT_NE(unknown.status().message().find("unknown language \"cobol\""), std::string::npos);
  EXPECT_NE(unknown.status().message().find("cpp20"), std::string::npos);
}

// The check grade makes once for --lang, before any file: a value question, not a
// Status code told apart from the per-file errors.
TEST(ChooseLanguage, KnownLanguageIdAsksOnlyWhetherTheIdExists) {
  LanguageSet set;
  ASSERT_TRUE(LoadLanguageFile(JUDGE_SHIPPED_LANGUAGES, &set).ok());
  for (const char* known : {"", "binary", "cpp20", "python3"}) EXPECT_TRUE(KnownLanguageId(set, known).ok()) << known;
  Status cobol = KnownLanguageId(set, "cobol");
  ASSERT_FALSE(cobol.ok());
  EXPECT_EQ(cobol.message().rfind("unknown language \"cobol\" (known: ", 0), 0u) << cobol.message();
  EXPECT_NE(cobol.message().find(", binary)"), std::string::npos) << cobol.message();
}

// Over HTTP the errors name the request's field, and the tools of this host are not
// asked (the server offers what its workers run).
TEST(ChooseLanguage, TheApiAskerIsToldToNameTheField) {
  LanguageSet set;
  ASSERT_TRUE(LoadLanguageFile(JUDGE_SHIPPED_LANGUAGES, &set).ok());
  auto unknown = ChooseLanguageFor(set, "a.zz", "x", "", LanguageAsker::kHttpApi);
  ASSERT_FALSE(unknown.ok());
  EXPECT_NE(unknown.status().message().find("name the language with \"language\""), std::string::npos)
      << unknown.status().message();
  EXPECT_EQ(unknown.status().message().find("--lang"), std::string::npos) << unknown.status().message();
}

TEST(ChooseLanguage, AnUnknownExtensionIsAnUnknownLanguageUnlessItIsElf) {
  LanguageSet set;
  ASSERT_TRUE(LoadLanguageFile(JUDGE_SHIPPED_LANGUAGES, &set).ok());
  for (const char* name : {"sol.txt", "solution", "a.out"}) {
    auto r = ChooseLanguageFor(set, name, "int main() {}", "");
    ASSERT_FALSE(r.ok()) << name;
    EXPECT_EQ(r.status().code(), StatusCode::kUnsupported) << name;
    EXPECT_EQ(r.status().message().rfind("unknown language: expected a source extension (", 0), 0u)
        << r.status().message();
    EXPECT_NE(r.status().message().find(".cpp"), std::string::npos);
    EXPECT_NE(r.status().message().find("--lang binary"), std::string::npos);
  }
  EXPECT_NE(ChooseLanguageFor(set, "sol.txt", "", "").status().message().find("found extension \".txt\""),
            std::string::npos);
  EXPECT_NE(ChooseLanguageFor(set, "solution", "", "").status().message().find("found no extension"),
            std::string::npos);
  auto elf = ChooseLanguageFor(set, "a.out", std::string("\x7f" "ELF\x02\x01", 6), "");
  ASSERT_TRUE(elf.ok());
  EXPECT_EQ(elf->id, "binary");
  EXPECT_FALSE(LooksLikeElf("\x7f" "EL"));
  EXPECT_FALSE(LooksLikeElf("#!/bin/sh"));
  // A source file whose extension is known is compiled, whatever its bytes.
  EXPECT_EQ(ChooseLanguageFor(set, "x.cpp", "\x7f" "ELF", "")->id, "cpp20");
  // The file is read for its first bytes.
  TempDir dir;
  WriteFile(dir.path() + "/prog", std::string("\x7f" "ELF", 4) + std::string(100, '\0'));
  WriteFile(dir.path() + "/notes", "hello");
  EXPECT_EQ(ChooseLanguage(set, dir.path() + "/prog", "")->id, "binary");
  EXPECT_EQ(ChooseLanguage(set, dir.path() + "/notes", "").status().code(), StatusCode::kUnsupported);
}

// problemtools tells Python 2 from 3 by the #! line: no profile here runs Python 2, so
// such a file is an unsupported language (verify skips it), and .py3 is Python 3.
TEST(ChooseLanguage, PythonTwoByItsHashBangLineAndPy3) {
  LanguageSet set;
  ASSERT_TRUE(LoadLanguageFile(JUDGE_SHIPPED_LANGUAGES, &set).ok());
  auto two = ChooseLanguageFor(set, "sol.py", "#!/usr/bin/env python2\nprint 1\n", "");
  ASSERT_FALSE(two.ok());
  EXPECT_EQ(two.status().code(), StatusCode::kUnsupported);
  EXPECT_NE(two.status().message().find("Python 2"), std::string::npos) << two.status().message();
  EXPECT_EQ(ChooseLanguageFor(set, "sol.py", "#!/usr/bin/env python3\n", "")->id, "python3");
  EXPECT_EQ(ChooseLanguageFor(set, "sol.py", "print(1)  # python2 style\n", "")->id, "python3");
  EXPECT_EQ(set.ForFile("sol.py3")->id, "python3");
  TempDir dir;
  WriteFile(dir.path() + "/old.py", "#!/usr/bin/python2\nprint 'x'\n");
  EXPECT_EQ(ChooseLanguage(set, dir.path() + "/old.py", "").status().code(), StatusCode::kUnsupported);
}

TEST(ChooseLanguage, TheLongestExtensionWins) {
  LanguageSet set;
  ASSERT_TRUE(LoadLanguageFile(JUDGE_SHIPPED_LANGUAGES, &set).ok());
  EXPECT_EQ(set.ForFile("dir/sol.poj.cpp")->id, "cpp98-poj");
  EXPECT_EQ(set.ForFile("sol.hdu.cpp")->id, "cpp98-hdu");
  EXPECT_EQ(set.ForFile("sol.cogs.cpp")->id, "cpp98-cogs");
  EXPECT_EQ(set.ForFile("poj.cpp")->id, "cpp20");       // the extension is .cpp: "poj" is the name
  EXPECT_EQ(set.ForFile(".poj.cpp")->id, "cpp20");      // hidden file named ".poj": extension .cpp
  EXPECT_EQ(set.ForFile("sol.poj.cc")->id, "cpp20");
}

TEST(ShippedLanguages, LegacyProfilesReproduceTheOldCompilers) {
  LanguageSet set;
  ASSERT_TRUE(LoadLanguageFile(JUDGE_SHIPPED_LANGUAGES, &set).ok());
  for (const char* id : {"cpp98-poj", "cpp98-hdu", "cpp98-cogs"}) {
    const LanguageProfile* p = set.Find(id);
    ASSERT_NE(p, nullptr) << id;
    EXPECT_TRUE(Has(p->compile, "-std=gnu++98")) << id;
    EXPECT_TRUE(Has(p->compile, "-Werror=c++11-extensions")) << id;
    for (const char* header : {"cstdio", "cstdlib", "cstring", "algorithm"}) EXPECT_TRUE(Has(p->compile, header)) << id;
    EXPECT_FALSE(Has(p->compile, "cmath")) << id;  // old <iostream> did not bring it either
    EXPECT_EQ(p->memory_allowance_percent, 50) << id;
    EXPECT_NE(p->hello.find("#include <iostream>"), std::string::npos) << id;
    EXPECT_EQ(p->hello.find("cstdio"), std::string::npos) << "the hello world relies on the forced includes";
  }
  for (const char* id : {"cpp98-poj", "cpp98-poj-msvc", "cpp98-hdu", "cpp98-cogs"}) {
    const LanguageProfile* p = set.Find(id);
    ASSERT_NE(p, nullptr) << id;
    // g++ 12 -O2 would treat a missing return as unreachable (docs/grading.md).
    EXPECT_TRUE(Has(p->compile, "-fsanitize=unreachable")) << id;
    EXPECT_TRUE(Has(p->compile, "-fsanitize-undefined-trap-on-error")) << id;
    // g++ 4.x's copy-on-write std::string, one pointer wide.
    EXPECT_TRUE(Has(p->compile, "-D_GLIBCXX_USE_CXX11_ABI=0")) << id;
    EXPECT_EQ(p->memory_allowance_percent, kThirtyTwoBitAllowancePercent) << id;
  }
  EXPECT_EQ(set.Find("cpp98-poj")->original_judge, "POJ");
  EXPECT_EQ(set.Find("cpp98-poj-msvc")->original_judge, "POJ");
  EXPECT_EQ(set.Find("cpp98-hdu")->original_judge, "HDU");
  EXPECT_EQ(set.Find("cpp98-cogs")->original_judge, "COGS");
  EXPECT_EQ(set.ForFile("sol.poj-msvc.cpp")->id, "cpp98-poj-msvc");
  EXPECT_EQ(set.Find("cpp20")->memory_allowance_percent, 0);
  EXPECT_TRUE(set.Find("cpp20")->original_judge.empty());
}

// Polygon's 32-bit gcc types (cpp.g++, cpp.g++17, c.gcc) pick an -x87 profile: its base
// profile's compile with x87 arithmetic, and no extension, so a file is never judged
// with it by its name (sol.cpp stays cpp20, `--lang cpp` too).
TEST(ShippedLanguages, X87ProfilesAreTheirBaseWithX87Arithmetic) {
  LanguageSet set;
  ASSERT_TRUE(LoadLanguageFile(JUDGE_SHIPPED_LANGUAGES, &set).ok());
  for (const char* base : {"c11", "cpp98", "cpp11", "cpp14", "cpp17"}) {
    const LanguageProfile* p = set.Find(std::string(base) + "-x87");
    const LanguageProfile* b = set.Find(base);
    ASSERT_NE(p, nullptr) << base;
    ASSERT_NE(b, nullptr) << base;
    std::vector<std::string> without = p->compile;
    without.erase(std::remove(without.begin(), without.end(), "-mfpmath=387"), without.end());
    EXPECT_EQ(without.size() + 1, p->compile.size()) << base;
    EXPECT_EQ(without, b->compile) << base;
    EXPECT_FALSE(Has(b->compile, "-mfpmath=387")) << base;
    EXPECT_FALSE(Has(p->compile, "-m32")) << "the sandbox allows x86-64 system calls only";
    EXPECT_TRUE(p->extensions.empty()) << base;
    EXPECT_EQ(p->run, b->run) << base;
    EXPECT_EQ(p->kattis_code, b->kattis_code) << base;
  }
  EXPECT_EQ(set.ForFile("sol.cpp")->id, "cpp20");
  EXPECT_EQ(set.ForFile("sol.c")->id, "c11");
}

// Native code's writable mappings are what it allocated; a JVM's or an interpreter's
// are not (SandboxLimits::reserved_memory_counts).
TEST(ShippedLanguages, ReservedMemoryCountsForNativeCodeOnly) {
  LanguageSet set;
  ASSERT_TRUE(LoadLanguageFile(JUDGE_SHIPPED_LANGUAGES, &set).ok());
  for (const char* id : {"c11", "cpp98", "cpp11", "cpp14", "cpp17", "cpp20", "cpp98-poj", "cpp98-poj-msvc",
                         "cpp98-hdu", "cpp98-cogs", "pascal", "rust"})
    EXPECT_TRUE(set.Find(id)->reserved_memory_counts) << id;
  for (const char* id : {"java", "kotlin", "python3", "pypy3", "javascript", "go", "haskell", "csharp"})
    EXPECT_FALSE(set.Find(id)->reserved_memory_counts) << id;
}

TEST(ShippedLanguages, EveryProfileHasAHelloWorldAndDebiansTools) {
  LanguageSet set;
  ASSERT_TRUE(LoadLanguageFile(JUDGE_SHIPPED_LANGUAGES, &set).ok());
  for (const char* id : {"pypy3", "pascal", "rust", "javascript", "go", "haskell", "kotlin"})
    ASSERT_NE(set.Find(id), nullptr) << id;
  EXPECT_EQ(set.ForFile("a.rs")->id, "rust");
  EXPECT_EQ(set.ForFile("a.go")->id, "go");
  EXPECT_EQ(set.ForFile("a.pas")->id, "pascal");
  EXPECT_EQ(set.ForFile("a.hs")->id, "haskell");
  EXPECT_EQ(set.ForFile("a.kt")->id, "kotlin");
  EXPECT_EQ(set.ForFile("a.cs")->id, "csharp");
  EXPECT_EQ(set.ForFile("a.js")->id, "javascript");
  EXPECT_EQ(set.ForFile("a.py")->id, "python3");
  for (const auto& p : set.profiles()) {
    EXPECT_NE(p.hello.find("hello world"), std::string::npos) << p.id;
    // Debian's toolchains by path where Debian puts them, not whatever PATH finds.
    if (p.id != "java" && p.id.rfind("c", 0) != 0) {
      EXPECT_EQ(p.compile.at(0).rfind("/usr/bin/", 0), 0u) << p.id;
    }
  }
  EXPECT_EQ(set.Find("java")->source_name, "{public_class}.java");
  EXPECT_TRUE(Has(set.Find("java")->run, "{main_class}"));
}

// The toolchain's version enters the compile cache's key and is stored with every
// submission, so it must name the release: kotlinc's own -version starts the compiler
// on a JVM (seconds; over the 10 s version limit on a busy host, which leaves it empty)
// and its first line is a JVM warning that no Kotlin upgrade changes.
TEST(ShippedLanguages, KotlinsVersionNamesItsReleaseAndComesQuickly) {
  if (access("/usr/bin/kotlinc", X_OK) != 0) GTEST_SKIP() << "kotlinc is not installed (Debian's package kotlin)";
  LanguageSet set;
  ASSERT_TRUE(LoadLanguageFile(JUDGE_SHIPPED_LANGUAGES, &set).ok());
  const LanguageProfile* kotlin = set.Find("kotlin");
  ASSERT_NE(kotlin, nullptr);
  const auto start = std::chrono::steady_clock::now();
  const std::string version = ToolchainVersion(*kotlin);
  const auto elapsed_ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
  EXPECT_TRUE(std::regex_match(version, std::regex("kotlin [0-9]+\\.[0-9]+\\.[0-9]+.*"))) << version;
  // Far below the 10 s version limit; kotlinc -version needs 2-3 s on a quiet host here.
  EXPECT_LT(elapsed_ms, 2000) << version;
}

// Every installed shipped profile names its toolchain's version: a first line that a
// warning or nothing (a command that failed or took too long) takes is no version.
TEST(ShippedLanguages, EveryInstalledProfileHasAVersion) {
  LanguageSet set;
  ASSERT_TRUE(LoadLanguageFile(JUDGE_SHIPPED_LANGUAGES, &set).ok());
  for (const auto& p : set.profiles()) {
    if (!CheckAvailability(p).available) continue;
    const std::string version = ToolchainVersion(p);
    EXPECT_TRUE(std::regex_search(version, std::regex("[0-9]+\\.[0-9]+"))) << p.id << ": " << version;
    EXPECT_FALSE(std::regex_search(version, std::regex("warning", std::regex::icase))) << p.id << ": " << version;
  }
}

}  // namespace
}  // namespace judge
