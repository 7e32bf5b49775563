// float-x87.cpp in C++98, where `nullptr` is an ordinary name (a keyword since C++11):
// it builds only in the gnu++98 that Polygon's cpp.g++ (no -std, GCC 5) compiles, and
// prints n back only with x87 arithmetic.
#include <cstdio>

int main() {
  float nullptr;
  if (std::scanf("%f", &nullptr) != 1) return 1;
  std::printf("%.0f\n", nullptr + 1.0f - 1.0f);
}
