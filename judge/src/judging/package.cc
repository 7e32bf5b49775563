// A loaded problem package (see judge/judging/package.h).
#include "judge/judging/package.h"

#include <limits.h>
#include <stdlib.h>

#include <algorithm>

#include "judge/base/files.h"
#include "judge/base/hash.h"
#include "judge/config/polygon.h"
#include "judge/grading/tool_checker.h"
#include "judge/judging/pipeline.h"

namespace judge {
namespace {

Status AddFile(Sha256* h, const std::string& label, const std::string& path) {
  JUDGE_ASSIGN_OR_RETURN(std::string text, fs::ReadFile(path));
  h->Update(label);
  h->Update(std::string_view("\0", 1));
  h->Update(std::to_string(text.size()));
  h->Update(std::string_view("\0", 1));
  h->Update(text);
  return Status::Ok();
}

// Every regular file under dir (following links inside the package), relative names.
void FilesUnder(const std::string& dir, const std::string& rel, std::vector<std::string>* out) {
  auto files = fs::ListFiles(dir);
  if (files.ok())
    for (const auto& f : *files) out->push_back(rel.empty() ? f : rel + "/" + f);
  auto dirs = fs::ListDirs(dir);
  if (dirs.ok())
    for (const auto& d : *dirs) FilesUnder(dir + "/" + d, rel.empty() ? d : rel + "/" + d, out);
}

// The files besides problem.yaml and the tests that change verdicts, when present.
Status AddJudgingFiles(Sha256* h, const ProblemConfig& config) {
  std::vector<std::string> rel;
  for (const char* f : {".timelimit", "domjudge-problem.ini"})
    if (fs::Exists(config.dir + "/" + f)) rel.push_back(f);
  std::vector<std::string> data;
  FilesUnder(config.dir + "/data", "data", &data);
  for (const auto& f : data)
    if (f.size() > 14 && (f.rfind("/testdata.yaml") == f.size() - 14 || f.rfind("/test_group.yaml") == f.size() - 16))
      rel.push_back(f);
  for (const char* d : {"output_validators", "output_validator", "include"}) FilesUnder(config.dir + "/" + d, d, &rel);
  for (const auto* p : {&config.checker_program, &config.interactor_program}) {
    if (!*p) continue;
    std::vector<std::string> files;
    if ((*p)->is_dir) FilesUnder((*p)->path, "", &files);
    else files.push_back("");
    for (const auto& f : files) JUDGE_RETURN_IF_ERROR(AddFile(h, "program:" + (*p)->name + "/" + f,
                                                              f.empty() ? (*p)->path : (*p)->path + "/" + f));
    // What it includes (a Polygon package's resources) changes what it judges too.
    for (const auto& r : (*p)->resources)
      JUDGE_RETURN_IF_ERROR(AddFile(h, "resource:" + (*p)->name + "/" + r.substr(r.rfind('/') + 1), r));
  }
  for (const auto& f : rel) JUDGE_RETURN_IF_ERROR(AddFile(h, f, config.dir + "/" + f));
  return Status::Ok();
}

Status CheckPackageDir(const std::string& dir) {
  if (fs::IsDirectory(dir)) return Status::Ok();
  if (!fs::Exists(dir)) return Status::NotFound(dir + ": no such problem directory");
  return Status::InvalidArgument(dir + ": expected a problem directory, found a file");
}

std::string Canonical(const std::string& path) {
  char real[PATH_MAX];
  return ::realpath(path.c_str(), real) ? std::string(real) : path;
}

// The package's programs build under a directory of their own, beside the graders'
// (made only when the package has programs).
Status MakeToolEnvironment(const PackageOptions& options, bool has_programs, Package* pkg) {
  auto env = std::make_shared<ToolEnvironment>();
  if (has_programs) {
    std::string root = options.scratch_root.empty() ? DefaultScratchRoot() : options.scratch_root;
    JUDGE_ASSIGN_OR_RETURN(ScratchDir dir, ScratchDir::Make(root, "judge-package-"));
    pkg->build_dir = std::make_unique<ScratchDir>(std::move(dir));
    env->build_root = pkg->build_dir->path();
  }
  env->languages = options.languages;
  env->cache_dir = options.cache_dir;
  env->package_dir = Canonical(pkg->problem.dir);
  env->limits = pkg->problem.tool_limits;
  pkg->tools = std::move(env);
  return Status::Ok();
}

std::shared_ptr<ToolProgram> Tool(const Package& pkg, const std::optional<PackageProgram>& p, const std::string& role) {
  if (!p) return nullptr;
  return std::make_shared<ToolProgram>(*p, role + " " + p->name, pkg.tools);
}

std::unique_ptr<Checker> MakeChecker(const Package& pkg) {
  const ProblemConfig& c = pkg.problem;
  // score.txt counts in every scoring problem (DOMjudge's own examples write it under
  // plain `validation: custom`), and with `validation: custom score`.
  const bool score_file = c.custom_score || c.scoring;
  // A testlib checker's points are Polygon's way of scoring a test (docs/problem-format.md).
  const TestlibPoints points = c.format_version == kPolygonFormat ? TestlibPoints::kAccepted : TestlibPoints::kPartial;
  if (c.interactive) {
    auto checker = c.checker == CheckerKind::kTestlib ? Tool(pkg, c.checker_program, "testlib checker") : nullptr;
    std::string role = c.interactor == InteractorKind::kTestlib ? "testlib interactor" : "interactive validator";
    return MakeInteractiveChecker(c.interactor, Tool(pkg, c.interactor_program, role), checker, score_file, points);
  }
  switch (c.checker) {
    case CheckerKind::kPlugin: return MakePluginChecker(pkg.plugin.get(), SerializePluginOptions(c));
    case CheckerKind::kKattis:
      return MakeKattisValidatorChecker(Tool(pkg, c.checker_program, "output validator"), score_file);
    case CheckerKind::kTestlib: return MakeTestlibChecker(Tool(pkg, c.checker_program, "testlib checker"), points);
    case CheckerKind::kExact:
    case CheckerKind::kLines:
    case CheckerKind::kTokens:
    case CheckerKind::kFloat:
    case CheckerKind::kDefault: return MakeBuiltinChecker(c);
  }
  return MakeBuiltinChecker(c);  // not reached: every kind is a case above
}

// input_validators/ and the older input_format_validators/.
Result<std::vector<PackageProgram>> InputValidatorPrograms(const std::string& dir) {
  std::vector<PackageProgram> all;
  for (const char* folder : {"input_validators", "input_format_validators"}) {
    JUDGE_ASSIGN_OR_RETURN(std::vector<PackageProgram> programs, ListPrograms(dir, folder));
    for (auto& p : programs) {
      p.name = std::string(folder) + "/" + p.name;  // as listed; the role names the file
      all.push_back(std::move(p));
    }
  }
  return all;
}

bool Declarative(const std::string& name) {
  auto ends = [&](const std::string& ext) {
    return name.size() > ext.size() && name.compare(name.size() - ext.size(), ext.size(), ext) == 0;
  };
  return ends(".ctd") || ends(".viva");
}

// Programs run by verify; checktestdata and VIVA files are listed as skipped.
void AddInputValidators(std::vector<PackageProgram> programs, Package* pkg) {
  for (auto& p : programs) {
    if (Declarative(p.name)) {
      pkg->skipped_input_validators.push_back(p.name);
      continue;
    }
    p.name = p.name.substr(p.name.find('/') + 1);
    pkg->input_validators.push_back(std::make_shared<ToolProgram>(p, "input validator " + p.name, pkg->tools));
  }
}

// include/<language>/ files, by names relative to the language's folder; subfolders
// come along as folders ("unsigned/UnsignedLong.java": Java packages are folders).
// Hidden files are skipped; a file that resolves outside the package is an error.
Status LoadIncludeFiles(Package* pkg) {
  const std::string root = pkg->problem.dir + "/include";
  if (!fs::IsDirectory(root)) return Status::Ok();
  JUDGE_ASSIGN_OR_RETURN(std::vector<std::string> langs, fs::ListDirs(root));
  for (const auto& lang : langs) {
    std::vector<std::string> names;
    FilesUnder(root + "/" + lang, "", &names);
    for (const auto& n : names) {
      if (n[0] == '.' || n.find("/.") != std::string::npos) continue;
      const std::string path = root + "/" + lang + "/" + n;
      if (!InsidePackage(pkg->problem.dir, path))
        return Status::InvalidArgument(path + ": expected a file inside the package, found a link out");
      SourceFile f;
      f.name = n;
      JUDGE_ASSIGN_OR_RETURN(f.bytes, fs::ReadFile(path, 64 << 20));
      pkg->include_files[lang].push_back(std::move(f));
    }
  }
  return Status::Ok();
}

}  // namespace

bool WrittenForDomjudge(const std::string& dir) {
  if (fs::Exists(dir + "/domjudge-problem.ini") || fs::Exists(dir + "/.timelimit")) return true;
  // The tags sit in the first lines of a source: 64 KiB of each file is plenty.
  std::vector<std::string> stack = {dir + "/submissions"};
  int budget = 2000;  // files looked at, at most
  while (!stack.empty() && budget > 0) {
    std::string d = std::move(stack.back());
    stack.pop_back();
    if (!fs::IsDirectory(d) || !InsidePackage(dir, d)) continue;
    Result<std::vector<std::string>> dirs = fs::ListDirs(d);
    if (dirs.ok())
      for (const auto& sub : *dirs) stack.push_back(d + "/" + sub);
    Result<std::vector<std::string>> files = fs::ListFiles(d);
    if (!files.ok()) continue;
    for (const auto& f : *files) {
      if (--budget < 0) break;
      Result<std::string> text = fs::ReadFile(d + "/" + f, 64 << 10);
      if (!text.ok()) {
        // Larger than the cap: its start is enough.
        continue;
      }
      if (text->find("@EXPECTED_RESULTS@") != std::string::npos || text->find("@EXPECTED_SCORE@") != std::string::npos)
        return true;
    }
  }
  return false;
}

Result<std::string> HashPackage(const ProblemConfig& config, const std::vector<TestCase>& tests) {
  Sha256 h;
  const char* described_by = config.format_version == kPolygonFormat ? "problem.xml" : "problem.yaml";
  if (fs::Exists(config.dir + "/" + described_by))
    JUDGE_RETURN_IF_ERROR(AddFile(&h, described_by, config.dir + "/" + described_by));
  for (const auto& t : tests) {
    JUDGE_RETURN_IF_ERROR(AddFile(&h, t.name + ".in", t.input_path));
    if (!t.answer_path.empty()) JUDGE_RETURN_IF_ERROR(AddFile(&h, t.name + ".ans", t.answer_path));
  }
  JUDGE_RETURN_IF_ERROR(AddJudgingFiles(&h, config));
  return h.FinishHex();
}

Result<std::unique_ptr<PluginCaller>> LoadPackagePlugin(const ProblemConfig& problem, bool isolated,
                                                        PluginCallLimits limits) {
  const std::string package = "problem '" + problem.id + "' (" + problem.dir + ")";
  // LoadProblemPlugin's error names problem.yaml's key, which a Polygon package lacks.
  if (problem.plugin_id.empty() && problem.format_version == kPolygonFormat)
    return Status::InvalidArgument(package + ": expected a plugin for this command, found none (a Polygon "
                                   "package has no plugin)");
  return LoadProblemPlugin(problem.plugin_id, package, isolated, limits);
}

Result<std::unique_ptr<Package>> LoadPackage(const std::string& problem_dir, const PackageOptions& options) {
  JUDGE_RETURN_IF_ERROR(CheckPackageDir(problem_dir));
  auto pkg = std::make_unique<Package>();
  JUDGE_ASSIGN_OR_RETURN(pkg->problem, LoadProblemConfig(problem_dir));
  pkg->problem.made_tests_dir = options.made_tests_dir;
  if (options.with_tests) {
    JUDGE_ASSIGN_OR_RETURN(TestData data, LoadTestData(pkg->problem));
    pkg->tests = std::move(data.tests);
    pkg->test_groups = std::move(data.groups);
    // Our own groups: keep their rule (a testdata.yaml then only gives validator flags).
    pkg->kattis_groups = pkg->problem.groups.empty() && (pkg->problem.scoring || data.has_group_files);
    pkg->interaction_files = std::move(data.interaction_files);
    pkg->warnings = std::move(data.warnings);
    pkg->for_domjudge = WrittenForDomjudge(problem_dir);
    // DOMjudge's own default source size limit (sourcesize_limit) is 256 KiB.
    if (pkg->for_domjudge && !pkg->problem.code_kib_given) pkg->problem.code_kib = 256;
    pkg->domjudge_scoring = pkg->for_domjudge && pkg->problem.scoring && pkg->problem.groups.empty() &&
                            !pkg->test_groups.empty() && pkg->test_groups[0].has_file;
    pkg->problem.notes.insert(pkg->problem.notes.end(), data.notes.begin(), data.notes.end());
    JUDGE_ASSIGN_OR_RETURN(pkg->package_hash, HashPackage(pkg->problem, pkg->tests));
  }
  pkg->checker_name = std::string(CheckerKindInfoOf(pkg->problem.checker).name);
  if (pkg->problem.interactive) pkg->checker_name = "interactive";
  if (pkg->problem.checker == CheckerKind::kPlugin || !pkg->problem.plugin_id.empty()) {
    JUDGE_ASSIGN_OR_RETURN(pkg->plugin, LoadPackagePlugin(pkg->problem, options.isolate_plugin, options.plugin_limits));
    Result<std::string> hash = Sha256File(pkg->plugin->path());
    if (hash.ok()) pkg->plugin_hash = *hash;
  }
  JUDGE_ASSIGN_OR_RETURN(std::vector<PackageProgram> validators, InputValidatorPrograms(pkg->problem.dir));
  const bool has_programs = pkg->problem.checker_program || pkg->problem.interactor_program ||
                            pkg->problem.grader_program || !validators.empty() ||
                            !pkg->problem.testlib_validators.empty();
  JUDGE_RETURN_IF_ERROR(MakeToolEnvironment(options, has_programs, pkg.get()));
  pkg->checker = MakeChecker(*pkg);
  pkg->grader = Tool(*pkg, pkg->problem.grader_program, "grader");
  AddInputValidators(validators, pkg.get());
  for (const auto& v : pkg->problem.testlib_validators)
    pkg->testlib_validators.push_back(std::make_shared<ToolProgram>(v, "testlib validator " + v.name, pkg->tools));
  JUDGE_RETURN_IF_ERROR(LoadIncludeFiles(pkg.get()));
  return pkg;
}

}  // namespace judge
