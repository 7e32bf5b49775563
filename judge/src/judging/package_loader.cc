// A package ready to judge (see judge/judging/package_loader.h).
#include "judge/judging/package_loader.h"

#include <utility>

#include "judge/config/polygon.h"
#include "judge/judging/polygon_tests.h"
#include "judge/judging/time_limit.h"

namespace judge {

PackageLoader::PackageLoader(PackageLoaderOptions options) : options_(std::move(options)) {}

// A Polygon package's missing tests and answers, made in the sandbox of the
// inference's pipeline options (polygon_tests.h); null when it lacks none.
Result<std::unique_ptr<ScratchDir>> PackageLoader::MakeTests(const std::string& dir) const {
  if (!options_.package.with_tests || !IsPolygonPackage(dir)) return std::unique_ptr<ScratchDir>();
  JUDGE_ASSIGN_OR_RETURN(ProblemConfig config, LoadProblemConfig(dir));
  PolygonMakeOptions make;
  make.languages = options_.package.languages;
  make.cache_dir = options_.package.cache_dir;
  make.scratch_root = options_.package.scratch_root;
  make.sandboxes = options_.inference.sandboxes;
  make.cancel = options_.inference.cancel;
  make.on_progress = options_.on_progress;
  return MakePolygonTests(config, make);
}

Result<std::unique_ptr<const Package>> PackageLoader::Load(const std::string& dir, std::string* note) const {
  JUDGE_ASSIGN_OR_RETURN(std::unique_ptr<ScratchDir> made, MakeTests(dir));
  PackageOptions package_options = options_.package;
  if (made) package_options.made_tests_dir = made->path();
  JUDGE_ASSIGN_OR_RETURN(std::unique_ptr<Package> package, LoadPackage(dir, package_options));
  package->made_tests = std::move(made);
  std::string how;
  if (options_.resolve_time_limit && options_.package.with_tests) {
    const LanguageSet* languages = options_.package.languages;
    if (!languages) return Status::Internal("PackageLoader: resolving a time limit needs the language profiles");
    PipelineOptions inference = options_.inference;
    if (!inference.languages) inference.languages = languages;
    if (inference.compiler.cache_dir.empty()) inference.compiler.cache_dir = options_.package.cache_dir;
    JUDGE_ASSIGN_OR_RETURN(package->problem.limits,
                           ResolveTimeLimit(*package, *languages, std::move(inference), options_.package.cache_dir,
                                            &how));
  }
  if (note) *note = std::move(how);
  return std::unique_ptr<const Package>(std::move(package));
}

}  // namespace judge
