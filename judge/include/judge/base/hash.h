// SHA-256 of sources, outputs, packages and plugins (lowercase hex) and secret
// comparison from nettle, random tokens from the kernel's generator (getrandom): the
// judge carries no cryptography of its own. nettle is used in judge/src/base/hash.cc
// only (small, and nothing to do at start-up; OpenSSL's libcrypto probed the CPU at
// every judge start).
#ifndef JUDGE_BASE_HASH_H_
#define JUDGE_BASE_HASH_H_

#include <memory>
#include <string>
#include <string_view>

#include "judge/base/status.h"

namespace judge {

// Lowercase hex SHA-256 of bytes. Thread-safe.
std::string Sha256Hex(std::string_view bytes);

// `bytes` random bytes from the kernel's generator, as lowercase hex (claim tokens,
// never guessable). Thread-safe.
std::string RandomHex(int bytes);

// Compares two secrets (API tokens) in time independent of where they differ.
bool ConstantTimeEquals(std::string_view a, std::string_view b);

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
