// A package ready to judge (see judge/judging/package_loader.h).
#include "judge/judging/package_loader.h"

#include <utility>

#include "judge/judging/time_limit.h"

namespace judge {

PackageLoader::PackageLoader(PackageLoaderOptions options) : options_(std::move(options)) {}

Result<std::unique_ptr<const Package>> PackageLoader::Load(const std::string& dir, std::string* note) const {
  JUDGE_ASSIGN_OR_RETURN(std::unique_ptr<Package> package, LoadPackage(dir, options_.package));
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
