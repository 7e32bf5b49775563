// SHA-256 of sources, outputs, packages and plugins (lowercase hex), from OpenSSL's
// libcrypto (EVP): the judge carries no cryptography of its own. OpenSSL is used in
// judge/src/base/hash.cc only.
#ifndef JUDGE_BASE_HASH_H_
#define JUDGE_BASE_HASH_H_

#include <memory>
#include <string>
#include <string_view>

#include "judge/status.h"

namespace judge {

// Lowercase hex SHA-256 of bytes. Thread-safe.
std::string Sha256Hex(std::string_view bytes);

// SHA-256 of a whole regular file, streamed. Errors name the path.
Result<std::string> Sha256File(const std::string& path);

// Incremental SHA-256. One object per thread; movable.
class Sha256 {
 public:
  Sha256();
  ~Sha256();
  Sha256(Sha256&&) noexcept;
  Sha256& operator=(Sha256&&) noexcept;
  void Update(std::string_view bytes);
  // Lowercase hex; the object must not be updated afterwards.
  std::string FinishHex();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace judge

#endif  // JUDGE_BASE_HASH_H_
