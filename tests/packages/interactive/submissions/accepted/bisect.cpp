// Accepted: binary search.
#include <iostream>
#include <string>
int main() {
  long lo = 1, hi = 1000;
  while (lo <= hi) {
    long mid = (lo + hi) / 2;
    std::cout << mid << std::endl;
    std::string reply;
    if (!(std::cin >> reply) || reply == "correct") return 0;
    if (reply == "higher") lo = mid + 1;
    else hi = mid - 1;
  }
}
