// submissions/submissions.yaml (see judge/config/submissions_yaml.h).
#include "judge/config/submissions_yaml.h"

#include <cctype>

#include "judge/base/files.h"
#include "yaml_reader.h"

namespace judge {
namespace {

// Glob match of one path component: '*' any run of characters.
bool MatchName(const std::string& pattern, const std::string& name) {
  std::size_t p = 0, n = 0, star = std::string::npos, mark = 0;
  while (n < name.size()) {
    if (p < pattern.size() && pattern[p] == '*') {
      star = p++;
      mark = n;
    } else if (p < pattern.size() && pattern[p] == name[n]) {
      ++p;
      ++n;
    } else if (star != std::string::npos) {
      p = star + 1;
      n = ++mark;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*') ++p;
  return p == pattern.size();
}

// The alternatives of the first {a,b} in a pattern, expanded (recursively).
std::vector<std::string> Expand(const std::string& glob) {
  std::size_t open = glob.find('{');
  std::size_t close = open == std::string::npos ? open : glob.find('}', open);
  if (close == std::string::npos) return {glob};
  std::vector<std::string> out;
  std::string inner = glob.substr(open + 1, close - open - 1);
  std::size_t start = 0;
  for (;;) {
    std::size_t comma = inner.find(',', start);
    // Spaces around an alternative are not part of it: "{ 4 }" is "4", as BAPCtools
    // (the format's reference tool) reads a brace.
    std::string alternative = inner.substr(start, comma - start);
    alternative.erase(0, alternative.find_first_not_of(" \t"));
    alternative.erase(alternative.find_last_not_of(" \t") + 1);
    for (auto& e : Expand(glob.substr(0, open) + alternative + glob.substr(close + 1)))
      out.push_back(std::move(e));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

std::vector<std::string> Split(const std::string& path) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  for (;;) {
    std::size_t slash = path.find('/', start);
    parts.push_back(path.substr(start, slash - start));
    if (slash == std::string::npos) return parts;
    start = slash + 1;
  }
}

// use_for_time_limit: false, true (the default), lower or upper (YAML 1.1 booleans too).
void ReadTimeLimitUse(const YamlReader& r, const std::string& key, const YAML::Node& v, ErrorList* errors,
                      std::optional<TimeLimitUse>* out) {
  std::string word;
  if (!errors->Take(r.String(key, v), &word)) return;
  for (char& c : word) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (word == "false" || word == "no" || word == "off") *out = TimeLimitUse::kNo;
  else if (word == "lower") *out = TimeLimitUse::kLower;
  else if (word == "upper") *out = TimeLimitUse::kUpper;
  else if (word != "true" && word != "yes" && word != "on")
    errors->Add(r.Error(key, "expected false, true, lower or upper, found \"" + word + "\""));
}

// A key of the requirements (permitted, required, message, use_for_time_limit) into
// `req`; false when k is none of them.
bool ReadRequirementKey(const YamlReader& r, const std::string& k, const std::string& key, const YAML::Node& v,
                        ErrorList* errors, SubmissionRequirement* req) {
  if (k == "permitted" || k == "required") {
    std::vector<std::string> list;
    if (errors->Take(r.StringList(key, v), &list)) (k == "permitted" ? req->permitted : req->required) = list;
  } else if (k == "message") {
    errors->Take(r.String(key, v), &req->message);
  } else if (k == "use_for_time_limit") {
    ReadTimeLimitUse(r, key, v, errors, &req->use_for_time_limit);
  } else {
    return false;
  }
  return true;
}

// A test group's requirements ("sample:", "secret/*-hard:").
void ReadGroup(const YamlReader& r, const std::string& tests, const std::string& where, const YAML::Node& node,
               ErrorList* errors, SubmissionRule* rule) {
  SubmissionRequirement req;
  req.tests = tests;
  for (const auto& [k, v] : r.MapAll(where, node, {}, errors)) {
    const std::string key = where + "." + k;
    if (ReadRequirementKey(r, k, key, v, errors, &req)) continue;
    if (k == "score") {
      rule->unsupported.push_back(key + " (the score of a test group)");
    } else {
      errors->Add(r.Error(key, "unknown key (expected permitted, required, score, message or use_for_time_limit)"));
    }
  }
  rule->groups.push_back(std::move(req));
}

void ReadRule(const YamlReader& r, const std::string& glob, const YAML::Node& node, ErrorList* errors,
              std::vector<SubmissionRule>* out) {
  SubmissionRule rule;
  rule.glob = glob;
  for (const auto& [k, v] : r.MapAll(glob, node, {}, errors)) {
    const std::string key = glob + "." + k;
    if (ReadRequirementKey(r, k, key, v, errors, &rule.all)) continue;
    if (k == "score") {
      double a = 0, b = 0;
      if (v.IsSequence() && v.size() == 2) {
        if (errors->Take(r.Number(key + "[0]", v[0], -1e18, 1e18, "a number"), &a) &&
            errors->Take(r.Number(key + "[1]", v[1], a, 1e18, "a number >= the first"), &b))
          rule.score = std::make_pair(a, b);
      } else if (errors->Take(r.Number(key, v, -1e18, 1e18, "a number or a list of two"), &a)) {
        rule.score = std::make_pair(a, a);
      }
    } else if (k == "language" || k == "entrypoint") {
      errors->Take(r.String(key, v), k == "language" ? &rule.language : &rule.entrypoint);
    } else if (k == "authors" || k == "model_solution") {
      // Descriptive: read, not applied.
    } else if (v.IsMap()) {
      ReadGroup(r, k, key, v, errors, &rule);
    } else {
      errors->Add(r.Error(key, "unknown key (expected permitted, required, score, message, language, "
                               "entrypoint, authors, model_solution, use_for_time_limit or a test group)"));
    }
  }
  out->push_back(std::move(rule));
}

}  // namespace

bool SubmissionGlobMatches(const std::string& glob, const std::string& path) {
  const std::vector<std::string> names = Split(path);
  for (const auto& alternative : Expand(glob)) {
    std::vector<std::string> pattern = Split(alternative);
    if (!pattern.empty() && pattern.back().empty()) pattern.pop_back();  // "accepted/"
    if (pattern.empty() || pattern.size() > names.size()) continue;
    bool all = true;
    for (std::size_t i = 0; i < pattern.size() && all; ++i) all = MatchName(pattern[i], names[i]);
    if (all) return true;
  }
  return false;
}

Result<std::vector<SubmissionRule>> LoadSubmissionsYaml(const std::string& file) {
  std::vector<SubmissionRule> rules;
  if (!fs::Exists(file)) return rules;
  JUDGE_ASSIGN_OR_RETURN(YAML::Node root, ParseYamlFile(file));
  if (root.IsNull()) return rules;
  YamlReader r(file);
  ErrorList errors;
  for (const auto& [glob, node] : r.MapAll("", root, {}, &errors)) ReadRule(r, glob, node, &errors, &rules);
  JUDGE_RETURN_IF_ERROR(errors.ToStatus());
  return rules;
}

}  // namespace judge
