// Reading YAML files the one strict way: every YAML file the judge reads
// (problem.yaml, languages.yaml) goes through this reader, so every file gets the same
// errors: "<file>: <key path>: expected <what>, found <what>". Maps are walked in file
// order and their keys matched against the allowed ones (unknown keys and duplicates
// are errors); values are read from the scalar's text, never through yaml-cpp's
// lenient conversions, so "1e3" is not an integer and "yes" is not a number.
//
// yaml-cpp is included here only (internal to judge_config). Thread-safe: no state
// but the file name.
#ifndef JUDGE_SRC_CONFIG_YAML_READER_H_
#define JUDGE_SRC_CONFIG_YAML_READER_H_

#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "judge/base/status.h"

namespace judge {

// "text" quoted, with quotes, backslashes and newlines escaped, control bytes as '?'.
std::string Quote(const std::string& s);
// How a node is described after "found": "nothing", "an empty value", "a list",
// "a map" or its text quoted.
std::string Describe(const YAML::Node& node);

// Parses a whole YAML file (a regular file; special files are refused); bad YAML is
// InvalidArgument naming the line and column.
Result<YAML::Node> ParseYamlFile(const std::string& file);

using YamlEntries = std::vector<std::pair<std::string, YAML::Node>>;

// The errors of one file, collected so that all of them are reported at once.
class ErrorList {
 public:
  void Add(const Status& s) {
    if (!s.ok()) lines_.push_back(s.message());
  }
  // Moves r's value to *out, or records its error; returns whether it had a value.
  template <typename T>
  bool Take(Result<T> r, T* out) {
    if (!r.ok()) {
      Add(r.status());
      return false;
    }
    *out = std::move(r).value();
    return true;
  }
  bool empty() const { return lines_.empty(); }
  // OK when empty, else InvalidArgument with one line per error, in the order found.
  Status ToStatus() const;

 private:
  std::vector<std::string> lines_;
};

class YamlReader {
 public:
  explicit YamlReader(std::string file) : file_(std::move(file)) {}
  // Lenient, as problemtools reads its files: in MapAll, a key with an empty value
  // (`rights_owner:`) is absent and an unknown key is a warning appended to *warnings
  // ("<file>: <key>: unknown key, ignored"), not an error. *warnings must outlive the
  // reader.
  YamlReader(std::string file, std::vector<std::string>* warnings) : file_(std::move(file)), warnings_(warnings) {}
  const std::string& file() const { return file_; }

  // "<file>: <key>: expected <expected>, found <Describe(found)>".
  Status Error(const std::string& key, const std::string& expected, const YAML::Node& found) const;
  // "<file>: <key>: <message>".
  Status Error(const std::string& key, const std::string& message) const;
  // "<file>: <key>: expected <expected>, found nothing (required)".
  Status Missing(const std::string& key, const std::string& expected) const;

  // node must be a map whose keys are all in allowed (empty: any key), none twice;
  // returns its entries in file order.
  Result<YamlEntries> Map(const std::string& key, const YAML::Node& node,
                          const std::vector<std::string>& allowed) const;
  // As Map, but every unknown or repeated key is recorded in *errors (the others are
  // returned), so a file's mistakes are all reported at once. Not a map: an error and
  // no entries. A lenient reader drops empty values and warns of unknown keys. Many
  // unknown keys of one map are one line: "<file>: <key>: 400000 unknown keys, first:
  // "a", "b", ...". Linear in the number of keys.
  YamlEntries MapAll(const std::string& key, const YAML::Node& node, const std::vector<std::string>& allowed,
                     ErrorList* errors) const;
  Result<std::string> String(const std::string& key, const YAML::Node& node) const;
  Result<std::vector<std::string>> StringList(const std::string& key, const YAML::Node& node) const;
  Result<int64_t> Int(const std::string& key, const YAML::Node& node, int64_t min, int64_t max) const;
  Result<double> NonNegativeNumber(const std::string& key, const YAML::Node& node) const;
  // A finite decimal number in [min, max]; `expected` describes the range in errors.
  Result<double> Number(const std::string& key, const YAML::Node& node, double min, double max,
                        const std::string& expected) const;
  // true or false (also True/TRUE, False/FALSE, and YAML 1.1's yes/no/on/off/y/n in
  // those three spellings, as problemtools' YAML reader takes them).
  Result<bool> Bool(const std::string& key, const YAML::Node& node) const;
  // A string, or a list of strings (a string is a list of one).
  Result<std::vector<std::string>> StringOrList(const std::string& key, const YAML::Node& node) const;
  // A bare file name: non-empty, no '/', not "." or "..", printable.
  Result<std::string> FileName(const std::string& key, const YAML::Node& node) const;
  // An identifier: letters, digits, '-', '_', '.'; non-empty, not starting with '.'.
  Result<std::string> Identifier(const std::string& key, const YAML::Node& node) const;

 private:
  static constexpr std::size_t kUnknownKeysNamed = 5;  // named in the line for many unknown keys
  // The line (a warning when lenient, else an error) for `count` unknown keys of map
  // `key`, `first` the first of them.
  void ReportUnknownKeys(const std::string& key, const std::vector<std::string>& first, int64_t count,
                         const std::vector<std::string>& allowed, ErrorList* errors) const;

  std::string file_;
  std::vector<std::string>* warnings_ = nullptr;  // non-null: lenient
};

}  // namespace judge

#endif  // JUDGE_SRC_CONFIG_YAML_READER_H_
