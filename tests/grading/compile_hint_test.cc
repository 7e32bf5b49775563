// After a compile error: which profiles are tried (the legacy profiles of the problem's
// origin, issue 24), and the support files a profile's compile gets (the MSVC layer).
#include "judge/grading/compile_hint.h"

#include <gtest/gtest.h>

#include "fakes.h"
#include "support_files.h"

namespace judge {
namespace {

using testing::FakeSandbox;
using testing::ReadFile;
using testing::TempDir;
using testing::WriteFile;

LanguageSet Shipped() {
  LanguageSet set;
  EXPECT_TRUE(LoadLanguageFile(JUDGE_SHIPPED_LANGUAGES, &set).ok());
  return set;
}

// The ids SuggestionCandidates gives for a compile error of `failed`.
std::vector<std::string> Tried(const LanguageSet& set, const std::string& failed, std::vector<std::string> sources) {
  std::vector<std::string> ids;
  for (const LanguageProfile* p : SuggestionCandidates(*set.Find(failed), set, sources)) ids.push_back(p->id);
  return ids;
}

using Ids = std::vector<std::string>;

TEST(CompileHint, EveryCAndCppProfileSuggestsTheLegacyProfilesOfTheOrigin) {
  const LanguageSet set = Shipped();
  for (const char* id : {"c11", "cpp98", "cpp11", "cpp14", "cpp17", "cpp98-poj", "cpp98-poj-msvc", "cpp98-hdu",
                         "cpp98-cogs"})
    EXPECT_EQ(set.Find(id)->suggest_on_error, Ids{"{origin}"}) << id;
  EXPECT_EQ(set.Find("cpp20")->suggest_on_error, (Ids{"cpp17", "cpp14", "{origin}"}));
  // POJ had two compilers: its G++ first (the closer one), then its C++ (MSVC).
  EXPECT_EQ(Tried(set, "cpp98", {"POJ 1077"}), (Ids{"cpp98-poj", "cpp98-poj-msvc"}));
  EXPECT_EQ(Tried(set, "c11", {"SWERC 2002 (POJ 1198)"}), (Ids{"cpp98-poj", "cpp98-poj-msvc"}));
  EXPECT_EQ(Tried(set, "cpp14", {"HDU 1043"}), Ids{"cpp98-hdu"});
  EXPECT_EQ(Tried(set, "cpp20", {"HDU 1043"}), (Ids{"cpp17", "cpp14", "cpp98-hdu"}));
  // The judge named first comes first; cpp98-poj compiles as cpp98-cogs does: not again.
  EXPECT_EQ(Tried(set, "cpp17", {"COGS 1073 (POJ 2286 with file I/O)"}), (Ids{"cpp98-cogs", "cpp98-poj-msvc"}));
  // A legacy profile suggests the other compiler of its judge, never itself or its twin.
  EXPECT_EQ(Tried(set, "cpp98-poj", {"POJ 2286"}), Ids{"cpp98-poj-msvc"});
  EXPECT_EQ(Tried(set, "cpp98-poj-msvc", {"POJ 2286"}), Ids{"cpp98-poj"});
  EXPECT_EQ(Tried(set, "cpp98-hdu", {"HDU 1043"}), Ids{});
  // No source, or one naming no judge of ours: every legacy profile, twins once.
  EXPECT_EQ(Tried(set, "cpp20", {}), (Ids{"cpp17", "cpp14", "cpp98-poj", "cpp98-poj-msvc"}));
  EXPECT_EQ(Tried(set, "cpp11", {"NWERC 2010"}), (Ids{"cpp98-poj", "cpp98-poj-msvc"}));
  // Other languages suggest nothing.
  EXPECT_EQ(Tried(set, "python3", {"POJ 1077"}), Ids{});
}

TEST(CompileHint, AJudgeIsNamedAsAWordInAnyCase) {
  EXPECT_EQ(NamedAt("SWERC 2002 (POJ 1198)", "POJ"), 12u);
  EXPECT_EQ(NamedAt("hdu 1043", "HDU"), 0u);
  EXPECT_EQ(NamedAt("POJ2286", "POJ"), std::string::npos);
  EXPECT_EQ(NamedAt("SPOJ 1", "POJ"), std::string::npos);
  EXPECT_EQ(NamedAt("SPOJ, then POJ", "POJ"), 11u);
  EXPECT_EQ(NamedAt("", "POJ"), std::string::npos);
  EXPECT_EQ(NamedAt("POJ", ""), std::string::npos);
}

TEST(SupportFiles, TheShippedMsvcLayerIsFoundBesideTheLanguagesFile) {
  const LanguageSet set = Shipped();
  const LanguageProfile* msvc = set.Find("cpp98-poj-msvc");
  ASSERT_NE(msvc, nullptr);
  std::string shipped = JUDGE_SHIPPED_LANGUAGES;
  EXPECT_EQ(msvc->support_dir, shipped.substr(0, shipped.rfind('/')) + "/legacy/msvc2008");
  EXPECT_TRUE(CheckAvailability(*msvc).available) << CheckAvailability(*msvc).reason;
  Result<std::vector<SourceFile>> files = ReadSupportFiles(*msvc);
  ASSERT_TRUE(files.ok()) << files.status().message();
  std::vector<std::string> names;
  for (const auto& f : *files) names.push_back(f.name);
  for (const char* n : {"msvc2008/entry.cpp", "msvc2008/judge_msvc.h", "msvc2008/iostream.h", "msvc2008/fstream.h",
                        "msvc2008/iomanip.h", "msvc2008/strstrea.h"})
    EXPECT_NE(std::find(names.begin(), names.end(), n), names.end()) << n;
}

TEST(SupportFiles, AreCopiedIntoTheCompileAndKeyTheCache) {
  TempDir dir;
  const std::string support = dir.Mkdir("layer");
  WriteFile(support + "/old.h", "#define OLD 1\n");
  const std::string yaml = dir.path() + "/langs.yaml";
  WriteFile(yaml, "languages:\n  - id: old\n    source: main.cpp\n    support_dir: layer\n"
                 "    compile: [g++, -I, layer, -o, \"{binary}\", \"{source}\"]\n    run: [\"./{binary}\"]\n");
  LanguageSet set;
  ASSERT_TRUE(LoadLanguageFile(yaml, &set).ok());
  const LanguageProfile& p = *set.Find("old");
  EXPECT_EQ(p.support_dir, support);
  std::vector<std::string> seen;
  FakeSandbox sandbox([&](const RunSpec& spec, std::string*) {
    seen.push_back(ReadFile(spec.work_dir + "/layer/old.h"));
    WriteFile(spec.work_dir + "/main", "binary");
    RunResult r;
    r.status = RunStatus::kOk;
    return r;
  });
  CompilerOptions o;
  o.cache_dir = dir.path() + "/cache";
  Compiler compiler(&sandbox, o);
  ASSERT_TRUE(compiler.Compile("int main(){}", p, dir.Mkdir("w1")).ok());
  ASSERT_TRUE(compiler.Compile("int main(){}", p, dir.Mkdir("w2")).ok());  // cached
  ASSERT_EQ(seen, std::vector<std::string>{"#define OLD 1\n"});
  WriteFile(support + "/old.h", "#define OLD 2\n");  // an edited header is a new compile
  auto again = compiler.Compile("int main(){}", p, dir.Mkdir("w3"));
  ASSERT_TRUE(again.ok());
  EXPECT_FALSE(again->from_cache);
  EXPECT_EQ(seen.back(), "#define OLD 2\n");
  EXPECT_EQ(again->program.files, std::vector<std::string>{"main"});  // not the run's

  // A missing folder makes the profile unavailable, naming it.
  LanguageProfile gone = p;
  gone.support_dir = dir.path() + "/nowhere";
  EXPECT_EQ(CheckAvailability(gone).reason, "support folder " + dir.path() + "/nowhere not found");
  EXPECT_FALSE(ReadSupportFiles(gone).ok());
}

TEST(SupportFiles, ATrailingSlashIsRefusedWhenRead) {
  TempDir dir;
  const std::string yaml = dir.path() + "/langs.yaml";
  WriteFile(yaml, "languages:\n  - id: old\n    source: main.cpp\n    support_dir: layer/\n    run: [a]\n");
  LanguageSet set;
  Status st = LoadLanguageFile(yaml, &set);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.message().find("languages[0].support_dir: expected a folder's path without a trailing /"),
            std::string::npos)
      << st.message();
}

}  // namespace
}  // namespace judge
