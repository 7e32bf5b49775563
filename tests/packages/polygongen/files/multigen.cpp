// A generator writing several tests in one run (Polygon's from-file= convention: the
// tests are files named 1, 2, ... in its working directory, nothing on stdout):
// multigen <p> <q1> <q2> ... writes p x q_i to the file named i.
#include <cstdio>
#include <cstdlib>
#include <string>

#include "product.cpp"

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: multigen <p> <q1> <q2> ...\n");
    return 3;
  }
  const long long p = std::atoll(argv[1]);
  for (int i = 2; i < argc; ++i) {
    const long long n = Product(p, std::atoll(argv[i]));
    std::FILE* f = std::fopen(std::to_string(i - 1).c_str(), "w");
    if (!f || std::fprintf(f, "%lld\n", n) < 0 || std::fclose(f) != 0) return 3;
  }
}
