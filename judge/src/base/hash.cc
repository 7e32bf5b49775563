// SHA-256, random bytes and secret comparison through OpenSSL (the only file that
// includes OpenSSL).
#include "judge/base/hash.h"

#include <fcntl.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/rand.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>

#include "judge/base/errors.h"
#include "judge/base/files.h"
#include "judge/base/unique_fd.h"

namespace judge {

std::string RandomHex(int bytes) {
  std::string raw(static_cast<std::size_t>(bytes), '\0');
  // RAND_bytes fails only when the system's entropy source is gone: nothing safe to do.
  if (RAND_bytes(reinterpret_cast<unsigned char*>(raw.data()), bytes) != 1) std::abort();
  static const char kHex[] = "0123456789abcdef";
  std::string out;
  for (unsigned char c : raw) {
    out += kHex[c >> 4];
    out += kHex[c & 15];
  }
  return out;
}

bool ConstantTimeEquals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;  // the length of a token is no secret
  return a.empty() || CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

struct Sha256::Impl {
  EVP_MD_CTX* ctx = nullptr;
  ~Impl() { EVP_MD_CTX_free(ctx); }
};

Sha256::Sha256() : impl_(std::make_unique<Impl>()) {
  impl_->ctx = EVP_MD_CTX_new();
  // Only allocation can fail here; a judge without memory cannot go on anyway.
  if (!impl_->ctx || EVP_DigestInit_ex(impl_->ctx, EVP_sha256(), nullptr) != 1) std::abort();
}

Sha256::~Sha256() = default;
Sha256::Sha256(Sha256&&) noexcept = default;
Sha256& Sha256::operator=(Sha256&&) noexcept = default;

void Sha256::Update(std::string_view bytes) {
  if (!bytes.empty()) EVP_DigestUpdate(impl_->ctx, bytes.data(), bytes.size());
}

std::string Sha256::FinishHex() {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  EVP_DigestFinal_ex(impl_->ctx, digest, &length);
  static const char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(2 * length);
  for (unsigned int i = 0; i < length; ++i) {
    out += kHex[digest[i] >> 4];
    out += kHex[digest[i] & 15];
  }
  return out;
}

std::string Sha256Hex(std::string_view bytes) {
  Sha256 h;
  h.Update(bytes);
  return h.FinishHex();
}

Result<std::string> Sha256File(const std::string& path) {
  UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK));
  if (!fd) return ErrnoStatus(errno, path + ": cannot open");
  struct stat st;
  if (::fstat(fd.get(), &st) != 0) return ErrnoStatus(errno, path + ": cannot stat");
  if (!S_ISREG(st.st_mode))
    return Status::InvalidArgument(path + ": expected a regular file, found a " +
                                   std::string(fs::FileKindName(st.st_mode)));
  Sha256 h;
  char buf[1 << 16];
  for (;;) {
    ssize_t n = ::read(fd.get(), buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return ErrnoStatus(errno, path + ": cannot read");
    if (n == 0) break;
    h.Update(std::string_view(buf, static_cast<std::size_t>(n)));
  }
  return h.FinishHex();
}

}  // namespace judge
