// A package ready to judge (see judge/judging/package_loader.h).
#include "judge/judging/package_loader.h"

#include <utility>

#include "judge/config/polygon.h"
#include "judge/judging/polygon_tests.h"
#include "judge/judging/time_limit.h"

namespace judge {

PackageLoader::PackageLoader(Pipeline* pipeline, PackageLoaderOptions options)
    : pipeline_(pipeline), options_(std::move(options)) {}

// How LoadPackage reads it: the loader's options, the context's languages and cache.
PackageOptions PackageLoader::PackageOptionsFor() const {
  const JudgingContext& context = pipeline_->context();
  return PackageOptions{.isolate_plugin = options_.isolate_plugin,
                        .plugin_limits = options_.plugin_limits,
                        .with_tests = options_.with_tests,
                        .languages = context.languages,
                        .cache_dir = context.cache_dir,
                        .scratch_root = context.scratch_root,
                        .made_tests_dir = ""};
}

// A Polygon package's missing tests and answers, made with the pipeline's context
// (polygon_tests.h); null when it lacks none.
Result<std::unique_ptr<ScratchDir>> PackageLoader::MakeTests(const std::string& dir) const {
  if (!options_.with_tests || !IsPolygonPackage(dir)) return std::unique_ptr<ScratchDir>();
  JUDGE_ASSIGN_OR_RETURN(ProblemConfig config, LoadProblemConfig(dir));
  PolygonMakeOptions make;
  make.context = pipeline_->context();
  make.context.store = nullptr;
  make.on_progress = options_.on_progress;
  return MakePolygonTests(config, make);
}

Result<std::unique_ptr<const Package>> PackageLoader::Load(const std::string& dir, std::string* note) const {
  JUDGE_ASSIGN_OR_RETURN(std::unique_ptr<ScratchDir> made, MakeTests(dir));
  PackageOptions package_options = PackageOptionsFor();
  if (made) package_options.made_tests_dir = made->path();
  JUDGE_ASSIGN_OR_RETURN(std::unique_ptr<Package> package, LoadPackage(dir, package_options));
  package->made_tests = std::move(made);
  std::string how;
  if (options_.resolve_time_limit && options_.with_tests) {
    JUDGE_ASSIGN_OR_RETURN(package->problem.limits, ResolveTimeLimit(*package, pipeline_, &how));
  }
  if (note) *note = std::move(how);
  return std::unique_ptr<const Package>(std::move(package));
}

}  // namespace judge
