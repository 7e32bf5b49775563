// A minimal host for the tests: dlopen()s a built plugin and calls its C ABI
// callbacks, collecting the sink output. Independent of judge/src/plugin, so these
// tests exercise exactly the shipped .so through plugin_abi.h.
#ifndef TESTS_EIGHT_PLUGIN_CLIENT_H_
#define TESTS_EIGHT_PLUGIN_CLIENT_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "judge/plugin_abi.h"

namespace eight_test {

struct CallResult {
  int32_t status = -1;
  std::string out;      // what the callback wrote to its output sink
  std::string message;  // what it wrote to its message sink
};

struct CheckCall {
  int32_t status = -1;
  int32_t verdict = -1;  // judge_check_verdict
  double score = -1;
  std::string message;
};

class PluginClient {
 public:
  // Aborts the test program (via gtest fatal failure in the caller) when the library
  // cannot be opened; check ok().
  explicit PluginClient(const char* path);
  ~PluginClient();
  PluginClient(const PluginClient&) = delete;
  PluginClient& operator=(const PluginClient&) = delete;

  bool ok() const { return info_ != nullptr; }
  const std::string& error() const { return error_; }
  const judge_plugin_info& info() const { return *info_; }

  CallResult Solve(std::string_view input) const;
  CheckCall Check(std::string_view input, std::string_view output, std::string_view answer,
                  std::string_view options = "") const;
  CallResult Validate(std::string_view input) const;
  CallResult Generate(uint64_t seed, std::string_view params = "") const;

 private:
  void* handle_ = nullptr;
  const judge_plugin_info* info_ = nullptr;
  std::string error_;
};

}  // namespace eight_test

#endif  // TESTS_EIGHT_PLUGIN_CLIENT_H_
