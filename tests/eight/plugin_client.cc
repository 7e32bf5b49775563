#include "plugin_client.h"

#include <dlfcn.h>

namespace eight_test {
namespace {

void Append(void* context, const char* data, size_t size) {
  static_cast<std::string*>(context)->append(data, size);
}

judge_bytes Bytes(std::string_view s) { return judge_bytes{s.data(), s.size()}; }

}  // namespace

PluginClient::PluginClient(const char* path) {
  handle_ = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!handle_) {
    error_ = dlerror();
    return;
  }
  auto entry = reinterpret_cast<judge_get_plugin_info_fn>(dlsym(handle_, JUDGE_PLUGIN_ENTRY_NAME));
  if (!entry) {
    error_ = "no entry point";
    return;
  }
  info_ = entry();
}

PluginClient::~PluginClient() {
  if (handle_) dlclose(handle_);
}

CallResult PluginClient::Solve(std::string_view input) const {
  CallResult r;
  judge_sink out{&r.out, &Append}, msg{&r.message, &Append};
  r.status = info_->solve(Bytes(input), &out, &msg);
  return r;
}

CheckCall PluginClient::Check(std::string_view input, std::string_view output,
                              std::string_view answer, std::string_view options) const {
  CheckCall c;
  judge_check_result result{-1, -1.0};
  judge_sink msg{&c.message, &Append};
  c.status = info_->check(Bytes(input), Bytes(output), Bytes(answer), Bytes(options), &result, &msg);
  c.verdict = result.verdict;
  c.score = result.score;
  return c;
}

CallResult PluginClient::Validate(std::string_view input) const {
  CallResult r;
  judge_sink msg{&r.message, &Append};
  r.status = info_->validate(Bytes(input), &msg);
  return r;
}

CallResult PluginClient::Generate(uint64_t seed, std::string_view params) const {
  CallResult r;
  judge_sink out{&r.out, &Append}, msg{&r.message, &Append};
  r.status = info_->generate(seed, Bytes(params), &out, &msg);
  return r;
}

}  // namespace eight_test
