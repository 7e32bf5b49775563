// Thinks far too long before the first guess.
#include <iostream>
int main() {
  volatile unsigned long x = 0;
  for (unsigned long i = 0; i < 100000000000UL; ++i) x += i;
  std::cout << 500 << std::endl;
}
