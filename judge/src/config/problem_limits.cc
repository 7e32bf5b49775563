// The limits block of problem.yaml: our keys and the Kattis ones, converted to the
// judge's units (see problem_parts.h and docs/problem-format.md, "Limits").
#include <algorithm>
#include <cmath>

#include <cerrno>
#include <cstdlib>
#include <sstream>

#include "problem_parts.h"

namespace judge::config {
namespace {

constexpr int64_t kMaxTimeMs = 600000;
constexpr int64_t kMaxTotalTimeMs = 86400000;  // a day: anything longer is a typo
constexpr int64_t kMinMemoryKib = 1024;
constexpr int64_t kMaxMemoryKib = 16777216;
constexpr int64_t kMaxOutputKib = 16777216;
constexpr int64_t kMaxMib = kMaxMemoryKib / 1024;

// Which of the mutually exclusive spellings were seen.
struct Seen {
  bool time_ms = false, time_limit = false, memory_kib = false, memory = false, output_kib = false, output = false;
  bool legacy_timing = false, multipliers = false;
};

// A multiplier: a number >= 1 (a margin below 1 would turn the checks upside down).
Result<double> Multiplier(const YamlReader& r, const std::string& key, const YAML::Node& v) {
  return r.Number(key, v, 1.0, 1000.0, "a number 1..1000");
}

void ReadMultipliers(const YamlReader& r, const YAML::Node& node, LimitsRead* out, ErrorList* errors) {
  for (const auto& [k, v] : r.MapAll("limits.time_multipliers", node, {"ac_to_time_limit", "time_limit_to_tle"}, errors)) {
    double m = 0;
    if (!errors->Take(Multiplier(r, "limits.time_multipliers." + k, v), &m)) continue;
    if (k == "ac_to_time_limit") {
      out->rule.ac_to_time_limit = m;
      out->rule.ac_margin = m;
    } else {
      out->rule.tle_margin = m;
    }
  }
}

// Seconds (a positive number, at most 600) -> ms.
void ReadSeconds(const YamlReader& r, const std::string& key, const YAML::Node& v, int64_t* ms, ErrorList* errors) {
  double s = 0;
  if (errors->Take(r.Number(key, v, 0.001, 600, "a number of seconds 0.001..600"), &s))
    *ms = static_cast<int64_t>(std::llround(s * 1000));
}

// MiB (a positive integer) -> KiB.
void ReadMib(const YamlReader& r, const std::string& key, const YAML::Node& v, int64_t* kib, ErrorList* errors) {
  int64_t mib = 0;
  if (errors->Take(r.Int(key, v, 1, kMaxMib), &mib)) *kib = mib * 1024;
}

// Our own keys; returns false when k is not one of them.
bool ReadOurKey(const YamlReader& r, const std::string& k, const YAML::Node& v, LimitsRead* out, Seen* seen,
                ErrorList* errors) {
  const std::string key = "limits." + k;
  ProblemLimits& l = out->limits;
  if (k == "time_ms") {
    seen->time_ms = errors->Take(r.Int(key, v, 1, kMaxTimeMs), &l.time_ms);
  } else if (k == "total_time_ms") {
    int64_t t = 0;
    if (errors->Take(r.Int(key, v, 1, kMaxTotalTimeMs), &t)) l.total_time_ms = t;
  } else if (k == "wall_ms") {
    out->have_wall = errors->Take(r.Int(key, v, 1, 2 * kMaxTimeMs), &l.wall_ms);
  } else if (k == "memory_kib") {
    seen->memory_kib = errors->Take(r.Int(key, v, kMinMemoryKib, kMaxMemoryKib), &l.memory_kib);
  } else if (k == "output_kib") {
    seen->output_kib = errors->Take(r.Int(key, v, 1, kMaxOutputKib), &l.output_kib);
  } else if (k == "set_on_32_bit") {
    errors->Take(r.Bool(key, v), &l.set_on_32_bit);
  } else {
    return false;
  }
  return true;
}

// The Kattis keys (legacy and 2023-07), in their units.
void ReadKattisKey(const YamlReader& r, const std::string& k, const YAML::Node& v, LimitsRead* out, Seen* seen,
                   ErrorList* errors) {
  const std::string key = "limits." + k;
  double m = 0;
  int64_t n = 0;
  if (k == "time_limit") {
    ReadSeconds(r, key, v, &out->limits.time_ms, errors);
    seen->time_limit = true;
  } else if (k == "time_multiplier" && errors->Take(Multiplier(r, key, v), &m)) {
    out->rule.ac_to_time_limit = m;
    seen->legacy_timing = true;
  } else if (k == "time_safety_margin" && errors->Take(Multiplier(r, key, v), &m)) {
    out->rule.ac_margin = out->rule.tle_margin = m;
    seen->legacy_timing = true;
  } else if (k == "time_multipliers") {
    ReadMultipliers(r, v, out, errors);
    seen->multipliers = true;
  } else if (k == "time_resolution" && errors->Take(r.Number(key, v, 0.001, 60, "a number of seconds 0.001..60"), &m)) {
    out->rule.resolution_ms = std::max<int64_t>(1, std::llround(m * 1000));
  } else if (k == "memory") {
    ReadMib(r, key, v, &out->limits.memory_kib, errors);
    seen->memory = true;
  } else if (k == "output") {
    ReadMib(r, key, v, &out->limits.output_kib, errors);
    seen->output = true;
  } else if (k == "code" && errors->Take(r.Int(key, v, 1, kMaxOutputKib), &n)) {
    out->code_kib = n;
    out->code_given = true;
  } else if (k == "compilation_time" && errors->Take(r.Int(key, v, 1, 600), &n)) {
    out->tools.compile_time_ms = n * 1000;
  } else if (k == "compilation_memory") {
    ReadMib(r, key, v, &out->tools.compile_memory_kib, errors);
  } else if (k == "validation_time" && errors->Take(r.Int(key, v, 1, 600), &n)) {
    out->tools.run_time_ms = n * 1000;
  } else if (k == "validation_memory") {
    ReadMib(r, key, v, &out->tools.run_memory_kib, errors);
  } else if (k == "validation_output") {
    ReadMib(r, key, v, &out->tools.run_output_kib, errors);
  } else if (k == "validation_passes") {
    if (errors->Take(r.Int(key, v, 1, 1000), &n)) out->tools.validation_passes = static_cast<int>(n);
  }
}

// Two spellings of one limit, or two timing vocabularies, may not both be given.
void CheckConflicts(const YamlReader& r, const Seen& seen, ErrorList* errors) {
  auto both = [&](bool a, bool b, const char* first, const char* second) {
    if (a && b)
      errors->Add(r.Error(std::string("limits.") + second,
                          std::string("expected either limits.") + first + " or limits." + second + ", found both"));
  };
  both(seen.time_ms, seen.time_limit, "time_ms", "time_limit");
  both(seen.memory_kib, seen.memory, "memory_kib", "memory");
  both(seen.output_kib, seen.output, "output_kib", "output");
  if (seen.legacy_timing && seen.multipliers)
    errors->Add(r.Error("limits.time_multipliers",
                        "expected either time_multiplier/time_safety_margin (legacy) or time_multipliers (2023-07), "
                        "found both"));
}

void CheckOrder(const YamlReader& r, const LimitsRead& out, ErrorList* errors) {
  const ProblemLimits& l = out.limits;
  if (!out.have_time) return;
  if (out.have_wall && l.wall_ms < l.time_ms)
    errors->Add(r.Error("limits.wall_ms", "expected at least the time limit (" + std::to_string(l.time_ms) +
                                              " ms), found " + std::to_string(l.wall_ms)));
  if (l.total_time_ms && *l.total_time_ms < l.time_ms)
    errors->Add(r.Error("limits.total_time_ms", "expected at least the time limit (" + std::to_string(l.time_ms) +
                                                    " ms), found " + std::to_string(*l.total_time_ms)));
}

}  // namespace

TimeLimitRule DefaultTimeRule(bool kattis_2023) {
  TimeLimitRule rule;
  if (kattis_2023) {
    rule.ac_to_time_limit = 2.0;
    rule.ac_margin = 2.0;
    rule.tle_margin = 1.5;
    rule.round_up = true;
  }
  return rule;
}

LimitsRead ReadLimits(const YamlReader& r, const YAML::Node& node, bool kattis_2023, ErrorList* errors) {
  LimitsRead out;
  out.rule = DefaultTimeRule(kattis_2023);
  // The specification's defaults where a package is silent: memory 2 GiB, output
  // 8 MiB, code 128 KiB.
  out.limits.memory_kib = 2097152;
  out.limits.output_kib = 8192;
  out.code_kib = 128;
  Seen seen;
  static const std::vector<std::string> kKeys = {
      "time_ms", "total_time_ms", "wall_ms", "memory_kib", "output_kib", "set_on_32_bit",
      "time_limit", "time_multiplier", "time_safety_margin", "time_multipliers", "time_resolution",
      "memory", "output", "code", "compilation_time", "compilation_memory",
      "validation_time", "validation_memory", "validation_output", "validation_passes"};
  if (!node.IsNull()) {
    for (const auto& [k, v] : r.MapAll("limits", node, kKeys, errors)) {
      if (!ReadOurKey(r, k, v, &out, &seen, errors)) ReadKattisKey(r, k, v, &out, &seen, errors);
    }
  }
  CheckConflicts(r, seen, errors);
  out.have_time = seen.time_ms || seen.time_limit;
  CheckOrder(r, out, errors);
  return out;
}

namespace {

bool ParseBound(const std::string& w, double* v) {
  if (w == "inf" || w == "+inf") return *v = INFINITY, true;
  if (w == "-inf") return *v = -INFINITY, true;
  char* end = nullptr;
  errno = 0;
  double d = std::strtod(w.c_str(), &end);
  if (w.empty() || *end != '\0' || errno == ERANGE || !std::isfinite(d)) return false;
  *v = d;
  return true;
}

}  // namespace

bool ParseRange(const std::string& text, double* min, double* max) {
  std::istringstream in(text);
  std::string a, b, extra;
  if (!(in >> a >> b) || (in >> extra)) return false;
  return ParseBound(a, min) && ParseBound(b, max) && *min <= *max;
}

std::string JoinPath(const std::string& dir, const std::string& name) {
  if (dir.empty()) return name;
  return dir.back() == '/' ? dir + name : dir + "/" + name;
}

}  // namespace judge::config
