// "key=value" lines: how plugin options and generator parameters cross the plugin
// ABI, and how the judge reads small /proc and cgroup files ("key value"). Pure
// functions; thread-safe.
#ifndef JUDGE_BASE_KEY_VALUE_H_
#define JUDGE_BASE_KEY_VALUE_H_

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace judge {

using KeyValues = std::vector<std::pair<std::string, std::string>>;

// "k=v\n" for each pair, in order.
std::string FormatKeyValueLines(const KeyValues& pairs);

// Splits each non-empty line at the first `separator` (' ' also accepts runs of spaces
// and tabs); a line without one becomes a key with an empty value. Keys and values
// are trimmed of surrounding blanks and a trailing CR.
KeyValues ParseKeyValueLines(std::string_view text, char separator = '=');

// The value of the first line whose key is `key`, as ParseKeyValueLines splits them.
std::optional<std::string> FindKeyValue(std::string_view text, std::string_view key,
                                        char separator = '=');

// "K=V" of a command-line flag: nullopt when there is no '=' or the key is empty.
std::optional<std::pair<std::string, std::string>> SplitKeyValue(std::string_view kv);

}  // namespace judge

#endif  // JUDGE_BASE_KEY_VALUE_H_
