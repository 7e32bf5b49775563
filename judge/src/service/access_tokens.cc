#include "access_tokens.h"

#include <cctype>
#include <sstream>

#include "judge/base/files.h"
#include "judge/base/hash.h"

namespace judge::service {
namespace {

constexpr std::size_t kMinTokenLength = 16;

bool TokenChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         std::string_view("._~+/=-").find(c) != std::string_view::npos;
}

std::vector<std::string> Fields(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> out;
  for (std::string f; in >> f;) out.push_back(f);
  return out;
}

}  // namespace

std::string_view RoleName(Role role) { return role == Role::kAdmin ? "admin" : "contestant"; }

Result<AccessTokens> AccessTokens::Parse(std::string_view text, const std::string& path) {
  AccessTokens tokens;
  std::istringstream in{std::string(text)};
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    const std::string where = path + ":" + std::to_string(number) + ": ";
    std::vector<std::string> f = Fields(line);
    if (f.empty() || f[0][0] == '#') continue;
    if (f.size() > 3) return Status::InvalidArgument(where + "expected 'token [name [role]]', found " +
                                                     std::to_string(f.size()) + " fields");
    const std::string& token = f[0];
    for (char c : token)
      if (!TokenChar(c))
        return Status::InvalidArgument(where + "expected a token of [A-Za-z0-9._~+/=-], found the character '" +
                                       std::string(1, c) + "'");
    if (token.size() < kMinTokenLength)
      return Status::InvalidArgument(where + "expected a token of at least " + std::to_string(kMinTokenLength) +
                                     " characters, found " + std::to_string(token.size()));
    // The least right unless the admin role is written out: a room of teams listed as
    // `token name` must not get the jury's rights.
    Entry e{token, {f.size() > 1 ? f[1] : "user" + std::to_string(number), Role::kContestant}};
    if (f.size() > 2) {
      if (f[2] == "admin") e.who.role = Role::kAdmin;
      else if (f[2] != "contestant")
        return Status::InvalidArgument(where + "role: expected 'admin' or 'contestant', found '" + f[2] + "'");
    }
    for (const Entry& other : tokens.entries_)
      if (other.token == token)
        return Status::InvalidArgument(where + "the token of '" + e.who.name + "' is already given to '" +
                                       other.who.name + "'");
    tokens.entries_.push_back(std::move(e));
  }
  if (tokens.entries_.empty()) return Status::InvalidArgument(path + ": expected at least one token, found none");
  return tokens;
}

Result<AccessTokens> AccessTokens::Load(const std::string& path) {
  JUDGE_ASSIGN_OR_RETURN(std::string text, fs::ReadFile(path, 1 << 20));
  return Parse(text, path);
}

std::optional<Principal> AccessTokens::Authenticate(std::string_view authorization) const {
  constexpr std::string_view kScheme = "Bearer ";
  if (authorization.size() <= kScheme.size()) return std::nullopt;
  for (std::size_t i = 0; i < kScheme.size(); ++i)  // the scheme is case-insensitive
    if (std::tolower(static_cast<unsigned char>(authorization[i])) !=
        std::tolower(static_cast<unsigned char>(kScheme[i])))
      return std::nullopt;
  std::string_view token = authorization.substr(kScheme.size());
  while (!token.empty() && token.front() == ' ') token.remove_prefix(1);
  while (!token.empty() && token.back() == ' ') token.remove_suffix(1);
  std::optional<Principal> found;
  for (const Entry& e : entries_)  // every entry compared: time does not tell which matched
    if (ConstantTimeEquals(e.token, token)) found = e.who;
  return found;
}

}  // namespace judge::service
