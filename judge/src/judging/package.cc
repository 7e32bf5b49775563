#include "judge/package.h"

#include "judge/base/files.h"
#include "judge/base/hash.h"

namespace judge {
namespace {

std::string CheckerName(const ProblemConfig& c) {
  switch (c.checker) {
    case CheckerKind::kPlugin: return "plugin";
    case CheckerKind::kExact: return "exact";
    case CheckerKind::kLines: return "lines";
    case CheckerKind::kTokens: return "tokens";
    case CheckerKind::kFloat: return "float";
  }
  return "tokens";
}

Status AddFile(Sha256* h, const std::string& label, const std::string& path) {
  JUDGE_ASSIGN_OR_RETURN(std::string text, fs::ReadFile(path));
  h->Update(label);
  h->Update(std::string_view("\0", 1));
  h->Update(std::to_string(text.size()));
  h->Update(std::string_view("\0", 1));
  h->Update(text);
  return Status::Ok();
}

Status CheckPackageDir(const std::string& dir) {
  if (fs::IsDirectory(dir)) return Status::Ok();
  if (!fs::Exists(dir)) return Status::NotFound(dir + ": no such problem directory");
  return Status::InvalidArgument(dir + ": expected a problem directory, found a file");
}

}  // namespace

Result<std::string> HashPackage(const ProblemConfig& config, const std::vector<TestCase>& tests) {
  Sha256 h;
  JUDGE_RETURN_IF_ERROR(AddFile(&h, "problem.yaml", config.dir + "/problem.yaml"));
  for (const auto& t : tests) {
    JUDGE_RETURN_IF_ERROR(AddFile(&h, t.name + ".in", t.input_path));
    if (!t.answer_path.empty()) JUDGE_RETURN_IF_ERROR(AddFile(&h, t.name + ".ans", t.answer_path));
  }
  return h.FinishHex();
}

Result<std::unique_ptr<Package>> LoadPackage(const std::string& problem_dir, const PackageOptions& options) {
  JUDGE_RETURN_IF_ERROR(CheckPackageDir(problem_dir));
  auto pkg = std::make_unique<Package>();
  JUDGE_ASSIGN_OR_RETURN(pkg->problem, LoadProblemConfig(problem_dir));
  if (options.with_tests) {
    JUDGE_ASSIGN_OR_RETURN(pkg->tests, ListTests(pkg->problem));
    JUDGE_ASSIGN_OR_RETURN(pkg->package_hash, HashPackage(pkg->problem, pkg->tests));
  }
  pkg->checker_name = CheckerName(pkg->problem);
  if (pkg->problem.checker == CheckerKind::kPlugin || !pkg->problem.plugin_id.empty()) {
    JUDGE_ASSIGN_OR_RETURN(pkg->plugin,
                           LoadProblemPlugin(pkg->problem, options.isolate_plugin, options.plugin_limits));
    Result<std::string> hash = Sha256File(pkg->plugin->path());
    if (hash.ok()) pkg->plugin_hash = *hash;
  }
  if (pkg->problem.checker == CheckerKind::kPlugin)
    pkg->checker = MakePluginChecker(pkg->plugin.get(), SerializePluginOptions(pkg->problem));
  else
    pkg->checker = MakeBuiltinChecker(pkg->problem);
  return pkg;
}

}  // namespace judge
