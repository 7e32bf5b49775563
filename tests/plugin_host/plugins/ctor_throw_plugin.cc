// test-ctor-throw: an SDK plugin whose problem object cannot be made (its constructor
// throws, e.g. jury tables that fail to build). The SDK's entry point returns NULL and
// the host reports that the plugin could not initialise; nothing unwinds into the host.
#include <stdexcept>
#include <string>

#include "judge_plugin_sdk.h"

namespace {

class CannotStart : public judge::sdk::Problem {
 public:
  CannotStart() { throw std::runtime_error("the tables did not build"); }
  std::string Solve(std::string_view) const override { return ""; }
  judge::sdk::CheckResult Check(std::string_view, std::string_view, std::string_view,
                                const judge::sdk::Options&) const override {
    return judge::sdk::CheckResult::Accepted();
  }
  std::string Validate(std::string_view) const override { return ""; }
  std::string Generate(uint64_t, const judge::sdk::Options&) const override { return ""; }
};

}  // namespace

JUDGE_PLUGIN(CannotStart, "test-ctor-throw", "1.0")
