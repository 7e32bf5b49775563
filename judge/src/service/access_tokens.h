// Who may use the API: the token file of `judge serve --token-file F`.
//
// One token per line: `token [name [role]]`, separated by spaces or tabs; role is
// `contestant` (the default: the least right) or `admin`, which is always written
// out; the name (default "user<line>") is who the submissions belong to, so two
// tokens with one name share their submissions. Blank
// lines and lines starting with '#' are skipped. A token is at least 16 characters
// of [A-Za-z0-9._~+/=-] (what a Bearer header can carry); a duplicate token, an
// unknown role or a short token is an error naming the file and line.
//
// Immutable after loading; thread-safe to read.
#ifndef JUDGE_SRC_SERVICE_ACCESS_TOKENS_H_
#define JUDGE_SRC_SERVICE_ACCESS_TOKENS_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "judge/base/status.h"

namespace judge::service {

enum class Role { kAdmin, kContestant };
std::string_view RoleName(Role role);  // "admin", "contestant"

struct Principal {
  std::string name;
  Role role = Role::kContestant;
};

class AccessTokens {
 public:
  // Parses the text of a token file; `path` names it in errors.
  static Result<AccessTokens> Parse(std::string_view text, const std::string& path);
  static Result<AccessTokens> Load(const std::string& path);

  // The principal of an "Authorization: Bearer <token>" header value; nullopt for a
  // missing header, another scheme or an unknown token. Compares in constant time.
  std::optional<Principal> Authenticate(std::string_view authorization) const;

  std::size_t size() const { return entries_.size(); }

 private:
  struct Entry {
    std::string token;
    Principal who;
  };
  std::vector<Entry> entries_;
};

}  // namespace judge::service

#endif  // JUDGE_SRC_SERVICE_ACCESS_TOKENS_H_
