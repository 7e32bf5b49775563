// The C trampolines behind JUDGE_PLUGIN: they call the one Problem instance and turn
// every C++ exception into a status code plus message, so no exception crosses the ABI.
#include "judge_plugin_sdk.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <string>

namespace judge::sdk {
namespace {

const Problem* g_problem = nullptr;

void Write(const judge_sink* sink, std::string_view s) {
  if (sink && sink->write && !s.empty()) sink->write(sink->context, s.data(), s.size());
}

std::string_view View(judge_bytes b) { return b.size ? std::string_view(b.data, b.size) : std::string_view(); }

// Runs body; maps exceptions to a status and a message written to message_sink.
template <typename Body>
int32_t Guard(const judge_sink* message_sink, Body&& body) {
  try {
    return body();
  } catch (const InvalidInput& e) {
    Write(message_sink, e.what());
    return JUDGE_STATUS_INVALID_INPUT;
  } catch (const std::bad_alloc&) {
    Write(message_sink, "plugin ran out of memory (std::bad_alloc)");
    return JUDGE_STATUS_FAILURE;
  } catch (const std::exception& e) {
    Write(message_sink, std::string("plugin threw: ") + e.what());
    return JUDGE_STATUS_FAILURE;
  } catch (...) {
    Write(message_sink, "plugin threw an unknown exception");
    return JUDGE_STATUS_FAILURE;
  }
}

int32_t SolveTrampoline(judge_bytes input, const judge_sink* out, const judge_sink* message) {
  return Guard(message, [&] {
    std::string answer = g_problem->Solve(View(input));
    Write(out, answer);
    return int32_t{JUDGE_STATUS_OK};
  });
}

int32_t CheckTrampoline(judge_bytes input, judge_bytes output, judge_bytes answer,
                        judge_bytes options, judge_check_result* result,
                        const judge_sink* message) {
  result->verdict = JUDGE_CHECK_CHECKER_FAILURE;
  result->score = 0.0;
  int32_t rc = Guard(message, [&] {
    Options opts = Options::Parse(View(options));
    CheckResult r = g_problem->Check(View(input), View(output), View(answer), opts);
    result->verdict = static_cast<int32_t>(r.verdict);
    result->score = r.score;
    Write(message, r.message);
    return int32_t{r.verdict == CheckVerdict::kCheckerFailure ? JUDGE_STATUS_FAILURE
                                                              : JUDGE_STATUS_OK};
  });
  // A checker never answers "invalid input": bad jury data is a checker failure.
  if (rc != JUDGE_STATUS_OK) {
    result->verdict = JUDGE_CHECK_CHECKER_FAILURE;
    rc = JUDGE_STATUS_FAILURE;
  }
  return rc;
}

int32_t ValidateTrampoline(judge_bytes input, const judge_sink* message) {
  return Guard(message, [&] {
    std::string reason = g_problem->Validate(View(input));
    if (reason.empty()) return int32_t{JUDGE_STATUS_OK};
    Write(message, reason);
    return int32_t{JUDGE_STATUS_INVALID_INPUT};
  });
}

int32_t GenerateTrampoline(uint64_t seed, judge_bytes params, const judge_sink* out,
                           const judge_sink* message) {
  return Guard(message, [&] {
    Options opts = Options::Parse(View(params));
    std::string input = g_problem->Generate(seed, opts);
    Write(out, input);
    return int32_t{JUDGE_STATUS_OK};
  });
}

std::string Trim(std::string_view s) {
  size_t b = 0, e = s.size();
  while (b < e && (s[b] == ' ' || s[b] == '\t' || s[b] == '\r')) ++b;
  while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t' || s[e - 1] == '\r')) --e;
  return std::string(s.substr(b, e - b));
}

}  // namespace

Options Options::Parse(std::string_view text) {
  Options o;
  size_t pos = 0, line_no = 0;
  while (pos <= text.size()) {
    size_t nl = text.find('\n', pos);
    if (nl == std::string_view::npos) nl = text.size();
    ++line_no;
    std::string line = Trim(text.substr(pos, nl - pos));
    pos = nl + 1;
    if (line.empty()) continue;
    size_t eq = line.find('=');
    if (eq == std::string::npos || eq == 0)
      throw InvalidInput("option line " + std::to_string(line_no) + ": expected key=value, found '" +
                         line + "'");
    o.items_.emplace_back(Trim(line.substr(0, eq)), Trim(line.substr(eq + 1)));
  }
  return o;
}

std::optional<std::string> Options::Get(std::string_view key) const {
  std::optional<std::string> found;
  for (const auto& [k, v] : items_)
    if (k == key) found = v;
  return found;
}

int64_t Options::GetInt(std::string_view key, int64_t default_value, int64_t min,
                        int64_t max) const {
  auto v = Get(key);
  if (!v) return default_value;
  errno = 0;
  char* end = nullptr;
  long long x = std::strtoll(v->c_str(), &end, 10);
  if (v->empty() || *end != '\0' || errno == ERANGE)
    throw InvalidInput("option '" + std::string(key) + "': expected an integer, found '" + *v + "'");
  if (x < min || x > max)
    throw InvalidInput("option '" + std::string(key) + "': expected " + std::to_string(min) +
                       ".." + std::to_string(max) + ", found " + *v);
  return x;
}

double Options::GetDouble(std::string_view key, double default_value) const {
  auto v = Get(key);
  if (!v) return default_value;
  char* end = nullptr;
  double x = std::strtod(v->c_str(), &end);
  if (v->empty() || *end != '\0')
    throw InvalidInput("option '" + std::string(key) + "': expected a number, found '" + *v + "'");
  return x;
}

bool Options::GetBool(std::string_view key, bool default_value) const {
  auto v = Get(key);
  if (!v) return default_value;
  if (*v == "true" || *v == "yes" || *v == "1") return true;
  if (*v == "false" || *v == "no" || *v == "0") return false;
  throw InvalidInput("option '" + std::string(key) + "': expected true or false, found '" + *v + "'");
}

std::string Options::GetString(std::string_view key, std::string default_value) const {
  auto v = Get(key);
  return v ? *v : std::move(default_value);
}

void Options::RequireKnown(const std::vector<std::string_view>& known) const {
  for (const auto& [k, v] : items_) {
    bool ok = false;
    for (auto kk : known) ok = ok || kk == k;
    if (!ok) {
      std::string list;
      for (auto kk : known) list += (list.empty() ? "" : ", ") + std::string(kk);
      throw InvalidInput("unknown option '" + k + "' (known: " + (list.empty() ? "none" : list) + ")");
    }
  }
}

namespace internal {

namespace {

// The fields every info of this SDK has; init_error stays as given.
void FillInfo(judge_plugin_info* info, const char* id, const char* version) noexcept {
  info->abi_version = JUDGE_PLUGIN_ABI_VERSION;
  info->struct_size = sizeof(judge_plugin_info);
  info->id = id;
  info->version = version;
  info->solve = &SolveTrampoline;
  info->check = &CheckTrampoline;
  info->validate = &ValidateTrampoline;
  info->generate = &GenerateTrampoline;
}

}  // namespace

const judge_plugin_info* MakeInfo(const char* id, const char* version, const Problem* problem) {
  g_problem = problem;
  static judge_plugin_info info;
  FillInfo(&info, id, version);
  info.init_error = nullptr;
  return &info;
}

const judge_plugin_info* MakeFailedInfo(const char* id, const char* version, const char* why) noexcept {
  static char reason[512];
  std::snprintf(reason, sizeof reason, "%s", why ? why : "(no reason)");
  static judge_plugin_info info;
  FillInfo(&info, id, version);
  info.init_error = reason;
  return &info;
}

}  // namespace internal
}  // namespace judge::sdk
